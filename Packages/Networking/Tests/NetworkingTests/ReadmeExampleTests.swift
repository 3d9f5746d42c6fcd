import Foundation
import Networking
import NetworkingTesting
import NetworkingURLSession
import Testing

// README: refresher
/// Renews a session at the API's refresh endpoint: the refresh token in, the next token pair out.
struct EndpointTokenRefresher: TokenRefresher {
    let url: URL

    private struct Grant: Decodable {
        var accessToken: String
        var refreshToken: String
        var version: Int

        enum CodingKeys: String, CodingKey {
            case accessToken = "access_token"
            case refreshToken = "refresh_token"
            case version
        }
    }

    func refresh(_ rejected: AuthToken, using client: any HTTPClient) async throws(HTTPClientError) -> AuthToken {
        guard let refreshToken = rejected.refreshToken,
            let body = try? JSONEncoder().encode(["refresh_token": refreshToken])
        else { throw .refreshRejected(status: 401) }
        let answer = try await client.send(
            HTTPRequest(method: .post, url: url, headers: ["Content-Type": "application/json"], body: body))
        guard answer.isSuccess else { throw .refreshRejected(status: answer.status) }
        guard let grant = try? JSONDecoder().decode(Grant.self, from: answer.body) else { throw .invalidResponse }
        return AuthToken(accessToken: grant.accessToken, refreshToken: grant.refreshToken, version: "\(grant.version)")
    }
}
// README: end

/// The README's examples, verbatim between the markers, so they compile and run against a real loopback server.
@Suite("Networking: README examples")
struct ReadmeExampleTests {
    @Test func composingTheStackAndCallingTheAPI() async throws {
        let server = try ScriptedLoopbackServer.start()
        let session = SessionServer(on: server)
        let signedIn = session.currentToken
        session.expireTokens()  // the first call refreshes
        let baseURL = server.baseURL
        let lines = LockedLines()
        let printLine: @Sendable (String) -> Void = { lines.append($0) }

        // README: compose
        let store = InMemoryTokenStore(token: signedIn)
        let client = HTTPStack(attemptTimeout: .seconds(10), deadline: .seconds(30)).build(
            on: URLSessionHTTPClient(),
            store: store,
            refresher: EndpointTokenRefresher(url: baseURL.appendingPathComponent("auth/refresh")),
            logSink: LineLogSink(printLine)
        )
        let api = APIClient(baseURL: baseURL, client: client)

        let me = try await api.send(Endpoint<Me>(method: .get, path: "/me"))
        print("signed in, token version \(me.version)")
        // README: end

        // README: errors
        do {
            _ = try await api.send(Endpoint<Me>(method: .get, path: "/missing"))
        } catch {
            switch error {
            case .http(let response) where response.status == 404:
                print("no such resource")
            case .http(let response):
                print("rejected: \(response.status) \(response.code ?? "-") \(response.fields.map(\.code))")
            case .transport(.deadlineExceeded), .transport(.timeout):
                print("the server is slow; try again later")
            case .transport(.refreshRejected):
                print("the session ended; sign in again")
            default:
                print("failed: \(error)")
            }
        }
        // README: end

        #expect(me.version == 2)
        #expect(await store.token() == session.currentToken)
        #expect(session.refreshRequests == 1)
        #expect(lines.all.count == 4)  // 401, the refresh, 200, 404
        #expect(lines.all.allSatisfy { !$0.contains("access-") && !$0.contains("refresh-") })
        await server.stop()
    }

    @Test func composingByHand() async throws {
        let transport = ScriptedHTTPClient([.status(503, headers: ["Retry-After": "0"])], whenExhausted: .status(200))
        let sink = SpyLogSink()
        let itemsURL = exampleURL

        // README: by hand
        let client =
            transport
            .timingOut(after: .seconds(5))  // each attempt
            .logging(to: sink)  // sees every attempt, numbered
            .retrying(policy: RetryPolicy(maximumAttempts: 3))
            .deduplicating()
            .withDeadline(.seconds(20))  // everything, backoff included
        let answer = try await client.send(HTTPRequest(url: itemsURL))
        // README: end

        #expect(answer.status == 200)
        #expect(sink.entries.map(\.attempt) == [1, 2])
    }

    @Test func scriptingALoopbackServer() async throws {
        // README: loopback server
        let server = try ScriptedLoopbackServer.start()
        server.route(.get, "/items", [.status(503, headers: ["Retry-After": "7"])], then: .status(200, body: "[]"))
        server.route(.get, "/me") { request in
            request.headers["Authorization"] == "Bearer t" ? .status(200) : .status(401)
        }
        server.route(.get, "/slow", then: .hang)  // held until the client leaves or the server stops
        server.route(.get, "/held", then: ScriptedLoopbackServer.Reply.status(200).held())  // sent on release

        let answer = try await URLSessionHTTPClient().send(HTTPRequest(url: server.url("/items")))
        await server.waitForRequests(1, to: "/items")
        print(answer.status, server.requests.map(\.target))
        await server.stop()
        // README: end

        #expect(answer.status == 503)
        #expect(answer.headers["Retry-After"] == "7")
    }

    @Test func everyReadmeSnippetIsTheCompiledCode() throws {
        let here = URL(fileURLWithPath: #filePath)
        let readme = try String(
            contentsOf: here.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
                .appendingPathComponent("README.md"), encoding: .utf8)
        let source = try String(contentsOf: here, encoding: .utf8)
        let normalized = { (text: String) in text.split(whereSeparator: \.isWhitespace).joined(separator: " ") }
        let snippets = readme.components(separatedBy: "```swift\n").dropFirst().compactMap {
            $0.components(separatedBy: "```").first
        }
        #expect(snippets.count == 5)
        for snippet in snippets {
            #expect(normalized(source).contains(normalized(snippet)), "README snippet not in the test:\n\(snippet)")
        }
    }
}
