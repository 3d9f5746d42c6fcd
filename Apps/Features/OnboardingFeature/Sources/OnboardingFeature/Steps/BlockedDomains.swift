import Registration

extension RegistrationStep {
    /// Throwaway-mail providers, and every domain below them, may never register.
    static func blockedDomains(_ context: OnboardingContext) -> RegistrationStep {
        RegistrationStep(
            "blocked-domains", phase: .policy, service: BlockedDomainsRegistrationService(blocked: blockedDomains))
    }

    /// The blocked providers.
    static let blockedDomains = DomainList(
        ["mailinator.com", "throwaway.example"].compactMap { EmailDomain($0) }, matching: .domainAndSubdomains)
}
