/// Continuations waiting for a counter to reach a threshold; used by the doubles' `waitFor...` methods so tests
/// synchronise on events instead of sleeping.
struct CountWaiters {
    private var waiters: [(threshold: Int, continuation: CheckedContinuation<Void, Never>)] = []

    /// Adds a waiter, or returns false when `count` already reached `threshold` (the caller does not wait).
    mutating func add(threshold: Int, count: Int, continuation: CheckedContinuation<Void, Never>) -> Bool {
        guard count < threshold else { return false }
        waiters.append((threshold, continuation))
        return true
    }

    /// Removes and returns the waiters satisfied by `count`; resume them outside the lock.
    mutating func satisfied(by count: Int) -> [CheckedContinuation<Void, Never>] {
        let ready = waiters.filter { $0.threshold <= count }.map(\.continuation)
        waiters.removeAll { $0.threshold <= count }
        return ready
    }
}
