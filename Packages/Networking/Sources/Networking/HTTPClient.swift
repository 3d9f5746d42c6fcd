public import Foundation

/// Sends one HTTP request and returns the response, whatever its status.
///
/// The single capability every transport and decorator provides; status codes are data here, not errors.
public protocol HTTPClient: Sendable {
    /// Sends `request` and returns the server's response.
    func send(_ request: HTTPRequest) async throws(HTTPClientError) -> HTTPResponse
}

/// A request value; its body is plain bytes, so it can be sent again by a retry.
public struct HTTPRequest: Hashable, Sendable {
    /// The method, upper case (`GET`, `POST`, ...).
    public var method: String
    /// The absolute URL.
    public var url: URL
    /// Header fields; names are compared case-insensitively by transports.
    public var headers: [String: String]
    /// The body bytes, replayable.
    public var body: Data?

    /// Creates a request.
    public init(method: String = "GET", url: URL, headers: [String: String] = [:], body: Data? = nil) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
    }
}

/// A response value.
public struct HTTPResponse: Hashable, Sendable {
    /// The status code.
    public var status: Int
    /// Header fields as received.
    public var headers: [String: String]
    /// The body bytes.
    public var body: Data

    /// Creates a response.
    public init(status: Int, headers: [String: String] = [:], body: Data = Data()) {
        self.status = status
        self.headers = headers
        self.body = body
    }
}

/// Why no response came back.
public enum HTTPClientError: Error, Hashable, Sendable {
    /// The connection failed; `code` is the underlying system or URL-loading error code.
    case transport(code: Int)
    /// No response arrived in time.
    case timeout
    /// The caller's task was cancelled.
    case cancelled
    /// Something arrived that is not an HTTP response.
    case invalidResponse
}
