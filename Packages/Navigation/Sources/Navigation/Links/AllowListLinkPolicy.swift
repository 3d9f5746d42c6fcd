public import Foundation

/// The link safety policy: allow-listed schemes and exact hosts, nothing else.
///
/// Hosts are compared in their canonical ASCII form (lower-cased after IDNA ToASCII), so `GOOD.test`,
/// `good.test` and a Unicode host and its `xn--` spelling compare as the DNS would, while a look-alike
/// (`gооd.test` with Cyrillic letters) or a suffix trick (`good.test.evil.test`) is a different host. Every query
/// value and the fragment are inspected too, decoded and nested, so an allowed link cannot be turned into an open
/// redirect: a value that is a link must itself be allowed, and parameters that name where to go next (`next`,
/// `redirect`, ...) must stay on the site.
public struct AllowListLinkPolicy: LinkPolicy {
    /// Schemes that are refused even when listed, because following them runs code or reads local data.
    public static let forbiddenSchemes: Set<String> = ["javascript", "data", "file", "vbscript"]

    /// The query parameter names that conventionally carry a redirect target; compared case-insensitively.
    public static let defaultRedirectParameters: Set<String> = [
        "next", "redirect", "redirect_uri", "redirect_url", "redirecturl", "return", "returnto", "return_to",
        "returnurl", "return_url", "url", "continue", "goto", "dest", "destination", "target", "callback",
    ]

    /// What a parameter on the redirect name list may point to. Every other query value, and the fragment, may
    /// hold a link to any allowed host; the name list only adds strictness.
    public enum RedirectTargets: Hashable, Sendable {
        /// Only paths on the same site (`/invoices/42`).
        case relativePathsOnly
        /// Relative paths, and links to the same host as the link that carries them (`https://good.test/?next=
        /// https://good.test/x`), themselves accepted by this policy: the default, since neither leaves the site.
        case relativePathsOrSameHost
        /// Relative paths, and absolute URLs that this same policy accepts.
        case relativePathsOrAllowedLinks
    }

    /// Why a policy could not be made from its configuration.
    public enum ConfigurationError: Error, Hashable, Sendable {
        /// A scheme that is always forbidden (`javascript`, ...) was allow-listed.
        case forbiddenScheme(String)
        /// A scheme is not a valid URI scheme.
        case invalidScheme(String)
        /// An allow-listed host is not a valid host name.
        case invalidHost(String)
        /// The maximum length is not positive.
        case invalidMaximumLength(Int)
    }

    /// The allowed schemes, lower-cased.
    public let allowedSchemes: Set<String>
    /// The allowed hosts, in canonical ASCII form.
    public let allowedHosts: Set<String>
    /// Allowed schemes that have no host (`mailto`, `tel`); a link with these schemes and no authority passes
    /// without a host check.
    public let hostlessSchemes: Set<String>
    /// Ports allowed besides the scheme's default.
    public let allowedPorts: Set<Int>
    /// Query parameter names that carry a redirect target, lower-cased; they must point where `redirectTargets`
    /// says.
    public let redirectParameters: Set<String>
    /// What redirect parameters may point to.
    public let redirectTargets: RedirectTargets
    /// Links longer than this many UTF-8 bytes are refused.
    public let maximumLength: Int

    /// Creates a policy; scheme and host spellings are normalised, and invalid entries are reported rather than
    /// silently never matching.
    public init(
        schemes: Set<String>,
        hosts: Set<String>,
        hostlessSchemes: Set<String> = [],
        allowedPorts: Set<Int> = [],
        redirectParameters: Set<String> = AllowListLinkPolicy.defaultRedirectParameters,
        redirectTargets: RedirectTargets = .relativePathsOrSameHost,
        maximumLength: Int = 8_192
    ) throws(ConfigurationError) {
        allowedSchemes = try Self.normalizedSchemes(schemes)
        self.hostlessSchemes = try Self.normalizedSchemes(hostlessSchemes)
        var canonicalHosts: Set<String> = []
        for host in hosts {
            do {
                canonicalHosts.insert(try HostName.canonical(host[...]))
            } catch {
                throw .invalidHost(host)
            }
        }
        allowedHosts = canonicalHosts
        self.allowedPorts = allowedPorts
        self.redirectParameters = Set(redirectParameters.map { $0.lowercased() })
        self.redirectTargets = redirectTargets
        guard maximumLength > 0 else { throw .invalidMaximumLength(maximumLength) }
        self.maximumLength = maximumLength
    }

    /// Checks `url` against every rule, in a fixed order so the reason for a link is always the same.
    public func check(_ url: URL) throws(LinkRejection) {
        try check(link: url.absoluteString)
    }

    /// Checks link text as it arrived (from a push payload or a web page), before any URL parser has reshaped it;
    /// prefer it when the raw text is available.
    public func check(link: String) throws(LinkRejection) {
        var budget = Self.inspectionBudget
        try check(link: link, depth: 0, budget: &budget)
    }

    /// How many decoded values one link may make the policy inspect (values that cannot hold a link cost
    /// nothing), so a hostile link with thousands of nested or encoded values costs a bounded amount of work.
    static let inspectionBudget = 256
    /// How deep values may nest (a link in a value in a link ...) and how many percent-decoding layers a value may
    /// have.
    static let maximumNestingDepth = 4

    func check(link: String, depth: Int, budget: inout Int) throws(LinkRejection) {
        let length = link.utf8.count
        guard length <= maximumLength else { throw .tooLong(length) }
        try Self.checkCharacters(link)
        let components = LinkComponents(link[...])
        guard let rawScheme = components.scheme else {
            // `javascript :alert(1)` and friends have no valid scheme but still read like one to a person.
            throw link.utf8.contains(UInt8(ascii: ":")) && !link.hasPrefix("/") ? .malformed : .missingScheme
        }
        let scheme = LinkComponents.canonicalScheme(rawScheme)
        guard !Self.forbiddenSchemes.contains(scheme) else { throw .forbiddenScheme(scheme) }
        guard allowedSchemes.contains(scheme) else { throw .schemeNotAllowed(scheme) }
        guard let authority = components.authority else {
            // A hostless link (`mailto:`) goes to no site; its query is mail headers, not a place to go next.
            guard hostlessSchemes.contains(scheme) else { throw .missingHost }
            return
        }
        let host = try checkAuthority(authority, scheme: scheme)
        let site = LinkSite(scheme: scheme, host: host)
        if let query = components.query { try checkQuery(query, of: site, depth: depth, budget: &budget) }
        if let fragment = components.fragment { try checkFragment(fragment, of: site, depth: depth, budget: &budget) }
    }

    /// Checks user information, host and port, and returns the host in canonical form.
    private func checkAuthority(_ authority: Substring, scheme: String) throws(LinkRejection) -> String {
        guard !authority.lowercased().contains("%5c") else { throw .backslash }
        let parts: LinkComponents.Authority
        do {
            parts = try LinkComponents.split(authority: authority)
        } catch {
            throw .malformed
        }
        guard !parts.hasUserInfo else { throw .userInfo }
        guard !parts.host.isEmpty else { throw .missingHost }
        let host: String
        do {
            host = try HostName.canonical(parts.host)
        } catch {
            throw .invalidHost(String(parts.host))
        }
        if let port = parts.port, port != LinkComponents.defaultPort(forScheme: scheme), !allowedPorts.contains(port) {
            throw .portNotAllowed(port)
        }
        guard allowedHosts.contains(host) else { throw .hostNotAllowed(host) }
        return host
    }

    /// Control characters, white space (including Unicode spaces and line separators) and backslashes are refused
    /// anywhere in the link.
    static func checkCharacters(_ text: String) throws(LinkRejection) {
        for scalar in text.unicodeScalars {
            if scalar == "\\" { throw .backslash }
            if scalar.value < 0x21 || scalar.value == 0x7F { throw .controlCharacter }
            if scalar.value >= 0x80 {
                switch scalar.properties.generalCategory {
                case .control, .format, .spaceSeparator, .lineSeparator, .paragraphSeparator:
                    throw .controlCharacter
                default: continue
                }
            }
        }
    }

    private static func normalizedSchemes(_ schemes: Set<String>) throws(ConfigurationError) -> Set<String> {
        var result: Set<String> = []
        for scheme in schemes {
            guard LinkComponents.isValidScheme(scheme[...]) else { throw .invalidScheme(scheme) }
            let lowered = scheme.lowercased()
            guard !forbiddenSchemes.contains(lowered) else { throw .forbiddenScheme(lowered) }
            result.insert(lowered)
        }
        return result
    }
}
