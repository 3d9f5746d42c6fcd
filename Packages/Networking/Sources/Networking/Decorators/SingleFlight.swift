/// Runs at most one operation per key at a time; callers that arrive while it runs share its outcome.
///
/// Each caller waits on its own continuation, so a cancelled caller leaves at once (with `.cancelled`) while the
/// others keep waiting. When the last caller leaves, the operation is cancelled if `cancelsWhenAbandoned`, or
/// left to finish otherwise (a token refresh must not be cut off halfway: the server may already have rotated
/// the refresh token). A flight is removed the moment it completes, so a later call starts a fresh one.
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

    private struct Flight {
        let generation: UInt64
        var task: Task<Void, Never>?
        var waiters: [UInt64: CheckedContinuation<Outcome, Never>]
    }

    private struct State {
        var flights: [Key: Flight] = [:]
        var nextID: UInt64 = 0
        /// Callers that have an id but have not joined a flight yet.
        var pending: Set<UInt64> = []
        /// Pending callers whose task was cancelled before they joined.
        var cancelledBeforeJoining: Set<UInt64> = []
        var statistics = Statistics()
    }

    private let state = Lock(State())
    private let cancelsWhenAbandoned: Bool

    init(cancelsWhenAbandoned: Bool) {
        self.cancelsWhenAbandoned = cancelsWhenAbandoned
    }

    var statistics: Statistics {
        state.withLock { $0.statistics }
    }

    /// Joins the running operation for `key`, or starts `operation` when none runs.
    func run(key: Key, operation: @escaping @Sendable () async -> Outcome) async -> Outcome {
        let id = state.withLock { state in
            state.nextID += 1
            state.pending.insert(state.nextID)
            return state.nextID
        }
        return await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                join(key: key, id: id, continuation: continuation, operation: operation)
            }
        } onCancel: {
            leave(key: key, id: id)
        }
    }

    private func join(
        key: Key,
        id: UInt64,
        continuation: CheckedContinuation<Outcome, Never>,
        operation: @escaping @Sendable () async -> Outcome
    ) {
        let cancelled = state.withLock { state -> Bool in
            state.pending.remove(id)
            if state.cancelledBeforeJoining.remove(id) != nil { return true }
            if state.flights[key] != nil {
                state.flights[key]?.waiters[id] = continuation
                state.statistics.joined += 1
                return false
            }
            let generation = id
            let task = Task { [self] in
                let outcome = await operation()
                finish(key: key, generation: generation, outcome: outcome)
            }
            state.flights[key] = Flight(generation: generation, task: task, waiters: [id: continuation])
            state.statistics.started += 1
            state.statistics.inFlight += 1
            return false
        }
        if cancelled { continuation.resume(returning: .failure(.cancelled)) }
    }

    private func leave(key: Key, id: UInt64) {
        let (waiter, abandoned) = state.withLock {
            state -> (CheckedContinuation<Outcome, Never>?, Task<Void, Never>?) in
            if state.pending.contains(id) {
                state.cancelledBeforeJoining.insert(id)
                return (nil, nil)
            }
            guard var flight = state.flights[key], let waiter = flight.waiters.removeValue(forKey: id) else {
                return (nil, nil)  // already finished
            }
            if flight.waiters.isEmpty && cancelsWhenAbandoned {
                state.flights[key] = nil
                state.statistics.inFlight -= 1
                return (waiter, flight.task)
            }
            state.flights[key] = flight
            return (waiter, nil)
        }
        waiter?.resume(returning: .failure(.cancelled))
        abandoned?.cancel()
    }

    private func finish(key: Key, generation: UInt64, outcome: Outcome) {
        let waiters = state.withLock { state -> [CheckedContinuation<Outcome, Never>] in
            guard let flight = state.flights[key], flight.generation == generation else { return [] }
            state.flights[key] = nil
            state.statistics.inFlight -= 1
            return Array(flight.waiters.values)
        }
        for waiter in waiters { waiter.resume(returning: outcome) }
    }
}
