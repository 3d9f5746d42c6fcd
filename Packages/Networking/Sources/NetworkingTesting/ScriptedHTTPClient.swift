import Essentials
import Foundation
public import Networking

/// An ``/Networking/HTTPClient`` double that answers from a script and records every request.
///
/// Use it under a decorator to see exactly what the decorator sent, and to script what it receives.
public final class ScriptedHTTPClient: HTTPClient, Sendable {
    /// What to do with one request.
    public enum Step: Sendable {
        /// Answer with this response.
        case respond(HTTPResponse)
        /// Fail with this error.
        case fail(HTTPClientError)
        /// Never answer: wait until the caller is cancelled, then throw `.cancelled` (a server that hangs).
        case hang
        /// Compute the outcome from the request; may suspend (e.g. on a ``Gate``).
        case handle(@Sendable (HTTPRequest) async -> Result<HTTPResponse, HTTPClientError>)

        /// A response with `status`, optional headers and body.
        public static func status(_ status: Int, headers: HTTPHeaders = [:], body: String = "") -> Step {
            .respond(HTTPResponse(status: status, headers: headers, body: Data(body.utf8)))
        }
    }

    private struct State {
        var steps: [Step]
        var requests: [HTTPRequest] = []
        var cancellations = 0
        var requestWaiters = CountWaiters()
        var cancellationWaiters = CountWaiters()
        var hanging: [UInt64: CheckedContinuation<Void, Never>] = [:]
        var cancelledBeforeHanging: Set<UInt64> = []
        var pendingHangs: Set<UInt64> = []
        var nextID: UInt64 = 0
    }

    private let state: LockedValue<State>
    private let whenExhausted: Step

    /// Answers the n-th request with the n-th step; after the script, every request gets `whenExhausted`
    /// (by default `.fail(.invalidResponse)`, so a test sees an unexpected extra call).
    public init(_ steps: [Step], whenExhausted: Step = .fail(.invalidResponse)) {
        state = LockedValue(State(steps: steps))
        self.whenExhausted = whenExhausted
    }

    /// Answers with the given results in order, then fails with `.invalidResponse`.
    public convenience init(script: [Result<HTTPResponse, HTTPClientError>]) {
        self.init(
            script.map { result in
                switch result {
                case .success(let response): .respond(response)
                case .failure(let error): .fail(error)
                }
            })
    }

    /// Every request received so far, in arrival order.
    public var requests: [HTTPRequest] { state.withLock { $0.requests } }

    /// How many hanging requests were cancelled.
    public var cancellations: Int { state.withLock { $0.cancellations } }

    /// Appends steps to the script.
    public func append(_ steps: [Step]) {
        state.withLock { $0.steps.append(contentsOf: steps) }
    }

    /// Suspends until at least `count` requests have arrived.
    public func waitForRequests(_ count: Int) async {
        await withCheckedContinuation { continuation in
            let waits = state.withLock {
                $0.requestWaiters.add(threshold: count, count: $0.requests.count, continuation: continuation)
            }
            if !waits { continuation.resume() }
        }
    }

    /// Suspends until at least `count` hanging requests have been cancelled.
    public func waitForCancellations(_ count: Int) async {
        await withCheckedContinuation { continuation in
            let waits = state.withLock {
                $0.cancellationWaiters.add(threshold: count, count: $0.cancellations, continuation: continuation)
            }
            if !waits { continuation.resume() }
        }
    }

    /// Records `request` and plays the next step.
    public func send(_ request: HTTPRequest) async throws(HTTPClientError) -> HTTPResponse {
        let (step, ready) = state.withLock { state -> (Step, [CheckedContinuation<Void, Never>]) in
            state.requests.append(request)
            let step = state.steps.isEmpty ? whenExhausted : state.steps.removeFirst()
            return (step, state.requestWaiters.satisfied(by: state.requests.count))
        }
        for waiter in ready { waiter.resume() }
        switch step {
        case .respond(let response): return response
        case .fail(let error): throw error
        case .handle(let handler): return try await handler(request).get()
        case .hang:
            await hangUntilCancelled()
            throw .cancelled
        }
    }

    private func hangUntilCancelled() async {
        let id = state.withLock { state in
            state.nextID += 1
            state.pendingHangs.insert(state.nextID)
            return state.nextID
        }
        await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let cancelled = state.withLock { state -> Bool in
                    state.pendingHangs.remove(id)
                    if state.cancelledBeforeHanging.remove(id) != nil { return true }
                    state.hanging[id] = continuation
                    return false
                }
                if cancelled { continuation.resume() }
            }
        } onCancel: {
            let (waiter, ready) = state.withLock {
                state -> (CheckedContinuation<Void, Never>?, [CheckedContinuation<Void, Never>]) in
                state.cancellations += 1
                let satisfied = state.cancellationWaiters.satisfied(by: state.cancellations)
                if state.pendingHangs.contains(id) {
                    state.cancelledBeforeHanging.insert(id)
                    return (nil, satisfied)
                }
                return (state.hanging.removeValue(forKey: id), satisfied)
            }
            waiter?.resume()
            for continuation in ready { continuation.resume() }
        }
    }
}
