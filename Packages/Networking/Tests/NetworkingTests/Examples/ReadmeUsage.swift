import Foundation
import Networking
import NetworkingURLSession

/// What the API's `GET /me` answers.
struct SignedInUser: Decodable, Sendable {
    var version: Int
}

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

/// The app's API client, built once where the app wires its parts: the full stack over the URLSession
/// transport. `clock` times the limits (tests pass a `ManualClock`).
func makeAPI(
    baseURL: URL,
    store: any TokenStore,
    log: @escaping @Sendable (String) -> Void,
    clock: any Sleeper & MonotonicClock & WallClock = SystemClock()
) -> APIClient {
    let client = HTTPStack(attemptTimeout: .seconds(10), deadline: .seconds(30)).build(
        on: URLSessionHTTPClient(),
        store: store,
        refresher: EndpointTokenRefresher(url: baseURL.appendingPathComponent("auth/refresh")),
        logSink: LineLogSink(log),  // every attempt and every redirect, tokens redacted
        clock: clock
    )
    return APIClient(baseURL: baseURL, client: client)
}

/// Who is signed in, as a line for the screen: every failure is a typed case to act on, and its description
/// is a sentence to show.
func whoIsSignedIn(using api: APIClient) async -> String {
    do {
        let user = try await api.send(Endpoint<SignedInUser>(method: .get, path: "/me"))
        return "Signed in, token version \(user.version)."
    } catch {
        switch error {
        case .http(let response) where response.status == 404:
            return "No such account."
        case .transport(.deadlineExceeded), .transport(.timeout):
            return "The server is slow; try again later."
        case .transport(.refreshRejected):
            return "The session ended; sign in again."
        default:
            return "\(error)"  // "The server answered GET /me, but its answer has no field 'version'."
        }
    }
}
