import Foundation

/// Mutable state behind an `NSLock`: the one way this package shares mutable state between threads outside an
/// actor (`Synchronization.Mutex` needs newer systems than the deployment targets).
package final class Locked<State>: @unchecked Sendable {
    private let lock = NSLock()
    private var state: State

    package init(_ state: State) {
        self.state = state
    }

    /// Runs `body` with exclusive access to the state. `body` must not suspend, block or call back into this lock.
    package func withLock<Result, Failure: Error>(
        _ body: (inout State) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&state)
    }
}
