import Essentials
import Foundation

/// An expense report as RFC 4180 CSV for spreadsheets and accounting imports: one line per expense with the
/// columns `date,group,title,amount,currency,comment`.
///
/// Dates are ISO 8601 and amounts are plain numbers (`-1234.50`: a dot, no grouping, the currency's minor
/// units) so every spreadsheet locale parses them the same way. Totals are not written: they would be read
/// back as expenses, and a spreadsheet computes them. Text cells that begin with `=`, `+`, `-`, `@`, a tab or
/// a carriage return get a leading `'` so a spreadsheet shows them instead of running them as formulas.
/// Lines end with CR LF, as RFC 4180 specifies.
public struct CSVExpenseReportFormatter: ExpenseReportFormatting {
    /// Creates the formatter.
    public init() {}

    /// The header line and one line per row, each ending in CR LF.
    public func format(_ report: ExpenseReport) -> String {
        var lines = ["date,group,title,amount,currency,comment"]
        for section in report.sections {
            let group = section.heading.map(Self.text) ?? ""
            for row in section.rows {
                let rounded = MoneyRounding.round(row.amount, scale: row.currency.minorUnits)
                let amount =
                    row.amount.isNaN
                    ? "NaN"
                    : MoneyFormatter.plainNumber(rounded, fractionDigits: row.currency.minorUnits)
                lines.append(
                    [row.date.iso8601, group, Self.text(row.title), amount, row.currency.code, Self.text(row.comment)]
                        .joined(separator: ","))
            }
        }
        return lines.map { $0 + "\r\n" }.joined()
    }

    /// A text cell: defused against formula injection, then quoted when it holds a separator, a quote, a line
    /// break or leading or trailing spaces.
    static func text(_ value: String) -> String {
        var value = value
        if let first = value.unicodeScalars.first, ["=", "+", "-", "@", "\t", "\r"].contains(first) {
            value = "'" + value
        }
        let needsQuotes =
            value.contains { $0 == "," || $0 == "\"" || $0.isNewline } || value.first == " " || value.last == " "
        guard needsQuotes else { return value }
        return "\"" + value.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}
