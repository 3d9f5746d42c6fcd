import Foundation
import Networking
import NetworkingTesting
import Testing

/// The decoded `/_echo` answer of the dev-server.
struct Echo: Decodable {
    var method: String
    var path: String
    var query: [String: String]
    var headers: [String: String]
    var bodyBytes: Int
    var bodyText: String?

    enum CodingKeys: String, CodingKey {
        case method, path, query, headers
        case bodyBytes = "body_bytes"
        case bodyText = "body_text"
    }
}

@Suite("Networking: URLSession transport against the dev-server")
struct TransportTests {
    private let transport = URLSessionHTTPClient()

    @Test func sendsMethodQueryHeadersAndBody() async throws {
        let server = try await DevServer.shared()
        let url = try #require(URL(string: "\(server.baseURL)/_echo?name=a%20b&x=%26"))
        let request = HTTPRequest(
            method: .put, url: url, headers: ["X-Trace": "t-1", "Content-Type": "text/plain"],
            body: Data("hello, server".utf8))
        let answer = try await transport.send(request)
        #expect(answer.status == 200)
        #expect(answer.headers["content-type"] == "application/json; charset=utf-8")
        let echo = try JSONDecoder().decode(Echo.self, from: answer.body)
        #expect(echo.method == "PUT")
        #expect(echo.path == "/_echo")
        #expect(echo.query == ["name": "a b", "x": "&"])
        #expect(echo.headers["x-trace"] == "t-1")
        #expect(echo.bodyText == "hello, server")
    }

    @Test func errorStatusesAreResponsesNotErrors() async throws {
        let server = try await DevServer.shared()
        for status in [201, 404, 429, 500, 503] {
            let url = try #require(URL(string: "\(server.baseURL)/_echo?status=\(status)"))
            #expect(try await transport.send(HTTPRequest(url: url)).status == status)
        }
        #expect(try await transport.send(HTTPRequest(url: server.url("/nowhere"))).status == 404)
    }

    @Test func largeBodiesTravelBothWays() async throws {
        let server = try await DevServer.shared()
        let upload = Data(repeating: 0x41, count: 6 * 1024 * 1024)
        let echoed = try await transport.send(HTTPRequest(method: .post, url: server.url("/_echo"), body: upload))
        #expect(try JSONDecoder().decode(Echo.self, from: echoed.body).bodyBytes == upload.count)
        let url = try #require(URL(string: "\(server.baseURL)/_echo?bytes=8000000"))
        let download = try await transport.send(HTTPRequest(url: url))
        #expect(download.body.count == 8_000_000)
        #expect(download.body.prefix(3) == Data([0, 1, 2]))
        #expect(download.body.last == UInt8((8_000_000 - 1) % 256))
    }

    @Test func headRequestsHaveNoBody() async throws {
        let server = try await DevServer.shared()
        let answer = try await transport.send(HTTPRequest(method: .head, url: server.url("/_echo")))
        #expect(answer.status == 200)
        #expect(answer.body.isEmpty)
    }

    @Test func concurrentRequestsAllArrive() async throws {
        try await DevServer.run { server in
            let statuses = try await withThrowingTaskGroup(of: Int.self) { group in
                for _ in 0..<40 {
                    group.addTask { try await transport.send(HTTPRequest(url: server.url("/v1/health"))).status }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(statuses == Array(repeating: 200, count: 40))
            #expect(try await server.stats().count("/v1/health") == 40)
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
        let server = try await DevServer.shared()
        let answer = try await transport.send(HTTPRequest(method: "OPTIONS", url: server.url("/_echo")))
        #expect(try JSONDecoder().decode(Echo.self, from: answer.body).method == "OPTIONS")
    }

    @Test func nothingListeningIsATransientTransportError() async throws {
        let server = try await DevServer.start()
        let url = server.url("/v1/health")
        #expect(await server.stop() == 0)
        let failure = await outcome { () async throws(HTTPClientError) in
            try await transport.send(HTTPRequest(url: url))
        }
        guard case .transport(let code) = failure.failure else {
            Issue.record("expected a transport error, got \(failure)")
            return
        }
        #expect(RetryPolicy().isRetryable(.transport(code: code)), "code \(code)")
    }

    @Test func cancellingAnInFlightRequestThrowsCancelled() async throws {
        try await DevServer.run { server in
            try await server.control(DevServerControl(hang: true))
            let call = Task {
                await outcome { () async throws(HTTPClientError) in
                    try await transport.send(HTTPRequest(url: server.url("/v1/health")))
                }
            }
            await waitUntilServerCounts(server, "/v1/health", 1)
            call.cancel()
            #expect(await call.value.failure == .cancelled)
            try await server.control(DevServerControl(hang: false))
        }
    }

    @Test func anAlreadyCancelledTaskSendsNothing() async throws {
        try await DevServer.run { server in
            let gate = Gate()
            let call = Task {
                await gate.wait()
                return await outcome { () async throws(HTTPClientError) in
                    try await transport.send(HTTPRequest(url: server.url("/v1/health")))
                }
            }
            call.cancel()
            gate.open()
            #expect(await call.value.failure == .cancelled)
            let stats = try await server.stats()
            #expect(stats.total == 0)
        }
    }

    @Test func theTransportsOwnTimeoutIsReportedAsTimeout() async throws {
        try await DevServer.run { server in
            try await server.control(DevServerControl(hang: true))
            let impatient = URLSessionHTTPClient(requestTimeout: .milliseconds(300))
            let failure = await outcome { () async throws(HTTPClientError) in
                try await impatient.send(HTTPRequest(url: server.url("/v1/health")))
            }
            #expect(failure.failure == .timeout)
            try await server.control(DevServerControl(hang: false))
        }
    }
}

/// Polls the server's statistics until `count` requests to `path` arrived: the request reached the server and
/// is hanging there.
func waitUntilServerCounts(
    _ server: DevServer, _ path: String, _ count: Int, sourceLocation: SourceLocation = #_sourceLocation
) async {
    for _ in 0..<10_000 {
        if let stats = try? await server.stats(), stats.count(path) >= count { return }
        await Task.yield()
    }
    Issue.record("the server never saw \(count) requests to \(path)", sourceLocation: sourceLocation)
}

@Suite("Networking: DevServer helper")
struct DevServerTests {
    @Test func startsOnAFreePortAndStopsCleanlyOnSIGTERM() async throws {
        let first = try await DevServer.start()
        let second = try await DevServer.start()
        #expect(first.port != second.port)
        #expect(first.baseURL.absoluteString == "http://127.0.0.1:\(first.port)")
        #expect(try await URLSessionHTTPClient().send(HTTPRequest(url: first.url("/v1/health"))).status == 200)
        #expect(await first.stop() == 0)
        #expect(await first.stop() == 0)  // idempotent
        #expect(await second.stop() == 0)
    }

    @Test func findsTheScriptFromThisFileAndRejectsAMissingExplicitPath() throws {
        let found = try DevServer.scriptPath()
        #expect(found.hasSuffix("Scripts/dev-server"))
        #expect(FileManager.default.isExecutableFile(atPath: found))
        #expect(try DevServer.scriptPath(explicit: found) == found)
        #expect(throws: DevServerError.scriptNotFound(searched: ["/nonexistent/dev-server"])) {
            try DevServer.scriptPath(explicit: "/nonexistent/dev-server")
        }
        // Without a usable caller path it still finds the script above the test kit's own source.
        #expect(try DevServer.scriptPath(file: "/") == found)
    }

    @Test func aBrokenScriptIsAStartupFailureWithItsOutput() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("devserver-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let script = folder.appendingPathComponent("dev-server")
        try Data("import sys\nprint('not a port', flush=True)\nsys.exit(3)\n".utf8).write(to: script)
        await #expect {
            try await DevServer.start(script: script.path)
        } throws: { error in
            guard case .startupFailed(let output) = error as? DevServerError else { return false }
            return output.contains("not a port")
        }
    }

    @Test func errorsExplainThemselves() {
        #expect(DevServerError.pythonNotFound(path: "/bin").description.contains("python3 is required"))
        #expect(DevServerError.scriptNotFound(searched: ["x"]).description.contains("LEDGER_DEV_SERVER"))
    }

    @Test func controlAndStatsWork() async throws {
        try await DevServer.run { server in
            let transport = URLSessionHTTPClient()
            try await server.control(DevServerControl(fail: .init(count: 1, status: 418, path: "/v1/health")))
            #expect(try await transport.send(HTTPRequest(url: server.url("/v1/health"))).status == 418)
            #expect(try await transport.send(HTTPRequest(url: server.url("/v1/health"))).status == 200)
            let stats = try await server.stats()
            #expect(stats.count("/v1/health") == 2)
            #expect(stats.routes["GET /v1/health"] == 2)
            #expect(stats.statuses == ["418": 1, "200": 1])
            try await server.reset()
            #expect(try await server.stats().total == 0)
            let token = try await server.signIn(email: "kit@example.com")
            #expect(token.version == "1")
            #expect(try await server.signIn(email: "kit@example.com").version == "1")  // a second session
        }
    }

    @Test func invalidControlIsAnUnexpectedAnswer() async throws {
        try await DevServer.run { server in
            await #expect(throws: DevServerError.self) {
                try await server.control(DevServerControl(latencyMilliseconds: -5))
            }
        }
    }
}
