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
    /// The largest response body this request accepts, in bytes after any `Content-Encoding` is decoded.
    ///
    /// The transport enforces it while the body arrives: an answer that announces a longer `Content-Length` is
    /// refused before its body is read, and one that grows past the limit is cut off there, so no more than this
    /// many bytes of it are ever held. Either way the call throws ``HTTPClientError/responseTooLarge(limit:)``.
    /// A limit is what keeps a hostile or broken server (an endless body, a gzip bomb) from exhausting memory.
    public var maximumResponseBytes: Int = HTTPRequest.defaultMaximumResponseBytes

    /// The limit every request starts with: 16 MiB, generous for JSON, small enough that a few requests in
    /// flight cannot exhaust a phone's memory. Raise it per request for larger downloads.
    public static let defaultMaximumResponseBytes = 16 << 20

    /// Creates a request.
    public init(method: HTTPMethod = .get, url: URL, headers: HTTPHeaders = [:], body: Data? = nil) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
    }

    /// Creates a request that accepts answers up to `maximumResponseBytes` (see the property; a negative value
    /// counts as zero: only empty bodies).
    public init(
        method: HTTPMethod = .get, url: URL, headers: HTTPHeaders = [:], body: Data? = nil, maximumResponseBytes: Int
    ) {
        self.init(method: method, url: url, headers: headers, body: body)
        self.maximumResponseBytes = max(0, maximumResponseBytes)
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
