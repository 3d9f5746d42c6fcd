import Registration
import Validation

extension RegistrationStep {
    /// The Validation package's email rules; addresses at staff domains may skip the rules that are policy
    /// (such as international addresses), never the structural ones, so a malformed address never reaches the
    /// server whatever its domain.
    static func emailCheck(_ context: OnboardingContext) -> RegistrationStep {
        RegistrationStep(
            "email-check", phase: .validation,
            service: EmailCheckRegistrationService(check: { [validator = context.emailValidator] email in
                EmailCheckResult(validator.inspect(email: email))
            })
            .allowingFailures(forDomainsIn: staffDomains, forgiving: .everyPolicyFailure))
    }

    /// Company domains whose addresses may register even when a policy rule of the email check rejects them.
    static let staffDomains = DomainList(["corp.ledger.example"].compactMap { EmailDomain($0) })
}

extension EmailCheckResult {
    /// The failures that are this app's choices rather than malformed addresses: international addresses,
    /// quoted local parts, IP literals and single-label domains are real addresses the app does not take from
    /// everyone. Staff domains may skip only these.
    static let policyCodes: Set<String> = [
        ValidationCode.emailInternationalizedNotAllowed, .emailQuotedLocalPartNotAllowed, .emailIPLiteralNotAllowed,
        .emailSingleLabelDomain,
    ].reduce(into: []) { $0.insert($1.rawValue) }

    /// The validator's reading of an address, as the registration check reads it: its failures, whether it is
    /// structurally sound, and the domain in its one normalised form.
    init(_ inspection: EmailInspection) {
        self.init(
            codes: inspection.failures.map(\.code.rawValue), policyCodes: Self.policyCodes,
            isStructurallySound: inspection.isStructurallySound, domain: inspection.normalizedDomain)
    }
}
