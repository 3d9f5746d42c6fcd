import Foundation

/// Shared mutable state behind a lock, for the few places that need it without being async.
///
/// `Synchronization.Mutex` needs newer systems than the packages' deployment targets (iOS 16, macOS 13), so the
/// lock is an `NSLock`. The box is `Sendable` only when its state is, so it never smuggles a non-`Sendable` value
/// across threads.
public final class LockedValue<State> {
    private let lock = NSLock()
    private var state: State

    /// A box holding `state`.
    public init(_ state: State) {
        self.state = state
    }

    /// Runs `body` with exclusive access to the state. `body` must not suspend, block or call back into this box.
    public func withLock<Result, Failure: Error>(
        _ body: (inout State) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&state)
    }
}

// The lock makes every access exclusive; the state itself must be safe to hand to another thread.
extension LockedValue: @unchecked Sendable where State: Sendable {}
