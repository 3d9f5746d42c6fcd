/// The instant at which one attempt must end, and what it then throws: `.timeout` for a per-attempt limit,
/// `.deadlineExceeded` for the overall deadline, whichever comes first.
///
/// `package`: only this package's transports see it (`AttemptLimitingHTTPClient`).
package struct AttemptLimit: Sendable {
    let queue: TimerQueue
    let uptime: UInt64
    /// What the attempt throws when the limit ends it.
    package let error: HTTPClientError

    /// Runs `action` once the limit passes (on a timer thread, with no lock held), unless the returned timer is
    /// cancelled first.
    package func schedule(_ action: @escaping @Sendable () -> Void) -> AttemptTimer {
        AttemptTimer(queue: queue, timer: queue.schedule(at: uptime, action))
    }
}

/// A scheduled `AttemptLimit`.
package struct AttemptTimer: Sendable {
    let queue: TimerQueue
    let timer: TimerQueue.Timer

    /// Removes the timer; false when it had already fired (the limit passed).
    @discardableResult
    package func cancel() -> Bool {
        queue.cancel(timer)
    }
}

/// A client that can end an attempt at an `AttemptLimit` by itself, cancelling its own work (a `URLSessionTask`)
/// rather than the calling task. `TimeoutHTTPClient` then sends through it directly, with no task and no thread
/// hop of its own; with any other client it runs the attempt in a task it can cancel.
///
/// `package`: a contract between this package's time limits and its transports, not an extension point.
package protocol AttemptLimitingHTTPClient: HTTPClient {
    /// Sends `request` like `send(_:)`, ending it with `limit.error` when `limit` passes first. Cancelling the
    /// calling task still ends it with `.cancelled`.
    func send(_ request: HTTPRequest, within limit: AttemptLimit) async throws(HTTPClientError) -> HTTPResponse
}

/// What a decorator knows about the clients beneath it, so that it can leave to them work they already do.
protocol HTTPClientChain: HTTPClient {
    /// Whether every attempt sent through this client passes a `TimeoutHTTPClient` with no task of another layer
    /// in between. Such an attempt ends promptly when its caller is cancelled, whatever the transport does, and
    /// when the overall deadline in `RequestDeadline.current` passes; so the layers above need no task of their
    /// own to enforce either.
    var limitsEveryAttempt: Bool { get }
}

/// `limitsEveryAttempt` of a client that may not be one of this package's decorators.
func limitsEveryAttempt(_ client: any HTTPClient) -> Bool {
    (client as? any HTTPClientChain)?.limitsEveryAttempt ?? false
}
