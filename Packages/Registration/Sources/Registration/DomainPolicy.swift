/// A set of domains a rule applies to: the allow-list whose members may skip a failed step, or the block list
/// whose members may not register. One capability, so a policy can come from a file, a remote configuration or
/// a literal without the rules that use it changing.
public protocol DomainPolicy: Sendable {
    /// Whether this policy names `domain`, compared in its normalized form (see ``EmailDomain``); whether a
    /// subdomain counts is the policy's own explicit choice (``DomainList/Matching``).
    func includes(_ domain: EmailDomain) -> Bool
}

/// Why a ``DomainList`` could not be made.
public enum DomainPolicyError: Error, Hashable, Sendable {
    /// These entries cannot be domains (see ``EmailDomain``), in the order given; a list that silently dropped
    /// them would block or allow less than its author wrote.
    case invalidDomains([String])
}

/// A fixed list of domains, compared after ``EmailDomain`` normalization: exactly by default, or with every
/// subdomain when built with `.domainAndSubdomains` (a block list of throwaway-mail providers, whose users pick
/// any subdomain).
public struct DomainList: DomainPolicy, Hashable {
    /// How the list's entries match a domain.
    public enum Matching: Hashable, Sendable {
        /// An entry matches its own domain only.
        case exactDomain
        /// An entry matches its domain and every domain below it.
        case domainAndSubdomains
    }

    /// The normalized domains.
    public let domains: Set<EmailDomain>
    /// How every entry matches.
    public let matching: Matching

    /// Creates a list from domains that are already normalized.
    public init(_ domains: some Sequence<EmailDomain>, matching: Matching = .exactDomain) {
        self.domains = Set(domains)
        self.matching = matching
    }

    /// Parses `names` such as `["example.com", "Partner.Example."]`; throws `invalidDomains` with every entry
    /// that cannot be a domain rather than ignoring it.
    public init(parsing names: some Sequence<String>, matching: Matching = .exactDomain) throws(DomainPolicyError) {
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
        self.matching = matching
    }

    /// Whether `domain` is one of the listed domains or, when the list matches subdomains, below one of them.
    /// Labels are compared whole, so `mailinator.com` covers `eu.mailinator.com` but never `notmailinator.com`.
    public func includes(_ domain: EmailDomain) -> Bool {
        if domains.contains(domain) { return true }
        guard matching == .domainAndSubdomains else { return false }
        return domain.parents.contains(where: domains.contains)
    }
}
