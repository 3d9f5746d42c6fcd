import Foundation
import Navigation
import Testing

@testable import LinksFeature

@Suite("Links: routes and navigation")
struct DeepLinkTests {
    @Test(arguments: [
        ("ledger://invoices/INV-0042", LedgerDestination.invoice(number: "INV-0042")),
        ("https://app.ledger.example/invoices/INV-7", .invoice(number: "INV-7")),
        ("ledger://invoices/new", .newInvoice),
        ("ledger://reports/weekly", .report(.week)),
        ("ledger://reports/month", .report(.month)),
        ("ledger://expenses/new", .newExpense),
        ("ledger://home", .home),
    ])
    func appLinksRouteToTheirScreens(link: String, destination: LedgerDestination) async throws {
        let presenter = Recorder()
        let navigator = try LedgerLinks.navigator(presenter: presenter, opener: presenter)
        let outcome = await navigator.navigate(to: try #require(URL(string: link)))
        #expect(outcome == .routedInternally(destination))
        #expect(await presenter.presented == [destination])
    }

    @Test(arguments: [
        "javascript:alert(1)", "data:text/html,<script>", "file:///etc/passwd", "https://evil.test/",
        "https://app.ledger.example@evil.test/", "ledger://home?next=https://evil.test",
        "https://evil.test\\@ledger.example/",
        "ledger://reports/hourly", "ledger://invoices/../../etc",
    ])
    func hostileAndUnknownLinksAreRejected(link: String) async throws {
        let recorder = Recorder()
        let navigator = try LedgerLinks.navigator(presenter: recorder, opener: recorder)
        guard let url = URL(string: link) else { return }
        let outcome = await navigator.navigate(to: url)
        guard case .rejected = outcome else {
            Issue.record("\(link) was not rejected: \(outcome)")
            return
        }
        #expect(await recorder.presented.isEmpty)
        #expect(await recorder.opened.isEmpty)
    }

    @Test func routesBuildLinksThatRouteBack() throws {
        let routes = try LedgerLinks.routes()
        let destinations: [LedgerDestination] =
            [.home, .expenses, .newExpense, .invoices, .newInvoice, .invoice(number: "INV-0001"), .register]
            + ReportPeriod.allCases.map { .report($0) }
        for destination in destinations {
            let url = try routes.url(for: destination)
            #expect(try routes.destination(for: url) == destination)
        }
        #expect(try routes.url(for: .report(.week)).absoluteString == "ledger://reports/week")
    }

    @Test(arguments: [
        ("day", ReportPeriod.day), ("daily", .day), ("Weekly", .week), ("month", .month), ("yearly", .year),
    ])
    func reportPeriodsReadTheShortAndTheLongForm(text: String, period: ReportPeriod) {
        #expect(ReportPeriod(text) == period)
    }

    @Test(arguments: ["", "hourly", "weeks", "wee", String(repeating: "week", count: 1_000)])
    func otherPeriodsAreNotPeriods(text: String) {
        #expect(ReportPeriod(text) == nil)
    }
}

/// A presenter and opener that remember what they were asked to do.
actor Recorder: ScreenPresenter, URLOpener {
    private(set) var presented: [LedgerDestination] = []
    private(set) var opened: [URL] = []

    func present(_ destination: LedgerDestination) {
        presented.append(destination)
    }

    func canOpen(_ url: URL) -> Bool { true }

    func open(_ url: URL) -> Bool {
        opened.append(url)
        return true
    }
}
