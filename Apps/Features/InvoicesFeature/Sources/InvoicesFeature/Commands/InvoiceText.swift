import CommandKit
import Foundation
import Validation

/// An invoice as `invoice show` and a followed link print it (and a preview as `invoice preview` does): every line,
/// the subtotal, the tax and the total, so the figures shown add up.
enum InvoiceText {
    static func lines(of record: InvoiceRecord, money: (Decimal, String) -> String) -> [String] {
        [
            "\(record.number) for \(TerminalText.singleLine(record.request.client)), issued \(record.issuedOn), "
                + "due \(record.dueOn)"
        ]
            + amounts(
                record.request, lineAmounts: record.lineAmounts, subtotal: record.subtotal, tax: record.tax,
                total: record.total, money: money)
            + ["  " + (record.serverID.map { "uploaded as \(TerminalText.safe($0))" } ?? "on this machine only")]
    }

    /// A preview: marked as one in its first line (`title`), the amounts that can be added up, and what the form
    /// still lacks (under `toFix`) or that it is complete (`ready`); a saved draft's preview says how it is issued.
    static func lines(
        of preview: InvoicePreview, money: (Decimal, String) -> String,
        title: String = "PREVIEW (not stored, no number taken)",
        ready: String = "Ready: 'ledger invoice new' with the same options creates it.",
        toFix: String = "Still to fix before 'ledger invoice new' accepts it:"
    ) -> [String] {
        let client = TerminalText.singleLine(preview.request.client)
        var lines = [
            "\(title) for \(client.isEmpty ? "no client yet" : client), issued "
                + "\(preview.issuedOn), due \(preview.dueOn)"
        ]
        lines += amounts(
            preview.request, lineAmounts: preview.lineAmounts, subtotal: preview.subtotal, tax: preview.tax,
            total: preview.total, money: money)
        if preview.problems.isEmpty {
            lines.append("  " + ready)
        } else {
            lines.append("  " + toFix)
            lines += preview.problems.map {
                "    " + ($0.path.isEmpty ? "" : "\($0.path): ") + "\($0.message) [\($0.code)]"
            }
        }
        return lines
    }

    /// The table of lines and totals; a total that cannot be added up is left out.
    private static func amounts(
        _ request: InvoiceRequest, lineAmounts: [Decimal]?, subtotal: Decimal?, tax: Decimal?, total: Decimal?,
        money: (Decimal, String) -> String
    ) -> [String] {
        let currency = request.currencyCode
        var table = TextTable([.left, .right, .left, .right, .right])
        for (index, item) in request.items.enumerated() {
            let amount = lineAmounts.flatMap { index < $0.count ? $0[index] : nil }
            table.append([
                "  " + item.description, "\(item.quantity)", "x", money(item.unitPrice, currency),
                amount.map { money($0, currency) } ?? "",
            ])
        }
        if let discount = request.discount, let subtotal, let lineAmounts, lineAmounts.count == request.items.count {
            let taken = lineAmounts.reduce(Decimal(0), +) - subtotal
            let reason = discount.reason.isEmpty ? "" : " (\(TerminalText.singleLine(discount.reason)))"
            table.append(["  Discount\(reason)", "", "", "", "-" + money(taken, currency)])
        }
        if let subtotal { table.append(["  Subtotal", "", "", "", money(subtotal, currency)]) }
        if let tax, tax != 0 {
            let rate = request.taxPercent.map { " \($0)%" } ?? ""
            table.append(["  Tax\(rate)", "", "", "", money(tax, currency)])
        }
        if let total { table.append(["  Total", "", "", "", money(total, currency)]) }
        return table.lines
    }
}
