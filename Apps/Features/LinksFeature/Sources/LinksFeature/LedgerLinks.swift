public import CommandKit
public import Foundation
public import Navigation

/// What a followed link names: a screen (by its name) and the value it carries.
public struct LinkDestination: Hashable, Sendable, CustomStringConvertible {
    /// The screen's name: `invoice`.
    public let screen: String
    /// The value in the form links carry (`INV-0001`, `week`), when the screen takes one.
    public let value: String?

    /// Creates a destination.
    public init(screen: String, value: String? = nil) {
        self.screen = screen
        self.value = value
    }

    /// `invoice INV-0001`.
    public var description: String {
        value.map { "\(screen) \($0)" } ?? screen
    }
}

/// The app's links in both directions (every URL shape to its screen, every screen to its link) and which links
/// are trusted, over the screens the features register. The app supplies how a screen is shown and how an
/// outside link is opened.
public enum LedgerLinks {
    /// The host of the app's universal links (`https://app.ledger.example/invoices/INV-0001`).
    public static let webHost = "app.ledger.example"
    /// Sites outside the app that links may open (`mailto:` needs no host).
    public static let externalHosts: Set<String> = ["ledger.example", "help.ledger.example"]

    /// The routes of `screens`, both directions: `ledger://<path>[/<value>]` and the same path on the web host.
    /// Links are built in the `ledger://` form.
    public static func routes(_ screens: [LinkScreen]) throws(RouteTableError) -> RouteTable<LinkDestination> {
        var routes: [Route<LinkDestination>] = []
        for base in ["ledger://", "https://\(webHost)/"] {
            for screen in screens {
                routes.append(route(screen, base: base, buildsLinks: base == "ledger://"))
            }
        }
        return try RouteTable(routes)
    }

    /// The link of `destination` on the web host, which can be pasted where `ledger://` links cannot (an e-mail).
    public static func webLink(for link: URL) -> URL? {
        guard link.scheme == "ledger" else { return link }
        let path = link.absoluteString.dropFirst("ledger://".count)
        return URL(string: "https://\(webHost)/\(path)")
    }

    private static func route(_ screen: LinkScreen, base: String, buildsLinks: Bool) -> Route<LinkDestination> {
        let name = screen.name
        guard let value = screen.value else {
            let destination = LinkDestination(screen: name)
            return Route(
                base + screen.path, destination: { _ in destination },
                parameters: { buildsLinks && $0 == destination ? RouteParameters() : nil })
        }
        return Route(
            base + screen.path + "/:value",
            types: ["value": .custom(name) { value.canonical($0) != nil }],
            destination: { parameters throws(RouteParameterError) in
                let text = try parameters.string("value")
                return LinkDestination(screen: name, value: value.canonical(text) ?? text)
            },
            parameters: { destination in
                guard buildsLinks, destination.screen == name, let text = destination.value else { return nil }
                return ["value": .string(text)]
            })
    }

    /// Deep-link navigation over `screens`: the app's own links (`ledger://` and its web host) are checked by the
    /// safety policy and routed to `presenter`; other links go through a stricter policy to `opener`.
    public static func navigator(
        screens: [LinkScreen], presenter: some ScreenPresenter<LinkDestination>, opener: some URLOpener
    ) throws -> any Navigator {
        let hosts = Set(screens.compactMap { $0.path.split(separator: "/").first.map(String.init) })
        let appLinks = try AllowListLinkPolicy(schemes: ["ledger", "https"], hosts: hosts.union([webHost]))
        let webLinks = try AllowListLinkPolicy(
            schemes: ["https", "mailto"], hosts: externalHosts, hostlessSchemes: ["mailto"])
        return try SchemeRoutingNavigator(
            appSchemes: ["ledger"],
            appHosts: [webHost],
            inside: PolicyCheckingNavigator(
                policy: appLinks, next: InternalNavigator(router: try routes(screens), presenter: presenter)),
            outside: ExternalNavigator(policy: webLinks, opener: opener)
        )
    }
}

/// Whether `ledger open` would follow a link: the same navigator with a presenter and an opener that do nothing.
public struct LedgerLinkCheck: LinkChecking {
    private let navigator: (any Navigator)?

    /// The check over `screens`; when the routes cannot be built, no link is followable.
    public init(screens: [LinkScreen]) {
        navigator = try? LedgerLinks.navigator(screens: screens, presenter: SilentScreens(), opener: SilentOpener())
    }

    /// Whether the link is routed to a screen or opened outside rather than rejected.
    public func isFollowable(_ link: String) async -> Bool {
        guard let navigator, let url = URL(string: link) else { return false }
        return await navigator.navigate(to: url).rejection == nil
    }

    private struct SilentScreens: ScreenPresenter {
        func present(_ destination: LinkDestination) async {}
    }

    private struct SilentOpener: URLOpener {
        func canOpen(_ url: URL) async -> Bool { true }
        func open(_ url: URL) async -> Bool { true }
    }
}
