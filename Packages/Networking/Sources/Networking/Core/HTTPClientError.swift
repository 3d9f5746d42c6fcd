/// Why no response came back. A response with an error status is not an error at this level.
public enum HTTPClientError: Error, Hashable, Sendable {
    /// The connection failed; `code` is the underlying `URLError` (or system) code, e.g. -1004 when nothing listens.
    case transport(code: Int)
    /// One attempt took longer than its timeout (``TimeoutHTTPClient``, or the transport's own limit).
    case timeout
    /// The overall deadline passed, retries and backoff included (``DeadlineHTTPClient``); never retried.
    case deadlineExceeded
    /// The caller's task was cancelled; never retried.
    case cancelled
    /// Something arrived that is not an HTTP response.
    case invalidResponse
    /// The request cannot be sent as it is; nothing went on the wire.
    case invalidRequest(InvalidRequestReason)
    /// The server did not refresh the access token; `status` is its answer. A 4xx means the session is over and
    /// the user must sign in again; a 5xx means the server failed (a later request will try again).
    case refreshRejected(status: Int)
    /// More refreshes were needed in the refresh window than ``RefreshPolicy`` allows: the server keeps rejecting
    /// fresh tokens, so refreshing again would loop.
    case excessiveRefresh
    /// The answer's body is longer than the request's ``HTTPRequest/maximumResponseBytes`` (`limit`): announced
    /// longer by its `Content-Length` and refused before reading, or cut off when it grew past the limit. Never
    /// retried: the same server would send the same answer.
    case responseTooLarge(limit: Int)
    /// A redirect was not followed because ``RedirectPolicy`` forbids it; nothing was sent to its target. Never
    /// retried.
    case redirectRefused(RedirectRefusal)
}

extension HTTPClientError {
    /// Whether the server was never heard from (no connection, no answer in time), as opposed to a server that
    /// answered with something that cannot be used (garbage, an answer too large, a refused redirect) or a request
    /// that was cancelled or never sent. A screen tells the two apart: "is the server running?" is only the right
    /// question for the first.
    public var isUnreachable: Bool {
        switch self {
        case .transport, .timeout, .deadlineExceeded: true
        case .cancelled, .invalidResponse, .invalidRequest, .refreshRejected, .excessiveRefresh, .responseTooLarge,
            .redirectRefused:
            false
        }
    }
}

/// What makes a request unsendable.
public enum InvalidRequestReason: Hashable, Sendable {
    /// Only `http` and `https` URLs are sent; the scheme found (possibly empty).
    case unsupportedScheme(String)
    /// The method is not an HTTP token.
    case invalidMethod(String)
    /// A header name is not an HTTP token, or its value contains CR, LF or NUL (header injection).
    case invalidHeader(name: String)
}

/// Why ``RedirectingHTTPClient`` did not follow a redirect.
public enum RedirectRefusal: Hashable, Sendable {
    /// The request was already redirected `limit` times (a limit of 0: the policy follows no redirects).
    case tooManyRedirects(limit: Int)
    /// An `https` request was redirected to `http`, which would send it, and its answer, in clear text.
    case insecureRedirect
    /// A redirect (`status`) would have sent `method` with its body, or an unsafe method, to another origin
    /// (`origin`, such as `http://127.0.0.1:8081`): only GET and HEAD without a body may change origin.
    case unsafeRequestToAnotherOrigin(method: HTTPMethod, status: Int, origin: String)
    /// The `Location` is not an `http` or `https` URL with a host (a `file:` or `javascript:` URL, or text that
    /// is not a URL at all).
    case unsupportedLocation
}
