/// Lets addresses on allow-listed domains (staff, partners) pass the email check when they fail only product
/// rules: a strict validator's policy may reject them, but a malformed address never passes.
///
/// The decision reads nothing but the check's own result (``EmailCheckResult``): the address must be
/// structurally sound, every failure must be marked `.policy` and selected by `forgiven`, and the domain the
/// validator parsed must be on the list. A second reading of the raw text (the text after the last `@`) could
/// disagree with the validator: `victim@gmail.com@corp.example` has a listed domain after its last `@` but two
/// unquoted `@`s, and reaching the server would register an address nobody at `corp.example` owns.
///
/// It wraps only an email check, so server answers (`alreadyRegistered`, `rateLimited`, `server`) and
/// cancellation can never be forgiven into a registration that did not happen. The check still runs for
/// allow-listed domains; to skip a step entirely for some addresses, guard it with ``when(_:)`` instead.
public struct AllowListedDomainsRegistrationAdapter: RegistrationService {
    /// The email check whose policy failures allow-listed domains may skip.
    public let emailCheck: EmailCheckRegistrationService
    /// The allow-listed domains.
    public let allowList: any DomainPolicy
    /// Which policy failures are forgiven.
    public let forgiven: ForgivenEmailFailures

    /// Creates the adapter. `forgiven` has no default: which product rules staff may skip is a decision the
    /// composition root writes down.
    public init(
        _ emailCheck: EmailCheckRegistrationService,
        allowList: any DomainPolicy,
        forgiving forgiven: ForgivenEmailFailures
    ) {
        self.emailCheck = emailCheck
        self.allowList = allowList
        self.forgiven = forgiven
    }

    /// Whether `result` is forgiven: only policy failures, all selected, of a sound address whose parsed domain
    /// is allow-listed.
    public func forgives(_ result: EmailCheckResult) -> Bool {
        // `forgives` admits `.policy` failures only; the domain is normalized last, when all else holds.
        guard !result.isValid, result.isStructurallySound, result.failures.allSatisfy(forgiven.forgives),
            let domain = result.domain
        else { return false }
        return allowList.includes(domain)
    }

    /// Runs the check; a forgiven result passes, any other failure is thrown as
    /// ``RegistrationError/invalidEmail(codes:)``.
    public func register(email: String) async throws(RegistrationError) {
        try RegistrationError.checkCancellation()
        let result = emailCheck.check(email: email)
        guard !result.isValid, !forgives(result) else { return }
        throw .invalidEmail(codes: result.codes)
    }
}

/// Which policy failures of an email check an allow-list forgives. Structural failures are never among them,
/// whatever is chosen here.
public struct ForgivenEmailFailures: Hashable, Sendable {
    /// The policy codes forgiven, or `nil` for every policy failure.
    public let codes: Set<String>?

    /// Every failure the check marks `.policy`.
    public static let everyPolicyFailure = ForgivenEmailFailures(codes: nil)

    /// Only the policy failures with these codes; a listed code that the check marks `.structural` stays
    /// unforgiven.
    public static func only(_ codes: Set<String>) -> ForgivenEmailFailures {
        ForgivenEmailFailures(codes: codes)
    }

    private init(codes: Set<String>?) {
        self.codes = codes
    }

    /// Whether `failure` is forgiven.
    public func forgives(_ failure: EmailCheckResult.Failure) -> Bool {
        failure.kind == .policy && (codes?.contains(failure.code) ?? true)
    }
}

extension EmailCheckRegistrationService {
    /// This check, whose `forgiven` policy failures pass for structurally sound addresses on domains that
    /// `allowList` includes.
    public func allowingFailures(
        forDomainsIn allowList: any DomainPolicy,
        forgiving forgiven: ForgivenEmailFailures
    ) -> AllowListedDomainsRegistrationAdapter {
        AllowListedDomainsRegistrationAdapter(self, allowList: allowList, forgiving: forgiven)
    }
}
