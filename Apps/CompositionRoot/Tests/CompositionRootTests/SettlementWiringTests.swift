import Foundation
import HomeFeature
import InvoicesFeature
import Testing

@testable import CompositionRoot

@Suite("CompositionRoot: invoice balances and the home screen's outstanding line")
struct SettlementWiringTests {
    @Test func theHomeScreenShowsTheFiguresOfTheInvoiceSummary() async throws {
        let folder = try TemporaryFolder()
        let factory = makeFactory(folder: folder)
        #expect(await factory.outstandingInvoices().isEmpty)
        let invoices = try await factory.makeInvoices()
        for (client, currency) in [("ACME", "EUR"), ("Globex", "USD"), ("Initech", "EUR")] {
            _ = try await invoices.form.submit(
                InvoiceRequest(
                    client: client, items: [InvoiceItem(description: "Work", quantity: 2, unitPrice: 60.5)],
                    currencyCode: currency, taxPercent: 20))
        }
        let accounts = try #require(invoices.accounts)
        let summary = try await accounts.summary()
        #expect(summary.outstanding.count == 2 && summary.outstanding["EUR"] == Decimal(string: "290.40"))
        #expect(summary.outstanding["USD"] == Decimal(string: "145.20"))
        let home = await factory.outstandingInvoices()
        #expect(home.map(\.currency) == ["EUR", "USD"])
        #expect(home.map(\.amount) == summary.currencies.map(\.outstanding))
        #expect(home.map(\.text) == ["€290.40", "$145.20"])
        await factory.close()
    }
}
