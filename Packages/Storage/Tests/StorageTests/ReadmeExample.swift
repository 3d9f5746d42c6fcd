import Foundation
import Storage
import StorageSQLite

/// What this month looks like after two expenses and an invoice: the report, its rows by day, and the invoice.
struct MonthSoFar {
    var report: ExpenseReport
    var days: [ExpenseGroup]
    var invoice: Document?
}

/// Records two expenses and an invoice in a database in `folder` and reads them back, as an app's composition root
/// and its screens would.
func recordAndReport(in folder: URL) async throws -> MonthSoFar {
    // One database file for expenses and documents. The composition root opens it once (creating the data folder
    // the app owns) and hands each screen only the protocol it needs.
    let store = try await SQLiteStore.open(
        at: folder.appendingPathComponent("ledger.sqlite"),
        options: SQLiteStoreOptions(createsMissingFolders: true))
    let saving: any ExpenseSaving = store
    let documents: any DocumentStore = store

    // A report screen refreshes whenever anything is saved.
    var changes = store.changes().makeAsyncIterator()

    // Saving: one entry, or a batch that lands completely or not at all.
    let now = Date(timeIntervalSinceReferenceDate: 750_000_000)
    try await saving.save(
        ExpenseEntry(title: "Coffee", price: Decimal(string: "3.20") ?? 0, currencyCode: "EUR", date: now))
    try await saving.save([
        ExpenseEntry(title: "Lunch", price: Decimal(string: "12.50") ?? 0, currencyCode: "EUR", date: now + 3_600)
    ])
    _ = await changes.next()  // .saved([coffee's id]): time to refresh

    // Reports: a calendar period (`.thisMonth`, `.current(.quarter)`, `.thisMonth.offset(by: -1)`) or a custom
    // range, in an injected calendar and clock.
    let reader = ExpenseReportReader(
        source: store, calendar: Calendar(identifier: .gregorian),
        timeZone: TimeZone(identifier: "Europe/Berlin") ?? .current, now: { now })
    let report = try await reader.report(for: .thisMonth)  // newest first, totals per currency
    let days = try await reader.groupedReport(for: .thisMonth, by: .day)  // rows for a report table

    // Documents: an invoice PDF with the facts a list shows.
    let id = try DocumentID("invoice-2024-001")
    try await documents.save(
        DocumentDraft(
            id: id, contentType: DocumentContentType.pdf, attributes: ["number": "2024-001"],
            bytes: Data("%PDF-1.7".utf8)))
    let invoice = try await documents.load(id)

    await store.close()
    return MonthSoFar(report: report, days: days, invoice: invoice)
}
