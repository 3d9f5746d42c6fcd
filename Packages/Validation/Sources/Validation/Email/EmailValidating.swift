/// Checks an email address and reports every problem found.
public protocol EmailValidating: Sendable {
    /// Returns every failure found in `address`; an empty array means the address is valid.
    func validate(email address: String) -> [ValidationFailure]
}

extension Validator where Value == String {
    /// An email validator as a composable ``Validator``, for forms that have an email field.
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
/// expressions, every failure reported once with its own code (see ``ValidationCode/emailCodes``).
public struct EmailValidator: EmailValidating {
    /// What is accepted beyond the plain form.
    public let options: EmailValidationOptions
    /// The failure arrays, held by each validator so a call never goes through a global's lazy
    /// initialisation check (measurable at tens of millions of addresses per second).
    private let tables = EmailScanTables.shared

    /// Creates the validator; the defaults accept the addresses people type into sign-up forms.
    public init(options: EmailValidationOptions = EmailValidationOptions()) {
        self.options = options
    }

    /// Every failure found in `address`, in the order of ``ValidationCode/emailCodes``, each at most once and
    /// with an empty path (the address is the value).
    public func validate(email address: String) -> [ValidationFailure] {
        let found = EmailScanner.scan(address, options: options)
        return found.isEmpty ? [] : tables.failures(for: found)
    }
}

/// The failure arrays for the sets of reasons most invalid addresses have (one reason or two), built once and
/// shared so that reporting them allocates nothing.
struct EmailScanTables: Sendable {
    static let shared = EmailScanTables()

    private let single: [[ValidationFailure]]
    private let pairs: [[ValidationFailure]]
    private static let reasonCount = EmailFailureReason.allCases.count

    private init() {
        let failures = EmailFailureReason.allCases.map { ValidationFailure(code: $0.code) }
        single = failures.map { [$0] }
        // Indexed by first * count + second for first < second; other slots stay empty and are never read.
        var pairs = [[ValidationFailure]](repeating: [], count: Self.reasonCount * Self.reasonCount)
        for first in 0..<Self.reasonCount {
            for second in (first + 1)..<Self.reasonCount {
                pairs[first * Self.reasonCount + second] = [failures[first], failures[second]]
            }
        }
        self.pairs = pairs
    }

    /// The failures of a non-empty set of reasons, in reporting order.
    func failures(for found: EmailFailureSet) -> [ValidationFailure] {
        switch found.count {
        case 1:
            return single[found.lowestRawValue]
        case 2:
            let first = found.lowestRawValue
            return pairs[first * Self.reasonCount + found.removingLowest.lowestRawValue]
        default:
            return found.failures
        }
    }
}
