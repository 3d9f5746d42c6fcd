public import CommandKit
public import ExpensesFeature
import Foundation
import Rendering
public import Storage
import StorageSQLite
import Validation

extension LedgerFactory {
    /// Expenses and reports on the data folder's store: validated adds, CSV import and export (bank import profiles
    /// are documents of the same store, beside the settings), reports in the user's calendar.
    public func makeExpenses() async throws(StorageError) -> Expenses {
        let store = try await store.open()
        let configured = await configured()
        let environment = configured.environment
        let rules = ExpenseValidationOptions(now: environment.now, calendar: environment.calendar)
        var farAhead = rules
        farAhead.allowsFuture = true
        let recorder = ExpenseRecorder(
            validator: ExpenseValidator(options: rules), futureValidator: ExpenseValidator(options: farAhead),
            messages: .english, saver: store)
        let reports = ExpenseReports(
            reader: ExpenseReportReader(
                source: store, calendar: environment.calendar, timeZone: environment.calendar.timeZone,
                now: environment.now),
            calendar: environment.calendar, locale: environment.reportLocale, currency: CurrencyTable.currency)
        return Expenses(
            recorder: recorder, importer: CSVExpenseImporter(rules: recorder, saver: store, days: environment.days),
            exporter: reports, reports: reports, corrections: ExpenseEditor(rules: recorder, store: store),
            display: configured.display, profiles: DocumentImportProfiles(documents: store))
    }

    /// The expense and report commands.
    public func expenseCommands() -> any CommandGroup {
        ExpenseCommands(expenses: makeExpenses)
    }
}
