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
                EmailCheckResult(validator.validate(email: email))
            })
            .allowingFailures(forDomainsIn: staffDomains, forgiving: .everyPolicyFailure))
    }

    /// Company domains whose addresses may register even when a policy rule of the email check rejects them.
    static let staffDomains = DomainList(["corp.ledger.example"].compactMap { EmailDomain($0) })
}

extension EmailCheckResult {
    /// A validation result as the registration check reads it. The address counts as structurally sound only
    /// when it has no failure at all, and no domain is handed over, so staff domains are forgiven nothing until
    /// the validator reports its own parse.
    init(_ failures: [ValidationFailure]) {
        self.init(
            codes: failures.map(\.code.rawValue), policyCodes: [], isStructurallySound: failures.isEmpty, domain: nil)
    }
}
