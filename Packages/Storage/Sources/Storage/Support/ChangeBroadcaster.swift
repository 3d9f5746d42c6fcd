import Foundation

/// Hands every committed change to every current observer.
package final class ChangeBroadcaster<Change: Sendable>: Sendable {
    private let observers = Locked<(next: Int, continuations: [Int: AsyncStream<Change>.Continuation])>(
        (0, [:]))

    package init() {}

    /// A new stream that receives every change published from now on.
    package func stream() -> AsyncStream<Change> {
        let (stream, continuation) = AsyncStream<Change>.makeStream(bufferingPolicy: .unbounded)
        let key = observers.withLock { state in
            defer { state.next += 1 }
            state.continuations[state.next] = continuation
            return state.next
        }
        continuation.onTermination = { [weak self] _ in
            self?.observers.withLock { state in state.continuations[key] = nil }
        }
        return stream
    }

    /// Sends `change` to every observer.
    package func publish(_ change: Change) {
        let continuations = observers.withLock { state in Array(state.continuations.values) }
        for continuation in continuations { continuation.yield(change) }
    }

    /// Ends every stream, for a store that closes.
    package func finish() {
        let continuations = observers.withLock { state in
            defer { state.continuations = [:] }
            return Array(state.continuations.values)
        }
        for continuation in continuations { continuation.finish() }
    }
}
