public import Foundation
public import Networking

/// The sign-in resource of the Ledger API (served for development and tests by `Scripts/dev-server`, whose
/// `users.py` is the reference): tokens for registered users, refreshes, and who a token belongs to.
public enum SessionsAPI {
    /// `POST /v1/auth/token`: a first token for a registered user; 401 `invalid_credentials`.
    public static func issueToken(email: String) -> Endpoint<TokenGrant> {
        Endpoint(method: .post, path: "/v1/auth/token", body: ["email": email])
    }

    /// `POST /v1/auth/refresh`: the next token (the version goes up, the refresh token rotates);
    /// 401 `invalid_refresh_token`.
    public static func refreshToken(_ refreshToken: String) -> Endpoint<TokenGrant> {
        Endpoint(method: .post, path: "/v1/auth/refresh", body: ["refresh_token": refreshToken])
    }

    /// `GET /v1/me` (bearer): who the token belongs to and which token version the server saw.
    public static func currentUser() -> Endpoint<CurrentUser> {
        Endpoint(method: .get, path: "/v1/me")
    }
}

/// Refreshes tokens with `POST /v1/auth/refresh`: what the HTTP stack's auth decorator calls on a 401.
public struct SessionRefresher: TokenRefresher {
    private let baseURL: URL

    /// Creates a refresher for the API at `baseURL`.
    public init(baseURL: URL) {
        self.baseURL = baseURL
    }

    /// Sends the refresh through `client` (the client under the auth decorator). A token without a refresh token
    /// is `.refreshRejected(status: 401)`, any non-2xx answer `.refreshRejected(status:)` with its status (4xx:
    /// sign in again; 5xx: the server failed even after the retries beneath), an unreadable answer
    /// `.invalidResponse`.
    public func refresh(_ rejected: AuthToken, using client: any HTTPClient) async throws(HTTPClientError) -> AuthToken
    {
        guard let refreshToken = rejected.refreshToken else { throw .refreshRejected(status: 401) }
        do {
            return try await APIClient(baseURL: baseURL, client: client)
                .send(SessionsAPI.refreshToken(refreshToken)).authToken
        } catch {
            switch error {
            case .transport(let failure): throw failure
            case .http(let response): throw .refreshRejected(status: response.status)
            default: throw .invalidResponse
            }
        }
    }
}

/// The user a token belongs to.
public struct CurrentUser: Hashable, Sendable, Codable {
    /// The server's id.
    public var id: String
    /// The email.
    public var email: String
    /// The version of the token the request carried.
    public var tokenVersion: Int

    /// Creates a value.
    public init(id: String, email: String, tokenVersion: Int) {
        self.id = id
        self.email = email
        self.tokenVersion = tokenVersion
    }

    enum CodingKeys: String, CodingKey {
        case id, email
        case tokenVersion = "token_version"
    }
}

/// A token answer of `/v1/auth/token` or `/v1/auth/refresh`.
public struct TokenGrant: Hashable, Sendable, Codable, CustomStringConvertible {
    /// The bearer token (`v<version>.<random>`).
    public var accessToken: String
    /// The token for the next refresh.
    public var refreshToken: String
    /// `Bearer`.
    public var tokenType: String
    /// The session's token version, starting at 1.
    public var version: Int

    /// Creates a grant.
    public init(accessToken: String, refreshToken: String, tokenType: String = "Bearer", version: Int) {
        self.accessToken = accessToken
        self.refreshToken = refreshToken
        self.tokenType = tokenType
        self.version = version
    }

    /// The grant as the token the auth decorator stores.
    public var authToken: AuthToken {
        AuthToken(accessToken: accessToken, refreshToken: refreshToken, version: String(version))
    }

    /// Without the secrets.
    public var description: String { "TokenGrant(version: \(version))" }

    enum CodingKeys: String, CodingKey {
        case accessToken = "access_token"
        case refreshToken = "refresh_token"
        case tokenType = "token_type"
        case version
    }
}
