import Foundation
import Networking
import NetworkingTesting
import Testing

@Suite("Networking: scripted client")
struct ScriptedHTTPClientTests {
    private let url = URL(fileURLWithPath: "/")

    @Test func answersInOrderAndRecordsRequests() async throws {
        let client = ScriptedHTTPClient(script: [.success(HTTPResponse(status: 503)), .failure(.timeout)])
        let first = try await client.send(HTTPRequest(url: url))
        #expect(first.status == 503)
        await #expect(throws: HTTPClientError.timeout) { try await client.send(HTTPRequest(method: "POST", url: url)) }
        #expect(await client.requests.map(\.method) == ["GET", "POST"])
    }

    @Test func failsRequestsBeyondTheScript() async {
        let client = ScriptedHTTPClient(script: [])
        await #expect(throws: HTTPClientError.invalidResponse) { try await client.send(HTTPRequest(url: url)) }
    }
}
