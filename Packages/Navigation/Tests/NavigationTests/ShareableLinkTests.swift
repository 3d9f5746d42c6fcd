import EssentialsTesting
import Foundation
import Testing

@testable import Navigation

/// The screens of a ledger app, with the route table shape the app uses: literal screens, a custom report period,
/// invoice numbers as a custom type, and a universal-link alias that shares the custom scheme's links.
enum LedgerLinkScreen: Hashable, Sendable {
    case home
    case expenses
    case newExpense
    case report(Period)
    case invoices
    case newInvoice
    case invoice(number: String)
    case register

    enum Period: String, CaseIterable, Sendable, LosslessStringConvertible {
        case daily, weekly, monthly, yearly

        init?(_ description: String) { self.init(rawValue: description) }
        var description: String { rawValue }
    }
}

enum LedgerLinkRoutes {
    static let number = ParameterType.custom("invoiceNumber") { $0.hasPrefix("INV-") && $0.count <= 64 }

    static let all: [Route<LedgerLinkScreen>] = {
        let invoice: @Sendable (RouteParameters) throws(RouteParameterError) -> LedgerLinkScreen = {
            parameters throws(RouteParameterError) in .invoice(number: try parameters.string("number"))
        }
        return [
            Route("ledger://home", to: .home),
            Route("ledger://expenses", to: .expenses),
            Route("ledger://expenses/new", to: .newExpense),
            Route(
                "ledger://reports/:period",
                types: ["period": .custom(LedgerLinkScreen.Period.self)],
                destination: { parameters throws(RouteParameterError) in
                    .report(try parameters.value("period", as: LedgerLinkScreen.Period.self))
                },
                parameters: { screen in
                    guard case .report(let period) = screen else { return nil }
                    return ["period": .string(period.rawValue)]
                }
            ),
            Route("ledger://invoices", to: .invoices),
            Route("ledger://invoices/new", to: .newInvoice),
            Route(
                "ledger://invoices/:number",
                types: ["number": number],
                destination: invoice,
                parameters: { screen in
                    guard case .invoice(let value) = screen else { return nil }
                    return ["number": .string(value)]
                }
            ),
            Route(
                "https://app.ledger.example/invoices/:number",
                types: ["number": number],
                destination: invoice,
                parameters: { _ in nil }
            ),
            Route("ledger://register", to: .register),
        ]
    }()
}

@Suite("Navigation: a shareable link for every destination a route can produce")
struct ShareableLinkTests {
    /// Hostile and ordinary pieces for random links: literals of the table, encodings of `/`, `.`, controls and
    /// bidirectional controls, Unicode, and the app's own spellings.
    static let pieces = [
        "home", "expenses", "new", "reports", "daily", "weekly", "monthly", "yearly", "invoices", "register", "INV-",
        "INV-0001", "INV-%C3%A9", "INV-%2F", "INV-..", "INV-%E2%80%AE", "INV-%F0%9F%99%82", "INV-%20", "INV-%25",
        "%2E%2E", "..", ".", "%2F", "%00", "x", "42", "%E2%80%8B", "%zz", "", "Daily",
    ]
    static let origins = [
        "ledger://home", "ledger://expenses", "ledger://reports", "ledger://invoices", "ledger://register",
        "LEDGER://INVOICES", "https://app.ledger.example/invoices", "https://APP.ledger.example./invoices",
        "https://app.ledger.example", "ledger://other",
    ]

    static func randomLink(using random: inout SeededGenerator) -> String {
        let origin = origins.randomElement(using: &random) ?? "ledger://home"
        let segments = (0..<Int.random(in: 0...2, using: &random)).map { _ in
            pieces.randomElement(using: &random) ?? ""
        }
        var link = origin + (segments.isEmpty ? "" : "/" + segments.joined(separator: "/"))
        if Int.random(in: 0..<4, using: &random) == 0 {
            link += "?utm_source=" + (pieces.randomElement(using: &random) ?? "")
        }
        if Int.random(in: 0..<4, using: &random) == 0 { link += "/" }
        return link
    }

    @Test("every destination routed from a random link gets a link back: absolute, printable, to the same place")
    func everyRoutedDestination() throws {
        let table = try RouteTable(LedgerLinkRoutes.all)
        var random = SeededGenerator(seed: 77)
        var routed: Set<LedgerLinkScreen> = []
        for _ in 0..<5_000 {
            let link = Self.randomLink(using: &random)
            guard let destination = try? table.match(link: link).destination else { continue }
            routed.insert(destination)
            let shared = try table.url(for: destination)
            #expect(shared.absoluteString.unicodeScalars.allSatisfy { (0x21..<0x7F).contains($0.value) })
            #expect(shared.absoluteString.hasPrefix("ledger://"), "\(link) -> \(shared.absoluteString)")
            #expect(try table.destination(for: shared) == destination, "\(link) -> \(shared.absoluteString)")
        }
        #expect(routed.count >= 14)
    }

    @Test("every screen of the app has exactly the link it is expected to have, and it routes back")
    func everyScreen() throws {
        let table = try RouteTable(LedgerLinkRoutes.all)
        var screens: [(LedgerLinkScreen, String)] = [
            (.home, "ledger://home"), (.expenses, "ledger://expenses"), (.newExpense, "ledger://expenses/new"),
            (.invoices, "ledger://invoices"), (.newInvoice, "ledger://invoices/new"),
            (.invoice(number: "INV-0001"), "ledger://invoices/INV-0001"),
            (.invoice(number: "INV-new"), "ledger://invoices/INV-new"),
            (.invoice(number: "INV-é 1"), "ledger://invoices/INV-%C3%A9%201"),
            (.register, "ledger://register"),
        ]
        screens += LedgerLinkScreen.Period.allCases.map { (.report($0), "ledger://reports/\($0.rawValue)") }
        for (screen, expected) in screens {
            let link = try table.url(for: screen)
            #expect(link.absoluteString == expected)
            #expect(try table.destination(for: link) == screen)
        }
        #expect(throws: URLGenerationError.invalidValue("number")) { try table.url(for: .invoice(number: "42")) }
        #expect(throws: URLGenerationError.invalidValue("number")) {
            try table.url(for: .invoice(number: "INV-../../etc"))
        }
    }

    @Test("when the first route's link is shadowed, the next route that accepts the destination builds it")
    func nextAcceptingRoute() throws {
        enum Help: Hashable, Sendable {
            case topic(String)
            case privacy
        }
        let topic: @Sendable (RouteParameters) throws(RouteParameterError) -> Help = {
            parameters throws(RouteParameterError) in .topic(try parameters.string("topic"))
        }
        let parameters: @Sendable (Help) -> RouteParameters? = { help in
            guard case .topic(let name) = help else { return nil }
            return ["topic": .string(name)]
        }
        let table = try RouteTable([
            Route("/help/:topic", destination: topic, parameters: parameters),
            Route("ledger://help/:topic", destination: topic, parameters: parameters),
            Route("/help/privacy", to: Help.privacy),
        ])
        // "ledger://help/privacy" routes to .topic("privacy"): the app can produce it, so it must be shareable.
        #expect(try table.destination(for: url("ledger://help/privacy")) == .topic("privacy"))
        #expect(try table.url(for: .topic("privacy")).absoluteString == "ledger://help/privacy")
        #expect(try table.url(for: .privacy).absoluteString == "/help/privacy")
    }

    @Test("a link that works outside the app is preferred over a path-only one")
    func absoluteFirst() throws {
        let table = try RouteTable([
            Route("/help", to: "help"),
            Route("https://app.example.com/help", to: "help"),
            Route("/about", to: "about"),
        ])
        #expect(try table.url(for: "help").absoluteString == "https://app.example.com/help")
        #expect(try table.url(for: "about").absoluteString == "/about")
    }

    @Test("a destination no route can link back to is still refused, with the first route's link")
    func stillRefused() throws {
        let table = try RouteTable([
            Route<String>(
                "ledger://tabs/:tab",
                destination: { parameters throws(RouteParameterError) in try parameters.string("tab") },
                parameters: { ["tab": .string($0)] }),
            Route("ledger://tabs/settings", to: "the settings screen"),
        ])
        #expect(throws: URLGenerationError.notRoundTrippable("ledger://tabs/settings")) {
            try table.url(for: "settings")
        }
    }

    @Test("the table lists its patterns in registration order, for printing which links exist")
    func patterns() throws {
        let table = try RouteTable(LedgerLinkRoutes.all)
        #expect(
            table.patterns == [
                "ledger://home", "ledger://expenses", "ledger://expenses/new", "ledger://reports/:period",
                "ledger://invoices", "ledger://invoices/new", "ledger://invoices/:number",
                "https://app.ledger.example/invoices/:number", "ledger://register",
            ]
        )
        #expect(try RouteTable<String>([]).patterns.isEmpty)
    }
}
