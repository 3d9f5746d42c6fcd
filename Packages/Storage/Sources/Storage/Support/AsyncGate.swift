import Essentials

/// Lets a fixed number of tasks through at a time (one by default), in arrival order, without blocking a thread:
/// waiting tasks suspend. A task cancelled while it waits leaves the queue at once.
package final class AsyncGate: Sendable {
    private struct State {
        var available: Int
        var waiters: [(id: UInt64, waiter: CheckedContinuation<Bool, Never>)] = []
        var nextID: UInt64 = 0
    }

    private let state: LockedValue<State>

    /// A gate that lets `permits` tasks through at once.
    package init(permits: Int = 1) {
        state = LockedValue(State(available: max(1, permits)))
    }

    /// Waits for the gate; `false` when the task was cancelled before its turn came (it does not hold the gate).
    package func enter() async -> Bool {
        let id = state.withLock { state in
            defer { state.nextID += 1 }
            return state.nextID
        }
        return await withTaskCancellationHandler {
            await withCheckedContinuation { (waiter: CheckedContinuation<Bool, Never>) in
                let answer = state.withLock { state -> Bool? in
                    if state.available > 0 {
                        state.available -= 1
                        return true
                    }
                    if Task.isCancelled { return false }
                    state.waiters.append((id, waiter))
                    return nil
                }
                if let answer { waiter.resume(returning: answer) }
            }
        } onCancel: {
            let removed = state.withLock { state -> CheckedContinuation<Bool, Never>? in
                guard let index = state.waiters.firstIndex(where: { $0.id == id }) else { return nil }
                return state.waiters.remove(at: index).waiter
            }
            removed?.resume(returning: false)
        }
    }

    /// Hands the permit to the next waiting task, or returns it.
    package func leave() {
        let next = state.withLock { state -> CheckedContinuation<Bool, Never>? in
            guard !state.waiters.isEmpty else {
                state.available += 1
                return nil
            }
            return state.waiters.removeFirst().waiter
        }
        next?.resume(returning: true)
    }
}
