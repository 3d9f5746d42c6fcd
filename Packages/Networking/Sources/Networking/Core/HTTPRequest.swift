public import Foundation

/// A request value. The body is plain bytes, never a stream, so a retry can send the very same request again.
public struct HTTPRequest: Hashable, Sendable {
    /// The method.
    public var method: HTTPMethod
    /// The absolute URL (`http` or `https`).
    public var url: URL
    /// The header fields.
    public var headers: HTTPHeaders
    /// The body bytes, replayable; nil for no body.
    public var body: Data?

    /// Creates a request.
    public init(method: HTTPMethod = .get, url: URL, headers: HTTPHeaders = [:], body: Data? = nil) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
    }

    /// Throws what every transport must refuse before anything goes on the wire: a URL that is not `http` or
    /// `https` with a host, a method that is not an HTTP token, and a header whose name is not a token or whose
    /// value holds CR, LF or NUL (which would let a value smuggle in another header).
    public func validate() throws(HTTPClientError) {
        let scheme = url.scheme?.lowercased() ?? ""
        guard scheme == "http" || scheme == "https", url.host != nil else {
            throw .invalidRequest(.unsupportedScheme(scheme))
        }
        guard method.isValidToken else {
            throw .invalidRequest(.invalidMethod(method.rawValue))
        }
        if let name = headers.firstInvalidFieldName {
            throw .invalidRequest(.invalidHeader(name: name))
        }
    }
}

/// A response value: whatever status the server chose, with its headers and the whole body.
public struct HTTPResponse: Hashable, Sendable {
    /// The status code.
    public var status: Int
    /// Header fields as received.
    public var headers: HTTPHeaders
    /// The body bytes.
    public var body: Data

    /// Creates a response.
    public init(status: Int, headers: HTTPHeaders = [:], body: Data = Data()) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// Whether the status is 2xx.
    public var isSuccess: Bool { (200..<300).contains(status) }
}
