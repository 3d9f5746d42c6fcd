public import Foundation

/// The amounts an invoice states, computed in one place so every template prints the same numbers.
///
/// Rule (shared with the invoice validator): each line's net amount is quantity × unit price rounded half up to
/// the currency's minor units; each line's tax is its net amount × rate / 100, rounded the same way; the
/// subtotal is the sum of the line net amounts; each tax row sums the line taxes of one rate; the total is the
/// subtotal plus every line tax. Halves round away from zero (0.125 → 0.13, a credit's -0.125 → -0.13). The
/// printed rows therefore always add up exactly to the printed totals.
public struct InvoiceTotals: Hashable, Sendable {
    /// The tax of one rate.
    public struct TaxLine: Hashable, Sendable {
        /// The rate.
        public let rate: TaxRate
        /// The sum of the net amounts of the lines at this rate.
        public let taxableAmount: Decimal
        /// The sum of the rounded taxes of the lines at this rate.
        public let taxAmount: Decimal
    }

    /// Each line's rounded net amount, in line order.
    public let lineAmounts: [Decimal]
    /// Each line's rounded tax, in line order.
    public let lineTaxes: [Decimal]
    /// The sum of `lineAmounts`.
    public let subtotal: Decimal
    /// One entry per distinct rate above 0 %, lowest rate first; empty when no tax applies.
    public let taxes: [TaxLine]
    /// Subtotal plus all taxes.
    public let total: Decimal

    /// Computes the totals of `document`. Throws `numberOutOfRange` naming the first number that is NaN, a
    /// quantity, unit price or line amount not below `InvoiceLimits.maximumAmount` in magnitude, a sum not below
    /// `InvoiceLimits.maximumTotal`, or a tax rate outside 0...`InvoiceLimits.maximumTaxPercent`.
    public init(of document: InvoiceDocument) throws(RenderingError) {
        let scale = document.currency.minorUnits
        var lineAmounts: [Decimal] = []
        var lineTaxes: [Decimal] = []
        lineAmounts.reserveCapacity(document.lineItems.count)
        lineTaxes.reserveCapacity(document.lineItems.count)
        var byRate: [TaxRate: (base: Decimal, tax: Decimal)] = [:]
        var subtotal = Decimal.zero
        var taxTotal = Decimal.zero
        for (index, item) in document.lineItems.enumerated() {
            try Self.check(item.quantity, .quantity(line: index), below: InvoiceLimits.maximumAmount)
            try Self.check(item.unitPrice, .unitPrice(line: index), below: InvoiceLimits.maximumAmount)
            let percent = item.taxRate.percent
            guard !percent.isNaN, percent >= 0, percent <= InvoiceLimits.maximumTaxPercent else {
                throw .numberOutOfRange(.taxRate(line: index))
            }
            let amount = MoneyRounding.round(item.quantity * item.unitPrice, scale: scale)
            try Self.check(amount, .lineAmount(line: index), below: InvoiceLimits.maximumAmount)
            let tax = percent.isZero ? Decimal.zero : MoneyRounding.round(amount * percent / 100, scale: scale)
            lineAmounts.append(amount)
            lineTaxes.append(tax)
            if !percent.isZero {
                let sums = byRate[item.taxRate] ?? (0, 0)
                byRate[item.taxRate] = (sums.base + amount, sums.tax + tax)
            }
            subtotal += amount
            taxTotal += tax
        }
        try Self.check(subtotal, .total, below: InvoiceLimits.maximumTotal)
        try Self.check(taxTotal, .total, below: InvoiceLimits.maximumTotal)
        let total = subtotal + taxTotal
        try Self.check(total, .total, below: InvoiceLimits.maximumTotal)
        self.lineAmounts = lineAmounts
        self.lineTaxes = lineTaxes
        self.subtotal = subtotal
        self.taxes = byRate.keys.sorted().map { rate in
            let sums = byRate[rate] ?? (0, 0)
            return TaxLine(rate: rate, taxableAmount: sums.base, taxAmount: sums.tax)
        }
        self.total = total
    }

    private static func check(_ value: Decimal, _ field: InvoiceField, below limit: Decimal) throws(RenderingError) {
        guard !value.isNaN, value.magnitude < limit else { throw .numberOutOfRange(field) }
    }
}
