import Foundation
import NetworkingTesting
import Testing

@testable import Networking
@testable import NetworkingURLSession

/// The size limit of an answer and the time limits over a hostile loopback server: a flood, an endless chunked
/// body, a huge `Content-Length`, a gzip bomb, a drip. What the client holds is read from the transport's own
/// count of the body bytes an exchange kept (deterministic), never from the process's memory; time limits fire on
/// timers the test fires by hand.
@Suite("Networking: the size limit of an answer against a hostile loopback server")
struct BodyLimitTests {
    private static let limit = 1 << 20

    private func send(
        _ transport: URLSessionHTTPClient, _ url: URL, limit: Int = Self.limit, method: HTTPMethod = .get
    ) async -> Result<HTTPResponse, HTTPClientError> {
        await outcome { () async throws(HTTPClientError) in
            try await transport.send(HTTPRequest(method: method, url: url, maximumResponseBytes: limit))
        }
    }

    @Test func aContentLengthOverTheLimitIsRefusedBeforeTheBodyIsRead() async throws {
        try await ScriptedLoopbackServer.run { (server) async throws in
            // Two gigabytes announced, nothing sent: waiting for the body would wait forever.
            server.route(.get, "/huge", then: ScriptedLoopbackServer.Reply().delivered(.declaredLength(2 << 30)))
            let transport = URLSessionHTTPClient()
            #expect(await send(transport, server.url("/huge")).failure == .responseTooLarge(limit: Self.limit))
            await server.waitForAbandonedReplies(1)  // the client closed the connection
            #expect(transport.statistics.largestBodyHeld == 0)
        }
    }

    /// 32 MiB as fast as loopback carries them, against a limit of 1 MiB. (A flood that ends: FoundationNetworking
    /// may take long to stop reading a connection that never pauses, see the README, and an endless one would
    /// hold up the other tests of the process meanwhile.)
    @Test func aFloodIsCutOffAtTheLimit() async throws {
        try await ScriptedLoopbackServer.run { (server) async throws in
            server.route(
                .get, "/flood",
                then: ScriptedLoopbackServer.Reply().delivered(.chunks(count: 512, chunkBytes: 64 << 10)))
            let transport = URLSessionHTTPClient()
            #expect(await send(transport, server.url("/flood")).failure == .responseTooLarge(limit: Self.limit))
            #expect(transport.statistics.largestBodyHeld <= Self.limit)  // the client never held more than the limit
            #expect(server.bodyBytesSent > Self.limit)  // though the server sent more
        }
    }

    @Test func aGzipBombIsCutOffAtTheLimitOfTheDecodedBody() async throws {
        try await ScriptedLoopbackServer.run { (server) async throws in
            let bomb = ScriptedLoopbackServer.Reply.gzipOfZeros(64 << 20)  // 64 MiB from about 420 KB
            #expect(bomb.body.count < 512 << 10)
            server.route(.get, "/bomb", then: bomb)
            let transport = URLSessionHTTPClient()
            let result = await send(transport, server.url("/bomb"), limit: Self.limit)
            #expect(result.failure == .responseTooLarge(limit: Self.limit))
            #expect(transport.statistics.largestBodyHeld <= Self.limit)
        }
    }

    @Test func aCompressedAnswerWithinTheLimitArrivesWholeAndDecoded() async throws {
        try await ScriptedLoopbackServer.run { (server) async throws in
            server.route(.get, "/small", then: .gzipOfZeros(500_000))
            let transport = URLSessionHTTPClient()
            let answer = try await send(transport, server.url("/small")).get()
            #expect(answer.body == Data(count: 500_000))
            #expect(transport.statistics.largestBodyHeld == 500_000)
            #expect(transport.statistics.exchangesRegistered == 0)  // the session delegate let go of the exchange
        }
    }

    @Test func anAnswerOfExactlyTheLimitArrivesAndOneByteMoreDoesNot() async throws {
        try await ScriptedLoopbackServer.run { (server) async throws in
            let body = Data((0..<1_000).map { UInt8(truncatingIfNeeded: $0) })
            server.route(.get, "/thousand", then: ScriptedLoopbackServer.Reply(body: body))
            let transport = URLSessionHTTPClient()
            #expect(try await send(transport, server.url("/thousand"), limit: 1_000).get().body == body)
            #expect(await send(transport, server.url("/thousand"), limit: 999).failure == .responseTooLarge(limit: 999))
            #expect(await send(transport, server.url("/thousand"), limit: -5).failure == .responseTooLarge(limit: 0))
        }
    }

    @Test func aHeadAnswerMayAnnounceAnyLength() async throws {
        try await ScriptedLoopbackServer.run { (server) async throws in
            server.route(.head, "/file", then: ScriptedLoopbackServer.Reply().delivered(.declaredLength(2 << 30)))
            let answer = try await send(URLSessionHTTPClient(), server.url("/file"), method: .head).get()
            #expect(answer.status == 200)
            #expect(answer.headers["Content-Length"] == "\(2 << 30)")
        }
    }

    /// An endless body below the size limit (a chunk every few milliseconds), which only the time limits can end:
    /// each fires while the body is still arriving.
    @Test(arguments: [
        (Duration.seconds(5), Duration?.none, HTTPClientError.timeout),
        (Duration.seconds(10), Duration?.some(.seconds(1)), HTTPClientError.deadlineExceeded),
    ])
    func anEndlessBodyIsEndedByTheTimeLimitsWhileItArrives(
        timeout: Duration, deadline: Duration?, expected: HTTPClientError
    ) async throws {
        try await ScriptedLoopbackServer.run { (server) async throws in
            server.route(
                .get, "/endless",
                then: ScriptedLoopbackServer.Reply().delivered(
                    .endlessChunks(chunkBytes: 1_024, interval: .milliseconds(2))))
            let transport = URLSessionHTTPClient()
            let queue = TimerQueue(driver: .manual)
            let limited = TimeoutHTTPClient(wrapping: transport, timeout: timeout, timers: queue)
            let client: any HTTPClient = deadline.map { limited.withDeadline($0) } ?? limited
            let call = Task {
                await outcome { () async throws(HTTPClientError) in
                    try await client.send(HTTPRequest(url: server.url("/endless")))
                }
            }
            await server.waitForBodyBytesSent(8 * 1_024)  // the answer is well under way
            await eventually("the attempt's one timer is armed", within: 100_000) { queue.statistics.live == 1 }
            queue.fire(now: .max)
            #expect(await call.value.failure == expected)
            await server.waitForAbandonedReplies(1)  // the transport closed the connection mid-body
        }
    }

    /// A redirect whose body never ends: FoundationNetworking keeps a 3xx body to itself until the transfer ends
    /// (copying all of it for every chunk, so the drip here is slow), so on Linux only the time limit can end it,
    /// and does.
    @Test func aRedirectWhoseBodyNeverEndsIsEndedByTheTimeLimit() async throws {
        try await ScriptedLoopbackServer.run { (server) async throws in
            server.route(
                .get, "/moved",
                then: ScriptedLoopbackServer.Reply(status: 302, headers: ["Location": "/elsewhere"])
                    .delivered(.endlessChunks(chunkBytes: 64, interval: .milliseconds(20))))
            let queue = TimerQueue(driver: .manual)
            let client = TimeoutHTTPClient(wrapping: URLSessionHTTPClient(), timeout: .seconds(5), timers: queue)
                .followingRedirects()
            let call = Task {
                await outcome { () async throws(HTTPClientError) in
                    try await client.send(HTTPRequest(url: server.url("/moved")))
                }
            }
            await server.waitForBodyBytesSent(3 * 64)
            await eventually("the attempt's one timer is armed", within: 100_000) { queue.statistics.live == 1 }
            queue.fire(now: .max)
            #expect(await call.value.failure == .timeout)
            await server.waitForAbandonedReplies(1)
            #expect(server.requests(to: "/elsewhere").isEmpty)
        }
    }

    /// One byte at a time, as slowly as a server likes: the size limit never fires, the time limits on an
    /// injected clock do.
    @Test(arguments: [true, false])
    func aDripIsEndedByTheLimitsOnAnInjectedClock(byTheDeadline: Bool) async throws {
        try await ScriptedLoopbackServer.run { (server) async throws in
            server.route(
                .get, "/drip",
                then: ScriptedLoopbackServer.Reply().delivered(
                    .endlessChunks(chunkBytes: 1, interval: .milliseconds(5)))
            )
            let clock = ManualClock()
            let client: any HTTPClient =
                byTheDeadline
                ? URLSessionHTTPClient().timingOut(after: .seconds(60), sleeper: clock).withDeadline(
                    .seconds(30), clock: clock)
                : URLSessionHTTPClient().timingOut(after: .seconds(30), sleeper: clock)
            let call = Task {
                await outcome { () async throws(HTTPClientError) in
                    try await client.send(HTTPRequest(url: server.url("/drip")))
                }
            }
            await server.waitForBodyBytesSent(3)
            await clock.waitForSleeps(1)
            clock.advance(by: .seconds(30))
            #expect(await call.value.failure == (byTheDeadline ? .deadlineExceeded : .timeout))
            await server.waitForAbandonedReplies(1)
        }
    }

    @Test func theFullStackEnforcesTheLimitOfTheEndpoint() async throws {
        try await ScriptedLoopbackServer.run { (server) async throws in
            server.route(
                .get, "/home", then: ScriptedLoopbackServer.Reply().delivered(.chunks(count: 64, chunkBytes: 16 << 10)))
            let client = HTTPStack().build(on: URLSessionHTTPClient(), clock: ManualClock())
            var endpoint = Endpoint<Data>.raw(method: .get, path: "/home")
            endpoint.maximumResponseBytes = 256 << 10
            await #expect(throws: APIError.transport(.responseTooLarge(limit: 256 << 10))) {
                try await APIClient(baseURL: server.baseURL, client: client).send(endpoint)
            }
            #expect(server.requests(to: "/home").count == 1)  // never retried
        }
    }
}

@Suite("Networking: the size limit of a request")
struct RequestSizeLimitTests {
    @Test func requestsStartWithTheDefaultLimit() throws {
        #expect(HTTPRequest(url: exampleURL).maximumResponseBytes == 16 << 20)
        #expect(HTTPRequest.defaultMaximumResponseBytes == 16 << 20)
        #expect(HTTPRequest(url: exampleURL, maximumResponseBytes: -1).maximumResponseBytes == 0)
    }

    @Test func anEndpointsLimitReachesItsRequest() async throws {
        let client = ScriptedHTTPClient([.status(200)])
        var endpoint = Endpoint<Data>.raw(method: .get, path: "/home")
        #expect(endpoint.maximumResponseBytes == HTTPRequest.defaultMaximumResponseBytes)
        endpoint.maximumResponseBytes = 8 << 20
        _ = try await APIClient(baseURL: exampleURL, client: client).send(endpoint)
        #expect(client.requests.map(\.maximumResponseBytes) == [8 << 20])
    }

    @Test func aTooLargeAnswerIsNeverRetried() async {
        let base = ScriptedHTTPClient([.fail(.responseTooLarge(limit: 10))], whenExhausted: .status(200))
        let client = base.retrying(sleeper: ManualClock(advancesOnSleep: true))
        let result = await outcome { () async throws(HTTPClientError) in
            try await client.send(HTTPRequest(url: exampleURL))
        }
        #expect(result.failure == .responseTooLarge(limit: 10))
        #expect(base.requests.count == 1)
    }
}
