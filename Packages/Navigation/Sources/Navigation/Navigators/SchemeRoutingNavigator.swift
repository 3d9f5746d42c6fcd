public import Foundation

/// Sends the app's own links inside and everything else outside, as a home screen of server-driven links needs.
///
/// A link is the app's own when its scheme is one of the app's schemes (`ledger://...`), when it is an
/// `http(s)` link to one of the app's hosts (a universal link such as `https://app.example.com/...`), or when it
/// is relative (`/invoice/42`), since a relative link can only mean this app. Everything else goes to the
/// outside navigator, whose policy decides whether it may leave.
public struct SchemeRoutingNavigator: Navigator {
    /// Why the navigator could not be made from its configuration.
    public enum ConfigurationError: Error, Hashable, Sendable {
        /// A scheme is not a valid URI scheme.
        case invalidScheme(String)
        /// A host is not a valid host name.
        case invalidHost(String)
    }

    /// The app's schemes, lower-cased.
    public let appSchemes: Set<String>
    /// The app's universal-link hosts, in canonical ASCII form.
    public let appHosts: Set<String>
    private let inside: any Navigator
    private let outside: any Navigator

    /// Creates the navigator; schemes and hosts are compared case-insensitively (hosts after IDNA).
    public init(
        appSchemes: Set<String>,
        appHosts: Set<String> = [],
        inside: some Navigator,
        outside: some Navigator
    ) throws(ConfigurationError) {
        var schemes: Set<String> = []
        for scheme in appSchemes {
            guard LinkComponents.isValidScheme(scheme[...]) else { throw .invalidScheme(scheme) }
            schemes.insert(scheme.lowercased())
        }
        var hosts: Set<String> = []
        for host in appHosts {
            do {
                hosts.insert(try HostName.canonical(host[...]))
            } catch {
                throw .invalidHost(host)
            }
        }
        self.appSchemes = schemes
        self.appHosts = hosts
        self.inside = inside
        self.outside = outside
    }

    /// Hands `url` to the inside or the outside navigator.
    public func navigate(to url: URL) async -> NavigationOutcome {
        await (isAppLink(url) ? inside : outside).navigate(to: url)
    }

    /// Whether `url` belongs to the app.
    public func isAppLink(_ url: URL) -> Bool {
        let text = url.absoluteString
        let components = LinkComponents(text[...])
        guard let rawScheme = components.scheme else { return true }
        let scheme = LinkComponents.canonicalScheme(rawScheme)
        if appSchemes.contains(scheme) { return true }
        guard scheme == "https" || scheme == "http", let authority = components.authority,
            let parts = try? LinkComponents.split(authority: authority), !parts.hasUserInfo,
            let host = try? HostName.canonical(parts.host)
        else { return false }
        return appHosts.contains(host)
    }
}
