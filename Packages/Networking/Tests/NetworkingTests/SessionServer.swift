import Foundation
import Networking
import NetworkingTesting

/// A bearer-token API scripted on a loopback server, for the tests that need a server to reject and renew
/// tokens: `GET <protectedPath>` answers 200 with `{"version": n}` only to the current access token, and
/// `POST /auth/refresh` with the current refresh token issues the next token (the refresh token rotates, so an
/// old one is refused with 401). The token format is this test's own: `access-<n>`, `refresh-<n>`, version `n`.
final class SessionServer: Sendable {
    private struct State {
        var version = 1
        var expired = false
    }

    let server: ScriptedLoopbackServer
    let protectedPath: String
    private let state = LockedBox(State())

    init(
        on server: ScriptedLoopbackServer, protectedPath: String = "/me",
        protectedReplies: [ScriptedLoopbackServer.Reply] = []
    ) {
        self.server = server
        self.protectedPath = protectedPath
        let state = self.state
        server.route(.get, protectedPath, protectedReplies) { request in
            let current = state.value
            guard !current.expired, request.headers["Authorization"] == "Bearer access-\(current.version)" else {
                return .status(401, body: #"{"error": {"code": "invalid_token"}}"#)
            }
            return .status(
                200, headers: ["Content-Type": "application/json"], body: #"{"version": \#(current.version)}"#)
        }
        server.route(.post, Self.refreshPath) { request in
            struct Body: Decodable {
                var refreshToken: String
                enum CodingKeys: String, CodingKey { case refreshToken = "refresh_token" }
            }
            let presented = try? JSONDecoder().decode(Body.self, from: request.body).refreshToken
            let issued = state.mutate { current -> Int? in
                guard presented == "refresh-\(current.version)" else { return nil }
                current.version += 1
                current.expired = false
                return current.version
            }
            guard let issued else { return .status(401, body: #"{"error": {"code": "invalid_refresh_token"}}"#) }
            return .status(
                200, headers: ["Content-Type": "application/json"],
                body:
                    #"{"access_token": "access-\#(issued)", "refresh_token": "refresh-\#(issued)", "version": \#(issued)}"#
            )
        }
    }

    static let refreshPath = "/auth/refresh"

    /// The token the server accepts now.
    var currentToken: AuthToken {
        let version = state.value.version
        return AuthToken(accessToken: "access-\(version)", refreshToken: "refresh-\(version)", version: "\(version)")
    }

    /// Makes the server reject the current access token until it is refreshed.
    func expireTokens() {
        state.mutate { $0.expired = true }
    }

    /// The refresher a client of this server uses.
    var refresher: EndpointTokenRefresher {
        EndpointTokenRefresher(url: server.url(Self.refreshPath))
    }

    /// How many refresh requests reached the server.
    var refreshRequests: Int {
        server.requests(to: Self.refreshPath).count
    }
}

/// The `{"version": n}` answer of the protected route: which token version the server saw.
struct Me: Decodable, Sendable {
    var version: Int
}
