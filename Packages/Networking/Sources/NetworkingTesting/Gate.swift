import Essentials
import Networking

/// A one-shot gate: tasks wait until a test opens it. Lets a double hold a request or a refresh in flight for
/// exactly as long as a test needs, with no sleeping.
public final class Gate: Sendable {
    private struct State {
        var isOpen = false
        var waiters: [CheckedContinuation<Void, Never>] = []
    }

    private let state = LockedValue(State())

    /// A closed gate.
    public init() {}

    /// Whether the gate was opened.
    public var isOpen: Bool { state.withLock { $0.isOpen } }

    /// How many tasks are waiting.
    public var waiting: Int { state.withLock { $0.waiters.count } }

    /// Suspends until the gate opens (returns at once when it is open). Not cancellable on purpose: a double
    /// holding a gate models a server that has not answered yet.
    public func wait() async {
        await withCheckedContinuation { continuation in
            let open = state.withLock { state in
                if !state.isOpen { state.waiters.append(continuation) }
                return state.isOpen
            }
            if open { continuation.resume() }
        }
    }

    /// Opens the gate and releases every waiter.
    public func open() {
        let waiters = state.withLock { state in
            state.isOpen = true
            defer { state.waiters = [] }
            return state.waiters
        }
        for waiter in waiters { waiter.resume() }
    }
}
