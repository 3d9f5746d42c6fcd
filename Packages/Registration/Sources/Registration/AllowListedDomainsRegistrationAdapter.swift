/// Lets addresses whose domain is allow-listed pass a step that failed for them: partner domains that a strict
/// validator or a security check would reject still register. (The case study's whitelisted-domains adapter.)
///
/// The step still runs for allow-listed domains, so its side effects and analytics happen; to skip a step
/// entirely for some domains, guard it with `when(_:)` instead. Cancellation is never forgiven, and an address
/// without a readable domain is never allow-listed.
public struct AllowListedDomainsRegistrationAdapter: RegistrationService {
    /// The step whose failures allow-listed domains skip.
    public let wrapped: any RegistrationService
    /// The allow-listed domains.
    public let allowList: any DomainPolicy
    /// The failures that are forgiven; by default every kind except `.cancelled`.
    public let forgiven: Set<RegistrationError.Kind>

    /// Every kind of failure except cancellation.
    public static let allFailures = Set(RegistrationError.Kind.allCases).subtracting([.cancelled])

    /// Creates the adapter; `forgiven` narrows which failures allow-listed domains may skip.
    public init(
        _ wrapped: any RegistrationService,
        allowList: any DomainPolicy,
        forgiving forgiven: Set<RegistrationError.Kind> = allFailures
    ) {
        self.wrapped = wrapped
        self.allowList = allowList
        self.forgiven = forgiven.subtracting([.cancelled])
    }

    /// Runs `wrapped`; a forgiven failure for an allow-listed domain becomes success, anything else is thrown.
    public func register(email: String) async throws(RegistrationError) {
        do {
            try await wrapped.runStep(email: email)
        } catch {
            guard forgiven.contains(error.kind), let domain = EmailDomain(ofEmail: email), allowList.includes(domain)
            else { throw error }
        }
    }
}

extension RegistrationService {
    /// This service, whose failures of the `forgiven` kinds are skipped for domains that `allowList` includes.
    public func allowingFailures(
        forDomainsIn allowList: any DomainPolicy,
        forgiving forgiven: Set<RegistrationError.Kind> = AllowListedDomainsRegistrationAdapter.allFailures
    ) -> AllowListedDomainsRegistrationAdapter {
        AllowListedDomainsRegistrationAdapter(self, allowList: allowList, forgiving: forgiven)
    }
}
