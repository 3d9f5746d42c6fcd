import Foundation
import Navigation
import Testing

// The route table the catalog's overview (Navigation.docc/Navigation.md) shows, compiled here because
// Scripts/docs requires every snippet of a catalog to be code of this package's tests. The README's whole example,
// of which it is a part, is compiled and run by the outside consumer Examples/NavigationConsumer, whose test also
// checks that the catalog's snippet is a piece of that file.

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

@Suite("Navigation: the catalog's route table")
struct DocumentationSnippetTests {
    @Test func linksRouteToScreens() throws {
        let routes = try ledgerRoutes()
        #expect(try routes.destination(for: url("ledger://home")) == .home)
        #expect(try routes.destination(for: url("ledger://invoice/42")) == .invoice(id: 42))
        #expect(try routes.destination(for: url("https://app.example.com/invoices/7")) == .invoice(id: 7))
        #expect(try routes.destination(for: url("ledger://expenses/2024-05")) == .expenses(month: "2024-05", page: 1))
        #expect(
            try routes.destination(for: url("ledger://expenses/2024-05?page=3")) == .expenses(month: "2024-05", page: 3)
        )
        #expect(throws: RoutingError.noMatchingRoute) { try routes.destination(for: url("ledger://invoice/new")) }
    }

    @Test func screensBuildTheLinksThatLeadBackToThem() throws {
        let routes = try ledgerRoutes()
        #expect(try routes.url(for: .home).absoluteString == "ledger://home")
        #expect(try routes.url(for: .invoice(id: 42)).absoluteString == "ledger://invoice/42")
        #expect(try routes.url(for: .expenses(month: "2024-05", page: 1)).absoluteString == "ledger://expenses/2024-05")
        #expect(
            try routes.url(for: .expenses(month: "2024-05", page: 2)).absoluteString
                == "ledger://expenses/2024-05?page=2")
    }
}
