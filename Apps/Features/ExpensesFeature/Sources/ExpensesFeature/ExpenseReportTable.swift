import CommandKit
import Essentials
import Foundation
import Rendering
import Storage

/// A report as a table for people: each expense's short id (what `expense edit` and `expense delete` take), its
/// title and amount, under a heading per day (or week, or month) with the subtotals of each currency, and the
/// totals. Rows grouped by day leave their date to the heading, so a day is printed once; other groupings and a
/// single list print each row's date. A `CommandKit.TextTable`, so it is cut to a terminal's width (titles first,
/// never amounts) and never when piped.
struct ExpenseReportTable {
    let title: String
    let money: MoneyFormatter
    let currency: @Sendable (String) -> Currency
    let day: (Date) -> String

    /// The table of `groups` (heading and entries, newest first) and the report's `totals`.
    func text(
        groups: [(heading: String?, entries: [ExpenseEntry])], totals: [CurrencyTotal], datesInRows: Bool
    )
        -> String
    {
        let ids = ShortIDs(of: groups.flatMap(\.entries).map(\.id))
        var table = TextTable(datesInRows ? [.left, .left, .left, .right] : [.left, .left, .right])
        func row(_ id: String, _ date: String, _ title: String, _ amount: String) {
            table.append(datesInRows ? [id, date, title, amount] : [id, title, amount])
        }
        row("Id", "Date", "Title", "Amount")
        var headings: [Int: String] = [:]
        var rowCount = 1
        for group in groups {
            if let heading = group.heading { headings[rowCount] = heading }
            for entry in group.entries {
                row(ids[entry.id], day(entry.date), entry.title, amount(entry.price, entry.currencyCode))
                rowCount += 1
            }
            if group.heading != nil {
                for total in CurrencyTotal.totals(of: group.entries) {
                    row("", "", "Subtotal \(total.currencyCode)", amount(total.amount, total.currencyCode))
                    rowCount += 1
                }
            }
        }
        let totalsStart = rowCount
        if totals.isEmpty { row("Total", "", "", "none") }
        for total in totals {
            row("Total", "", total.currencyCode, amount(total.amount, total.currencyCode))
        }
        let lines = table.lines
        let rule = String(repeating: "-", count: lines.map(TerminalText.width).max() ?? 0)
        let heading = TerminalText.singleLine(title)
        var out = [heading, String(repeating: "=", count: max(TerminalText.width(heading), 1)), lines[0], rule]
        for (index, line) in lines.enumerated().dropFirst() {
            if index == totalsStart { out.append(rule) }
            if let heading = headings[index] { out += ["", heading] }
            out.append(line)
        }
        return out.joined(separator: "\n") + "\n"
    }

    private func amount(_ value: Decimal, _ code: String) -> String {
        money.string(from: value, currency: currency(code))
    }
}
