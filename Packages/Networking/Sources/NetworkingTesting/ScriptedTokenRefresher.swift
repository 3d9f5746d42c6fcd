import Essentials
public import Networking

/// A ``/Networking/TokenRefresher`` double: answers from a script, counts refreshes, and can hold each refresh on a
/// gate.
public final class ScriptedTokenRefresher: TokenRefresher, Sendable {
    private struct State {
        var results: [Result<AuthToken, HTTPClientError>]
        var rejected: [AuthToken] = []
        var waiters = CountWaiters()
    }

    private let state: LockedValue<State>
    private let gate: Gate?

    /// Answers the n-th refresh with the n-th result (then `.refreshRejected(status: 401)`); when `gate` is
    /// given, each refresh waits for it to open first.
    public init(_ results: [Result<AuthToken, HTTPClientError>], gate: Gate? = nil) {
        state = LockedValue(State(results: results))
        self.gate = gate
    }

    /// The tokens refreshed so far, in order.
    public var rejectedTokens: [AuthToken] { state.withLock { $0.rejected } }

    /// How many refreshes started.
    public var refreshCount: Int { rejectedTokens.count }

    /// Suspends until at least `count` refreshes have started.
    public func waitForRefreshes(_ count: Int) async {
        await withCheckedContinuation { continuation in
            let waits = state.withLock {
                $0.waiters.add(threshold: count, count: $0.rejected.count, continuation: continuation)
            }
            if !waits { continuation.resume() }
        }
    }

    /// Records `rejected`, waits for the gate if any, and answers with the next scripted result.
    public func refresh(
        _ rejected: AuthToken, using client: any HTTPClient
    ) async throws(HTTPClientError)
        -> AuthToken
    {
        let (result, ready) = state.withLock { state in
            state.rejected.append(rejected)
            let result = state.results.isEmpty ? .failure(.refreshRejected(status: 401)) : state.results.removeFirst()
            return (result, state.waiters.satisfied(by: state.rejected.count))
        }
        for waiter in ready { waiter.resume() }
        await gate?.wait()
        return try result.get()
    }
}
