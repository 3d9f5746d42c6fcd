import Foundation
import Navigation
import Testing

// The code below is the README's usage example, unchanged, so the README cannot drift from what compiles.

// README example begins
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

func readmeDemo(write: @escaping @Sendable (String) -> Void = { print($0) }) async throws -> [NavigationOutcome] {
    let navigator = try makeNavigator(write: write)
    var outcomes: [NavigationOutcome] = []
    for link in [
        "ledger://invoice/42",  // routed inside: showing invoice(id: 42)
        "https://app.example.com/invoices/7",  // a universal link, routed inside
        "ledger://expenses/2024-05?page=2",  // typed query parameter
        "https://help.example.com/faq",  // allowed outside: opening ...
        "javascript:alert(1)",  // rejected: forbiddenScheme("javascript")
        "ledger://home?next=https://evil.test",  // rejected: an open redirect
        "ledger://home?redirect_to=https://evil.test",  // rejected: any value that is a link to another host
        "ledger://home#https://evil.test",  // rejected: the fragment is checked too
        "ledger://expenses/..%2F..%2Fetc",  // rejected: unsafeParameter("month", .pathSeparator)
    ] {
        guard let url = URL(string: link) else { continue }
        outcomes.append(await navigator.navigate(to: url))
    }
    let shared = try ledgerRoutes().url(for: .expenses(month: "2024-05", page: 1))
    write("share \(shared.absoluteString)")  // share ledger://expenses/2024-05
    return outcomes
}
// README example ends

@Suite("Navigation: README example")
struct ReadmeExampleTests {
    @Test("the README shows exactly the code above")
    func readmeMatches() throws {
        let testFile = URL(fileURLWithPath: #filePath)
        let packageFolder = testFile.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let readme = try String(contentsOf: packageFolder.appendingPathComponent("README.md"), encoding: .utf8)
        let source = try String(contentsOf: testFile, encoding: .utf8)
        let shown = try #require(readme.components(separatedBy: "```swift\n").dropFirst().first)
            .components(separatedBy: "```").first
        let compiled = try #require(source.components(separatedBy: "// README example begins\n").last)
            .components(separatedBy: "// README example ends").first
        #expect(shown != nil && shown == compiled, "the README's usage example differs from the code in this file")
    }

    @Test("the README example runs and does what its comments say")
    func runs() async throws {
        let collector = Collector()
        let outcomes = try await readmeDemo(write: collector.write)
        let external = try #require(URL(string: "https://help.example.com/faq"))
        #expect(
            outcomes == [
                .routedInternally(LedgerScreen.invoice(id: 42)),
                .routedInternally(LedgerScreen.invoice(id: 7)),
                .routedInternally(LedgerScreen.expenses(month: "2024-05", page: 2)),
                .openedExternally(external),
                .rejected(.unsafeLink(.forbiddenScheme("javascript"))),
                .rejected(.unsafeLink(.unsafeRedirect(parameter: "next", .absoluteURL))),
                .rejected(
                    .unsafeLink(.unsafeRedirect(parameter: "redirect_to", .unsafeTarget(.hostNotAllowed("evil.test"))))
                ),
                .rejected(.unsafeLink(.unsafeFragment(parameter: nil, .unsafeTarget(.hostNotAllowed("evil.test"))))),
                .rejected(.routing(.unsafeParameter("month", .pathSeparator))),
            ]
        )
        #expect(
            collector.lines == [
                "showing invoice(id: 42)", "showing invoice(id: 7)", "showing expenses(month: \"2024-05\", page: 2)",
                "opening https://help.example.com/faq", "share ledger://expenses/2024-05",
            ]
        )
        #expect(try ledgerRoutes().url(for: .invoice(id: 42)).absoluteString == "ledger://invoice/42")
    }

    /// Collects lines synchronously, so the order is the order of the calls.
    final class Collector: @unchecked Sendable {
        private let lock = NSLock()
        private var stored: [String] = []

        var lines: [String] {
            lock.lock()
            defer { lock.unlock() }
            return stored
        }

        func write(_ line: String) {
            lock.lock()
            stored.append(line)
            lock.unlock()
        }
    }
}
