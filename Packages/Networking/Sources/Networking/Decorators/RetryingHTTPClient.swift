/// The attempt number of the request being sent, set by `RetryingHTTPClient` for the clients it wraps (1 for
/// the first attempt, and outside any retry), so a logger inside the retry can say which attempt it saw.
public enum RequestAttempt {
    /// The current attempt number.
    @TaskLocal public static var number = 1
}

/// Retries failed attempts of requests that are safe to repeat, with full-jitter exponential backoff.
///
/// Guarantees:
/// - Only `policy.retryableMethods` (GET, HEAD, OPTIONS, PUT, DELETE, TRACE by default) are retried, and POST or
///   PATCH only with an `Idempotency-Key` header: a POST answered 503 without one is sent exactly once.
/// - Retries `policy.retryableStatuses` (408, 429, 500, 502, 503, 504) and transient transport failures; never
///   cancellation or an exceeded deadline. At most `policy.maximumAttempts` attempts in total.
/// - Honours `Retry-After` (seconds or HTTP date); when it asks for more than `policy.maximumRetryAfter`, the
///   response is returned at once, without waiting. An unreadable `Retry-After` falls back to the backoff.
/// - Never waits past an overall deadline set by a `DeadlineHTTPClient` above it: when the wait for the next
///   attempt (backoff or `Retry-After`) would end at or after the deadline, the last outcome is returned at once
///   (the server's 503, not a timeout).
/// - Cancelling the caller during a backoff throws `.cancelled` at once and sends nothing more.
/// - After the last attempt the caller gets its outcome: the final response (whatever its status) or error.
public struct RetryingHTTPClient: HTTPClient {
    private let base: any HTTPClient
    private let policy: RetryPolicy
    private let sleeper: any Sleeper
    private let wallClock: any WallClock
    private let random: any RandomSource

    /// Wraps `base`; inject `sleeper`, `wallClock` and `random` to make the waits observable and exact in tests.
    public init(
        wrapping base: any HTTPClient,
        policy: RetryPolicy = RetryPolicy(),
        sleeper: any Sleeper = SystemClock(),
        wallClock: any WallClock = SystemClock(),
        random: any RandomSource = SystemRandomSource()
    ) {
        self.base = base
        self.policy = policy
        self.sleeper = sleeper
        self.wallClock = wallClock
        self.random = random
    }

    /// Sends `request`, repeating it as the type's documentation describes.
    public func send(_ request: HTTPRequest) async throws(HTTPClientError) -> HTTPResponse {
        var attempt = 1
        while true {
            // The first attempt is number 1 already, unless an outer retry numbered it: then no binding is needed.
            let outcome =
                attempt == 1 && RequestAttempt.number == 1
                ? await base.outcome(of: request)
                : await RequestAttempt.$number.withValue(attempt) { await base.outcome(of: request) }
            // Whether the request may be repeated is only asked once an attempt failed: most never do.
            guard attempt < policy.maximumAttempts, mayRetry(after: outcome), policy.allowsRetry(of: request),
                let delay = delay(after: outcome, attempt: attempt)
            else { return try outcome.get() }
            // A retry that cannot start before the overall deadline is not waited for: the answer in hand is
            // worth more than `.deadlineExceeded` at the end of a wait that could not help.
            if let deadline = RequestDeadline.current, delay >= deadline.remaining() { return try outcome.get() }
            do {
                try await sleeper.sleep(for: delay)
            } catch {
                throw .cancelled
            }
            attempt += 1
        }
    }

    /// Whether `outcome` is worth another attempt at all.
    private func mayRetry(after outcome: Result<HTTPResponse, HTTPClientError>) -> Bool {
        switch outcome {
        case .success(let response): policy.retryableStatuses.contains(response.status)
        case .failure(let error): policy.isRetryable(error)
        }
    }

    /// How long to wait before the next attempt, or nil when `outcome` is final.
    private func delay(after outcome: Result<HTTPResponse, HTTPClientError>, attempt: Int) -> Duration? {
        switch outcome {
        case .success(let response):
            guard policy.retryableStatuses.contains(response.status) else { return nil }
            if let requested = RetryAfter.delay(in: response.headers, now: wallClock.currentDate()) {
                return requested <= policy.maximumRetryAfter ? requested : nil
            }
        case .failure(let error):
            guard policy.isRetryable(error) else { return nil }
        }
        return policy.backoff(afterAttempt: attempt, fraction: random.nextFraction())
    }
}

extension RetryingHTTPClient: HTTPClientChain {
    var limitsEveryAttempt: Bool { Networking.limitsEveryAttempt(base) }
}
