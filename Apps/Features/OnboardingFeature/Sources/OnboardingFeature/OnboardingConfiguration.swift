public import Registration

/// The onboarding team's settings: which domains the registration flow treats specially. The composition root
/// uses `.standard`; a team changes a value here, in its own file.
public struct OnboardingConfiguration: Sendable {
    /// Company domains whose addresses may register even when the email check rejects them.
    public var staffDomains: DomainList
    /// Throwaway-mail domains that may never register.
    public var blockedDomains: DomainList

    /// Creates a configuration.
    public init(staffDomains: DomainList, blockedDomains: DomainList) {
        self.staffDomains = staffDomains
        self.blockedDomains = blockedDomains
    }

    /// The domains of the Ledger app.
    public static let standard = OnboardingConfiguration(
        staffDomains: DomainList(["corp.ledger.example"].compactMap { EmailDomain($0) }),
        blockedDomains: DomainList(["mailinator.com", "throwaway.example"].compactMap { EmailDomain($0) }))
}
