import Essentials
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
/// never hidden state in the transport.
///
/// **Redirects are not followed**: a 3xx answer is returned as a response, like any status, and
/// `RedirectingHTTPClient` (part of `HTTPStack`) decides what may follow it. Left to itself, `URLSession` would
/// send the request's `Authorization` and cookies to whatever origin a server names.
///
/// **The body is read as it arrives and bounded** by the request's `maximumResponseBytes`, counted after any
/// `Content-Encoding` is decoded: an answer whose `Content-Length` announces more is refused as soon as its head
/// arrives, and one that grows past the limit (an endless chunked body, a gzip bomb) is cancelled at the chunk
/// that would cross it. Either throws `.responseTooLarge(limit:)`; no more than the limit is ever kept.
///
/// Under a `TimeoutHTTPClient` the transport ends each attempt at its time limit itself, by cancelling the
/// `URLSessionTask` from a timer, so the time limits of the stack need no task and no thread hop of their own; a
/// limit ends an attempt whatever it is doing, sending, waiting or still receiving a body that keeps coming.
///
/// While other requests of the client are in flight, tasks are created and resumed on a serial queue of the
/// client's own rather than on the caller's thread: FoundationNetworking does both synchronously on the session's
/// internal queue, and a caller on Swift's cooperative pool would block one of its few threads whenever that queue
/// is busy with the other transfers. A lone request starts on the caller's thread, with no hop.
public struct URLSessionHTTPClient: HTTPClient, AttemptLimitingHTTPClient {
    private let core: SessionCore

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
        self.init(configuration: configuration)
    }

    /// A client on a session made from `configuration`, as you configured it (caches, cookies, proxies, TLS).
    /// The client owns the session: it is its delegate (how redirects are declined and bodies bounded), and it
    /// is invalidated when the last copy of the client goes away.
    public init(configuration: URLSessionConfiguration) {
        core = SessionCore(configuration: configuration)
    }

    /// What the client has held so far, for tests that bound its memory.
    var statistics: TransportStatistics {
        core.delegate.statistics
    }

    /// Sends `request`; see the type's documentation for cancellation, redirects and the size limit.
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
        let exchange = Exchange(
            method: request.method, maximumBodyBytes: request.maximumResponseBytes, delegate: core.delegate)
        let core = self.core
        let result = await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                exchange.begin(continuation)
                if let limit { exchange.arm(limit) }
                core.starter.run {
                    exchange.start(
                        { core.session.dataTask(with: urlRequest) },
                        register: { core.delegate.register(exchange, for: $0) })
                }
            }
        } onCancel: {
            exchange.end(with: .cancelled)
        }
        core.starter.ended()
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

    /// The error `URLSession` reported, as the case the stack acts on. `afterResponse`: whether the answer's head
    /// had arrived.
    static func map(_ error: any Error, afterResponse: Bool = false) -> HTTPClientError {
        let code: Int
        if let urlError = error as? URLError {
            code = urlError.code.rawValue
        } else {
            let nsError = error as NSError
            code = nsError.code
            guard nsError.domain == NSURLErrorDomain else { return .transport(code: code) }
        }
        switch code {
        case NSURLErrorCancelled: return .cancelled
        case NSURLErrorTimedOut: return .timeout
        // An answer that is not HTTP (a garbage status line, nothing at all, an undecodable body). The request was
        // validated before sending, so FoundationNetworking's "unsupported URL" here means curl refused the
        // answer (it takes a status line it cannot read for HTTP/0.9, which it does not speak).
        case NSURLErrorBadServerResponse, NSURLErrorCannotParseResponse, NSURLErrorCannotDecodeContentData,
            NSURLErrorCannotDecodeRawData, NSURLErrorUnsupportedURL:
            return .invalidResponse
        // FoundationNetworking reports a body cut short (the server closed before it ended) as an unknown error;
        // Apple's URLSession, and what it is, say the connection was lost.
        case NSURLErrorUnknown where afterResponse: return .transport(code: NSURLErrorNetworkConnectionLost)
        default: return .transport(code: code)
        }
    }
}

/// What a client has held, for tests that bound its memory deterministically.
struct TransportStatistics: Hashable, Sendable {
    /// The most body bytes one exchange of the client has held at once.
    var largestBodyHeld = 0
    /// Exchanges registered with the session delegate now: zero once every request has completed.
    var exchangesRegistered = 0
}

/// The session and its delegate, shared by every copy of a client; the session is invalidated with the last copy.
final class SessionCore: Sendable {
    let session: URLSession
    let delegate: SessionDelegate
    let starter = Starter()

    init(configuration: URLSessionConfiguration) {
        delegate = SessionDelegate(canceller: TaskCanceller())
        session = URLSession(configuration: configuration, delegate: delegate, delegateQueue: nil)
    }

    deinit {
        // A session keeps its delegate, and on Apple systems itself, alive until it is invalidated.
        session.finishTasksAndInvalidate()
    }
}

/// Cancels `URLSessionTask`s on a serial queue of its own, never on the thread that decides to.
///
/// FoundationNetworking's `cancel()` waits for the session's internal queue (`workQueue.sync`), and while a
/// server floods a connection that queue stays busy reading it, for seconds or minutes on a loaded machine. Called
/// on the session's delegate queue, the wait would stop the delegate from draining (and dropping) what keeps
/// arriving, and the session's backlog of undelivered chunks would grow without bound; called on the timer
/// thread, it would hold every other request's time limit. So the decision is made where it happens (the caller
/// resumes at once) and the cancellation itself waits here.
final class TaskCanceller: Sendable {
    private let queue: DispatchQueue

    /// A canceller on `queue` (tests suspend it to hold cancellations back).
    init(queue: DispatchQueue = DispatchQueue(label: "URLSessionHTTPClient.canceller")) {
        self.queue = queue
    }

    func cancel(_ task: URLSessionTask) {
        queue.async { task.cancel() }
    }
}

/// Routes the session's events to the exchange of each task: the answer's head, its body as it arrives, the end.
/// Declines every redirect, so that the answer comes back as it is.
final class SessionDelegate: NSObject, URLSessionDataDelegate, Sendable {
    private struct State {
        var exchanges: [Int: Exchange] = [:]
        var statistics = TransportStatistics()
    }

    private let state = LockedValue(State())
    let canceller: TaskCanceller

    init(canceller: TaskCanceller) {
        self.canceller = canceller
    }

    var statistics: TransportStatistics {
        state.withLock { state in
            var statistics = state.statistics
            statistics.exchangesRegistered = state.exchanges.count
            return statistics
        }
    }

    func register(_ exchange: Exchange, for task: URLSessionTask) {
        state.withLock { $0.exchanges[task.taskIdentifier] = exchange }
    }

    /// An exchange ended having held at most `bytes` of body at once.
    func held(_ bytes: Int) {
        guard bytes > 0 else { return }
        state.withLock { $0.statistics.largestBodyHeld = max($0.statistics.largestBodyHeld, bytes) }
    }

    private func exchange(for task: URLSessionTask) -> Exchange? {
        state.withLock { $0.exchanges[task.taskIdentifier] }
    }

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
    ) {
        // FoundationNetworking ignores the disposition; an exchange that refuses the answer cancels its task itself.
        completionHandler(exchange(for: dataTask)?.receive(response) ?? false ? .allow : .cancel)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        exchange(for: dataTask)?.receive(data)
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        completionHandler(nil)
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        let exchange = state.withLock { $0.exchanges.removeValue(forKey: task.taskIdentifier) }
        exchange?.complete(error: error)
    }
}

/// Starts a client's requests: on the caller's thread when no other request of the client is in flight, on a
/// serial queue otherwise (see `URLSessionHTTPClient`).
final class Starter: Sendable {
    /// Set on the queue, so that tests can tell where a start ran.
    static let onQueue = DispatchSpecificKey<Bool>()

    private let queue = DispatchQueue(label: "URLSessionHTTPClient.starter")
    private let inFlight = LockedValue(0)

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

/// One request in flight: the `URLSessionTask`, the caller waiting for it, its time limit and the body received
/// so far, ended once, by whichever comes first: the answer, a cancellation, the limit (which may arrive before
/// the task exists) or a body over its size limit.
final class Exchange: Sendable {
    private typealias Outcome = Result<HTTPResponse, HTTPClientError>

    private struct State {
        var continuation: CheckedContinuation<Outcome, Never>?
        var task: URLSessionTask?
        var timer: AttemptTimer?
        var ended = false
        /// Why it ended before anyone waited (a cancellation that came first).
        var endedEarly: HTTPClientError?
        var response: HTTPURLResponse?
        var body = Data()
        /// The most body bytes held at once (the body is dropped when the exchange ends).
        var held = 0
    }

    private let state = LockedValue(State())
    private let method: HTTPMethod
    private let maximumBodyBytes: Int
    /// Told how much body the exchange held, once, as it ends.
    private let delegate: SessionDelegate?

    init(
        method: HTTPMethod = .get, maximumBodyBytes: Int = HTTPRequest.defaultMaximumResponseBytes,
        delegate: SessionDelegate? = nil
    ) {
        self.method = method
        self.maximumBodyBytes = max(0, maximumBodyBytes)
        self.delegate = delegate
    }

    func begin(_ continuation: CheckedContinuation<Result<HTTPResponse, HTTPClientError>, Never>) {
        let early = state.withLock { state -> HTTPClientError? in
            if state.endedEarly == nil { state.continuation = continuation }
            return state.endedEarly
        }
        if let early { continuation.resume(returning: .failure(early)) }
    }

    /// Makes the task, registers it and resumes it, unless the exchange already ended: then no task is made, or
    /// the one made meanwhile is cancelled before it was ever resumed (the request is not sent).
    func start(_ makeTask: () -> URLSessionTask, register: (URLSessionTask) -> Void = { _ in }) {
        guard !state.withLock({ $0.ended }) else { return }
        let task = makeTask()
        register(task)
        let ended = state.withLock { state in
            state.task = task
            return state.ended
        }
        if ended { cancel(task) } else { task.resume() }
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

    /// The answer's head arrived; false when it announces a body over the limit (the exchange has then ended).
    func receive(_ response: URLResponse) -> Bool {
        guard let response = response as? HTTPURLResponse else { return true }
        let status = response.statusCode
        let hasBody = method != .head && !(100..<200).contains(status) && status != 204 && status != 304
        if hasBody, let declared = response.value(forHTTPHeaderField: "Content-Length").flatMap({ Int64($0) }),
            declared > Int64(maximumBodyBytes)
        {
            end(with: .responseTooLarge(limit: maximumBodyBytes))
            return false
        }
        state.withLock { $0.response = response }
        return true
    }

    /// A piece of the body arrived: kept while the body stays within the limit; the piece that would cross it
    /// ends the exchange, and once it has ended every piece is dropped.
    func receive(_ data: Data) {
        let crosses = state.withLock { state -> Bool in
            guard !state.ended else { return false }
            guard state.body.count + data.count <= maximumBodyBytes else { return true }
            state.body.append(data)
            state.held = max(state.held, state.body.count)
            return false
        }
        if crosses { end(with: .responseTooLarge(limit: maximumBodyBytes)) }
    }

    /// The session finished the task (or failed it).
    func complete(error: (any Error)?) {
        let outcome = state.withLock { state -> Outcome in
            if let error {
                return .failure(URLSessionHTTPClient.map(error, afterResponse: state.response != nil))
            } else if let response = state.response {
                return .success(Self.response(response, body: state.body))
            } else {
                return .failure(.invalidResponse)
            }
        }
        finish(outcome)
    }

    private static func response(_ response: HTTPURLResponse, body: Data) -> HTTPResponse {
        var headers = HTTPHeaders()
        let fields = response.allHeaderFields.compactMap { key, value -> (String, String)? in
            guard let name = key as? String else { return nil }
            return (name, value as? String ?? String(describing: value))
        }
        for (name, value) in fields.sorted(by: { $0.0 < $1.0 }) {
            headers.add(name: name, value: value)
        }
        return HTTPResponse(status: response.statusCode, headers: headers, body: body)
    }

    /// The exchange ended with `outcome`, unless it had ended already.
    func finish(_ outcome: Result<HTTPResponse, HTTPClientError>) {
        let ending = state.withLock { state -> (CheckedContinuation<Outcome, Never>?, held: Int)? in
            guard !state.ended else { return nil }
            state.ended = true
            state.body = Data()
            defer { state.continuation = nil }
            return (state.continuation, state.held)
        }
        guard let ending else { return }
        delegate?.held(ending.held)
        ending.0?.resume(returning: outcome)
    }

    /// The caller was cancelled, the limit passed or the body grew too large: the caller resumes at once, then
    /// the task is cancelled and the body received so far let go.
    func end(with error: HTTPClientError) {
        let ending = state.withLock {
            state -> (CheckedContinuation<Outcome, Never>?, URLSessionTask?, held: Int)? in
            guard !state.ended else { return nil }
            state.ended = true
            state.body = Data()
            if state.continuation == nil { state.endedEarly = error }
            defer { state.continuation = nil }
            return (state.continuation, state.task, state.held)
        }
        guard let ending else { return }
        delegate?.held(ending.held)
        ending.0?.resume(returning: .failure(error))
        if let task = ending.1 { cancel(task) }
    }

    private func cancel(_ task: URLSessionTask) {
        if let delegate { delegate.canceller.cancel(task) } else { task.cancel() }
    }

    /// Removes the time limit's timer, if it has not fired, and lets go of it: its action holds the exchange.
    func disarm() {
        state.withLock { state in
            defer { state.timer = nil }
            return state.timer
        }?.cancel()
    }
}
