import Foundation
import StorageSQLite

/// The stores every store-backed feature shares, and how to close them.
struct OpenedStore: Sendable {
    let expenses: any ExpenseStore
    let documents: any DocumentStore
    let close: @Sendable () async -> Void
}

extension LedgerFactory {
    /// The storage backend: one SQLite file in the data folder holds expenses and documents.
    ///
    /// To switch to the file-system backend, replace the `SQLiteStore.open` line with
    /// `FileSystemExpenseStore.open(in: folder.appendingPathComponent("expenses"))` and
    /// `FileSystemDocumentStore.open(in: folder.appendingPathComponent("documents"), now: now)`.
    static func openStore(in folder: URL, now: @escaping @Sendable () -> Date) async throws(StorageError) -> OpenedStore
    {
        let store = try await SQLiteStore.open(at: folder.appendingPathComponent("ledger.sqlite"), now: now)
        return OpenedStore(expenses: store, documents: store, close: { await store.close() })
    }

    /// Reads reports for the fixed ranges and custom ones, in the configured calendar and clock.
    func makeReportReader(source: any ExpenseReading) -> any ReportReading {
        ExpenseReportReader(
            source: source, calendar: configuration.calendar, timeZone: configuration.calendar.timeZone,
            now: configuration.now)
    }
}

extension LedgerFactory {
    /// Expenses and reports: validated adds, CSV import and export, reports in the configured calendar, all on the
    /// data folder's store.
    public func makeExpenses() async throws(StorageError) -> ExpensesFeature {
        let store = try await resources.openedStore()
        let recorder = ExpenseRecorder(
            validator: makeExpenseValidator(), messages: validationMessages, saver: store.expenses, makeID: UUID.init)
        let reports = ExpenseReports(
            reader: makeReportReader(source: store.expenses), calendar: configuration.calendar,
            locale: renderingLocale)
        return ExpensesFeature(
            recorder: recorder,
            importer: CSVExpenseImporter(recorder: recorder, saver: store.expenses, days: days),
            exporter: reports,
            reports: reports
        )
    }

    /// Days as the app reads and prints them, in the configured calendar.
    public var days: DayFormat { DayFormat(calendar: configuration.calendar) }
}
