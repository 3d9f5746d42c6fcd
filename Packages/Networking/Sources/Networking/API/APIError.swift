public import Foundation

/// Why a typed API call failed.
public enum APIError: Error, Hashable, Sendable {
    /// No response: the HTTP client's error (timeout, cancelled, transport code, refresh failures, ...).
    case transport(HTTPClientError)
    /// The server answered with a status the endpoint does not accept (4xx or 5xx, or an unexpected 1xx/3xx);
    /// carries the status and the server's error body.
    case http(ServerErrorResponse)
    /// The success body does not match the response type; names the field path.
    case decoding(DecodingFailure)
    /// The request body could not be encoded (for example a non-finite number); names the field path.
    case encoding(path: String, description: String)
    /// The endpoint's path and query do not form a valid URL under the base URL.
    case invalidEndpoint(path: String)
}

/// A non-accepted response and what the server said about it.
///
/// `code`, `message` and `fields` are read from the common JSON error envelope
/// `{"error": {"code", "message", "fields": [{"field", "code"}]}}` when the body is one; any other body still
/// arrives untouched in `body` (with `headers`), for an app whose API speaks another format to read itself.
public struct ServerErrorResponse: Hashable, Sendable {
    /// One invalid field of a 422 answer.
    public struct FieldError: Hashable, Sendable, Decodable {
        /// The field's name, or a dotted path to it.
        public var field: String
        /// A stable code such as `missing_at`.
        public var code: String

        /// Creates a field error.
        public init(field: String, code: String) {
            self.field = field
            self.code = code
        }
    }

    /// The status.
    public var status: Int
    /// The server's stable error code (`validation_failed`, `not_found`, ...), if its body had one.
    public var code: String?
    /// The server's message, for logs only; never branch on it.
    public var message: String?
    /// Invalid fields, for validation failures.
    public var fields: [FieldError]
    /// The response headers (`Retry-After`, `WWW-Authenticate`, ...).
    public var headers: HTTPHeaders
    /// The raw body.
    public var body: Data

    /// Creates an error response.
    public init(
        status: Int,
        code: String? = nil,
        message: String? = nil,
        fields: [FieldError] = [],
        headers: HTTPHeaders = [:],
        body: Data = Data()
    ) {
        self.status = status
        self.code = code
        self.message = message
        self.fields = fields
        self.headers = headers
        self.body = body
    }

    /// Reads the error envelope out of `response` when there is one.
    public init(_ response: HTTPResponse) {
        struct Envelope: Decodable {
            struct Body: Decodable {
                var code: String?
                var message: String?
                var fields: [FieldError]?
            }
            var error: Body
        }
        let envelope = try? JSONDecoder().decode(Envelope.self, from: response.body)
        self.init(
            status: response.status,
            code: envelope?.error.code,
            message: envelope?.error.message,
            fields: envelope?.error.fields ?? [],
            headers: response.headers,
            body: response.body
        )
    }
}

/// A response body that does not decode: which answer (``request``), which field (``path``, such as
/// `items[2].title`) and what is wrong with it (``kind``). Its description says so in a sentence, and that the
/// server did answer.
public struct DecodingFailure: Hashable, Sendable, CustomStringConvertible {
    /// What went wrong.
    public enum Kind: Hashable, Sendable {
        /// A value has another type than expected.
        case typeMismatch
        /// A required key is absent.
        case missingKey
        /// A required value is null.
        case missingValue
        /// The data is not valid JSON, or a value is malformed.
        case corrupted
    }

    /// What went wrong.
    public var kind: Kind
    /// The coding path, dotted, with array indices in brackets; empty for the top level.
    public var path: String
    /// The decoder's explanation, for logs: it names Swift types, so it is not part of ``description``.
    public var detail: String
    /// The method and path of the request whose answer this was (`GET /v1/me`), as ``APIClient`` sent it; empty
    /// when unknown.
    public var request: String = ""

    /// Creates a failure.
    public init(kind: Kind, path: String, detail: String) {
        self.kind = kind
        self.path = path
        self.detail = detail
    }

    /// Creates a failure of the answer to `request` (`GET /v1/me`).
    public init(kind: Kind, path: String, detail: String, request: String) {
        self.init(kind: kind, path: path, detail: detail)
        self.request = request
    }

    /// Maps Foundation's `DecodingError`.
    public init(_ error: DecodingError) {
        switch error {
        case .typeMismatch(_, let context):
            self.init(kind: .typeMismatch, path: Self.path(context.codingPath), detail: context.debugDescription)
        case .valueNotFound(_, let context):
            self.init(kind: .missingValue, path: Self.path(context.codingPath), detail: context.debugDescription)
        case .keyNotFound(let key, let context):
            self.init(
                kind: .missingKey, path: Self.path(context.codingPath + [key]), detail: context.debugDescription)
        case .dataCorrupted(let context):
            self.init(kind: .corrupted, path: Self.path(context.codingPath), detail: context.debugDescription)
        @unknown default:
            self.init(kind: .corrupted, path: "", detail: String(describing: error))
        }
    }

    /// What was wrong with which field of which answer, as a sentence: "The server answered GET /v1/me, but its
    /// answer has no field 'token_version'."
    public var description: String {
        let answered = request.isEmpty ? "The server answered, but" : "The server answered \(request), but"
        let field = "the field '\(path)' of its answer"
        let problem: String
        switch kind {
        case .missingKey where path.isEmpty: problem = "its answer lacks a field it needs"
        case .missingKey: problem = "its answer has no field '\(path)'"
        case .missingValue where path.isEmpty: problem = "its answer is null where a value is needed"
        case .missingValue: problem = "\(field) is null where a value is needed"
        case .typeMismatch where path.isEmpty: problem = "its answer has another shape than expected"
        case .typeMismatch: problem = "\(field) holds a value of the wrong type"
        case .corrupted where path.isEmpty: problem = "its answer could not be read as JSON"
        case .corrupted: problem = "\(field) holds a value that cannot be read"
        }
        return "\(answered) \(problem)."
    }

    /// `items[2].amount` from a coding path.
    static func path(_ codingPath: [any CodingKey]) -> String {
        var text = ""
        for key in codingPath {
            if let index = key.intValue {
                text += "[\(index)]"
            } else {
                text += text.isEmpty ? key.stringValue : ".\(key.stringValue)"
            }
        }
        return text
    }
}
