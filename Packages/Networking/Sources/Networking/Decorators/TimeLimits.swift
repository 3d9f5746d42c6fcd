import Essentials

/// Gives each attempt a time limit: when `timeout` passes first, the attempt is cancelled and the call throws
/// `.timeout` (which `RetryingHTTPClient` may retry). Place it inside the retry, next to the transport.
///
/// It also ends the attempt at the overall deadline of a `DeadlineHTTPClient` above it (throwing
/// `.deadlineExceeded`), with the same timer: one timer per attempt for both limits. Over this package's
/// `URLSessionHTTPClient` the transport ends the attempt itself, so the limit costs no task and no thread hop;
/// over any other client the attempt runs in one task of its own, which the limit cancels.
public struct TimeoutHTTPClient: HTTPClient, HTTPClientChain {
    private let base: any HTTPClient
    private let timeout: Duration
    private let waiter: TimeLimit.Waiter
    private let limitingBase: (any AttemptLimitingHTTPClient)?

    /// Wraps `base`; a `timeout` of zero or less fails every request with `.timeout` without sending it, and one
    /// of a hundred years or more means no timeout (without an overall deadline above, requests pass straight
    /// through, with no task and no timer).
    public init(wrapping base: any HTTPClient, timeout: Duration, sleeper: any Sleeper = SystemClock()) {
        self.init(wrapping: base, timeout: timeout, waiter: TimeLimit.Waiter(sleeper))
    }

    /// Wraps `base`, timing attempts on `timers` (tests fire them by hand).
    init(wrapping base: any HTTPClient, timeout: Duration, timers: TimerQueue) {
        self.init(wrapping: base, timeout: timeout, waiter: .queue(timers))
    }

    private init(wrapping base: any HTTPClient, timeout: Duration, waiter: TimeLimit.Waiter) {
        self.base = base
        self.timeout = timeout
        self.waiter = waiter
        limitingBase = base as? any AttemptLimitingHTTPClient
    }

    var limitsEveryAttempt: Bool { true }

    /// Sends `request`, giving up after the timeout or at the overall deadline.
    public func send(_ request: HTTPRequest) async throws(HTTPClientError) -> HTTPResponse {
        guard timeout > .zero else { throw .timeout }
        if Task.isCancelled { throw .cancelled }
        let deadline = RequestDeadline.current
        let limited = timeout < TimeLimit.unlimited
        guard limited || deadline != nil else { return try await base.send(request) }
        if case .queue(let timers) = waiter, deadline?.isSystem ?? true {
            // Both limits on the timer queue's clock: one timer, at whichever comes first.
            let now = TimerQueue.now()
            if let deadline, deadline.uptime <= now { throw .deadlineExceeded }
            let own = limited ? TimerQueue.deadline(after: timeout, from: now) : .max
            let limit =
                if let deadline, deadline.uptime <= own {
                    AttemptLimit(queue: timers, uptime: deadline.uptime, error: .deadlineExceeded)
                } else {
                    AttemptLimit(queue: timers, uptime: own, error: .timeout)
                }
            if let limitingBase { return try await limitingBase.send(request, within: limit) }
            return try await AttemptRace.run(request, through: base) { race in
                let timer = limit.schedule { race.expire(with: limit.error) }
                return { timer.cancel() }
            }
        }
        // Otherwise (an injected clock: tests) each limit waits on its own clock, with one sleep when both limits
        // share one clock.
        if let deadline, deadline.remaining() <= .zero { throw .deadlineExceeded }
        var watched = deadline
        var ownSleep: (duration: Duration, sleeper: any Sleeper)?
        var ownQueue: TimerQueue?
        switch waiter {
        case .sleeper(let sleeper) where limited:
            ownSleep = (timeout, sleeper)
            if let deadline, case .clock(let clock) = deadline.source, (sleeper as AnyObject) === (clock as AnyObject) {
                if deadline.remaining() <= timeout { ownSleep = nil } else { watched = nil }
            }
        case .queue(let timers) where limited:
            ownQueue = timers
        default:
            break
        }
        let timeout = self.timeout
        return try await AttemptRace.run(request, through: base) { [watched, ownSleep, ownQueue] race in
            let watch = DeadlineWatch(watched) { race.expire(with: .deadlineExceeded) }
            var removeOwn: @Sendable () -> Void = {}
            if let ownSleep {
                let task = Task {
                    do {
                        try await ownSleep.sleeper.sleep(for: ownSleep.duration)
                        race.expire(with: .timeout)
                    } catch {}
                }
                removeOwn = { task.cancel() }
            } else if let ownQueue {
                let timer = ownQueue.schedule(at: TimerQueue.deadline(after: timeout)) { race.expire(with: .timeout) }
                removeOwn = { ownQueue.cancel(timer) }
            }
            return { [removeOwn] in
                removeOwn()
                watch.disarm()
            }
        }
    }
}

/// Gives the whole call an overall deadline that covers every retry and backoff beneath it: when it passes, the
/// work in progress is cancelled and the call throws `.deadlineExceeded`, which nothing retries. Place it outside
/// the retry.
///
/// The decorators beneath see the deadline: `RetryingHTTPClient` never waits for a retry that would start at or
/// after it, and returns the last answer instead, so a `Retry-After` longer than what is left of the budget
/// ends the call with the server's answer at once rather than with `.deadlineExceeded` once the budget is spent.
///
/// When every attempt beneath passes a `TimeoutHTTPClient` (as in `HTTPStack`), that layer ends the attempt at
/// the deadline and the waits in between leave at it themselves, so this layer runs the call in the caller's own
/// task, with no task or timer of its own. Otherwise it runs the call in a task it cancels when the budget is
/// spent.
public struct DeadlineHTTPClient: HTTPClient, HTTPClientChain {
    private let base: any HTTPClient
    private let budget: Duration
    private let source: RequestDeadline.Source
    private let fallback: TimeLimit
    private let inline: Bool

    /// Wraps `base`; each call gets `budget` from when it starts, measured and waited for on `clock`. A budget of
    /// zero or less fails every request with `.deadlineExceeded` without sending it; one of a hundred years or more
    /// means no deadline (requests pass straight through, with no task and no timer).
    public init(wrapping base: any HTTPClient, budget: Duration, clock: any Sleeper & MonotonicClock = SystemClock()) {
        self.init(
            wrapping: base, budget: budget, source: clock is SystemClock ? .system : .clock(clock),
            waiter: TimeLimit.Waiter(clock))
    }

    /// Wraps `base`, timing calls on `timers` (tests fire them by hand).
    init(wrapping base: any HTTPClient, budget: Duration, timers: TimerQueue) {
        self.init(wrapping: base, budget: budget, source: .system, waiter: .queue(timers))
    }

    private init(
        wrapping base: any HTTPClient, budget: Duration, source: RequestDeadline.Source, waiter: TimeLimit.Waiter
    ) {
        self.base = base
        self.budget = budget
        self.source = source
        fallback = TimeLimit(duration: budget, waiter: waiter, expired: .deadlineExceeded)
        // A timer queue other than the shared one (a test's) is only honoured by a task of this layer.
        var sharedQueue = true
        if case .queue(let timers) = waiter { sharedQueue = timers === TimerQueue.shared }
        inline = sharedQueue && Networking.limitsEveryAttempt(base)
    }

    var limitsEveryAttempt: Bool { Networking.limitsEveryAttempt(base) }

    /// Sends `request`, giving up when the deadline passes.
    public func send(_ request: HTTPRequest) async throws(HTTPClientError) -> HTTPResponse {
        guard budget > .zero else { throw .deadlineExceeded }
        if Task.isCancelled { throw .cancelled }
        guard budget < TimeLimit.unlimited else { return try await base.send(request) }
        let deadline = RequestDeadline(budget: budget, source: source).earlier(than: RequestDeadline.current)
        let outcome = await RequestDeadline.$current.withValue(deadline) {
            () async -> Result<HTTPResponse, HTTPClientError> in
            guard !inline else { return await base.outcome(of: request) }
            do throws(HTTPClientError) {
                return .success(try await fallback.send(request, through: base))
            } catch {
                return .failure(error)
            }
        }
        if case .failure(.cancelled) = outcome, !Task.isCancelled, deadline.remaining() <= .zero {
            throw .deadlineExceeded
        }
        return try outcome.get()
    }
}

/// A time limit on sending one request: runs the request in a task of its own and cancels that task if the limit
/// passes first, mapping the resulting cancellation to `expired`. Relies on `base` honouring cancellation, as
/// every `HTTPClient` must. `DeadlineHTTPClient` uses it when no `TimeoutHTTPClient` beneath enforces its
/// deadline.
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
        switch waiter {
        case .queue(let timers):
            let deadline = TimerQueue.deadline(after: duration)
            return try await AttemptRace.run(request, through: base) { race in
                let timer = timers.schedule(at: deadline) { race.expire(with: expired) }
                return { timers.cancel(timer) }
            }
        case .sleeper(let sleeper):
            return try await AttemptRace.run(request, through: base) { race in
                let timer = Task {
                    do {
                        try await sleeper.sleep(for: duration)
                        race.expire(with: expired)
                    } catch {}
                }
                return { timer.cancel() }
            }
        }
    }
}

/// One attempt in a task of its own, raced against its time limits and its caller's cancellation: whichever ends
/// first decides the outcome, and the caller resumes at once (a limit or a cancellation cancels the attempt's
/// task and does not wait for it to wind down).
final class AttemptRace: Sendable {
    private struct State {
        var outcome: Result<HTTPResponse, HTTPClientError>?
        var continuation: CheckedContinuation<Result<HTTPResponse, HTTPClientError>, Never>?
        var task: Task<Void, Never>?
    }

    private let state = LockedValue(State())

    /// Runs `request` through `base` in a task, after `arm` set up the limits (returning how to remove them).
    static func run(
        _ request: HTTPRequest,
        through base: any HTTPClient,
        arm: (AttemptRace) -> @Sendable () -> Void
    ) async throws(HTTPClientError) -> HTTPResponse {
        let race = AttemptRace()
        // Started before the limits are armed, on this thread until its first suspension: a request answered
        // without suspending (an in-memory client) never waits for anything.
        let task = startTask { race.finish(await base.outcome(of: request)) }
        race.attach(task)
        let disarm = arm(race)
        let outcome = await withTaskCancellationHandler {
            await race.outcome()
        } onCancel: {
            race.expire(with: .cancelled)
        }
        disarm()
        return try outcome.get()
    }

    private func attach(_ task: Task<Void, Never>) {
        let ended = state.withLock { state -> Bool in
            state.task = task
            return state.outcome != nil
        }
        if ended { task.cancel() }  // a limit or a cancellation came first; a finished task ignores this
    }

    /// The attempt ended with `outcome`, unless a limit or a cancellation ended the race first.
    private func finish(_ outcome: Result<HTTPResponse, HTTPClientError>) {
        let continuation = state.withLock {
            state -> CheckedContinuation<Result<HTTPResponse, HTTPClientError>, Never>? in
            guard state.outcome == nil else { return nil }
            state.outcome = outcome
            defer { state.continuation = nil }
            return state.continuation
        }
        continuation?.resume(returning: outcome)
    }

    /// A limit passed or the caller was cancelled: the race ends with `error` and the attempt is cancelled.
    func expire(with error: HTTPClientError) {
        let (continuation, task) = state.withLock {
            state -> (CheckedContinuation<Result<HTTPResponse, HTTPClientError>, Never>?, Task<Void, Never>?) in
            guard state.outcome == nil else { return (nil, nil) }
            state.outcome = .failure(error)
            defer { state.continuation = nil }
            return (state.continuation, state.task)
        }
        task?.cancel()
        continuation?.resume(returning: .failure(error))
    }

    private func outcome() async -> Result<HTTPResponse, HTTPClientError> {
        await withCheckedContinuation { continuation in
            let outcome = state.withLock { state -> Result<HTTPResponse, HTTPClientError>? in
                if state.outcome == nil { state.continuation = continuation }
                return state.outcome
            }
            if let outcome { continuation.resume(returning: outcome) }
        }
    }
}
