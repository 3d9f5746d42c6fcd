import CommandKit
import Foundation

/// An invoice as `invoice show` and a followed link print it: every line, the subtotal, the tax and the total,
/// so the figures shown add up.
enum InvoiceText {
    static func lines(of record: InvoiceRecord, money: (Decimal, String) -> String) -> [String] {
        let currency = record.request.currencyCode
        var lines = [
            "\(record.number) for \(TerminalText.singleLine(record.request.client)), issued \(record.issuedOn), "
                + "due \(record.dueOn)"
        ]
        var table = TextTable([.left, .right, .left, .right, .right])
        for (index, item) in record.request.items.enumerated() {
            let amount = record.lineAmounts.flatMap { index < $0.count ? $0[index] : nil }
            table.append([
                "  " + item.description, "\(item.quantity)", "x", money(item.unitPrice, currency),
                amount.map { money($0, currency) } ?? "",
            ])
        }
        if let subtotal = record.subtotal { table.append(["  Subtotal", "", "", "", money(subtotal, currency)]) }
        if let tax = record.tax, tax != 0 {
            let rate = record.request.taxPercent.map { " \($0)%" } ?? ""
            table.append(["  Tax\(rate)", "", "", "", money(tax, currency)])
        }
        table.append(["  Total", "", "", "", money(record.total, currency)])
        lines += table.lines
        lines.append("  " + (record.serverID.map { "uploaded as \(TerminalText.safe($0))" } ?? "on this machine only"))
        return lines
    }
}
