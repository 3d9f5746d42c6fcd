/// A security check: rejects addresses whose domain is on a block list (disposable-mail providers, known abuse).
///
/// It fails closed: an address whose domain cannot be read is rejected with
/// `invalidEmail(codes: [RegistrationError.unreadableDomainCode])` instead of slipping past the list.
public struct BlockedDomainsRegistrationService: RegistrationService {
    /// The blocked domains.
    public let blocked: any DomainPolicy

    /// Creates the check for `blocked`.
    public init(blocked: any DomainPolicy) {
        self.blocked = blocked
    }

    /// Throws `domainNotAllowed` for a blocked domain and `invalidEmail` for an unreadable one.
    public func register(email: String) async throws(RegistrationError) {
        guard let domain = EmailDomain(ofEmail: email) else {
            throw .invalidEmail(codes: [RegistrationError.unreadableDomainCode])
        }
        if blocked.includes(domain) { throw .domainNotAllowed(domain: domain.name) }
    }
}
