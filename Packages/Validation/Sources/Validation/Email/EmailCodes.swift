extension ValidationCode {
    /// The address has no unquoted `@` separating the local part from the domain.
    public static let emailMissingAt = ValidationCode(rawValue: "email.missingAt")
    /// The address has more than one unquoted `@`.
    public static let emailMultipleAt = ValidationCode(rawValue: "email.multipleAt")
    /// The address contains whitespace (a space outside quotes, a tab, a line break, a Unicode space).
    public static let emailWhitespace = ValidationCode(rawValue: "email.whitespace")
    /// The address contains a control character (U+0000–U+001F, U+007F–U+009F) that is not whitespace.
    public static let emailControlCharacter = ValidationCode(rawValue: "email.controlCharacter")
    /// The address contains non-ASCII characters but internationalized addresses are not allowed.
    public static let emailInternationalizedNotAllowed = ValidationCode(
        rawValue: "email.internationalizedNotAllowed")
    /// The whole address is longer than 254 UTF-8 bytes.
    public static let emailAddressTooLong = ValidationCode(rawValue: "email.addressTooLong")
    /// The part before the `@` is empty (or an empty quoted string, `""`).
    public static let emailEmptyLocalPart = ValidationCode(rawValue: "email.emptyLocalPart")
    /// The local part is longer than 64 UTF-8 bytes.
    public static let emailLocalPartTooLong = ValidationCode(rawValue: "email.localPartTooLong")
    /// The local part contains a character that is not allowed outside quotes (such as `,`, `(`, `\`).
    public static let emailInvalidCharacter = ValidationCode(rawValue: "email.invalidCharacter")
    /// The local part starts with a dot.
    public static let emailLocalPartLeadingDot = ValidationCode(rawValue: "email.localPartLeadingDot")
    /// The local part ends with a dot.
    public static let emailLocalPartTrailingDot = ValidationCode(rawValue: "email.localPartTrailingDot")
    /// The local part contains two dots in a row.
    public static let emailLocalPartConsecutiveDots = ValidationCode(rawValue: "email.localPartConsecutiveDots")
    /// The local part is quoted but quoted local parts are not allowed.
    public static let emailQuotedLocalPartNotAllowed = ValidationCode(rawValue: "email.quotedLocalPartNotAllowed")
    /// A quoted string is opened but never closed.
    public static let emailUnterminatedQuote = ValidationCode(rawValue: "email.unterminatedQuote")
    /// A quoted string does not make up the whole local part (`a"b"@…`, `"a"b@…`).
    public static let emailMisplacedQuote = ValidationCode(rawValue: "email.misplacedQuote")
    /// The part after the `@` is empty.
    public static let emailEmptyDomain = ValidationCode(rawValue: "email.emptyDomain")
    /// The domain is longer than 253 UTF-8 bytes.
    public static let emailDomainTooLong = ValidationCode(rawValue: "email.domainTooLong")
    /// The domain contains a character other than letters, digits, `-` and `.`.
    public static let emailDomainInvalidCharacter = ValidationCode(rawValue: "email.domainInvalidCharacter")
    /// The domain has an empty label: a leading, trailing or doubled dot (`a..b`).
    public static let emailDomainEmptyLabel = ValidationCode(rawValue: "email.domainEmptyLabel")
    /// A domain label is longer than 63 UTF-8 bytes.
    public static let emailDomainLabelTooLong = ValidationCode(rawValue: "email.domainLabelTooLong")
    /// A domain label starts with `-`.
    public static let emailDomainLabelLeadingHyphen = ValidationCode(rawValue: "email.domainLabelLeadingHyphen")
    /// A domain label ends with `-`.
    public static let emailDomainLabelTrailingHyphen = ValidationCode(rawValue: "email.domainLabelTrailingHyphen")
    /// The last domain label is all digits (`example.123`), which no top-level domain is.
    public static let emailNumericTopLevelDomain = ValidationCode(rawValue: "email.numericTopLevelDomain")
    /// The domain has a single label (`localhost`) but single-label domains are not allowed.
    public static let emailSingleLabelDomain = ValidationCode(rawValue: "email.singleLabelDomain")
    /// The domain is an address literal (`[192.0.2.1]`) but address literals are not allowed.
    public static let emailIPLiteralNotAllowed = ValidationCode(rawValue: "email.ipLiteralNotAllowed")
    /// The address literal is not a valid IPv4 or `IPv6:` address, or is not closed by `]` at the end.
    public static let emailInvalidIPLiteral = ValidationCode(rawValue: "email.invalidIPLiteral")

    /// Every code the email validator reports, in the order it reports them.
    public static var emailCodes: [ValidationCode] {
        EmailFailureReason.allCases.map(\.code)
    }
}

/// The reasons the scanner records, one bit each; the declaration order is the reporting order.
enum EmailFailureReason: Int, CaseIterable, FailureReason {
    case missingAt, multipleAt, whitespace, controlCharacter, internationalizedNotAllowed, addressTooLong
    case emptyLocalPart, localPartTooLong, invalidCharacter, localPartLeadingDot, localPartTrailingDot
    case localPartConsecutiveDots, quotedLocalPartNotAllowed, unterminatedQuote, misplacedQuote
    case emptyDomain, domainTooLong, domainInvalidCharacter, domainEmptyLabel, domainLabelTooLong
    case domainLabelLeadingHyphen, domainLabelTrailingHyphen, numericTopLevelDomain, singleLabelDomain
    case ipLiteralNotAllowed, invalidIPLiteral

    var code: ValidationCode {
        switch self {
        case .missingAt: .emailMissingAt
        case .multipleAt: .emailMultipleAt
        case .whitespace: .emailWhitespace
        case .controlCharacter: .emailControlCharacter
        case .internationalizedNotAllowed: .emailInternationalizedNotAllowed
        case .addressTooLong: .emailAddressTooLong
        case .emptyLocalPart: .emailEmptyLocalPart
        case .localPartTooLong: .emailLocalPartTooLong
        case .invalidCharacter: .emailInvalidCharacter
        case .localPartLeadingDot: .emailLocalPartLeadingDot
        case .localPartTrailingDot: .emailLocalPartTrailingDot
        case .localPartConsecutiveDots: .emailLocalPartConsecutiveDots
        case .quotedLocalPartNotAllowed: .emailQuotedLocalPartNotAllowed
        case .unterminatedQuote: .emailUnterminatedQuote
        case .misplacedQuote: .emailMisplacedQuote
        case .emptyDomain: .emailEmptyDomain
        case .domainTooLong: .emailDomainTooLong
        case .domainInvalidCharacter: .emailDomainInvalidCharacter
        case .domainEmptyLabel: .emailDomainEmptyLabel
        case .domainLabelTooLong: .emailDomainLabelTooLong
        case .domainLabelLeadingHyphen: .emailDomainLabelLeadingHyphen
        case .domainLabelTrailingHyphen: .emailDomainLabelTrailingHyphen
        case .numericTopLevelDomain: .emailNumericTopLevelDomain
        case .singleLabelDomain: .emailSingleLabelDomain
        case .ipLiteralNotAllowed: .emailIPLiteralNotAllowed
        case .invalidIPLiteral: .emailInvalidIPLiteral
        }
    }
}

/// The email reasons as a bit mask the scanner fills without allocating.
typealias EmailFailureSet = FailureSet<EmailFailureReason>
