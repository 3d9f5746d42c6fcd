/// A set of domains a rule applies to: the allow-list whose members may skip a failed step, or the block list
/// whose members may not register. One capability, so a policy can come from a file, a remote configuration or
/// a literal without the rules that use it changing.
public protocol DomainPolicy: Sendable {
    /// Whether this policy names `domain` (exactly: a subdomain or a longer name is a different domain).
    func includes(_ domain: EmailDomain) -> Bool
}

/// Why a `DomainList` could not be made.
public enum DomainPolicyError: Error, Hashable, Sendable {
    /// These entries cannot be domains (see `EmailDomain`), in the order given; a list that silently dropped
    /// them would block or allow less than its author wrote.
    case invalidDomains([String])
}

/// A fixed list of domains, compared exactly after `EmailDomain` normalization.
public struct DomainList: DomainPolicy, Hashable {
    /// The normalized domains.
    public let domains: Set<EmailDomain>

    /// Creates a list from domains that are already normalized.
    public init(_ domains: some Sequence<EmailDomain>) {
        self.domains = Set(domains)
    }

    /// Parses `names` such as `["example.com", "Partner.Example."]`; throws `invalidDomains` with every entry
    /// that cannot be a domain rather than ignoring it.
    public init(parsing names: some Sequence<String>) throws(DomainPolicyError) {
        var domains: Set<EmailDomain> = []
        var invalid: [String] = []
        for name in names {
            if let domain = EmailDomain(name) {
                domains.insert(domain)
            } else {
                invalid.append(name)
            }
        }
        guard invalid.isEmpty else { throw .invalidDomains(invalid) }
        self.domains = domains
    }

    /// Whether `domain` is one of the listed domains.
    public func includes(_ domain: EmailDomain) -> Bool {
        domains.contains(domain)
    }
}
