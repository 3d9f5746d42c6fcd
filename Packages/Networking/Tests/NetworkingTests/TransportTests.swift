import Essentials
import Foundation
import NetworkingTesting
import Testing

@testable import Networking
@testable import NetworkingURLSession

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

@Suite("Networking: URLSession transport against a loopback server")
struct TransportTests {
    private let transport = URLSessionHTTPClient()

    @Test func sendsMethodQueryHeadersAndBody() async throws {
        try await ScriptedLoopbackServer.run { (server) async throws in
            server.route(.put, "/echo", then: .status(200, headers: ["Content-Type": "application/json"], body: "{}"))
            let request = HTTPRequest(
                method: .put, url: server.url("/echo?name=a%20b&x=%26"),
                headers: ["X-Trace": "t-1", "Content-Type": "text/plain"], body: Data("hello, server".utf8))
            let answer = try await transport.send(request)
            #expect(answer.status == 200)
            #expect(answer.headers["content-type"] == "application/json")
            #expect(answer.body == Data("{}".utf8))
            let received = try #require(server.requests.first)
            #expect(received.method == .put)
            #expect(received.path == "/echo")
            #expect(received.query("name") == "a b")
            #expect(received.query("x") == "&")
            #expect(received.headers["x-trace"] == "t-1")
            #expect(received.headers["content-type"] == "text/plain")
            #expect(received.body == Data("hello, server".utf8))
        }
    }

    @Test func errorStatusesAreResponsesNotErrors() async throws {
        try await ScriptedLoopbackServer.run { (server) async throws in
            server.route(.get, "/status") { request in .status(Int(request.query("code") ?? "") ?? 400) }
            for status in [201, 404, 429, 500, 503] {
                #expect(
                    try await transport.send(HTTPRequest(url: server.url("/status?code=\(status)"))).status == status)
            }
            #expect(try await transport.send(HTTPRequest(url: server.url("/nowhere"))).status == 404)
        }
    }

    @Test func largeBodiesTravelBothWays() async throws {
        try await ScriptedLoopbackServer.run { (server) async throws in
            let download = Data((0..<8_000_000).map { UInt8(truncatingIfNeeded: $0) })
            server.route(.post, "/upload", then: .status(201))
            server.route(.get, "/download", then: ScriptedLoopbackServer.Reply(body: download))
            let upload = Data(repeating: 0x41, count: 6 * 1024 * 1024)
            let stored = try await transport.send(HTTPRequest(method: .post, url: server.url("/upload"), body: upload))
            #expect(stored.status == 201)
            #expect(server.requests(to: "/upload").first?.body == upload)
            let fetched = try await transport.send(HTTPRequest(url: server.url("/download")))
            #expect(fetched.body == download)
        }
    }

    @Test func headRequestsHaveNoBody() async throws {
        try await ScriptedLoopbackServer.run { (server) async throws in
            server.route(.head, "/file", then: .status(200, body: "twelve bytes"))
            let answer = try await transport.send(HTTPRequest(method: .head, url: server.url("/file")))
            #expect(answer.status == 200)
            #expect(answer.body.isEmpty)
            #expect(answer.headers["Content-Length"] == "12")
        }
    }

    @Test func concurrentRequestsAllArriveAndConnectionsAreReused() async throws {
        try await ScriptedLoopbackServer.run { (server) async throws in
            server.route(.get, "/health", then: .status(200))
            let statuses = try await withThrowingTaskGroup(of: Int.self) { group in
                for _ in 0..<40 {
                    group.addTask { try await transport.send(HTTPRequest(url: server.url("/health"))).status }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(statuses == Array(repeating: 200, count: 40))
            #expect(server.requests(to: "/health").count == 40)
            #expect(server.connectionsAccepted < 40)  // at most the transport's connections per host, kept alive
        }
    }

    @Test(arguments: [
        ("file:///etc/passwd", "file"), ("ftp://example.com/x", "ftp"), ("mailto:a@b.c", "mailto"),
        ("data:text/plain,hi", "data"), ("http:///nohost", "http"),
    ])
    func unsupportedURLsAreRefusedBeforeSending(text: String, scheme: String) async throws {
        let url = try #require(URL(string: text))
        let failure = await outcome { () async throws(HTTPClientError) in
            try await transport.send(HTTPRequest(url: url))
        }
        #expect(failure.failure == .invalidRequest(.unsupportedScheme(scheme)))
    }

    @Test(arguments: [
        ("X-Evil", "a\r\nInjected: yes"), ("Bad Name", "v"), ("", "v"), ("X-Nul", "a\u{0}b"), ("Ünicode", "v"),
        ("X-Newline", "a\nb"), ("Colon:", "v"),
    ])
    func headerInjectionIsRefused(name: String, value: String) async {
        let failure = await outcome { () async throws(HTTPClientError) in
            try await transport.send(HTTPRequest(url: exampleURL, headers: [name: value]))
        }
        #expect(failure.failure == .invalidRequest(.invalidHeader(name: name)))
    }

    @Test(arguments: ["", "GET X", "GE\nT", "PÖST"])
    func invalidMethodsAreRefused(method: String) async {
        let failure = await outcome { () async throws(HTTPClientError) in
            try await transport.send(HTTPRequest(method: HTTPMethod(rawValue: method), url: exampleURL))
        }
        #expect(failure.failure == .invalidRequest(.invalidMethod(method)))
    }

    @Test func customMethodsAreSent() async throws {
        try await ScriptedLoopbackServer.run { (server) async throws in
            server.route("PROPFIND", "/dav", then: .status(207))
            let answer = try await transport.send(HTTPRequest(method: "PROPFIND", url: server.url("/dav")))
            #expect(answer.status == 207)
            #expect(server.requests.map(\.method) == ["PROPFIND"])
        }
    }

    @Test func nothingListeningIsATransientTransportError() async throws {
        let server = try ScriptedLoopbackServer.start()
        let url = server.url("/health")
        await server.stop()
        let failure = await outcome { () async throws(HTTPClientError) in
            try await transport.send(HTTPRequest(url: url))
        }
        #expect(failure.failure == .transport(code: -1004))  // NSURLErrorCannotConnectToHost
        #expect(RetryPolicy().isRetryable(.transport(code: -1004)))
    }

    @Test func cancellingAnInFlightRequestThrowsCancelledAndClosesTheConnection() async throws {
        try await ScriptedLoopbackServer.run { (server) async throws in
            server.route(.get, "/health", then: .hang)
            let call = Task {
                await outcome { () async throws(HTTPClientError) in
                    try await transport.send(HTTPRequest(url: server.url("/health")))
                }
            }
            await server.waitForHeldReplies(1)
            call.cancel()
            #expect(await call.value.failure == .cancelled)
            await server.waitForAbandonedReplies(1)
        }
    }

    @Test func anAlreadyCancelledTaskSendsNothing() async throws {
        try await ScriptedLoopbackServer.run { (server) async throws in
            let gate = Gate()
            let call = Task {
                await gate.wait()
                return await outcome { () async throws(HTTPClientError) in
                    try await transport.send(HTTPRequest(url: server.url("/health")))
                }
            }
            call.cancel()
            gate.open()
            #expect(await call.value.failure == .cancelled)
            #expect(server.requests.isEmpty)
        }
    }

    @Test(arguments: [
        (Duration.seconds(5), Duration?.none, HTTPClientError.timeout),
        (Duration.seconds(10), Duration?.some(.seconds(1)), HTTPClientError.deadlineExceeded),
    ])
    func theTransportEndsAnAttemptAtItsTimeLimitItself(
        timeout: Duration, deadline: Duration?, expected: HTTPClientError
    ) async throws {
        try await ScriptedLoopbackServer.run { (server) async throws in
            server.route(.get, "/slow", then: .hang)
            let queue = TimerQueue(driver: .manual)
            let limited = TimeoutHTTPClient(wrapping: transport, timeout: timeout, timers: queue)
            let client: any HTTPClient = deadline.map { limited.withDeadline($0) } ?? limited
            let call = Task {
                await outcome { () async throws(HTTPClientError) in
                    try await client.send(HTTPRequest(url: server.url("/slow")))
                }
            }
            await server.waitForHeldReplies(1)
            await eventually("the attempt's one timer is armed", within: 1_000_000) { queue.statistics.live == 1 }
            queue.fire(now: .max)
            #expect(await call.value.failure == expected)
            await server.waitForAbandonedReplies(1)  // the transport cancelled its request on the wire
            #expect(queue.statistics.scheduled == 1)
        }
    }

    @Test func anAnswerBeforeTheLimitRemovesTheTransportsTimer() async throws {
        try await ScriptedLoopbackServer.run { (server) async throws in
            server.route(.get, "/fast", then: .status(200))
            let queue = TimerQueue(driver: .manual)
            let client = TimeoutHTTPClient(wrapping: transport, timeout: .seconds(5), timers: queue)
            for _ in 0..<3 { #expect(try await client.send(HTTPRequest(url: server.url("/fast"))).status == 200) }
            #expect(queue.statistics.scheduled == 3)
            #expect(queue.statistics.live == 0)
            #expect(queue.statistics.fired == 0)
        }
    }

    @Test func theTransportsOwnTimeoutIsReportedAsTimeout() async throws {
        try await ScriptedLoopbackServer.run { (server) async throws in
            server.route(.get, "/health", then: .hang)
            let impatient = URLSessionHTTPClient(requestTimeout: .milliseconds(300))
            let failure = await outcome { () async throws(HTTPClientError) in
                try await impatient.send(HTTPRequest(url: server.url("/health")))
            }
            #expect(failure.failure == .timeout)
        }
    }
}

/// What a broken or hostile server sends, and the case the transport reports for each: the error paths of the
/// transport, reached over a real socket.
@Suite("Networking: the URLSession transport against broken answers")
struct BrokenAnswerTests {
    private let transport = URLSessionHTTPClient()
    private static let body = Data(repeating: 0x41, count: 100_000)

    @Test(arguments: [
        // A body cut short by an orderly close, or by a reset: the connection was lost (a retry may help).
        (ScriptedLoopbackServer.Reply.Delivery.truncated(afterBodyBytes: 10), HTTPClientError.transport(code: -1005)),
        (.reset(afterBodyBytes: 50_000), .transport(code: -1005)),
        // A status line that is not HTTP, or a status that is not a number: not an HTTP answer at all.
        (.statusLine("SSH-2.0-OpenSSH_9.6"), .invalidResponse),
        (.statusLine("HTTP/1.1 abc OK"), .invalidResponse),
    ])
    func aBrokenAnswerIsATypedError(
        delivery: ScriptedLoopbackServer.Reply.Delivery, expected: HTTPClientError
    )
        async throws
    {
        try await ScriptedLoopbackServer.run { (server) async throws in
            server.route(.get, "/broken", then: ScriptedLoopbackServer.Reply(body: Self.body).delivered(delivery))
            let result = await outcome { () async throws(HTTPClientError) in
                try await transport.send(HTTPRequest(url: server.url("/broken")))
            }
            #expect(result.failure == expected)
            #expect(server.requests(to: "/broken").count == 1)
        }
    }

    @Test func aLostConnectionIsRetriedAndAnAnswerThatIsNotHTTPIsNot() async throws {
        try await ScriptedLoopbackServer.run { (server) async throws in
            let broken = ScriptedLoopbackServer.Reply(body: Self.body)
            server.route(.get, "/cut", [broken.delivered(.truncated(afterBodyBytes: 10))], then: .status(200))
            server.route(.get, "/garbage", then: broken.delivered(.statusLine("garbage")))
            let client = transport.retrying(sleeper: ManualClock(advancesOnSleep: true))
            #expect(try await client.send(HTTPRequest(url: server.url("/cut"))).status == 200)
            #expect(server.requests(to: "/cut").count == 2)
            let result = await outcome { () async throws(HTTPClientError) in
                try await client.send(HTTPRequest(url: server.url("/garbage")))
            }
            #expect(result.failure == .invalidResponse)
            #expect(server.requests(to: "/garbage").count == 1)
        }
    }

    @Test(arguments: [
        (URLError.Code.cancelled, false, HTTPClientError.cancelled),
        (.timedOut, false, .timeout),
        (.badServerResponse, false, .invalidResponse),
        (.cannotParseResponse, false, .invalidResponse),
        (.cannotDecodeContentData, true, .invalidResponse),
        (.unsupportedURL, false, .invalidResponse),
        (.unknown, true, .transport(code: -1005)),
        (.unknown, false, .transport(code: -1)),
        (.cannotConnectToHost, false, .transport(code: -1004)),
        (.networkConnectionLost, true, .transport(code: -1005)),
    ])
    func sessionErrorsMapToTheCasesTheStackActsOn(code: URLError.Code, afterResponse: Bool, expected: HTTPClientError) {
        let error = URLError(code)
        #expect(URLSessionHTTPClient.map(error, afterResponse: afterResponse) == expected)
        let bridged = NSError(domain: NSURLErrorDomain, code: code.rawValue)
        #expect(URLSessionHTTPClient.map(bridged, afterResponse: afterResponse) == expected)
    }

    @Test func anErrorOfAnotherDomainKeepsItsCode() {
        #expect(URLSessionHTTPClient.map(NSError(domain: NSPOSIXErrorDomain, code: 54)) == .transport(code: 54))
    }
}

@Suite("Networking: the URLSession transport's exchanges")
struct ExchangeLifetimeTests {
    /// An exchange must not keep itself alive through its timer's action (exchange → timer → action → exchange):
    /// that kept every `URLSessionTask` sent under a `TimeoutHTTPClient`, 3.5 KB a request.
    @Test(arguments: [true, false])
    func anExchangeIsFreedOnceItsAttemptEnds(limitPassed: Bool) {
        let timers = TimerQueue(driver: .manual)
        weak var released: Exchange?
        do {
            let exchange = Exchange()
            released = exchange
            exchange.arm(AttemptLimit(queue: timers, uptime: 1_000, error: .timeout))
            if limitPassed {
                timers.fire(now: 1_000)
            } else {
                exchange.finish(.success(HTTPResponse(status: 200)))
            }
            exchange.disarm()
        }
        #expect(released == nil)
        #expect(timers.statistics.live == 0)
    }

    /// The limit is armed before the task is made; when it passes in between, no task is made and nothing is sent.
    @Test func aLimitThatPassesBeforeTheTaskStartsKeepsItFromBeingSent() async throws {
        let timers = TimerQueue(driver: .manual)
        let url = try #require(URL(string: "http://127.0.0.1:9/never"))
        let exchange = Exchange()
        let made = LockedValue(false)
        let outcome = await withCheckedContinuation { continuation in
            exchange.begin(continuation)
            exchange.arm(AttemptLimit(queue: timers, uptime: 1_000, error: .timeout))
            timers.fire(now: 1_000)
            exchange.start {
                made.withLock { $0 = true }
                return URLSession(configuration: .ephemeral).dataTask(with: url)
            }
        }
        exchange.disarm()
        #expect(!made.withLock { $0 })
        #expect(outcome.failure == .timeout)
    }

    /// The caller leaves the moment its exchange ends; the task's cancellation runs on the canceller's queue,
    /// because FoundationNetworking's `cancel()` waits for the session's internal queue, which a server flooding a
    /// connection keeps busy. Here that queue is suspended: the caller still resumes, and the task is cancelled
    /// once the queue runs.
    @Test func theCallerLeavesAtOnceWhileTheCancellationWaitsOnItsOwnQueue() async throws {
        let server = try ScriptedLoopbackServer.start()
        server.route(.get, "/held", then: .hang)
        let cancellations = DispatchQueue(label: "test.canceller")
        let delegate = SessionDelegate(canceller: TaskCanceller(queue: cancellations))
        let session = URLSession(configuration: .ephemeral)
        let task = session.dataTask(with: server.url("/held"))
        let exchange = Exchange(delegate: delegate)
        cancellations.suspend()
        let call = Task {
            await withCheckedContinuation { continuation in
                exchange.begin(continuation)
                exchange.start({ task }, register: { delegate.register(exchange, for: $0) })
            }
        }
        await server.waitForHeldReplies(1)
        exchange.end(with: .timeout)
        #expect(await call.value.failure == .timeout)
        #expect(task.state == .running)  // not cancelled yet: its cancellation waits on the suspended queue
        cancellations.resume()
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            cancellations.async { continuation.resume() }
        }
        #expect(task.state == .canceling || task.state == .completed)
        await server.waitForAbandonedReplies(1)  // and the connection closed
        session.invalidateAndCancel()
        await server.stop()
    }

    /// A limit that passes while the task is being made leaves it unsent: cancelled before it was ever resumed.
    @Test func aLimitThatPassesWhileTheTaskIsMadeKeepsItFromBeingSent() async throws {
        let timers = TimerQueue(driver: .manual)
        let url = try #require(URL(string: "http://127.0.0.1:9/never"))
        let task = URLSession(configuration: .ephemeral).dataTask(with: url)
        let exchange = Exchange()
        let outcome = await withCheckedContinuation { continuation in
            exchange.begin(continuation)
            exchange.arm(AttemptLimit(queue: timers, uptime: 1_000, error: .timeout))
            exchange.start {
                timers.fire(now: 1_000)
                return task
            }
        }
        exchange.disarm()
        #expect(task.state == .canceling || task.state == .completed)
        #expect(task.countOfBytesSent == 0)
        #expect(outcome.failure == .timeout)
    }
}

@Suite("Networking: where the URLSession transport starts its tasks")
struct StarterTests {
    /// Where each start ran: true on the starter's queue, false on the caller's thread.
    private final class Places: Sendable {
        let places = LockedValue([Bool]())

        func record() {
            let onQueue = DispatchQueue.getSpecific(key: Starter.onQueue) ?? false
            places.withLock { $0.append(onQueue) }
        }
    }

    @Test func aLoneRequestStartsOnTheCallersThreadAndOnesBesideOthersInFlightOnTheQueue() async {
        let starter = Starter()
        let places = Places()
        starter.run { places.record() }  // nothing else in flight: at once, here
        #expect(places.places.withLock { $0 } == [false])
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            starter.run {  // the first is still in flight: on the queue
                places.record()
                continuation.resume()
            }
        }
        #expect(places.places.withLock { $0 } == [false, true])
        starter.ended()
        starter.ended()
        starter.run { places.record() }  // both ended: here again
        #expect(places.places.withLock { $0 } == [false, true, false])
        starter.ended()
    }

    @Test func concurrentRequestsOverLoopbackAllArriveWithTheirOwnAnswers() async throws {
        try await ScriptedLoopbackServer.run { (server) async throws in
            server.route(.get, "/echo") { request in .status(200, body: request.query("n") ?? "") }
            let transport = URLSessionHTTPClient()
            try await withThrowingTaskGroup(of: Void.self) { group in
                for index in 0..<64 {
                    group.addTask {
                        let url = server.url("/echo").appending(queryItems: [URLQueryItem(name: "n", value: "\(index)")]
                        )
                        let response = try await transport.send(HTTPRequest(url: url))
                        #expect(String(decoding: response.body, as: UTF8.self) == "\(index)")
                    }
                }
                try await group.waitForAll()
            }
        }
    }
}
