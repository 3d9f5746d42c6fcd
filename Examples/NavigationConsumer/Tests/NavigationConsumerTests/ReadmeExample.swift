import Foundation
import Navigation

/// The app's screens.
enum LedgerScreen: Hashable, Sendable {
    case home
    case invoice(id: Int)
    case expenses(month: String, page: Int)
}

/// The route table: one line per URL shape, with both directions (URL to screen, screen to URL).
func ledgerRoutes() throws(RouteTableError) -> RouteTable<LedgerScreen> {
    try RouteTable([
        Route("ledger://home", to: .home),
        Route(
            "ledger://invoice/:id",
            types: ["id": .int],
            destination: { parameters throws(RouteParameterError) in .invoice(id: try parameters.int("id")) },
            parameters: { screen in
                guard case .invoice(let id) = screen else { return nil }
                return ["id": .int(id)]
            }
        ),
        Route(
            "https://app.example.com/invoices/:id",
            types: ["id": .int],
            destination: { parameters throws(RouteParameterError) in .invoice(id: try parameters.int("id")) },
            parameters: { _ in nil }  // links are shared with the ledger:// form above
        ),
        Route(
            "ledger://expenses/:month",
            query: ["page": .defaulted(.int, to: .int(1))],
            destination: { parameters throws(RouteParameterError) in
                .expenses(month: try parameters.string("month"), page: try parameters.int("page"))
            },
            parameters: { screen in
                guard case .expenses(let month, let page) = screen else { return nil }
                return ["month": .string(month), "page": .int(page)]
            }
        ),
    ])
}

/// The app's presenter: the command-line app writes a line; an iOS app would push a view controller.
struct TerminalPresenter: ScreenPresenter {
    var write: @Sendable (String) -> Void = { print($0) }

    func present(_ destination: LedgerScreen) async {
        write("showing \(destination)")
    }
}

/// The app's opener: the command-line app writes a line; an iOS app would call `UIApplication.shared.open`.
struct TerminalOpener: URLOpener {
    var write: @Sendable (String) -> Void = { print($0) }

    func canOpen(_ url: URL) async -> Bool { true }

    func open(_ url: URL) async -> Bool {
        write("opening \(url.absoluteString)")
        return true
    }
}

/// Wires the navigators: the app's own links go to the routes, everything else to the opener, and both sides
/// pass through a safety policy first.
func makeNavigator(write: @escaping @Sendable (String) -> Void = { print($0) }) throws -> any Navigator {
    let appLinks = try AllowListLinkPolicy(
        schemes: ["ledger", "https"],
        hosts: ["home", "invoice", "expenses", "app.example.com"]
    )
    let webLinks = try AllowListLinkPolicy(
        schemes: ["https", "mailto"],
        hosts: ["help.example.com"],
        hostlessSchemes: ["mailto"]
    )
    return try SchemeRoutingNavigator(
        appSchemes: ["ledger"],
        appHosts: ["app.example.com"],
        inside: PolicyCheckingNavigator(
            policy: appLinks,
            next: InternalNavigator(router: try ledgerRoutes(), presenter: TerminalPresenter(write: write))
        ),
        outside: ExternalNavigator(policy: webLinks, opener: TerminalOpener(write: write))
    )
}

/// Follows links as a home screen or a push notification would, and shares one.
func readmeExample(write: @escaping @Sendable (String) -> Void = { print($0) }) async throws -> [NavigationOutcome] {
    let navigator = try makeNavigator(write: write)
    var outcomes: [NavigationOutcome] = []
    for link in [
        "ledger://invoice/42",  // routed inside: showing invoice(id: 42)
        "https://app.example.com/invoices/7",  // a universal link, routed inside
        "ledger://expenses/2024-05?page=2",  // typed query parameter
        "https://help.example.com/faq",  // allowed outside: opening ...
        "javascript:alert(1)",  // refused: the scheme runs code
        "ledger://home?next=https://evil.test",  // refused: an open redirect
        "ledger://home?redirect_to=https://evil.test",  // refused: any value that is a link to another host
        "ledger://home#https://evil.test",  // refused: the fragment is checked too
        "ledger://expenses/..%2F..%2Fetc",  // refused: a decoded / in a parameter
    ] {
        guard let url = URL(string: link) else { continue }
        let outcome = await navigator.navigate(to: url)
        // Code switches on the case (`.rejected(.unsafeLink(.forbiddenScheme("javascript")))`); a person reads
        // the rejection's sentence.
        if let rejection = outcome.rejection { write("refused \(link): \(rejection)") }
        outcomes.append(outcome)
    }
    let shared = try ledgerRoutes().url(for: .expenses(month: "2024-05", page: 1))
    write("share \(shared.absoluteString)")  // share ledger://expenses/2024-05
    return outcomes
}
