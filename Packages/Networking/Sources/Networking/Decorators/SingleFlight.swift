import Essentials

/// Runs at most one operation per key at a time; callers that arrive while it runs share its outcome.
///
/// Each caller waits on its own continuation, so a cancelled caller leaves at once (with `.cancelled`) while the
/// others keep waiting. When the last caller leaves, the operation is cancelled if `cancelsWhenAbandoned`, or
/// left to finish otherwise (a token refresh must not be cut off halfway: the server may already have rotated
/// the refresh token). A flight is removed the moment it completes, so a later call starts a fresh one.
///
/// Each caller also leaves at its own overall deadline (`RequestDeadline.current`), with `.deadlineExceeded`,
/// as if cancelled. The operation runs in a task of its own, without any caller's deadline, so that cancelling the
/// caller who started it, or that caller's deadline passing, ends only that caller's wait. The task is started with `startTask`: on the calling thread until the operation first suspends, so an
/// unshared call adds no thread hop before the request starts. The table of flights is a dictionary under a lock
/// (no actor), touched twice per caller.
final class SingleFlight<Key: Hashable & Sendable, Value: Sendable>: Sendable {
    typealias Outcome = Result<Value, HTTPClientError>

    /// Counters, for metrics and for tests that must know every caller has joined before releasing a request.
    struct Statistics: Hashable, Sendable {
        /// Operations started.
        var started = 0
        /// Callers that joined a running operation instead of starting one.
        var joined = 0
        /// Operations running now.
        var inFlight = 0
    }

    /// One caller. Its fields are guarded by the single flight's lock.
    private final class Waiter: @unchecked Sendable {
        var continuation: CheckedContinuation<Outcome, Never>?
        /// Why the caller left (cancelled, or its deadline passed), once it did.
        var left: HTTPClientError?
    }

    /// One running operation. Its fields are guarded by the single flight's lock.
    private final class Flight: @unchecked Sendable {
        var waiters: [Waiter]
        var task: Task<Void, Never>?
        /// Every caller left and the operation was (or is about to be) cancelled.
        var abandoned = false

        init(first: Waiter) {
            waiters = [first]
        }
    }

    /// What `join` found.
    private enum Joined {
        case left(HTTPClientError)
        case shared
        case started(Flight)
    }

    private struct State {
        var flights: [Key: Flight] = [:]
        var statistics = Statistics()
    }

    private let state = LockedValue(State())
    private let cancelsWhenAbandoned: Bool

    init(cancelsWhenAbandoned: Bool) {
        self.cancelsWhenAbandoned = cancelsWhenAbandoned
    }

    var statistics: Statistics {
        state.withLock { $0.statistics }
    }

    /// Joins the running operation for `key`, or starts `operation` when none runs.
    func run(key: Key, operation: @escaping @Sendable () async -> Outcome) async -> Outcome {
        let waiter = Waiter()
        let watch = DeadlineWatch(RequestDeadline.current) { [self] in
            leave(key: key, waiter: waiter, with: .deadlineExceeded)
        }
        defer { watch.disarm() }
        return await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                join(key: key, waiter: waiter, continuation: continuation, operation: operation)
            }
        } onCancel: {
            leave(key: key, waiter: waiter, with: .cancelled)
        }
    }

    private func join(
        key: Key,
        waiter: Waiter,
        continuation: CheckedContinuation<Outcome, Never>,
        operation: @escaping @Sendable () async -> Outcome
    ) {
        let joined = state.withLock { state -> Joined in
            if let left = waiter.left { return .left(left) }
            waiter.continuation = continuation
            if let flight = state.flights[key] {
                flight.waiters.append(waiter)
                state.statistics.joined += 1
                return .shared
            }
            let flight = Flight(first: waiter)
            state.flights[key] = flight
            state.statistics.started += 1
            state.statistics.inFlight += 1
            return .started(flight)
        }
        switch joined {
        case .left(let reason):
            continuation.resume(returning: .failure(reason))
        case .shared:
            break
        case .started(let flight):
            // Outside the lock: the operation may run, and even finish, before `startTask` returns.
            let task = startTask { [self] in
                let outcome = await RequestDeadline.$current.withValue(nil) { await operation() }
                finish(key: key, flight: flight, outcome: outcome)
            }
            let abandoned = state.withLock { _ -> Bool in
                flight.task = task
                return flight.abandoned
            }
            if abandoned { task.cancel() }
        }
    }

    private func leave(key: Key, waiter: Waiter, with reason: HTTPClientError) {
        let (continuation, abandoned) = state.withLock {
            state -> (CheckedContinuation<Outcome, Never>?, Task<Void, Never>?) in
            if waiter.left == nil { waiter.left = reason }
            guard let continuation = waiter.continuation else { return (nil, nil) }  // not joined, or finished
            waiter.continuation = nil
            guard let flight = state.flights[key], let index = flight.waiters.firstIndex(where: { $0 === waiter })
            else { return (continuation, nil) }
            flight.waiters.remove(at: index)
            guard flight.waiters.isEmpty && cancelsWhenAbandoned else { return (continuation, nil) }
            flight.abandoned = true  // a task not stored yet is cancelled by `join`
            state.flights[key] = nil
            state.statistics.inFlight -= 1
            return (continuation, flight.task)
        }
        continuation?.resume(returning: .failure(reason))
        abandoned?.cancel()
    }

    private func finish(key: Key, flight: Flight, outcome: Outcome) {
        let waiters = state.withLock { state -> [CheckedContinuation<Outcome, Never>] in
            guard !flight.abandoned, state.flights[key] === flight else { return [] }
            state.flights[key] = nil
            state.statistics.inFlight -= 1
            let continuations = flight.waiters.compactMap(\.continuation)
            for waiter in flight.waiters { waiter.continuation = nil }
            flight.waiters = []
            return continuations
        }
        for waiter in waiters { waiter.resume(returning: outcome) }
    }
}
