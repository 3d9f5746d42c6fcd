import Essentials

/// Adds the bearer token to every request and refreshes it when the server answers 401.
///
/// Guarantees:
/// - Every request carries `Authorization: Bearer <token>` from the store (replacing any it had); when the store
///   is empty the request goes out without one, so public endpoints work through the same stack.
/// - On 401, exactly one refresh runs for all concurrent failures of the same token version (single flight keyed
///   on the version that failed); each waiting request is then sent again, once, with the new token.
/// - A late 401 for an old version, arriving after the refresh finished, is sent again with the current token
///   without another refresh.
/// - A failed refresh fails every request waiting for it with the same error.
/// - More than `policy.maximumRefreshes` refreshes within `policy.window` fail with `.excessiveRefresh`.
/// - The refresher sends through the wrapped client, never through this one, so a 401 on the refresh request
///   cannot deadlock or recurse. A started refresh always runs to completion, even if its callers are cancelled.
/// - A request that gets 401 again after its refresh returns that 401 to the caller.
/// - Refreshes go through `TokenStore.renew`, which holds the store while it refreshes: a store shared between
///   processes (a session file) lets one process refresh while the others wait, and they then use the token it
///   saved instead of presenting the refresh token it already spent.
public struct AuthenticatingHTTPClient: HTTPClient {
    /// Refresh counters, for metrics.
    public struct Statistics: Hashable, Sendable {
        /// Calls to the refresher.
        public var refreshes: Int
        /// Requests that waited for a refresh another request had started, instead of starting their own.
        public var requestsWaitedForRefresh: Int

        /// Creates counters.
        public init(refreshes: Int, requestsWaitedForRefresh: Int) {
            self.refreshes = refreshes
            self.requestsWaitedForRefresh = requestsWaitedForRefresh
        }
    }

    private let base: any HTTPClient
    private let store: any TokenStore
    private let refresher: Refresher

    /// Wraps `base`. `clock` measures the refresh window.
    public init(
        wrapping base: any HTTPClient,
        store: any TokenStore,
        refresher: any TokenRefresher,
        policy: RefreshPolicy = RefreshPolicy(),
        clock: any MonotonicClock = SystemClock()
    ) {
        self.base = base
        self.store = store
        self.refresher = Refresher(base: base, store: store, refresher: refresher, policy: policy, clock: clock)
    }

    /// The counters so far.
    public var statistics: Statistics {
        refresher.statistics
    }

    /// Sends `request` with the current token, refreshing it once on 401.
    public func send(_ request: HTTPRequest) async throws(HTTPClientError) -> HTTPResponse {
        guard let token = await store.token() else { return try await base.send(request) }
        let response = try await base.send(Self.authorize(request, with: token))
        guard response.status == 401 else { return response }
        guard let fresh = try await refresher.token(replacing: token) else { return response }
        return try await base.send(Self.authorize(request, with: fresh))
    }

    private static func authorize(_ request: HTTPRequest, with token: AuthToken) -> HTTPRequest {
        var authorized = request
        authorized.headers["Authorization"] = "Bearer \(token.accessToken)"
        return authorized
    }
}

/// The single-flight refresh shared by every request of one `AuthenticatingHTTPClient`.
private final class Refresher: Sendable {
    private let base: any HTTPClient
    private let store: any TokenStore
    private let refresher: any TokenRefresher
    private let policy: RefreshPolicy
    private let clock: any MonotonicClock
    private let flights = SingleFlight<String, AuthToken?>(cancelsWhenAbandoned: false)
    private let recentRefreshes = LockedValue([ContinuousClock.Instant]())
    private let refreshCount = LockedValue(0)

    init(
        base: any HTTPClient,
        store: any TokenStore,
        refresher: any TokenRefresher,
        policy: RefreshPolicy,
        clock: any MonotonicClock
    ) {
        self.base = base
        self.store = store
        self.refresher = refresher
        self.policy = policy
        self.clock = clock
    }

    var statistics: AuthenticatingHTTPClient.Statistics {
        AuthenticatingHTTPClient.Statistics(
            refreshes: refreshCount.withLock { $0 }, requestsWaitedForRefresh: flights.statistics.joined)
    }

    /// The token to use instead of `rejected`, or nil when signed out meanwhile.
    func token(replacing rejected: AuthToken) async throws(HTTPClientError) -> AuthToken? {
        try await flights.run(key: rejected.version) { [self] in
            await refreshIfStillCurrent(rejected)
        }.get()
    }

    /// Runs inside the flight, through the store's `renew`, which holds the store (across processes, for a
    /// shared file) and re-reads it first: a flight that starts after another client or process renewed finds the
    /// store moved on and returns the stored token without refreshing again.
    private func refreshIfStillCurrent(_ rejected: AuthToken) async -> Result<AuthToken?, HTTPClientError> {
        do throws(HTTPClientError) {
            return .success(
                try await store.renew(rejected) { [self] current throws(HTTPClientError) in
                    guard admitRefresh() else { throw .excessiveRefresh }
                    refreshCount.withLock { $0 += 1 }
                    return try await refresher.refresh(current, using: base)
                })
        } catch {
            return .failure(error)
        }
    }

    /// Records a refresh unless the window is full.
    private func admitRefresh() -> Bool {
        let now = clock.now()
        let window = policy.window
        let limit = policy.maximumRefreshes
        return recentRefreshes.withLock { instants in
            instants.removeAll { now - $0 >= window }
            guard instants.count < limit else { return false }
            instants.append(now)
            return true
        }
    }
}

extension AuthenticatingHTTPClient: HTTPClientChain {
    var limitsEveryAttempt: Bool { Networking.limitsEveryAttempt(base) }
}
