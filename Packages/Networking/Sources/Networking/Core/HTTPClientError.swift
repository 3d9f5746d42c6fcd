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
