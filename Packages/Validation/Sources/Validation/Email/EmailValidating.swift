/// Checks an email address and reports every problem found.
public protocol EmailValidating: Sendable {
    /// Returns every failure found in `address`; an empty array means the address is valid.
    func validate(email address: String) -> [ValidationFailure]
}

extension Validator where Value == String {
    /// An email validator as a composable `Validator`, for forms that have an email field.
    public static func email(_ validator: some EmailValidating) -> Validator {
        Validator { validator.validate(email: $0) }
    }
}

/// What the email validator accepts beyond the plain `local@domain.example` form. Each option is off by
/// default because each one lets through addresses that many mail systems and forms mishandle.
public struct EmailValidationOptions: Hashable, Sendable {
    /// Accept a quoted local part such as `"john doe"@example.com` (RFC 5321 section 4.1.2).
    public var allowsQuotedLocalPart: Bool
    /// Accept UTF-8 in the local part and Unicode letters in domain labels (RFC 6531, IDNA), such as
    /// `user@bücher.example`. Lengths still count UTF-8 bytes.
    public var allowsInternationalized: Bool
    /// Accept an address literal instead of a domain: `user@[192.0.2.1]` or `user@[IPv6:2001:db8::1]`.
    public var allowsIPLiteral: Bool
    /// Accept a domain with a single label, such as `user@localhost`, which only resolves inside a private
    /// network.
    public var allowsSingleLabelDomain: Bool

    /// Creates options; every permission is off unless passed.
    public init(
        allowsQuotedLocalPart: Bool = false,
        allowsInternationalized: Bool = false,
        allowsIPLiteral: Bool = false,
        allowsSingleLabelDomain: Bool = false
    ) {
        self.allowsQuotedLocalPart = allowsQuotedLocalPart
        self.allowsInternationalized = allowsInternationalized
        self.allowsIPLiteral = allowsIPLiteral
        self.allowsSingleLabelDomain = allowsSingleLabelDomain
    }

    /// Every permission on: what RFC 5321 and RFC 6531 allow on the wire.
    public static let permissive = EmailValidationOptions(
        allowsQuotedLocalPart: true,
        allowsInternationalized: true,
        allowsIPLiteral: true,
        allowsSingleLabelDomain: true
    )
}

/// Validates addresses with a hand-written single-pass scanner: linear in the input's length, no regular
/// expressions, every failure reported once with its own code (see `ValidationCode.emailCodes`).
public struct EmailValidator: EmailValidating {
    /// What is accepted beyond the plain form.
    public let options: EmailValidationOptions

    /// Creates the validator; the defaults accept the addresses people type into sign-up forms.
    public init(options: EmailValidationOptions = EmailValidationOptions()) {
        self.options = options
    }

    /// Every failure found in `address`, in the order of `ValidationCode.emailCodes`, each at most once and
    /// with an empty path (the address is the value).
    public func validate(email address: String) -> [ValidationFailure] {
        let found = EmailScanner.scan(address, options: options)
        guard !found.isEmpty else { return [] }
        // Most invalid addresses have one reason; sharing a prebuilt array spares an allocation per call.
        if let only = found.onlyReason { return Self.singleFailures[only.rawValue] }
        return found.failures
    }

    private static let singleFailures = EmailFailureReason.allCases.map { [ValidationFailure(code: $0.code)] }
}
