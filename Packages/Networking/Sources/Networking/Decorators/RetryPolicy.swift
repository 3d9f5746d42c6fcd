/// What ``RetryingHTTPClient`` retries and how long it waits in between.
///
/// Out-of-range values are clamped rather than rejected (a negative delay is zero, fewer than one attempt is
/// one), so a configuration mistake degrades to "no retry" instead of a crash.
public struct RetryPolicy: Hashable, Sendable {
    /// Attempts in total, the first included (at least 1).
    public var maximumAttempts: Int {
        didSet { maximumAttempts = max(1, maximumAttempts) }
    }
    /// The backoff ceiling of the first retry; it doubles with each further retry.
    public var baseDelay: Duration {
        didSet { baseDelay = max(.zero, baseDelay) }
    }
    /// The cap on the backoff ceiling.
    public var maximumDelay: Duration {
        didSet { maximumDelay = max(.zero, maximumDelay) }
    }
    /// The longest `Retry-After` the client will wait; when the server asks for longer, the response is returned
    /// to the caller at once, because waiting that long inside one call helps nobody.
    public var maximumRetryAfter: Duration {
        didSet { maximumRetryAfter = max(.zero, maximumRetryAfter) }
    }
    /// Statuses worth another attempt.
    public var retryableStatuses: Set<Int>
    /// Methods retried without an `Idempotency-Key`.
    public var retryableMethods: Set<HTTPMethod>
    /// Methods retried only when the request carries an `Idempotency-Key` header, because only then can the
    /// server recognise the repeat.
    public var methodsRetriedWithIdempotencyKey: Set<HTTPMethod>
    /// `.transport` codes that describe a transient condition (the connection dropped or could not be made).
    public var retryableTransportCodes: Set<Int>
    /// Whether a per-attempt `.timeout` is retried.
    public var retriesTimeouts: Bool

    /// Creates a policy; the defaults suit interactive use (3 attempts, 100 ms doubling to at most 5 s).
    public init(
        maximumAttempts: Int = 3,
        baseDelay: Duration = .milliseconds(100),
        maximumDelay: Duration = .seconds(5),
        maximumRetryAfter: Duration = .seconds(30),
        retryableStatuses: Set<Int> = [408, 429, 500, 502, 503, 504],
        retryableMethods: Set<HTTPMethod> = HTTPMethod.idempotent,
        methodsRetriedWithIdempotencyKey: Set<HTTPMethod> = [.post, .patch],
        retryableTransportCodes: Set<Int> = RetryPolicy.transientTransportCodes,
        retriesTimeouts: Bool = true
    ) {
        self.maximumAttempts = max(1, maximumAttempts)
        self.baseDelay = max(.zero, baseDelay)
        self.maximumDelay = max(.zero, maximumDelay)
        self.maximumRetryAfter = max(.zero, maximumRetryAfter)
        self.retryableStatuses = retryableStatuses
        self.retryableMethods = retryableMethods
        self.methodsRetriedWithIdempotencyKey = methodsRetriedWithIdempotencyKey
        self.retryableTransportCodes = retryableTransportCodes
        self.retriesTimeouts = retriesTimeouts
    }

    /// `URLError` codes of transient failures: cannot find or connect to the host, connection lost, DNS
    /// failure, not connected, call active, data not allowed.
    public static let transientTransportCodes: Set<Int> = [-1003, -1004, -1005, -1006, -1009, -1019, -1020]

    /// Whether `request` may be sent more than once.
    public func allowsRetry(of request: HTTPRequest) -> Bool {
        if retryableMethods.contains(request.method) { return true }
        return methodsRetriedWithIdempotencyKey.contains(request.method)
            && !(request.headers["Idempotency-Key"] ?? "").isEmpty
    }

    /// Whether a failed attempt is worth repeating; cancellation and the overall deadline never are.
    public func isRetryable(_ error: HTTPClientError) -> Bool {
        switch error {
        case .transport(let code): retryableTransportCodes.contains(code)
        case .timeout: retriesTimeouts
        default: false
        }
    }

    /// Full-jitter backoff after the failed attempt number `attempt` (1 for the first): a uniformly random
    /// delay between zero and `min(maximumDelay, baseDelay × 2^(attempt-1))`.
    public func backoff(afterAttempt attempt: Int, fraction: Double) -> Duration {
        let base = baseDelay.clampedNanoseconds
        let cap = maximumDelay.clampedNanoseconds
        let exponent = attempt <= 1 ? 0 : min(attempt - 1, 62)
        let (grown, overflow) = base.multipliedReportingOverflow(by: Int64(1) << exponent)
        let ceiling = overflow ? cap : min(cap, grown)
        let clampedFraction = min(max(fraction, 0), 1)
        // Double(Int64.max) rounds up to 2^63, which does not fit back into Int64: stay one step below it.
        let nanoseconds = min((Double(ceiling) * clampedFraction).rounded(.down), Double(Int64.max).nextDown)
        return .nanoseconds(Int64(nanoseconds))
    }
}
