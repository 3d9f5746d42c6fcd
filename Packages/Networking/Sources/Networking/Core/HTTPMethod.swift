/// An HTTP request method.
///
/// A struct rather than an enum so that extension methods (`PROPFIND`, ...) remain expressible; methods are
/// case-sensitive (RFC 9110 §9.1), so `"get"` is not `GET`.
public struct HTTPMethod: RawRepresentable, Hashable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
    /// The method token as sent on the wire.
    public let rawValue: String

    /// Wraps a method token; the transport rejects tokens with characters HTTP does not allow.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    /// Lets `"PROPFIND"` stand for a method where a method is expected.
    public init(stringLiteral value: String) {
        self.rawValue = value
    }

    /// `GET`
    public static let get = HTTPMethod(rawValue: "GET")
    /// `HEAD`
    public static let head = HTTPMethod(rawValue: "HEAD")
    /// `POST`
    public static let post = HTTPMethod(rawValue: "POST")
    /// `PUT`
    public static let put = HTTPMethod(rawValue: "PUT")
    /// `PATCH`
    public static let patch = HTTPMethod(rawValue: "PATCH")
    /// `DELETE`
    public static let delete = HTTPMethod(rawValue: "DELETE")
    /// `OPTIONS`
    public static let options = HTTPMethod(rawValue: "OPTIONS")
    /// `TRACE`
    public static let trace = HTTPMethod(rawValue: "TRACE")

    /// The methods RFC 9110 §9.2.2 defines as idempotent: sending one twice has the effect of sending it once,
    /// which is what makes a blind retry safe.
    public static let idempotent: Set<HTTPMethod> = [.get, .head, .options, .put, .delete, .trace]

    /// Whether repeating the request is safe without an `Idempotency-Key`.
    public var isIdempotent: Bool { Self.idempotent.contains(self) }

    /// The method token, for logs.
    public var description: String { rawValue }

    /// Whether the raw value is a valid RFC 9110 token (what may be put on the wire).
    var isValidToken: Bool {
        !rawValue.isEmpty && rawValue.utf8.allSatisfy(HTTPHeaders.isTokenCharacter)
    }
}
