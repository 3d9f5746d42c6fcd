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
public struct URLSessionHTTPClient: HTTPClient {
    private let session: URLSession

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
        let urlRequest = try Self.urlRequest(for: request)
        if Task.isCancelled { throw .cancelled }
        let handle = TaskHandle()
        let result = await withTaskCancellationHandler {
            await withCheckedContinuation {
                (continuation: CheckedContinuation<Result<HTTPResponse, HTTPClientError>, Never>) in
                let task = session.dataTask(with: urlRequest) { data, response, error in
                    continuation.resume(returning: Self.result(data: data, response: response, error: error))
                }
                handle.start(task)
            }
        } onCancel: {
            handle.cancel()
        }
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

/// The running `URLSessionTask`, so cancellation (which may arrive before the task exists) reaches it.
private final class TaskHandle: Sendable {
    private struct State {
        var task: URLSessionTask?
        var isCancelled = false
    }

    private let state = Lock(State())

    func start(_ task: URLSessionTask) {
        let cancelled = state.withLock { state in
            state.task = task
            return state.isCancelled
        }
        task.resume()
        if cancelled { task.cancel() }
    }

    func cancel() {
        let task = state.withLock { state in
            state.isCancelled = true
            return state.task
        }
        task?.cancel()
    }
}
