import Foundation
import Networking
import NetworkingURLSession
import Testing

@Test func theURLSessionTransportRefusesAFileURLAndReportsAClosedPortAsATypedError() async throws {
    let client: any HTTPClient = URLSessionHTTPClient(requestTimeout: .seconds(5))
    await #expect(throws: HTTPClientError.self) {
        _ = try await client.send(HTTPRequest(url: try #require(URL(string: "file:///etc/passwd"))))
    }
    // Port 1 on the loopback interface has no server: the transport answers with an error, never a crash.
    await #expect(throws: HTTPClientError.self) {
        _ = try await client.send(HTTPRequest(url: try #require(URL(string: "http://127.0.0.1:1/"))))
    }
}
