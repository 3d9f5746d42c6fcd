import Networking
import NetworkingTesting
import NetworkingURLSession
import Testing

@Test func aScriptedLoopbackServerAnswersInOrderAndRecordsWhatArrived() async throws {
    let server = try ScriptedLoopbackServer.start()
    server.route(.get, "/items", [.status(503, headers: ["Retry-After": "7"])], then: .status(200, body: "[]"))
    server.route(.get, "/me") { request in
        request.headers["Authorization"] == "Bearer t" ? .status(200) : .status(401)
    }
    server.route(.get, "/slow", then: .hang)  // held until the client leaves or the server stops
    server.route(.get, "/old", then: .redirect(301, to: "/items"))
    server.route(.get, "/bomb", then: .gzipOfZeros(64 << 20))  // 64 MiB once inflated
    server.route(
        .get, "/endless",
        then: ScriptedLoopbackServer.Reply().delivered(.endlessChunks(chunkBytes: 1, interval: .seconds(1))))

    let transport = URLSessionHTTPClient()
    let first = try await transport.send(HTTPRequest(url: server.url("/items")))
    let second = try await transport.send(HTTPRequest(url: server.url("/items")))
    #expect([first.status, second.status] == [503, 200])
    #expect(first.headers["Retry-After"] == "7")
    #expect(server.requests.map(\.target) == ["/items", "/items"])
    await server.stop()
}
