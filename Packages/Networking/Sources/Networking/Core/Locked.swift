import Foundation

/// State guarded by an `NSLock`. `Synchronization.Mutex` needs iOS 18 / macOS 15, newer than our deployment
/// targets, and `NSLock.withLock` is missing on macOS 13, hence this small wrapper. `package`: the test doubles in
/// `NetworkingTesting` and the package's tests use it too.
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
