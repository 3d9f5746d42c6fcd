public import Foundation

/// The amounts an invoice states, computed in one place so every template prints the same numbers.
///
/// Rule: each line's net amount is quantity × unit price rounded to the currency's minor units (halves away
/// from zero); the subtotal is the sum of those rounded lines; tax is computed once per rate on the sum of the
/// lines at that rate and rounded the same way; the total is subtotal plus every tax amount. Computing tax per
/// rate rather than per line is what EN 16931 and most VAT regimes expect, and it keeps the printed lines adding
/// up exactly to the printed totals.
public struct InvoiceTotals: Hashable, Sendable {
    /// The tax of one rate.
    public struct TaxLine: Hashable, Sendable {
        /// The rate.
        public let rate: TaxRate
        /// The sum of the net amounts of the lines at this rate.
        public let taxableAmount: Decimal
        /// The tax on `taxableAmount`, rounded.
        public let taxAmount: Decimal
    }

    /// Each line's rounded net amount, in line order.
    public let lineAmounts: [Decimal]
    /// The sum of `lineAmounts`.
    public let subtotal: Decimal
    /// One entry per distinct rate used, lowest rate first (0 % included when a line uses it).
    public let taxes: [TaxLine]
    /// Subtotal plus all taxes.
    public let total: Decimal

    /// Computes the totals of `document`. Throws `numberOutOfRange` naming the first number that is NaN, beyond
    /// `InvoiceLimits.maximumAmount` in magnitude, or a tax rate outside 0...`InvoiceLimits.maximumTaxPercent`.
    public init(of document: InvoiceDocument) throws(RenderingError) {
        let scale = document.currency.minorUnits
        var lineAmounts: [Decimal] = []
        lineAmounts.reserveCapacity(document.lineItems.count)
        var byRate: [TaxRate: Decimal] = [:]
        var subtotal = Decimal.zero
        for (index, item) in document.lineItems.enumerated() {
            try Self.check(item.quantity, .quantity(line: index))
            try Self.check(item.unitPrice, .unitPrice(line: index))
            let percent = item.taxRate.percent
            guard !percent.isNaN, percent >= 0, percent <= InvoiceLimits.maximumTaxPercent else {
                throw .numberOutOfRange(.taxRate(line: index))
            }
            let amount = MoneyRounding.round(item.quantity * item.unitPrice, scale: scale)
            try Self.check(amount, .lineAmount(line: index))
            lineAmounts.append(amount)
            byRate[item.taxRate, default: 0] += amount
            subtotal += amount
        }
        try Self.check(subtotal, .total)
        var taxes: [TaxLine] = []
        var total = subtotal
        for rate in byRate.keys.sorted() {
            let base = byRate[rate] ?? 0
            let tax = MoneyRounding.round(base * rate.percent / 100, scale: scale)
            try Self.check(tax, .total)
            taxes.append(TaxLine(rate: rate, taxableAmount: base, taxAmount: tax))
            total += tax
        }
        try Self.check(total, .total)
        self.lineAmounts = lineAmounts
        self.subtotal = subtotal
        self.taxes = taxes
        self.total = total
    }

    private static func check(_ value: Decimal, _ field: InvoiceField) throws(RenderingError) {
        guard !value.isNaN, value.magnitude < InvoiceLimits.maximumAmount else { throw .numberOutOfRange(field) }
    }
}
