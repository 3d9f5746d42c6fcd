public import Foundation
public import Validation

/// How one series of documents (invoices, credit notes) is numbered: the user's pattern, and the store's sequence
/// each number is counted in. The store owns the counting (a numbered creation reserves the next number of the
/// sequence in the transaction that stores the documents); this turns a count and a day into the number printed,
/// and the number into the id stem its documents are stored under.
///
/// The sequence is the series' name plus the pattern's period (`invoices`, `invoices.2026`, `invoices.2026-11`), so
/// a yearly pattern counts from 1 each year. A pattern that never resets keeps the bare series name, so the
/// default `INV-{seq:4}` continues the numbers stored before patterns existed.
public struct InvoiceNumbering: Hashable, Sendable {
    /// The series' name, the stem of its sequences (`invoices`, `credit-notes`).
    public let series: String
    /// The pattern numbers are written with.
    public let pattern: NumberPattern
    /// The calendar the year and month of a day are read in (the user's time zone).
    public let calendar: Calendar

    /// Numbers `series` with `pattern`, reading days in `calendar`.
    public init(series: String, pattern: NumberPattern, calendar: Calendar) {
        self.series = series
        self.pattern = pattern
        self.calendar = calendar
    }

    /// Invoices, with `pattern` when it parses (the settings checked it when it was set) and `INV-{seq:4}`
    /// otherwise.
    public static func invoices(pattern text: String? = nil, calendar: Calendar) -> InvoiceNumbering {
        InvoiceNumbering(
            series: "invoices", pattern: parsed(text, fallback: defaultInvoicePattern), calendar: calendar)
    }

    /// Credit notes, with `pattern` when it parses and `CN-{seq:4}` otherwise.
    public static func creditNotes(pattern text: String? = nil, calendar: Calendar) -> InvoiceNumbering {
        InvoiceNumbering(
            series: "credit-notes", pattern: parsed(text, fallback: defaultCreditNotePattern), calendar: calendar)
    }

    /// The invoice numbers every ledger has had.
    static let defaultInvoicePattern = "INV-{seq:4}"
    /// The credit-note numbers of a ledger that sets none.
    static let defaultCreditNotePattern = "CN-{seq:4}"

    /// The store's sequence a document issued on `date` is counted in.
    public func sequenceName(for date: Date) -> String {
        let (year, month) = yearAndMonth(of: date)
        return pattern.sequenceSuffix(year: year, month: month).map { "\(series).\($0)" } ?? series
    }

    /// The number printed on the document with the sequence's `counter`, issued on `date`.
    public func number(counter: Int, date: Date) -> String {
        let (year, month) = yearAndMonth(of: date)
        return pattern.format(counter: counter, year: year, month: month)
    }

    /// The stem of the document ids a number is stored under (`<stem>.json`, `<stem>.pdf`): the number with every
    /// character a document id cannot hold (anything outside `A-Z a-z 0-9 . _ -`) mapped to `_`, so
    /// `FV/2026/11/007` is stored as `FV_2026_11_007.json`. The record keeps the printed number.
    public static func documentIDStem(for number: String) -> String {
        String(
            String.UnicodeScalarView(
                number.unicodeScalars.map { scalar in
                    scalar.isASCII && (isAlphanumeric(scalar) || scalar == "." || scalar == "_" || scalar == "-")
                        ? scalar : "_"
                }))
    }

    private static func isAlphanumeric(_ scalar: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar)
    }

    private func yearAndMonth(of date: Date) -> (Int, Int) {
        let parts = calendar.dateComponents([.year, .month], from: date)
        return (parts.year ?? 1970, parts.month ?? 1)
    }

    private static func parsed(_ text: String?, fallback: String) -> NumberPattern {
        if let text, let pattern = try? NumberPattern(parsing: text) { return pattern }
        // The defaults are constants that parse (the tests check them); the counter alone is the last resort.
        return (try? NumberPattern(parsing: fallback)) ?? .counterOnly
    }
}
