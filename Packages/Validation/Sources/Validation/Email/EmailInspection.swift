import Essentials

/// What the email validator found in an address and how it read it: the failures, whether the address has
/// the structure of one (exactly one unquoted `@` with something on both sides, no white space or control
/// characters anywhere), and the domain as the scanner read it.
///
/// An allow-list compares `acceptedDomain` and nothing else: it is `nil` unless the address is valid, so
/// `victim@gmail.com@corp.example` (two `@`), an address with a line break and a `Bcc:` header, or
/// `<script>@corp.example` (not a valid address) never match, however the text after the last `@` reads.
public struct EmailInspection: Hashable, Sendable {
    /// Every failure, exactly what ``EmailValidating/validate(email:)`` returns for the same address.
    public let failures: [ValidationFailure]
    /// Exactly one unquoted `@`, a non-empty local part and domain, no white space and no control character
    /// anywhere, and no quote left open.
    public let isStructurallySound: Bool
    /// The text after the `@` as written, when the address is structurally sound; `nil` otherwise.
    public let domain: String?
    /// `domain` in one form for comparison: lower-case ASCII with Unicode labels as IDNA A-labels (punycode,
    /// RFC 3492), so `Bücher.example` and `xn--bcher-kva.example` are equal. `nil` when `domain` is, or when it
    /// is longer than any domain can be.
    public let normalizedDomain: String?

    /// Creates an inspection; ``EmailValidator/inspect(email:)`` is how one is normally made.
    public init(
        failures: [ValidationFailure],
        isStructurallySound: Bool,
        domain: String?,
        normalizedDomain: String?
    ) {
        self.failures = failures
        self.isStructurallySound = isStructurallySound
        self.domain = domain
        self.normalizedDomain = normalizedDomain
    }

    /// Whether the address has no failures.
    public var isValid: Bool { failures.isEmpty }

    /// `normalizedDomain` when the address is valid, else `nil`: the only value a domain allow-list should
    /// compare.
    public var acceptedDomain: String? { isValid ? normalizedDomain : nil }
}

/// Inspects an email address: validates it and reports the validator's own reading of it, so a caller never
/// parses the address a second time (and differently).
public protocol EmailInspecting: Sendable {
    /// The failures of `address` and how the validator read it.
    func inspect(email address: String) -> EmailInspection
}

extension EmailValidator: EmailInspecting {
    /// The failures of `address` (the same as ``validate(email:)``) with the structure and domain the scanner
    /// read. Costs a second look at the bytes, which ``validate(email:)`` does not pay.
    public func inspect(email address: String) -> EmailInspection {
        let failures = validate(email: address)
        guard let at = EmailStructure.singleUnquotedAt(in: address, failures: failures) else {
            return EmailInspection(failures: failures, isStructurallySound: false, domain: nil, normalizedDomain: nil)
        }
        // Scalars, not characters: a combining mark right after the `@` belongs to the domain.
        let domain = String(address.unicodeScalars[address.unicodeScalars.index(after: at)...])
        return EmailInspection(
            failures: failures, isStructurallySound: true, domain: domain, normalizedDomain: IDNA.asciiDomain(domain))
    }
}

/// The structure of an address, read the way the scanner reads it: a `"` opens a quoted string only before
/// the first unquoted `@`, a backslash escapes the next character inside one.
enum EmailStructure {
    /// The reasons that mean the address does not have the structure of one.
    private static let structuralCodes: Set<ValidationCode> = [
        .emailMissingAt, .emailMultipleAt, .emailWhitespace, .emailControlCharacter, .emailEmptyLocalPart,
        .emailEmptyDomain, .emailUnterminatedQuote,
    ]

    /// The index of the only unquoted `@` when the address is structurally sound, else `nil`. `failures` are
    /// the scanner's; the pass here counts every `@` outside a quoted string (also one inside an address
    /// literal) and every white space or control character, so soundness never rests on one reading alone.
    static func singleUnquotedAt(in address: String, failures: [ValidationFailure]) -> String.Index? {
        guard !failures.contains(where: { structuralCodes.contains($0.code) }) else { return nil }
        var at: String.Index?
        var inQuote = false
        var escaped = false
        for index in address.unicodeScalars.indices {
            let scalar = address.unicodeScalars[index]
            if scalar.properties.isWhitespace || scalar.properties.generalCategory == .control { return nil }
            if inQuote {
                if escaped {
                    escaped = false
                } else if scalar == "\\" {
                    escaped = true
                } else if scalar == "\"" {
                    inQuote = false
                }
                continue
            }
            if scalar == "\"" && at == nil {
                inQuote = true
            } else if scalar == "@" {
                guard at == nil else { return nil }
                at = index
            }
        }
        let scalars = address.unicodeScalars
        guard !inQuote, let at, at > scalars.startIndex, scalars.index(after: at) < scalars.endIndex else {
            return nil
        }
        return at
    }
}
