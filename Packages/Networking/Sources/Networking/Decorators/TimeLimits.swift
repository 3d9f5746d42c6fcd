/// Gives each attempt a time limit: when `timeout` passes first, the attempt is cancelled and the call throws
/// `.timeout` (which `RetryingHTTPClient` may retry). Place it inside the retry, next to the transport.
public struct TimeoutHTTPClient: HTTPClient {
    private let base: any HTTPClient
    private let timeout: Duration
    private let sleeper: any Sleeper

    /// Wraps `base`; a `timeout` of zero or less fails every request with `.timeout` without sending it.
    public init(wrapping base: any HTTPClient, timeout: Duration, sleeper: any Sleeper = SystemClock()) {
        self.base = base
        self.timeout = timeout
        self.sleeper = sleeper
    }

    /// Sends `request`, giving up after the timeout.
    public func send(_ request: HTTPRequest) async throws(HTTPClientError) -> HTTPResponse {
        try await race(base, request, within: timeout, sleeper: sleeper, expired: .timeout)
    }
}

/// Gives the whole call an overall deadline that covers every retry and backoff beneath it: when it passes, the
/// work in progress is cancelled and the call throws `.deadlineExceeded`, which nothing retries. Place it outside
/// the retry.
public struct DeadlineHTTPClient: HTTPClient {
    private let base: any HTTPClient
    private let budget: Duration
    private let sleeper: any Sleeper

    /// Wraps `base`; each call gets `budget` from when it starts. A budget of zero or less fails every request
    /// with `.deadlineExceeded` without sending it.
    public init(wrapping base: any HTTPClient, budget: Duration, sleeper: any Sleeper = SystemClock()) {
        self.base = base
        self.budget = budget
        self.sleeper = sleeper
    }

    /// Sends `request`, giving up when the deadline passes.
    public func send(_ request: HTTPRequest) async throws(HTTPClientError) -> HTTPResponse {
        try await race(base, request, within: budget, sleeper: sleeper, expired: .deadlineExceeded)
    }
}

private enum RaceOutcome: Sendable {
    case finished(Result<HTTPResponse, HTTPClientError>)
    case expired
    case sleepInterrupted
}

/// Runs the request against a sleep; whichever ends first wins and the other is cancelled. Relies on `base`
/// honouring cancellation, as every `HTTPClient` must.
private func race(
    _ base: any HTTPClient,
    _ request: HTTPRequest,
    within limit: Duration,
    sleeper: any Sleeper,
    expired: HTTPClientError
) async throws(HTTPClientError) -> HTTPResponse {
    guard limit > .zero else { throw expired }
    let outcome = await withTaskGroup(of: RaceOutcome.self) { group in
        group.addTask { .finished(await base.outcome(of: request)) }
        group.addTask {
            do {
                try await sleeper.sleep(for: limit)
                return .expired
            } catch {
                return .sleepInterrupted
            }
        }
        var winner = RaceOutcome.sleepInterrupted
        while let next = await group.next() {
            if case .sleepInterrupted = next { continue }
            winner = next
            break
        }
        group.cancelAll()
        return winner
    }
    switch outcome {
    case .finished(let result): return try result.get()
    case .expired: throw expired
    case .sleepInterrupted: throw .cancelled
    }
}
