/// Gives each attempt a time limit: when `timeout` passes first, the attempt is cancelled and the call throws
/// `.timeout` (which `RetryingHTTPClient` may retry). Place it inside the retry, next to the transport.
public struct TimeoutHTTPClient: HTTPClient {
    private let base: any HTTPClient
    private let limit: TimeLimit

    /// Wraps `base`; a `timeout` of zero or less fails every request with `.timeout` without sending it, and one
    /// of a hundred years or more means no timeout (requests pass straight through, with no task and no timer).
    public init(wrapping base: any HTTPClient, timeout: Duration, sleeper: any Sleeper = SystemClock()) {
        self.base = base
        limit = TimeLimit(duration: timeout, waiter: TimeLimit.Waiter(sleeper), expired: .timeout)
    }

    /// Wraps `base`, timing attempts on `timers` (tests fire them by hand).
    init(wrapping base: any HTTPClient, timeout: Duration, timers: TimerQueue) {
        self.base = base
        limit = TimeLimit(duration: timeout, waiter: .queue(timers), expired: .timeout)
    }

    /// Sends `request`, giving up after the timeout.
    public func send(_ request: HTTPRequest) async throws(HTTPClientError) -> HTTPResponse {
        try await limit.send(request, through: base)
    }
}

/// Gives the whole call an overall deadline that covers every retry and backoff beneath it: when it passes, the
/// work in progress is cancelled and the call throws `.deadlineExceeded`, which nothing retries. Place it outside
/// the retry.
///
/// The decorators beneath see the deadline: `RetryingHTTPClient` never waits for a retry that would start at or
/// after it, and returns the last answer instead, so a `Retry-After` longer than what is left of the budget
/// ends the call with the server's answer at once rather than with `.deadlineExceeded` once the budget is spent.
public struct DeadlineHTTPClient: HTTPClient {
    private let base: any HTTPClient
    private let limit: TimeLimit
    private let source: RequestDeadline.Source

    /// Wraps `base`; each call gets `budget` from when it starts, measured and waited for on `clock`. A budget of
    /// zero or less fails every request with `.deadlineExceeded` without sending it; one of a hundred years or more
    /// means no deadline (requests pass straight through, with no task and no timer).
    public init(wrapping base: any HTTPClient, budget: Duration, clock: any Sleeper & MonotonicClock = SystemClock()) {
        self.base = base
        limit = TimeLimit(duration: budget, waiter: TimeLimit.Waiter(clock), expired: .deadlineExceeded)
        source = clock is SystemClock ? .system : .clock(clock)
    }

    /// Wraps `base`, timing calls on `timers` (tests fire them by hand).
    init(wrapping base: any HTTPClient, budget: Duration, timers: TimerQueue) {
        self.base = base
        limit = TimeLimit(duration: budget, waiter: .queue(timers), expired: .deadlineExceeded)
        source = .system
    }

    /// Sends `request`, giving up when the deadline passes.
    public func send(_ request: HTTPRequest) async throws(HTTPClientError) -> HTTPResponse {
        guard limit.duration < TimeLimit.unlimited else { return try await base.send(request) }
        let deadline = RequestDeadline(budget: limit.duration, source: source).earlier(than: RequestDeadline.current)
        let outcome = await RequestDeadline.$current.withValue(deadline) {
            () async -> Result<HTTPResponse, HTTPClientError> in
            do throws(HTTPClientError) {
                return .success(try await limit.send(request, through: base))
            } catch {
                return .failure(error)
            }
        }
        return try outcome.get()
    }
}

/// The overall deadline of the call in progress, published by `DeadlineHTTPClient` to the decorators beneath it
/// as a task-local value, so a retry can tell whether waiting still makes sense.
struct RequestDeadline: Sendable {
    /// The clock the deadline is measured on.
    enum Source: Sendable {
        /// The timer queue's clock (the system's uptime), as `SystemClock` and the timer queue use.
        case system
        /// An injected clock (a test's manual clock).
        case clock(any Sleeper & MonotonicClock)
    }

    @TaskLocal static var current: RequestDeadline?

    let source: Source
    /// The deadline in nanoseconds of uptime, for `.system`.
    private let uptime: UInt64
    /// The deadline on the injected clock, for `.clock`.
    private let instant: ContinuousClock.Instant

    init(budget: Duration, source: Source) {
        self.source = source
        switch source {
        case .system:
            uptime = TimerQueue.deadline(after: budget)
            instant = ContinuousClock.now
        case .clock(let clock):
            uptime = 0
            instant = clock.now().advanced(by: budget)
        }
    }

    /// What is left of the budget now; zero or negative once it passed.
    func remaining() -> Duration {
        switch source {
        case .system:
            let now = TimerQueue.now()
            return uptime >= now
                ? .nanoseconds(Int64(clamping: uptime - now)) : .nanoseconds(-Int64(clamping: now - uptime))
        case .clock(let clock):
            return instant - clock.now()
        }
    }

    /// Whichever of `self` and `other` leaves less time: a deadline inside another never extends it.
    func earlier(than other: RequestDeadline?) -> RequestDeadline {
        guard let other else { return self }
        return other.remaining() < remaining() ? other : self
    }
}

/// A time limit on sending one request: runs the request in a task of its own and cancels that task if the limit
/// passes first, mapping the resulting cancellation to `expired`. Relies on `base` honouring cancellation, as
/// every `HTTPClient` must.
struct TimeLimit: Sendable {
    /// How the limit waits.
    enum Waiter: Sendable {
        /// A timer on a `TimerQueue`: the system clock's way, a heap insertion and removal per request.
        case queue(TimerQueue)
        /// A task sleeping on an injected `Sleeper` (a test's manual clock).
        case sleeper(any Sleeper)

        init(_ sleeper: any Sleeper) {
            self = sleeper is SystemClock ? .queue(.shared) : .sleeper(sleeper)
        }
    }

    /// Limits at least this long are no limit: nothing that long is worth a task and a timer per request, and the
    /// deadline would be close to overflowing the clock.
    static let unlimited = Duration.seconds(100 * 365 * 24 * 3600)

    let duration: Duration
    let waiter: Waiter
    let expired: HTTPClientError

    func send(_ request: HTTPRequest, through base: any HTTPClient) async throws(HTTPClientError) -> HTTPResponse {
        guard duration > .zero else { throw expired }
        if Task.isCancelled { throw .cancelled }
        if duration >= Self.unlimited { return try await base.send(request) }
        switch waiter {
        case .queue(let timers):
            // The deadline is taken before the request starts, which may run until its first suspension first.
            let deadline = TimerQueue.deadline(after: duration)
            let attempt = startTask { await base.outcome(of: request) }
            let timer = timers.schedule(at: deadline) { attempt.cancel() }
            let outcome = await withTaskCancellationHandler {
                await attempt.value
            } onCancel: {
                attempt.cancel()
            }
            let timedOut = !timers.cancel(timer)
            return try settle(outcome, timedOut: timedOut)
        case .sleeper(let sleeper):
            let attempt = startTask { await base.outcome(of: request) }
            let expiry = Expiry()
            let timer = Task {
                do {
                    try await sleeper.sleep(for: duration)
                    expiry.expire()
                    attempt.cancel()
                } catch {}
            }
            let outcome = await withTaskCancellationHandler {
                await attempt.value
            } onCancel: {
                attempt.cancel()
            }
            timer.cancel()
            return try settle(outcome, timedOut: expiry.hasExpired)
        }
    }

    /// A cancellation caused by the limit (not by the caller) becomes `expired`; anything else stands.
    private func settle(
        _ outcome: Result<HTTPResponse, HTTPClientError>, timedOut: Bool
    ) throws(HTTPClientError) -> HTTPResponse {
        if case .failure(.cancelled) = outcome, timedOut, !Task.isCancelled { throw expired }
        return try outcome.get()
    }
}

/// Whether a sleeper-driven limit passed.
private final class Expiry: Sendable {
    private let expired = Lock(false)

    var hasExpired: Bool { expired.withLock { $0 } }

    func expire() {
        expired.withLock { $0 = true }
    }
}
