/// Fluent composition: `transport.timingOut(after: .seconds(10)).retrying().deduplicating()` reads from the
/// inside out, each call wrapping the client before it.
extension HTTPClient {
    /// Wraps this client in a `RetryingHTTPClient`.
    public func retrying(
        policy: RetryPolicy = RetryPolicy(),
        sleeper: any Sleeper = SystemClock(),
        wallClock: any WallClock = SystemClock(),
        random: any RandomSource = SystemRandomSource()
    ) -> RetryingHTTPClient {
        RetryingHTTPClient(wrapping: self, policy: policy, sleeper: sleeper, wallClock: wallClock, random: random)
    }

    /// Wraps this client in an `AuthenticatingHTTPClient`.
    public func authenticating(
        store: any TokenStore,
        refresher: any TokenRefresher,
        policy: RefreshPolicy = RefreshPolicy(),
        clock: any MonotonicClock = SystemClock()
    ) -> AuthenticatingHTTPClient {
        AuthenticatingHTTPClient(wrapping: self, store: store, refresher: refresher, policy: policy, clock: clock)
    }

    /// Wraps this client in a `DeduplicatingHTTPClient`.
    public func deduplicating() -> DeduplicatingHTTPClient {
        DeduplicatingHTTPClient(wrapping: self)
    }

    /// Wraps this client in a `RedirectingHTTPClient`.
    public func followingRedirects(_ policy: RedirectPolicy = RedirectPolicy()) -> RedirectingHTTPClient {
        RedirectingHTTPClient(wrapping: self, policy: policy)
    }

    /// Wraps this client in a `LoggingHTTPClient`.
    public func logging(
        to sink: any HTTPLogSink,
        clock: any MonotonicClock = SystemClock(),
        redaction: Redaction = Redaction()
    ) -> LoggingHTTPClient {
        LoggingHTTPClient(wrapping: self, sink: sink, clock: clock, redaction: redaction)
    }

    /// Wraps this client in a per-attempt `TimeoutHTTPClient`.
    public func timingOut(after timeout: Duration, sleeper: any Sleeper = SystemClock()) -> TimeoutHTTPClient {
        TimeoutHTTPClient(wrapping: self, timeout: timeout, sleeper: sleeper)
    }

    /// Wraps this client in an overall `DeadlineHTTPClient`.
    public func withDeadline(
        _ budget: Duration, clock: any Sleeper & MonotonicClock = SystemClock()
    ) -> DeadlineHTTPClient {
        DeadlineHTTPClient(wrapping: self, budget: budget, clock: clock)
    }
}

/// The recommended stack in one call, outermost first:
/// deadline → auth → de-duplication → retry → redirects → logging → per-attempt timeout → transport.
///
/// Why this order: the deadline bounds every wait, for refreshes included; auth sits above de-duplication so the
/// sharing key includes the real bearer token; de-duplication above retry lets every sharer ride one retry
/// loop; redirects beneath auth so the token it adds is dropped before a hop to another origin, and above the
/// logger so every hop is logged with its status; logging inside retry sees (and numbers) each attempt; the
/// timeout next to the transport limits each attempt (each hop) on its own, so a retry can follow a timeout.
///
/// The size limit of an answer is the request's own, ``HTTPRequest/maximumResponseBytes``, which the transport
/// enforces while the body arrives.
public struct HTTPStack: Sendable {
    /// Per-attempt timeout.
    public var attemptTimeout: Duration
    /// Overall deadline per call, retries and backoff included.
    public var deadline: Duration
    /// The retry policy.
    public var retry: RetryPolicy
    /// The refresh limit.
    public var refresh: RefreshPolicy
    /// Which redirects are followed (see ``RedirectingHTTPClient`` for what a hop may carry).
    public var redirects: RedirectPolicy = RedirectPolicy()

    /// Creates a configuration; the defaults suit an interactive app.
    public init(
        attemptTimeout: Duration = .seconds(15),
        deadline: Duration = .seconds(45),
        retry: RetryPolicy = RetryPolicy(),
        refresh: RefreshPolicy = RefreshPolicy()
    ) {
        self.attemptTimeout = attemptTimeout
        self.deadline = deadline
        self.retry = retry
        self.refresh = refresh
    }

    /// Creates a configuration that follows redirects as `redirects` says (``RedirectPolicy/refuse`` for none).
    public init(
        attemptTimeout: Duration = .seconds(15),
        deadline: Duration = .seconds(45),
        retry: RetryPolicy = RetryPolicy(),
        refresh: RefreshPolicy = RefreshPolicy(),
        redirects: RedirectPolicy
    ) {
        self.init(attemptTimeout: attemptTimeout, deadline: deadline, retry: retry, refresh: refresh)
        self.redirects = redirects
    }

    /// The retry policy the stack applies: `retry`, with `maximumRetryAfter` clamped so that a wait the server
    /// asks for leaves a whole attempt (`attemptTimeout`) before the deadline. A longer `Retry-After` returns the
    /// server's answer at once: waiting for it could only end in `.deadlineExceeded`.
    public var effectiveRetry: RetryPolicy {
        var policy = retry
        let room = deadline - min(max(attemptTimeout, .zero), deadline)
        policy.maximumRetryAfter = min(policy.maximumRetryAfter, max(room, .zero))
        return policy
    }

    /// Wraps `transport` in the full stack. Without a `store` and `refresher` the auth layer is left out; without
    /// a `logSink`, the logging layer.
    public func build(
        on transport: any HTTPClient,
        store: (any TokenStore)? = nil,
        refresher: (any TokenRefresher)? = nil,
        logSink: (any HTTPLogSink)? = nil,
        clock: any Sleeper & MonotonicClock & WallClock = SystemClock(),
        random: any RandomSource = SystemRandomSource()
    ) -> any HTTPClient {
        var client: any HTTPClient = transport.timingOut(after: attemptTimeout, sleeper: clock)
        if let logSink { client = client.logging(to: logSink, clock: clock) }
        client = client.followingRedirects(redirects)
        client = client.retrying(policy: effectiveRetry, sleeper: clock, wallClock: clock, random: random)
        client = client.deduplicating()
        if let store, let refresher {
            client = client.authenticating(store: store, refresher: refresher, policy: refresh, clock: clock)
        }
        return client.withDeadline(deadline, clock: clock)
    }
}
