/// What an email check found in an address: every failure, each marked as structural or as policy, and how the
/// validator itself parsed the address (whether it is structurally sound, and its domain).
///
/// The parse travels with the verdict so that a rule about domains (the staff allow-list) reads the same domain
/// the validator judged, never a second reading of the raw text that an address such as
/// `victim@gmail.com@corp.example` could make disagree with it.
public struct EmailCheckResult: Hashable, Sendable {
    /// One reason the check rejected an address.
    public struct Failure: Hashable, Sendable {
        /// Whether a failure breaks the address itself or only a rule of the product.
        public enum Kind: Hashable, Sendable {
            /// The address is malformed (a second `@`, white space, a character no address may hold): no
            /// allow-list may forgive it, because the server, mail systems and logs would read it differently.
            case structural
            /// The address is well formed but breaks a rule of the product (a `+` tag, a single-label domain, a
            /// quoted local part): an allow-list may forgive it for listed domains.
            case policy
        }

        /// The check's stable code, such as `email.multipleAt`.
        public let code: String
        /// Whether an allow-list may forgive this failure.
        public let kind: Kind

        /// Creates a failure.
        public init(code: String, kind: Kind) {
            self.code = code
            self.kind = kind
        }

        /// A failure of the address's structure, never forgiven.
        public static func structural(_ code: String) -> Failure {
            Failure(code: code, kind: .structural)
        }

        /// A failure of a product rule, forgivable for allow-listed domains.
        public static func policy(_ code: String) -> Failure {
            Failure(code: code, kind: .policy)
        }
    }

    /// Every failure, in the order the check reported them; empty when the address passed.
    public let failures: [Failure]
    /// Whether the validator found the address structurally sound: exactly one unquoted `@`, no white space and
    /// no control characters. Only failures of a sound address may be forgiven.
    public let isStructurallySound: Bool
    /// The domain exactly as the validator reported it.
    public let parsedDomain: String?

    /// Creates a result from a validator's verdict and parse; `domain` is the domain as the validator read it.
    public init(failures: [Failure], isStructurallySound: Bool, domain: String?) {
        self.failures = failures
        self.isStructurallySound = isStructurallySound
        self.parsedDomain = domain
    }

    /// The domain as the validator read it, normalized (see ``EmailDomain``); `nil` when it had none or it cannot
    /// be a domain. Normalized on demand, because only a failed check on its way to an allow-list needs it.
    public var domain: EmailDomain? { parsedDomain.flatMap { EmailDomain($0) } }

    /// Creates a result from a validator's codes, marking as `.policy` exactly the codes in `policyCodes` and
    /// every other code as `.structural`, so a code nobody classified is never forgiven.
    public init(codes: [String], policyCodes: Set<String>, isStructurallySound: Bool, domain: String?) {
        self.init(
            failures: codes.map { Failure(code: $0, kind: policyCodes.contains($0) ? .policy : .structural) },
            isStructurallySound: isStructurallySound,
            domain: domain
        )
    }

    /// The failure codes, in order: what ``RegistrationError/invalidEmail(codes:)`` carries.
    public var codes: [String] { failures.map(\.code) }

    /// Whether the address passed the check.
    public var isValid: Bool { failures.isEmpty }

    /// Whether the address failed only product rules: it failed, it is structurally sound, the validator read
    /// a domain, and every failure is `.policy`. Nothing else may be forgiven by an allow-list.
    public var failedOnlyPolicy: Bool {
        !failures.isEmpty && isStructurallySound && failures.allSatisfy { $0.kind == .policy } && domain != nil
    }
}
