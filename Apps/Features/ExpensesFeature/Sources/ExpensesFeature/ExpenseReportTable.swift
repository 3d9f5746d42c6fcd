import CommandKit
import Essentials
import Foundation
import Rendering
import Storage

/// A report as a table for people: each expense's day, title, amount and short id (what `expense edit` and
/// `expense delete` take), the subtotals of each group per currency and the totals. Rows grouped by day print
/// their day once, on the group's first row; rows grouped by week or month go under a heading naming it. A
/// `CommandKit.TextTable`, so it is cut to a terminal's width (titles first, never amounts) and never when piped.
struct ExpenseReportTable {
    let title: String
    let money: MoneyFormatter
    let currency: @Sendable (String) -> Currency
    let day: (Date) -> String

    /// The table of `groups` (heading and entries, newest first) and the report's `totals`; `byDay` prints each
    /// group's day on its first row instead of under a heading.
    func text(groups: [(heading: String?, entries: [ExpenseEntry])], totals: [CurrencyTotal], byDay: Bool) -> String {
        let ids = ShortIDs(of: groups.flatMap(\.entries).map(\.id))
        var table = TextTable([.left, .left, .right, .left])
        table.append(["Date", "Title", "Amount", "Id"])
        var headings: [Int: String] = [:]
        var rowCount = 1
        for group in groups {
            if let heading = group.heading { headings[rowCount] = byDay ? "" : heading }
            for (index, entry) in group.entries.enumerated() {
                let date = byDay && index > 0 ? "" : day(entry.date)
                table.append([date, entry.title, amount(entry.price, entry.currencyCode), ids[entry.id]])
                rowCount += 1
            }
            if group.heading != nil {
                for total in CurrencyTotal.totals(of: group.entries) {
                    table.append(["", "Subtotal \(total.currencyCode)", amount(total.amount, total.currencyCode), ""])
                    rowCount += 1
                }
            }
        }
        let totalsStart = rowCount
        if totals.isEmpty { table.append(["Total", "", "none", ""]) }
        for total in totals {
            table.append(["Total", total.currencyCode, amount(total.amount, total.currencyCode), ""])
        }
        let lines = table.lines
        let rule = String(repeating: "-", count: lines.map(TerminalText.width).max() ?? 0)
        let heading = TerminalText.singleLine(title)
        var out = [heading, String(repeating: "=", count: max(TerminalText.width(heading), 1)), lines[0], rule]
        for (index, line) in lines.enumerated().dropFirst() {
            if index == totalsStart { out.append(rule) }
            if let heading = headings[index] { out += heading.isEmpty ? [""] : ["", heading] }
            out.append(line)
        }
        return out.joined(separator: "\n") + "\n"
    }

    private func amount(_ value: Decimal, _ code: String) -> String {
        money.string(from: value, currency: currency(code))
    }
}
