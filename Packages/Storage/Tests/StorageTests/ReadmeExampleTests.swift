import Foundation
import Storage
import StorageSQLite
import StorageTesting
import Testing

/// The usage example of README.md, verbatim inside `example(folder:)`, so it keeps compiling and working.
@Suite("Storage: README example")
struct ReadmeExampleTests {
    @Test func theReadmeExampleRuns() async throws {
        try await withTemporaryFolder { folder in
            let (report, groups, invoice) = try await example(folder: folder)
            #expect(report.entries.map(\.title) == ["Lunch", "Coffee"])
            #expect(report.totals == [CurrencyTotal(currencyCode: "EUR", amount: try decimal("15.70"), entryCount: 2)])
            #expect(groups.count == 1)
            #expect(invoice?.metadata.attributes["number"] == "2024-001")
        }
    }

    private func example(folder: URL) async throws -> (ExpenseReport, [ExpenseGroup], Document?) {
        // README example starts here.
        // One database file for expenses and documents. The composition root opens it once and hands each
        // screen only the protocol it needs.
        let store = try await SQLiteStore.open(at: folder.appendingPathComponent("ledger.sqlite"))
        let saving: any ExpenseSaving = store
        let documents: any DocumentStore = store

        // A report screen refreshes whenever anything is saved.
        let changes = store.changes()

        // Saving: one entry, or a batch that lands completely or not at all.
        let now = Date(timeIntervalSinceReferenceDate: 750_000_000)
        try await saving.save(
            ExpenseEntry(title: "Coffee", price: Decimal(string: "3.20") ?? 0, currencyCode: "EUR", date: now))
        try await saving.save([
            ExpenseEntry(title: "Lunch", price: Decimal(string: "12.50") ?? 0, currencyCode: "EUR", date: now + 3_600)
        ])

        // Reports: a fixed range from `ReportRange.allCases` or a custom one, in an injected calendar and clock.
        let reader = ExpenseReportReader(
            source: store, calendar: Calendar(identifier: .gregorian),
            timeZone: TimeZone(identifier: "Europe/Berlin") ?? .current, now: { now })
        let report = try await reader.report(for: .thisMonth)  // newest first, totals per currency
        let table = try await reader.groupedReport(for: .thisMonth, by: .day)  // rows for a report table

        // Documents: an invoice PDF with the facts a list shows.
        let id = try DocumentID("invoice-2024-001")
        try await documents.save(
            DocumentDraft(
                id: id, contentType: DocumentContentType.pdf, attributes: ["number": "2024-001"],
                bytes: Data("%PDF-1.7".utf8)))
        let invoice = try await documents.load(id)

        var iterator = changes.makeAsyncIterator()
        _ = await iterator.next()  // .saved([coffee's id]): time to refresh
        await store.close()
        // README example ends here.
        return (report, table, invoice)
    }
}
