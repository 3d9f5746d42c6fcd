/// Gives each attempt a time limit: when `timeout` passes first, the attempt is cancelled and the call throws
/// `.timeout` (which `RetryingHTTPClient` may retry). Place it inside the retry, next to the transport.
public struct TimeoutHTTPClient: HTTPClient {
    private let base: any HTTPClient
    private let timeout: Duration
    private let sleeper: any Sleeper

    /// Wraps `base`; a `timeout` of zero or less fails every request with `.timeout` without sending it.
    public init(wrapping base: any HTTPClient, timeout: Duration, sleeper: any Sleeper = SystemClock()) {
        self.base = base
        self.timeout = timeout
        self.sleeper = sleeper
    }

    /// Sends `request`, giving up after the timeout.
    public func send(_ request: HTTPRequest) async throws(HTTPClientError) -> HTTPResponse {
        try await race(base, request, within: timeout, sleeper: sleeper, expired: .timeout)
    }
}

/// Gives the whole call an overall deadline that covers every retry and backoff beneath it: when it passes, the
/// work in progress is cancelled and the call throws `.deadlineExceeded`, which nothing retries. Place it outside
/// the retry.
public struct DeadlineHTTPClient: HTTPClient {
    private let base: any HTTPClient
    private let budget: Duration
    private let sleeper: any Sleeper

    /// Wraps `base`; each call gets `budget` from when it starts. A budget of zero or less fails every request
    /// with `.deadlineExceeded` without sending it.
    public init(wrapping base: any HTTPClient, budget: Duration, sleeper: any Sleeper = SystemClock()) {
        self.base = base
        self.budget = budget
        self.sleeper = sleeper
    }

    /// Sends `request`, giving up when the deadline passes.
    public func send(_ request: HTTPRequest) async throws(HTTPClientError) -> HTTPResponse {
        try await race(base, request, within: budget, sleeper: sleeper, expired: .deadlineExceeded)
    }
}

/// Runs the request in a task of its own and cancels that task if `limit` passes first, mapping the resulting
/// cancellation to `expired`. One task and one timer per call: with the system clock the timer is a Dispatch
/// timer, released as soon as the request ends; any other `Sleeper` (a test's manual clock) runs in a task.
/// Relies on `base` honouring cancellation, as every `HTTPClient` must.
private func race(
    _ base: any HTTPClient,
    _ request: HTTPRequest,
    within limit: Duration,
    sleeper: any Sleeper,
    expired: HTTPClientError
) async throws(HTTPClientError) -> HTTPResponse {
    guard limit > .zero else { throw expired }
    if Task.isCancelled { throw .cancelled }
    let attempt = Task { await base.outcome(of: request) }
    let expiry = Expiry()
    let timer = Timer(after: limit, sleeper: sleeper) {
        expiry.expire()
        attempt.cancel()
    }
    let outcome = await withTaskCancellationHandler {
        await attempt.value
    } onCancel: {
        attempt.cancel()
    }
    timer.cancel()
    if case .failure(.cancelled) = outcome, expiry.hasExpired, !Task.isCancelled { throw expired }
    return try outcome.get()
}

/// Whether the time limit passed.
private final class Expiry: Sendable {
    private let expired = Lock(false)

    var hasExpired: Bool { expired.withLock { $0 } }

    func expire() {
        expired.withLock { $0 = true }
    }
}

/// Calls `fire` after `duration` unless cancelled first.
private enum Timer {
    case dispatch(DispatchTimer)
    case task(Task<Void, Never>)

    init(after duration: Duration, sleeper: any Sleeper, fire: @escaping @Sendable () -> Void) {
        if sleeper is SystemClock {
            self = .dispatch(DispatchTimer(after: duration, handler: fire))
        } else {
            self = .task(
                Task {
                    do {
                        try await sleeper.sleep(for: duration)
                        fire()
                    } catch {}
                })
        }
    }

    func cancel() {
        switch self {
        case .dispatch(let timer): timer.cancel()
        case .task(let task): task.cancel()
        }
    }
}
