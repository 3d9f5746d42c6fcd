import Foundation
import Networking
import NetworkingTesting
import Testing

@testable import NetworkingURLSession

/// The decorators over the real transport and a real socket: each test scripts its own loopback server and
/// counts what reached it. Time is a manual clock wherever a decorator waits, so nothing sleeps.
@Suite("Networking: decorators against a loopback server")
struct IntegrationTests {
    private let transport = URLSessionHTTPClient()

    @Test func aPostAnswered503ReachesTheServerExactlyOnce() async throws {
        try await ScriptedLoopbackServer.run { (server) async throws in
            server.route(.post, "/echo", Array(repeating: .status(503), count: 5), then: .status(200))
            let client = transport.retrying(sleeper: ManualClock(advancesOnSleep: true))
            let answer = try await client.send(
                HTTPRequest(method: .post, url: server.url("/echo"), body: Data("{}".utf8)))
            #expect(answer.status == 503)
            #expect(server.requests(to: "/echo").count == 1)
        }
    }

    @Test func aGetIsRetriedUntilItSucceedsWithinTheConfiguredAttempts() async throws {
        try await ScriptedLoopbackServer.run { (server) async throws in
            let clock = ManualClock(advancesOnSleep: true)
            let policy = RetryPolicy(maximumAttempts: 3, baseDelay: .milliseconds(100))
            let client = transport.retrying(
                policy: policy, sleeper: clock, random: ScriptedRandomSource(fractions: [0.5]))
            server.route(.get, "/health", [.status(502), .status(502)], then: .status(200))
            #expect(try await client.send(HTTPRequest(url: server.url("/health"))).status == 200)
            #expect(server.requests(to: "/health").count == 3)
            #expect(clock.sleeps == [.milliseconds(50), .milliseconds(100)])

            server.route(.get, "/health", then: .status(503))
            #expect(try await client.send(HTTPRequest(url: server.url("/health"))).status == 503)
            #expect(server.requests(to: "/health").count == 6)  // at most the three configured attempts
        }
    }

    @Test func theServersRetryAfterIsHonoured() async throws {
        try await ScriptedLoopbackServer.run { (server) async throws in
            let clock = ManualClock(advancesOnSleep: true)
            server.route(.get, "/health", [.status(429, headers: ["Retry-After": "7"])], then: .status(200))
            let answer = try await transport.retrying(sleeper: clock).send(HTTPRequest(url: server.url("/health")))
            #expect(answer.status == 200)
            #expect(clock.sleeps == [.seconds(7)])
        }
    }

    @Test func hundredConcurrent401sOnV1CauseExactlyOneRefreshAndAllSucceedWithV2() async throws {
        try await ScriptedLoopbackServer.run { (server) async throws in
            let session = SessionServer(on: server)
            let store = InMemoryTokenStore(token: session.currentToken)
            session.expireTokens()
            let client = transport.authenticating(store: store, refresher: session.refresher)
            let api = APIClient(baseURL: server.baseURL, client: client)
            let versions = try await withThrowingTaskGroup(of: Int.self) { group in
                for _ in 0..<100 {
                    group.addTask { try await api.send(Endpoint<Me>(method: .get, path: "/me")).version }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(versions == Array(repeating: 2, count: 100))
            #expect(session.refreshRequests == 1)
            let rejected = server.requests(to: "/me").filter { $0.headers["Authorization"] == "Bearer access-1" }
            #expect(server.requests(to: "/me").count == 100 + rejected.count)
            #expect(await store.token()?.version == "2")
        }
    }

    @Test func aRejectedRefreshFailsTheRequestWithRefreshRejected() async throws {
        try await ScriptedLoopbackServer.run { (server) async throws in
            let session = SessionServer(on: server)
            var token = session.currentToken
            token.refreshToken = "refresh-forged"
            session.expireTokens()
            let client = transport.authenticating(store: InMemoryTokenStore(token: token), refresher: session.refresher)
            let failure = await outcome { () async throws(HTTPClientError) in
                try await client.send(HTTPRequest(url: server.url("/me")))
            }
            #expect(failure.failure == .refreshRejected(status: 401))
            #expect(session.refreshRequests == 1)
        }
    }

    @Test func fiftyConcurrentIdenticalGetsReachTheServerOnceWithIdenticalBytes() async throws {
        try await ScriptedLoopbackServer.run { (server) async throws in
            let body = Data((0..<4_096).map { UInt8(truncatingIfNeeded: $0 &* 31) })
            server.route(.get, "/sections", [ScriptedLoopbackServer.Reply(body: body).held()], then: .status(500))
            let client = transport.deduplicating()
            let calls = (0..<50).map { _ in
                Task { try await client.send(HTTPRequest(url: server.url("/sections"))) }
            }
            await server.waitForHeldReplies(1)
            await eventually("49 callers share the first request", within: 1_000_000) {
                client.statistics.requestsShared == 49
            }
            server.releaseHeldReplies()
            let bodies = try await calls.asyncMap { try await $0.value.body }
            #expect(bodies == Array(repeating: body, count: 50))
            #expect(server.requests(to: "/sections").count == 1)
            #expect(client.statistics.inFlight == 0)
        }
    }

    @Test func fiftyConcurrentIdenticalGetsThroughTheFullStackReachTheServerOnce() async throws {
        try await ScriptedLoopbackServer.run { (server) async throws in
            let body = Data((0..<4_096).map { UInt8(truncatingIfNeeded: $0 &* 7) })
            server.route(.get, "/sections", [ScriptedLoopbackServer.Reply(body: body).held()], then: .status(500))
            // The limits run on a clock that never moves: what is tested is the sharing, never how fast it is.
            let clock = ManualClock()
            let deduplicating = transport.timingOut(after: .seconds(30), sleeper: clock)
                .retrying(sleeper: clock, wallClock: clock, random: ScriptedRandomSource(fractions: [0]))
                .deduplicating()
            let client = deduplicating.withDeadline(.seconds(60), clock: clock)
            let calls = (0..<50).map { _ in
                Task { try await client.send(HTTPRequest(url: server.url("/sections"))) }
            }
            await server.waitForHeldReplies(1)
            await eventually("49 callers wait for the first one's request", within: 1_000_000) {
                deduplicating.statistics.requestsShared == 49
            }
            server.releaseHeldReplies()
            let bodies = try await calls.asyncMap { try await $0.value.body }
            #expect(bodies == Array(repeating: body, count: 50))
            #expect(server.requests(to: "/sections").count == 1)
            #expect(deduplicating.statistics == .init(requestsSent: 1, requestsShared: 49, inFlight: 0))
        }
    }

    @Test func twoUsersWhoseRequestsDifferOnlyInTheirCookieEachGetTheirOwnBytes() async throws {
        try await ScriptedLoopbackServer.run { (server) async throws in
            server.route(.get, "/account") { request in
                ScriptedLoopbackServer.Reply.status(200, body: "balance of \(request.headers["Cookie"] ?? "nobody")")
                    .held()
            }
            let client = transport.deduplicating()
            let alice = Task {
                try await client.send(HTTPRequest(url: server.url("/account"), headers: ["Cookie": "session=alice"]))
            }
            await server.waitForHeldReplies(1)
            let bob = Task {
                try await client.send(HTTPRequest(url: server.url("/account"), headers: ["Cookie": "session=bob"]))
            }
            await eventually("bob's request reaches the server or joins alice's", within: 1_000_000) {
                server.requests.count == 2 || client.statistics.requestsShared == 1
            }
            await server.waitForHeldReplies(server.requests.count)
            server.releaseHeldReplies()
            #expect(try await alice.value.body == Data("balance of session=alice".utf8))
            #expect(try await bob.value.body == Data("balance of session=bob".utf8))
            #expect(server.requests(to: "/account").count == 2)
        }
    }

    @Test func aServerThatNeverAnswersHitsThePerAttemptTimeoutAndTheConnectionCloses() async throws {
        try await ScriptedLoopbackServer.run { (server) async throws in
            server.route(.get, "/health", then: .hang)
            let clock = ManualClock()
            let client = transport.timingOut(after: .seconds(2), sleeper: clock)
            let call = Task {
                await outcome { () async throws(HTTPClientError) in
                    try await client.send(HTTPRequest(url: server.url("/health")))
                }
            }
            await server.waitForHeldReplies(1)
            await clock.waitForSleeps(1)
            clock.advance(by: .seconds(2))
            #expect(await call.value.failure == .timeout)
            await server.waitForAbandonedReplies(1)  // the cancelled attempt closed its connection
            #expect(server.requests(to: "/health").count == 1)
        }
    }

    @Test func theOverallDeadlineHoldsAcrossRetriesOfTimedOutAttempts() async throws {
        try await ScriptedLoopbackServer.run { (server) async throws in
            server.route(.get, "/health", then: .hang)
            let clock = ManualClock()
            let client = transport.timingOut(after: .seconds(1), sleeper: clock)
                .retrying(policy: RetryPolicy(maximumAttempts: 50, baseDelay: .zero), sleeper: clock)
                .withDeadline(.milliseconds(2_500), clock: clock)
            let call = Task {
                await outcome { () async throws(HTTPClientError) in
                    try await client.send(HTTPRequest(url: server.url("/health")))
                }
            }
            for attempt in 1...2 {
                await server.waitForHeldReplies(1)
                await server.waitForRequests(attempt)
                await clock.waitForSleeps(2 * attempt - 1)  // one timer per attempt, a zero backoff between
                clock.advance(by: .seconds(1))  // this attempt times out; the next one starts
                await server.waitForAbandonedReplies(attempt)
            }
            await server.waitForRequests(3)
            await clock.waitForSleeps(5)  // the third attempt's timer: the deadline, 500 ms away
            clock.advance(by: .milliseconds(500))  // the deadline passes during the third attempt
            #expect(await call.value.failure == .deadlineExceeded)
            await server.waitForAbandonedReplies(3)
            #expect(server.requests(to: "/health").count == 3)
        }
    }

    @Test func logsOfAFullStackWithARefreshNeverContainAToken() async throws {
        try await ScriptedLoopbackServer.run { (server) async throws in
            let session = SessionServer(
                on: server, protectedReplies: [.status(503, headers: ["Retry-After": "0"])])
            let sink = SpyLogSink()
            let first = session.currentToken
            let store = InMemoryTokenStore(token: first)
            session.expireTokens()
            // The limits run on a clock that never moves (the 503's Retry-After of 0 needs no waiting), so a slow
            // machine cannot turn an exchange into a timeout; the jitter is scripted.
            let stack = HTTPStack(attemptTimeout: .seconds(10), deadline: .seconds(30))
            let client = stack.build(
                on: transport, store: store, refresher: session.refresher, logSink: sink, clock: ManualClock(),
                random: ScriptedRandomSource(fractions: [0.5]))
            let api = APIClient(baseURL: server.baseURL, client: client)
            #expect(try await api.send(Endpoint<Me>(method: .get, path: "/me")).version == 2)
            let second = try #require(await store.token())
            let secrets = [first.accessToken, first.refreshToken, second.accessToken, second.refreshToken]
                .compactMap { $0 }
            let logged = sink.entries.map { "\($0.line) \(String(reflecting: $0))" }
            #expect(sink.entries.map(\.url).contains { $0.hasSuffix(SessionServer.refreshPath) })
            #expect(sink.entries.map(\.attempt).contains(2))  // the first GET was retried after its 503
            #expect(sink.entries.map(\.status) == [503, 401, 200, 200])
            for secret in secrets {
                #expect(!logged.contains { $0.contains(secret) })
            }
            #expect(logged.contains { $0.contains("redacted") })
            #expect(
                server.requests(to: "/me").map { $0.headers["Authorization"] } == [
                    "Bearer access-1", "Bearer access-1", "Bearer access-2",
                ])
        }
    }
}

extension Array {
    func asyncMap<T>(_ transform: (Element) async throws -> T) async rethrows -> [T] {
        var results: [T] = []
        for element in self { results.append(try await transform(element)) }
        return results
    }
}
