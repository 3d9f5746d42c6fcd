import Foundation
import Networking
import NetworkingTesting
import NetworkingURLSession
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

@Suite("Networking: scripted loopback server")
struct LoopbackServerTests {
    private let transport = URLSessionHTTPClient()

    @Test func startsOnAFreePortAndStopsCleanly() async throws {
        let first = try ScriptedLoopbackServer.start()
        let second = try ScriptedLoopbackServer.start()
        #expect(first.port != second.port)
        #expect(first.port > 0)
        #expect(first.baseURL.absoluteString == "http://127.0.0.1:\(first.port)")
        first.route(.get, "/health", then: .status(200))
        #expect(try await transport.send(HTTPRequest(url: first.url("/health"))).status == 200)
        await first.stop()
        await first.stop()  // idempotent
        await second.stop()
        #expect(RawConnection(port: first.port) == nil)  // nothing listens any more
    }

    @Test func repliesFollowTheScriptThenTheFallbackAndUnroutedRequestsGet404() async throws {
        try await ScriptedLoopbackServer.run { (server) async throws in
            server.route(.get, "/items", [.status(503), .status(502, body: "again")], then: .status(200, body: "ok"))
            var statuses: [Int] = []
            for _ in 0..<4 { statuses.append(try await transport.send(HTTPRequest(url: server.url("/items"))).status) }
            #expect(statuses == [503, 502, 200, 200])
            #expect(try await transport.send(HTTPRequest(method: .post, url: server.url("/items"))).status == 404)
            server.route(.get, "/items", then: .status(410))  // a new script replaces the old one
            #expect(try await transport.send(HTTPRequest(url: server.url("/items"))).status == 410)
            #expect(server.requests.map(\.method) == [.get, .get, .get, .get, .post, .get])
        }
    }

    @Test func handlersSeeTheRequestAndRepliesCarryHeaders() async throws {
        try await ScriptedLoopbackServer.run { (server) async throws in
            server.route(.post, "/echo") { request in
                .status(
                    200, headers: ["X-Method": request.method.rawValue],
                    body: String(decoding: request.body, as: UTF8.self))
            }
            let answer = try await transport.send(
                HTTPRequest(method: .post, url: server.url("/echo"), body: Data("ping".utf8)))
            #expect(answer.body == Data("ping".utf8))
            #expect(answer.headers["x-method"] == "POST")
        }
    }

    @Test func pipelinedRequestsShareOneKeptAliveConnection() async throws {
        try await ScriptedLoopbackServer.run { (server) async throws in
            server.route(.get, "/a", then: .status(200, body: "first"))
            server.route(.get, "/b", then: .status(200, body: "second"))
            let connection = try #require(RawConnection(port: server.port))
            let text = connection.exchange(
                "GET /a HTTP/1.1\r\nHost: x\r\n\r\nGET /b?q=1 HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
            #expect(text.components(separatedBy: "HTTP/1.1 200 OK").count == 3)
            #expect(text.contains("first") && text.hasSuffix("second"))
            #expect(server.requests.map(\.target) == ["/a", "/b?q=1"])
            #expect(server.requests.map(\.connection) == [1, 1])
            #expect(server.connectionsAccepted == 1)
        }
    }

    @Test(arguments: [
        ("NONSENSE\r\n\r\n", "400"),
        ("GET no-slash HTTP/1.1\r\n\r\n", "400"),
        ("GET / HTTP/2.0\r\n\r\n", "400"),
        ("GET / HTTP/1.1\r\nno colon here\r\n\r\n", "400"),
        ("GET / HTTP/1.1\r\nBad Name: v\r\n\r\n", "400"),
        ("POST / HTTP/1.1\r\nContent-Length: -1\r\n\r\n", "400"),
        ("POST / HTTP/1.1\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\nab", "400"),
        ("POST / HTTP/1.1\r\nContent-Length: 11\r\n\r\nhello world", "413"),
        ("POST / HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n", "400"),
        ("GET / HTTP/1.1\r\nX-Big: " + String(repeating: "a", count: 70_000) + "\r\n\r\n", "431"),
    ])
    func hostileRequestsAreRefusedAndTheConnectionClosed(raw: String, status: String) async throws {
        let server = try ScriptedLoopbackServer.start(maximumBodyBytes: 10)
        let connection = try #require(RawConnection(port: server.port))
        let text = connection.exchange(raw)
        #expect(text.hasPrefix("HTTP/1.1 \(status) "), "\(text.prefix(80))")
        #expect(text.contains("Connection: close"))
        #expect(server.requests.isEmpty)
        await server.stop()
    }

    @Test func chunkedBodiesAndExpectContinueAreUnderstood() async throws {
        try await ScriptedLoopbackServer.run { (server) async throws in
            server.route(.post, "/upload", then: .status(201))
            let chunked = try #require(RawConnection(port: server.port))
            let answer = chunked.exchange(
                "POST /upload HTTP/1.1\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n"
                    + "5\r\nhello\r\n7;ext=1\r\n, world\r\n0\r\nX-Trailer: t\r\n\r\n")
            #expect(answer.hasPrefix("HTTP/1.1 201 Created"))
            let expecting = try #require(RawConnection(port: server.port))
            expecting.send(
                "POST /upload HTTP/1.1\r\nContent-Length: 4\r\nExpect: 100-continue\r\nConnection: close\r\n\r\n")
            #expect(expecting.receive(upTo: "\r\n\r\n").hasPrefix("HTTP/1.1 100 Continue"))
            #expect(expecting.exchange("body").hasPrefix("HTTP/1.1 201 Created"))
            #expect(server.requests.map(\.body) == [Data("hello, world".utf8), Data("body".utf8)])
        }
    }

    @Test func heldRepliesWaitForTheReleaseAndConnectionsAreServedConcurrently() async throws {
        try await ScriptedLoopbackServer.run { (server) async throws in
            server.route(.get, "/slow", then: ScriptedLoopbackServer.Reply.status(200, body: "done").held())
            let calls = (0..<8).map { index in
                Task { try await transport.send(HTTPRequest(url: server.url("/slow?n=\(index)"))) }
            }
            await server.waitForHeldReplies(8)  // eight connections served at once
            #expect(server.connectionsAccepted == 8)
            server.releaseHeldReplies()
            for call in calls { #expect(try await call.value.body == Data("done".utf8)) }
            #expect(server.heldReplies == 0)
            #expect(server.abandonedReplies == 0)
        }
    }

    @Test func aDelayedReplyArrives() async throws {
        try await ScriptedLoopbackServer.run { (server) async throws in
            server.route(
                .get, "/later",
                then: ScriptedLoopbackServer.Reply.status(200, body: "late").delayed(by: .milliseconds(1)))
            #expect(try await transport.send(HTTPRequest(url: server.url("/later"))).body == Data("late".utf8))
        }
    }

    @Test(.timeLimit(.minutes(1)))
    func stoppingEndsHoldsAndLongDelaysAtOnce() async throws {
        let server = try ScriptedLoopbackServer.start()
        server.route(.get, "/hang", then: .hang)
        server.route(.get, "/hour", then: ScriptedLoopbackServer.Reply.status(200).delayed(by: .seconds(3_600)))
        let calls = ["/hang", "/hour"].map { path in
            Task {
                await outcome { () async throws(HTTPClientError) in
                    try await transport.send(HTTPRequest(url: server.url(path)))
                }
            }
        }
        await server.waitForRequests(2)
        let idle = try #require(RawConnection(port: server.port))  // an open keep-alive connection, idle
        await server.stop()  // finishing at all proves the hold, the hour and the idle connection ended
        for call in calls { #expect(await call.value.failure != nil) }
        #expect(idle.receive(upTo: "\r\n\r\n").isEmpty)  // closed without an answer
    }

    @Test func receivedRequestsSplitTheirTarget() {
        let request = ScriptedLoopbackServer.ReceivedRequest(method: .get, target: "/a%20b/c?x=1&y=%26&x=2&flag")
        #expect(request.path == "/a%20b/c")
        #expect(request.query("x") == "1")
        #expect(request.query("y") == "&")
        #expect(request.queryItems.count == 4)
        #expect(request.query("missing") == nil)
        #expect(ScriptedLoopbackServer.ReceivedRequest(method: .get, target: "/").queryItems.isEmpty)
    }

    @Test func errorsExplainThemselves() {
        let error = ScriptedLoopbackServerError.cannotListen(step: "bind", code: EADDRINUSE)
        #expect(error.description.contains("bind failed"))
    }
}

/// A plain blocking TCP client, for what URLSession would never send: pipelining, hostile bytes, raw chunks.
final class RawConnection: Sendable {
    private let fd: Int32

    /// Connects to 127.0.0.1:`port`; nil when nothing listens there.
    init?(port: Int) {
        #if canImport(Darwin)
        let fd = socket(AF_INET, SOCK_STREAM, 0)
        #else
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #endif
        guard fd >= 0 else { return nil }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = UInt16(port).bigEndian
        address.sin_addr = in_addr(s_addr: UInt32(INADDR_LOOPBACK).bigEndian)
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else {
            close(fd)
            return nil
        }
        var timeout = timeval(tv_sec: 30, tv_usec: 0)  // a broken server fails the test instead of hanging it
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        self.fd = fd
    }

    deinit {
        close(fd)
    }

    func send(_ text: String) {
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let written = bytes.withUnsafeBytes { sendWithoutSignal(fd, $0.baseAddress, $0.count) }
            guard written > 0 else { return }
            bytes = bytes.dropFirst(written)
        }
    }

    /// Reads until `marker` arrives or the peer closes; returns what was read.
    func receive(upTo marker: String? = nil) -> String {
        var received: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            if let marker, String(decoding: received, as: UTF8.self).contains(marker) { break }
            let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            guard count > 0 else { break }
            received += chunk[0..<count]
        }
        return String(decoding: received, as: UTF8.self)
    }

    /// Sends `text` and reads until the peer closes.
    func exchange(_ text: String) -> String {
        send(text)
        return receive()
    }
}

/// `send` that reports a closed peer as an error instead of raising SIGPIPE, which would end the test process.
private func sendWithoutSignal(_ fd: Int32, _ bytes: UnsafeRawPointer?, _ count: Int) -> Int {
    #if canImport(Darwin)
    var one: Int32 = 1
    setsockopt(fd, SOL_SOCKET, SO_NOSIGPIPE, &one, socklen_t(MemoryLayout<Int32>.size))
    return send(fd, bytes, count, 0)
    #else
    return send(fd, bytes, count, Int32(MSG_NOSIGNAL))
    #endif
}
