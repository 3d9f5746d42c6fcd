extension HTTPClientError: CustomStringConvertible {
    /// The failure as a phrase a message can carry ("the connection was refused"), never a value dump, so an app
    /// can show it to a person as it is.
    public var description: String {
        switch self {
        case .transport(let code): Self.transportPhrase(code)
        case .timeout: "the server did not answer in time"
        case .deadlineExceeded: "the request took longer than it was allowed to, retries included"
        case .cancelled: "the request was cancelled"
        case .invalidResponse: "the answer was not an HTTP response"
        case .invalidRequest(.unsupportedScheme(let scheme)):
            "only http and https addresses can be used, not '\(scheme)'"
        case .invalidRequest(.invalidMethod(let method)): "'\(method)' is not an HTTP method"
        case .invalidRequest(.invalidHeader(let name)): "the header '\(name)' cannot be sent as it is"
        case .refreshRejected(let status) where status < 500: "the session is over and could not be renewed"
        case .refreshRejected(let status): "the server failed to renew the session (HTTP \(status))"
        case .excessiveRefresh: "the server keeps refusing renewed sessions"
        }
    }

    /// `URLError` codes as phrases; other codes keep their number for support.
    private static func transportPhrase(_ code: Int) -> String {
        switch code {
        case -1004: "the connection was refused (is the server running?)"
        case -1003: "the server's name could not be found"
        case -1001: "the server did not answer in time"
        case -1005: "the connection was lost"
        case -1009: "this device is not connected to a network"
        case -1200, -1201, -1202, -1203, -1204, -1205, -1206: "a secure connection could not be made"
        default: "the connection failed (error \(code))"
        }
    }
}
