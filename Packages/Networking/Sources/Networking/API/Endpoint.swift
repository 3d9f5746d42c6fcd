public import Foundation

/// A typed API call: method, path, query, optional body and how to read the response.
///
/// Values are cheap to make; an app declares its API as static factories returning endpoints (one file per
/// resource) and sends them with ``APIClient``. The body is encoded when the call is sent, so an unencodable body
/// becomes `APIError.encoding`.
public struct Endpoint<Response: Sendable>: Sendable {
    /// The method.
    public var method: HTTPMethod
    /// The path below the base URL, starting with `/`, percent-encoded (see `Endpoint.escape`).
    public var path: String
    /// Query items, encoded by the client.
    public var query: [(name: String, value: String)]
    /// Extra headers (`Idempotency-Key`, ...). `Accept` and `Content-Type` are set by the client.
    public var headers: HTTPHeaders
    /// The JSON body, if any.
    public var body: (any Encodable & Sendable)?
    /// Statuses treated as success; anything else becomes `APIError.http`.
    public var acceptedStatuses: Range<Int>
    /// The largest answer accepted, in bytes (``HTTPRequest/maximumResponseBytes``); a longer one fails with
    /// `APIError.transport(.responseTooLarge(limit:))` before it is all read.
    public var maximumResponseBytes = HTTPRequest.defaultMaximumResponseBytes
    /// Reads a successful response.
    let decode: @Sendable (HTTPResponse) throws(APIError) -> Response

    /// An endpoint with a custom reader of successful responses.
    public init(
        method: HTTPMethod,
        path: String,
        query: [(name: String, value: String)] = [],
        headers: HTTPHeaders = [:],
        body: (any Encodable & Sendable)? = nil,
        acceptedStatuses: Range<Int> = 200..<300,
        decode: @escaping @Sendable (HTTPResponse) throws(APIError) -> Response
    ) {
        self.method = method
        self.path = path
        self.query = query
        self.headers = headers
        self.body = body
        self.acceptedStatuses = acceptedStatuses
        self.decode = decode
    }

    /// Percent-encodes one path segment, so an identifier like `../admin` or `a/b` stays one segment.
    public static func escape(_ segment: String) -> String {
        var allowed = CharacterSet.urlPathAllowed
        allowed.remove(charactersIn: "/;?#%")
        let escaped = segment.addingPercentEncoding(withAllowedCharacters: allowed) ?? ""
        return escaped == "." || escaped == ".." ? escaped.replacingOccurrences(of: ".", with: "%2E") : escaped
    }
}

extension Endpoint where Response: Decodable {
    /// An endpoint whose successful response body is JSON decoded as `Response`.
    public init(
        method: HTTPMethod,
        path: String,
        query: [(name: String, value: String)] = [],
        headers: HTTPHeaders = [:],
        body: (any Encodable & Sendable)? = nil,
        acceptedStatuses: Range<Int> = 200..<300
    ) {
        self.init(
            method: method, path: path, query: query, headers: headers, body: body, acceptedStatuses: acceptedStatuses
        ) { response throws(APIError) in
            do {
                return try JSONDecoder.api.decode(Response.self, from: response.body)
            } catch let error as DecodingError {
                throw .decoding(DecodingFailure(error))
            } catch {
                throw .decoding(DecodingFailure(kind: .corrupted, path: "", detail: String(describing: error)))
            }
        }
    }
}

extension Endpoint where Response == Data {
    /// An endpoint whose successful response is returned as raw bytes (for payloads another layer parses, such
    /// as a list where one malformed entry must not fail the rest).
    public static func raw(
        method: HTTPMethod,
        path: String,
        query: [(name: String, value: String)] = [],
        headers: HTTPHeaders = [:],
        body: (any Encodable & Sendable)? = nil
    ) -> Endpoint<Data> {
        Endpoint<Data>(method: method, path: path, query: query, headers: headers, body: body) {
            response throws(APIError) in response.body
        }
    }
}

extension JSONDecoder {
    /// The API's decoding conventions: ISO 8601 dates.
    static var api: JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return decoder
    }
}

extension JSONEncoder {
    /// The API's encoding conventions: ISO 8601 dates, sorted keys (stable bodies, stable idempotency).
    static var api: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }
}
