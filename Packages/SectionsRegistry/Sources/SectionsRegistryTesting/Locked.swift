import Foundation

/// State behind an `NSLock`, for the doubles whose methods are synchronous (`Synchronization.Mutex` needs newer OS
/// versions than the package supports). Every package of the repository has this same small type, named `Locked`.
final class Locked<State>: @unchecked Sendable {
    private let lock = NSLock()
    private var state: State

    init(_ state: State) {
        self.state = state
    }

    /// Runs `body` with exclusive access to the state. `body` must not suspend, block or call back into this lock.
    func withLock<Result, Failure: Error>(
        _ body: (inout State) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&state)
    }
}
