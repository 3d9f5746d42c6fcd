public import Networking

#if canImport(FoundationNetworking)
import Foundation
public import FoundationNetworking
#else
public import Foundation
#endif

/// The transport: sends requests with Foundation's `URLSession` (FoundationNetworking on Linux).
///
/// Cancelling the calling task cancels the underlying `URLSessionTask`, and the call throws `.cancelled` at once.
/// The session neither caches, stores cookies nor sends stored credentials: those are decisions for decorators,
/// never hidden state in the transport. Redirects are followed as `URLSession` does by default.
///
/// Under a `TimeoutHTTPClient` the transport ends each attempt at its time limit itself, by cancelling the
/// `URLSessionTask` from a timer, so the time limits of the stack need no task and no thread hop of their own.
///
/// While other requests of the client are in flight, tasks are created and resumed on a serial queue of the
/// client's own rather than on the caller's thread: FoundationNetworking does both synchronously on the session's
/// internal queue, and a caller on Swift's cooperative pool would block one of its few threads whenever that queue
/// is busy with the other transfers. A lone request starts on the caller's thread, with no hop.
public struct URLSessionHTTPClient: HTTPClient, AttemptLimitingHTTPClient {
    private let session: URLSession
    private let starter = Starter()

    /// A client on its own ephemeral session.
    ///
    /// - Parameters:
    ///   - requestTimeout: the transport's backstop for a silent connection; use `TimeoutHTTPClient` for the
    ///     timeout you mean, since it is testable and covers the whole attempt.
    ///   - maximumConnectionsPerHost: how many connections may be open to one host at once.
    public init(requestTimeout: Duration = .seconds(60), maximumConnectionsPerHost: Int = 8) {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.urlCache = nil
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.httpCookieStorage = nil
        configuration.httpShouldSetCookies = false
        configuration.urlCredentialStorage = nil
        configuration.httpMaximumConnectionsPerHost = max(1, maximumConnectionsPerHost)
        let seconds = Double(max(requestTimeout, .milliseconds(1)).clampedNanoseconds) / 1e9
        configuration.timeoutIntervalForRequest = seconds
        configuration.timeoutIntervalForResource = max(seconds, 7 * 24 * 3600)
        self.init(session: URLSession(configuration: configuration))
    }

    /// A client on a session you configured yourself.
    public init(session: URLSession) {
        self.session = session
    }

    /// Sends `request`; see the type's documentation for cancellation.
    public func send(_ request: HTTPRequest) async throws(HTTPClientError) -> HTTPResponse {
        try await send(request, limit: nil)
    }

    /// Sends `request`, ending it with `limit.error` when `limit` passes first.
    package func send(
        _ request: HTTPRequest, within limit: AttemptLimit
    ) async throws(HTTPClientError) -> HTTPResponse {
        try await send(request, limit: limit)
    }

    private func send(_ request: HTTPRequest, limit: AttemptLimit?) async throws(HTTPClientError) -> HTTPResponse {
        let urlRequest = try Self.urlRequest(for: request)
        if Task.isCancelled { throw .cancelled }
        let exchange = Exchange()
        let result = await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                exchange.begin(continuation)
                if let limit { exchange.arm(limit) }
                starter.run { [session] in
                    exchange.start {
                        session.dataTask(with: urlRequest) { data, response, error in
                            exchange.finish(Self.result(data: data, response: response, error: error))
                        }
                    }
                }
            }
        } onCancel: {
            exchange.end(with: .cancelled)
        }
        starter.ended()
        exchange.disarm()
        return try result.get()
    }

    /// Checks what `URLSession` would otherwise send silently wrong (or crash on), then builds the request.
    static func urlRequest(for request: HTTPRequest) throws(HTTPClientError) -> URLRequest {
        try request.validate()
        var urlRequest = URLRequest(url: request.url)
        urlRequest.httpMethod = request.method.rawValue
        urlRequest.httpBody = request.body
        for field in request.headers {
            urlRequest.addValue(field.value, forHTTPHeaderField: field.name)
        }
        return urlRequest
    }

    static func result(
        data: Data?, response: URLResponse?, error: (any Error)?
    ) -> Result<HTTPResponse, HTTPClientError> {
        if let error {
            return .failure(map(error))
        }
        guard let response = response as? HTTPURLResponse else {
            return .failure(.invalidResponse)
        }
        var headers = HTTPHeaders()
        let fields = response.allHeaderFields.compactMap { key, value -> (String, String)? in
            guard let name = key as? String else { return nil }
            return (name, value as? String ?? String(describing: value))
        }
        for (name, value) in fields.sorted(by: { $0.0 < $1.0 }) {
            headers.add(name: name, value: value)
        }
        return .success(HTTPResponse(status: response.statusCode, headers: headers, body: data ?? Data()))
    }

    static func map(_ error: any Error) -> HTTPClientError {
        if let urlError = error as? URLError {
            switch urlError.code {
            case .cancelled: return .cancelled
            case .timedOut: return .timeout
            default: return .transport(code: urlError.code.rawValue)
            }
        }
        let nsError = error as NSError
        if nsError.domain == NSURLErrorDomain {
            switch nsError.code {
            case NSURLErrorCancelled: return .cancelled
            case NSURLErrorTimedOut: return .timeout
            default: break
            }
        }
        return .transport(code: nsError.code)
    }
}

/// Starts a client's requests: on the caller's thread when no other request of the client is in flight, on a
/// serial queue otherwise (see `URLSessionHTTPClient`).
final class Starter: Sendable {
    /// Set on the queue, so that tests can tell where a start ran.
    static let onQueue = DispatchSpecificKey<Bool>()

    private let queue = DispatchQueue(label: "URLSessionHTTPClient.starter")
    private let inFlight = Locked(0)

    init() {
        queue.setSpecific(key: Self.onQueue, value: true)
    }

    /// Runs `start` now or on the queue; each call is matched by one `ended()` once its request is over.
    func run(_ start: @escaping @Sendable () -> Void) {
        let busy = inFlight.withLock { count in
            defer { count += 1 }
            return count > 0
        }
        if busy { queue.async(execute: start) } else { start() }
    }

    func ended() {
        inFlight.withLock { $0 -= 1 }
    }
}

/// One request in flight: the `URLSessionTask`, the caller waiting for it and its time limit, ended once, by
/// whichever comes first: the answer, a cancellation or the limit (which may arrive before the task exists).
final class Exchange: Sendable {
    private typealias Outcome = Result<HTTPResponse, HTTPClientError>

    private struct State {
        var continuation: CheckedContinuation<Outcome, Never>?
        var task: URLSessionTask?
        var timer: AttemptTimer?
        var ended = false
        /// Why it ended before anyone waited (a cancellation that came first).
        var endedEarly: HTTPClientError?
    }

    private let state = Locked(State())

    func begin(_ continuation: CheckedContinuation<Result<HTTPResponse, HTTPClientError>, Never>) {
        let early = state.withLock { state -> HTTPClientError? in
            if state.endedEarly == nil { state.continuation = continuation }
            return state.endedEarly
        }
        if let early { continuation.resume(returning: .failure(early)) }
    }

    /// Makes the task and resumes it, unless the exchange already ended (then no task is made, or the one made
    /// meanwhile is never resumed: the request is not sent).
    func start(_ makeTask: () -> URLSessionTask) {
        guard !state.withLock({ $0.ended }) else { return }
        let task = makeTask()
        let ended = state.withLock { state in
            state.task = task
            return state.ended
        }
        if !ended { task.resume() }
    }

    /// Ends the exchange with `limit.error` when `limit` passes first.
    func arm(_ limit: AttemptLimit) {
        let timer = limit.schedule { self.end(with: limit.error) }
        let ended = state.withLock { state in
            state.timer = timer
            return state.ended
        }
        if ended { timer.cancel() }
    }

    /// The session answered (or failed).
    func finish(_ outcome: Result<HTTPResponse, HTTPClientError>) {
        let continuation = state.withLock { state -> CheckedContinuation<Outcome, Never>? in
            guard !state.ended else { return nil }
            state.ended = true
            defer { state.continuation = nil }
            return state.continuation
        }
        continuation?.resume(returning: outcome)
    }

    /// The caller was cancelled or the limit passed: the caller resumes at once and the task is cancelled.
    func end(with error: HTTPClientError) {
        let (continuation, task) = state.withLock { state -> (CheckedContinuation<Outcome, Never>?, URLSessionTask?) in
            guard !state.ended else { return (nil, nil) }
            state.ended = true
            if state.continuation == nil { state.endedEarly = error }
            defer { state.continuation = nil }
            return (state.continuation, state.task)
        }
        task?.cancel()
        continuation?.resume(returning: .failure(error))
    }

    /// Removes the time limit's timer, if it has not fired, and lets go of it: its action holds the exchange.
    func disarm() {
        state.withLock { state in
            defer { state.timer = nil }
            return state.timer
        }?.cancel()
    }
}
