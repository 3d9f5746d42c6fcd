import Essentials

/// An access token, the refresh token that renews it, and its version.
///
/// The version identifies which token a 401 rejected, so concurrent failures of the same token share one
/// refresh. Its description never shows the secrets, so printing a token cannot leak it into a log.
public struct AuthToken: Hashable, Sendable, CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// The bearer token sent in `Authorization`.
    public var accessToken: String
    /// The token that obtains the next access token, if the server issued one.
    public var refreshToken: String?
    /// Which generation of the session this is (`"1"`, `"2"`, ...); defaults to the access token itself, so a
    /// server without versions still gets one refresh per distinct token.
    public var version: String

    /// Creates a token; `version` defaults to `accessToken`.
    public init(accessToken: String, refreshToken: String? = nil, version: String? = nil) {
        self.accessToken = accessToken
        self.refreshToken = refreshToken
        self.version = version ?? accessToken
    }

    /// A description without the secrets.
    public var description: String {
        version == accessToken ? "AuthToken(<redacted>)" : "AuthToken(version: \(version))"
    }

    /// The same as `description`.
    public var debugDescription: String { description }

    /// Hides the secrets from `dump` and debuggers too.
    public var customMirror: Mirror {
        Mirror(self, children: ["version": version == accessToken ? "<redacted>" : version])
    }
}

/// Where the session's token lives between requests (in memory, in a keychain, in a file).
///
/// Not throwing on purpose: a store that fails to persist must keep the token in memory and carry on, because
/// losing a freshly rotated refresh token would end the session.
public protocol TokenStore: Sendable {
    /// The current token, or nil when signed out.
    func token() async -> AuthToken?
    /// Replaces the current token.
    func save(_ token: AuthToken) async
    /// Replaces `rejected`, the token a server just refused, while holding the store exclusively.
    ///
    /// ``AuthenticatingHTTPClient`` calls this for every refresh it needs (its own single flight already makes
    /// that one call per rejected version within the client). Holding the store means: no other holder — another
    /// client, another process sharing the same file — renews at the same time. Inside, the store re-reads the
    /// stored token from where it really lives (not from a cache):
    /// - nothing stored (signed out meanwhile): return nil without refreshing;
    /// - a version other than `rejected.version` (someone else renewed already): return that token without
    ///   refreshing, since refreshing again would present a refresh token the server has already rotated;
    /// - otherwise call `refresh` with the stored token, save the result, and only then let go.
    ///
    /// Errors of `refresh` are thrown unchanged, after letting go, and nothing is saved.
    func renew(
        _ rejected: AuthToken, using refresh: @Sendable (AuthToken) async throws(HTTPClientError) -> AuthToken
    ) async throws(HTTPClientError) -> AuthToken?
}

extension TokenStore {
    /// The renewal of a store that no one else writes: one process and one ``AuthenticatingHTTPClient`` (whose
    /// single flight keeps its refreshes one at a time). It re-reads ``token()``, refreshes only if that is still
    /// the rejected version, and saves; it takes no lock. A store shared by several clients or processes
    /// implements `renew` itself, holding a lock (a file lock for a session file) across the whole body.
    public func renew(
        _ rejected: AuthToken, using refresh: @Sendable (AuthToken) async throws(HTTPClientError) -> AuthToken
    ) async throws(HTTPClientError) -> AuthToken? {
        guard let current = await token() else { return nil }
        guard current.version == rejected.version else { return current }
        let fresh = try await refresh(current)
        await save(fresh)
        return fresh
    }
}

/// A ``TokenStore`` in memory, for apps that do not persist the session and for tests.
///
/// A class with a lock rather than an actor: reading the token is on the path of every request, and a lock
/// costs nothing there while an actor would switch executors twice per request.
public final class InMemoryTokenStore: TokenStore {
    private let current: LockedValue<AuthToken?>

    /// Creates a store holding `token`.
    public init(token: AuthToken? = nil) {
        current = LockedValue(token)
    }

    /// The current token.
    public func token() async -> AuthToken? {
        current.withLock { $0 }
    }

    /// Replaces the current token.
    public func save(_ token: AuthToken) async {
        current.withLock { $0 = token }
    }

    /// Signs out.
    public func clear() async {
        current.withLock { $0 = nil }
    }
}

/// Obtains a new token for one the server rejected.
public protocol TokenRefresher: Sendable {
    /// Refreshes `rejected`, sending through `client`, which is the client *under* the authenticating decorator,
    /// so a 401 on the refresh request itself cannot recurse into another refresh. Throw
    /// `.refreshRejected(status:)` when the server refuses.
    func refresh(_ rejected: AuthToken, using client: any HTTPClient) async throws(HTTPClientError) -> AuthToken
}

/// How many refreshes ``AuthenticatingHTTPClient`` allows before concluding that refreshing does not help.
public struct RefreshPolicy: Hashable, Sendable {
    /// Refreshes allowed within `window` (at least 1).
    public var maximumRefreshes: Int
    /// The sliding window.
    public var window: Duration

    /// Creates a policy; by default 3 refreshes per minute.
    public init(maximumRefreshes: Int = 3, window: Duration = .seconds(60)) {
        self.maximumRefreshes = max(1, maximumRefreshes)
        self.window = max(.zero, window)
    }
}
