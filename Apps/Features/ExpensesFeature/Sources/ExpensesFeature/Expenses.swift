public import CommandKit
public import Foundation
public import Storage
public import Validation

/// Everything the expenses feature hands out, each part typed by the one capability its caller needs.
public struct Expenses: Sendable {
    /// Adds one expense after validating it.
    public let recorder: any ExpenseRecording
    /// Imports expenses from CSV, keeping the good rows and reporting the bad ones.
    public let importer: any ExpenseImporting
    /// Exports every expense as CSV.
    public let exporter: any ExpenseExporting
    /// Reports for a range, as a table, CSV or JSON.
    public let reports: any ExpenseReporting
    /// Corrects and deletes recorded expenses.
    public let corrections: any ExpenseCorrecting
    /// Remembers the formats of bank exports under names (`--profile`); nil where nothing can be kept.
    public let profiles: (any ImportProfileStoring)?
    /// How amounts and days are shown and read: the user's calendar, locale, clock and default currency.
    public let display: DisplayContext

    /// Bundles the parts; the composition root builds them on one store.
    public init(
        recorder: any ExpenseRecording, importer: any ExpenseImporting, exporter: any ExpenseExporting,
        reports: any ExpenseReporting, corrections: any ExpenseCorrecting, display: DisplayContext,
        profiles: (any ImportProfileStoring)? = nil
    ) {
        self.profiles = profiles
        self.recorder = recorder
        self.importer = importer
        self.exporter = exporter
        self.reports = reports
        self.corrections = corrections
        self.display = display
    }
}

/// A new expense as a user typed it, before validation.
public struct NewExpense: Hashable, Sendable {
    /// What the money was spent on.
    public var title: String
    /// The amount.
    public var price: Decimal
    /// ISO 4217 currency code.
    public var currencyCode: String
    /// When it was spent.
    public var date: Date
    /// Free text.
    public var comment: String
    /// Whether a date more than a year ahead is meant (a subscription paid far ahead) rather than a mistyped year.
    public var allowsFuture: Bool
    /// What kind of spending it was, or nil; normalised with `ExpenseLabels.category(_:)`.
    public var category: String?
    /// Free labels; normalised with `ExpenseLabels.tags(_:)`.
    public var tags: [String]

    /// Creates a new expense.
    public init(
        title: String, price: Decimal, currencyCode: String, date: Date, comment: String = "",
        allowsFuture: Bool = false, category: String? = nil, tags: [String] = []
    ) {
        self.title = title
        self.price = price
        self.currencyCode = currencyCode
        self.date = date
        self.comment = comment
        self.allowsFuture = allowsFuture
        self.category = category
        self.tags = tags
    }
}

/// Why an expense was not added.
public enum ExpenseInputError: Error, Hashable, Sendable {
    /// The input breaks the rules; every problem is listed.
    case invalid([ValidationProblem])
    /// The store failed; nothing was saved.
    case storage(StorageError)
}

/// Adds expenses: the capability of an "add expense" screen or command.
public protocol ExpenseRecording: Sendable {
    /// Validates `expense` and saves it; returns the saved entry.
    func add(_ expense: NewExpense) async throws(ExpenseInputError) -> ExpenseEntry
}

/// Says what is wrong with an expense without saving it: what correcting and importing take from recording, so
/// a correction and an imported row meet exactly the rules of a typed-in expense while the editor and the importer
/// keep their own saving (the same id after a correction; batches, stable ids and counts for an import).
public protocol ExpenseChecking: Sendable {
    /// Every problem with `expense`, each with its message; empty when it may be saved.
    func problems(in expense: NewExpense) -> [ValidationProblem]
}

/// How far an import has come, reported after every batch.
public struct ImportProgress: Hashable, Sendable {
    /// Data rows read so far.
    public var rowsRead: Int
    /// Bytes of the file read so far.
    public var bytesRead: Int
    /// The file's size, when it is known.
    public var totalBytes: Int?

    /// Creates a progress report.
    public init(rowsRead: Int, bytesRead: Int, totalBytes: Int?) {
        self.rowsRead = rowsRead
        self.bytesRead = bytesRead
        self.totalBytes = totalBytes
    }
}

/// A row an import could not keep, with its line number in the file (1 is the header).
public struct RejectedRow: Hashable, Sendable, Codable {
    /// The line the row starts on.
    public var line: Int
    /// Everything wrong with it.
    public var problems: [ValidationProblem]
}

/// What an import did.
public struct ImportSummary: Hashable, Sendable, Codable {
    /// Rows saved as new expenses.
    public var inserted: Int
    /// Rows that replaced an expense imported before from the same row (importing a file twice adds nothing).
    public var replaced: Int
    /// The first rows not imported, each with why (at most `CSVExpenseImporter.listedRejections`).
    public var rejected: [RejectedRow]
    /// How many rows were not imported in all.
    public var rejectedCount: Int
    /// Credits (money received) of a bank export that were left out, as asked unless `--credits` is given.
    public var skippedCredits: Int = 0

    /// Creates a summary.
    public init(inserted: Int, replaced: Int, rejected: [RejectedRow], rejectedCount: Int? = nil) {
        self.inserted = inserted
        self.replaced = replaced
        self.rejected = rejected
        self.rejectedCount = rejectedCount ?? rejected.count
    }

    /// Rows saved, new or replacing.
    public var saved: Int { inserted + replaced }
}

/// Why an import stopped.
public enum ExpenseImportError: Error, Hashable, Sendable {
    /// The file is not CSV with the needed columns, or is malformed; rows saved before a malformed part are kept.
    case unreadableFile(ValidationProblem)
    /// The store failed; rows saved before the failure are kept, and importing again does not duplicate them.
    case storage(StorageError, savedRows: Int)
    /// The import was cancelled between batches; rows saved before are kept.
    case cancelled(savedRows: Int)
    /// A bank export can be read two ways (days as DD/MM or MM/DD, `1.250` as 1.25 or 1250): the problem names a
    /// line and both readings, and its path the option that decides (`date-format`, `decimal-mark`). Nothing was
    /// saved.
    case ambiguous(ValidationProblem)
}

/// Imports expenses from CSV.
public protocol ExpenseImporting: Sendable {
    /// Imports the file at `file`, reading it as a stream: good rows are saved, bad rows are reported with their
    /// line numbers.
    func importCSV(
        from file: URL, progress: @escaping @Sendable (ImportProgress) -> Void
    ) async throws(ExpenseImportError) -> ImportSummary
    /// Imports `csv` the same way.
    func importCSV(
        _ csv: String, progress: @escaping @Sendable (ImportProgress) -> Void
    ) async throws(ExpenseImportError) -> ImportSummary
    /// Imports the file at `file`: the app's own CSV, or a bank's export whose encoding, separator, header line,
    /// columns, date format and decimal mark are detected unless `options` give them.
    func importCSV(
        from file: URL, options: ExpenseImportOptions, progress: @escaping @Sendable (ImportProgress) -> Void
    ) async throws(ExpenseImportError) -> ImportSummary
}

/// Exports expenses.
public protocol ExpenseExporting: Sendable {
    /// Every expense, oldest first, as CSV that `ExpenseImporting` reads back without loss, in any time zone: the
    /// day, the time of day and its offset from UTC, the title, the amount with the currency's decimals, the
    /// currency, the comment and the expense's id (``ExpenseCSV``).
    func exportCSV() async throws(StorageError) -> String
}

/// How a report is printed.
public enum ReportFormat: String, Hashable, Sendable, CaseIterable {
    /// An aligned text table with totals per currency.
    case table
    /// CSV, one row per expense.
    case csv
    /// JSON with the period, the totals and the entries.
    case json
}

/// Reports for a period.
public protocol ExpenseReporting: Sendable {
    /// The report for `period` in `format`: the entries `options` keep, newest first, and their totals per
    /// currency, cut into categories when `options` ask for it.
    func report(
        _ period: ReportPeriod, format: ReportFormat, options: ReportOptions
    ) async throws(StorageError) -> String
}

extension ExpenseReporting {
    /// The report for `period` in `format`, every entry, by calendar period.
    public func report(_ period: ReportPeriod, format: ReportFormat) async throws(StorageError) -> String {
        try await report(period, format: format, options: ReportOptions())
    }
}
