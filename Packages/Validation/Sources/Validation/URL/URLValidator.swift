public import Foundation

/// Checks a link before the app stores, shows or opens it.
public protocol URLValidating: Sendable {
    /// Every failure found in `url` (as typed or received, before any parsing); empty when it is safe to use.
    func validate(url: String) -> [ValidationFailure]
}

extension URLValidating {
    /// Every failure found in an already parsed URL, judged by its absolute string.
    public func validate(url: URL) -> [ValidationFailure] {
        validate(url: url.absoluteString)
    }
}

extension Validator where Value == String {
    /// A URL validator as a composable ``Validator``, for forms that have a link field.
    public static func url(_ validator: some URLValidating) -> Validator {
        Validator { validator.validate(url: $0) }
    }
}

extension ValidationCode {
    /// The text is empty.
    public static let urlEmpty = ValidationCode(rawValue: "url.empty")
    /// The text is longer than the limit.
    public static let urlTooLong = ValidationCode(rawValue: "url.tooLong")
    /// The text contains whitespace; a URL has none (a space is `%20`).
    public static let urlWhitespace = ValidationCode(rawValue: "url.whitespace")
    /// The text contains a control character.
    public static let urlControlCharacter = ValidationCode(rawValue: "url.controlCharacter")
    /// The text has no scheme: it is a relative reference such as `/path` or `example.com`.
    public static let urlMissingScheme = ValidationCode(rawValue: "url.missingScheme")
    /// The scheme has characters a scheme cannot have (RFC 3986: a letter, then letters, digits, `+-.`).
    public static let urlInvalidScheme = ValidationCode(rawValue: "url.invalidScheme")
    /// The scheme is not in the allow-list.
    public static let urlSchemeNotAllowed = ValidationCode(rawValue: "url.schemeNotAllowed")
    /// The scheme runs code or reads local data when opened (`javascript:`, `data:`, `file:`, `vbscript:`),
    /// including spellings browsers still honour such as ` JavaScript:` or `java\tscript:`.
    public static let urlDangerousScheme = ValidationCode(rawValue: "url.dangerousScheme")
    /// The scheme needs a host (`http`, `https`, …) but the URL has none.
    public static let urlMissingHost = ValidationCode(rawValue: "url.missingHost")
    /// The host is not a well-formed domain name, IPv4 address or bracketed IPv6 address.
    public static let urlInvalidHost = ValidationCode(rawValue: "url.invalidHost")
    /// The port is not a number from 0 to 65535.
    public static let urlInvalidPort = ValidationCode(rawValue: "url.invalidPort")
    /// The URL carries a user name or password (`https://bank.example@evil.example`).
    public static let urlCredentialsNotAllowed = ValidationCode(rawValue: "url.credentialsNotAllowed")
    /// The URL contains a character that must be percent-encoded (`<` `>` `"` `\` `^` `{` `|` `}`, a backtick or an
    /// invisible one).
    public static let urlInvalidCharacter = ValidationCode(rawValue: "url.invalidCharacter")
    /// A `%` is not followed by two hexadecimal digits.
    public static let urlInvalidPercentEncoding = ValidationCode(rawValue: "url.invalidPercentEncoding")

    /// Every code the URL validator reports, in the order it reports them.
    public static var urlCodes: [ValidationCode] {
        URLFailureReason.allCases.map(\.code)
    }
}

/// What the URL validator accepts.
public struct URLValidationOptions: Hashable, Sendable {
    /// The schemes accepted, lower case. Anything else is refused, which is what keeps `javascript:` out.
    public var allowedSchemes: Set<String>
    /// The schemes whose URLs must name a host.
    public var schemesRequiringHost: Set<String>
    /// Accept `user:password@` before the host; off because it is mostly used to disguise the real host.
    public var allowsCredentials: Bool
    /// Accept Unicode letters in the host (`bücher.example`); off because look-alike letters from other
    /// scripts disguise hosts. The punycode form (`xn--bcher-kva.example`) is always accepted.
    public var allowsInternationalizedHost: Bool
    /// The longest URL, in UTF-8 bytes.
    public var maximumLength: Int

    /// The schemes that run code or expose local data when a link is opened.
    public static let dangerousSchemes: Set<String> = ["javascript", "data", "file", "vbscript"]

    /// Creates options; the defaults accept web links only.
    public init(
        allowedSchemes: Set<String> = ["http", "https"],
        schemesRequiringHost: Set<String> = ["http", "https", "ws", "wss", "ftp"],
        allowsCredentials: Bool = false,
        allowsInternationalizedHost: Bool = false,
        maximumLength: Int = 2_048
    ) {
        self.allowedSchemes = Set(allowedSchemes.map { $0.lowercased() })
        self.schemesRequiringHost = Set(schemesRequiringHost.map { $0.lowercased() })
        self.allowsCredentials = allowsCredentials
        self.allowsInternationalizedHost = allowsInternationalizedHost
        self.maximumLength = maximumLength
    }
}

/// Validates absolute URLs against a scheme allow-list with a hand-written scanner (RFC 3986 syntax), and
/// also reads the text the way browsers do, so a dangerous scheme hidden by whitespace is still named.
public struct URLValidator: URLValidating {
    /// What is accepted.
    public let options: URLValidationOptions

    /// Creates the validator.
    public init(options: URLValidationOptions = URLValidationOptions()) {
        self.options = options
    }

    /// Every failure found in `url`, in the order of ``ValidationCode/urlCodes``, each at most once.
    public func validate(url: String) -> [ValidationFailure] {
        var text = url
        return text.withUTF8 { bytes in
            var scanner = URLScanner(bytes: bytes, options: options)
            return scanner.scan().failures
        }
    }
}
