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
        "file:///etc/passwd", "ftp://example.com/x", "mailto:a@b.c", "data:text/plain,hi", "http:///nohost",
    ])
    func unsupportedURLsAreRefusedBeforeSending(text: String) async throws {
        let url = try #require(URL(string: text))
        let failure = await outcome { () async throws(HTTPClientError) in
            try await transport.send(HTTPRequest(url: url))
        }
        guard case .invalidRequest(.unsupportedScheme) = failure.failure else {
            Issue.record("expected unsupportedScheme, got \(failure)")
            return
        }
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
        guard case .transport(let code) = failure.failure else {
            Issue.record("expected a transport error, got \(failure)")
            return
        }
        #expect(RetryPolicy().isRetryable(.transport(code: code)), "code \(code)")
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
            await eventually("the attempt's one timer is armed") { queue.statistics.live == 1 }
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
        let made = Locked(false)
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

    /// A limit that passes while the task is being made leaves it unsent.
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
        #expect(task.state == .suspended)
        #expect(outcome.failure == .timeout)
    }
}

@Suite("Networking: where the URLSession transport starts its tasks")
struct StarterTests {
    /// Where each start ran: true on the starter's queue, false on the caller's thread.
    private final class Places: Sendable {
        let places = Locked([Bool]())

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
