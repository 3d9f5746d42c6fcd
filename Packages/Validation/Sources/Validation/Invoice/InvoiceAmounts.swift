public import Foundation

/// The amounts an invoice states, computed the way the invoice is computed, so the validator can hold every
/// one of them below ``MoneyLimits/amountLimit`` before the renderer sees the draft.
///
/// Rule: a line's net amount is quantity × unit price rounded half-up to the currency's minor units; the
/// subtotal is the sum of the rounded lines. Tax may be computed once on the subtotal (what the renderer does
/// for an invoice with one rate, and what EN 16931 expects) or per line and summed; the two differ by at most
/// half a minor unit per line. The validator takes the larger of the two, so a draft it accepts stays below the
/// limit under either rule. Amounts are not rounded when the currency is unknown (the draft fails on its
/// currency anyway).
public struct InvoiceAmounts: Hashable, Sendable {
    /// Each line's net amount, rounded, in line order.
    public let lineAmounts: [Decimal]
    /// The sum of `lineAmounts`.
    public let subtotal: Decimal
    /// The tax on the subtotal, rounded once.
    public let taxOnSubtotal: Decimal
    /// The sum of each line's tax, each rounded.
    public let taxPerLine: Decimal

    /// Computes the amounts of `lines` at `taxPercent` (`nil` is no tax) in a currency with `minorUnits`
    /// decimal places (`nil` leaves amounts unrounded). Quantities and prices must not be NaN.
    public init(lines: [LineItem], taxPercent: Decimal?, minorUnits: Int?) {
        func round(_ value: Decimal) -> Decimal {
            minorUnits.map { MoneyLimits.rounded(value, toPlaces: $0) } ?? value
        }
        let rate = (taxPercent ?? 0) / 100
        var lineAmounts: [Decimal] = []
        lineAmounts.reserveCapacity(lines.count)
        var subtotal = Decimal.zero
        var taxPerLine = Decimal.zero
        for line in lines {
            let amount = round(line.quantity * line.unitPrice)
            lineAmounts.append(amount)
            subtotal += amount
            taxPerLine += round(amount * rate)
        }
        self.lineAmounts = lineAmounts
        self.subtotal = subtotal
        self.taxOnSubtotal = round(subtotal * rate)
        self.taxPerLine = taxPerLine
    }

    /// The larger of the two ways to compute the tax.
    public var tax: Decimal { max(taxOnSubtotal, taxPerLine) }

    /// The grand total with tax, using the larger tax: the amount the limit is checked against.
    public var total: Decimal { subtotal + tax }
}
