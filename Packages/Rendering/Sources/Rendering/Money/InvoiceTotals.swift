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
    /// quantity, unit price or line amount not below ``InvoiceLimits/maximumAmount`` in magnitude, a sum not below
    /// ``InvoiceLimits/maximumTotal``, or a tax rate outside 0...``InvoiceLimits/maximumTaxPercent``.
    public init(of document: InvoiceDocument) throws(RenderingError) {
        if let exact = Self.integerTotals(of: document) {
            self = exact
            return
        }
        try self.init(decimalArithmeticOf: document)
    }

    /// The rule in `Decimal` arithmetic: what every document gets when one of its numbers does not fit the
    /// integer path, and what that path must always agree with.
    init(decimalArithmeticOf document: InvoiceDocument) throws(RenderingError) {
        let scale = document.currency.minorUnits
        var lineAmounts: [Decimal] = []
        var lineTaxes: [Decimal] = []
        lineAmounts.reserveCapacity(document.lineItems.count)
        lineTaxes.reserveCapacity(document.lineItems.count)
        var byRate: [TaxRate: (base: Decimal, tax: Decimal)] = [:]
        // Dividing a Decimal is slow; each rate's factor is computed once.
        var factors: [TaxRate: Decimal] = [:]
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
            var tax = Decimal.zero
            if !percent.isZero {
                let factor = factors[item.taxRate] ?? percent / 100
                factors[item.taxRate] = factor
                tax = MoneyRounding.round(amount * factor, scale: scale)
            }
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

    init(
        lineAmounts: [Decimal], lineTaxes: [Decimal], subtotal: Decimal, taxes: [TaxLine], total: Decimal
    ) {
        self.lineAmounts = lineAmounts
        self.lineTaxes = lineTaxes
        self.subtotal = subtotal
        self.taxes = taxes
        self.total = total
    }

    /// The same rule in 64-bit integers counted in minor units, for documents whose every number fits (nearly
    /// all): nil as soon as one does not, or breaks a limit, and the `Decimal` path decides (and reports).
    static func integerTotals(of document: InvoiceDocument) -> InvoiceTotals? {
        let scale = document.currency.minorUnits
        var amounts: [Int64] = []
        var taxes: [Int64] = []
        amounts.reserveCapacity(document.lineItems.count)
        taxes.reserveCapacity(document.lineItems.count)
        var byRate: [DecimalParts: (rate: TaxRate, base: Int64, tax: Int64)] = [:]
        var subtotal: Int64 = 0
        var taxTotal: Int64 = 0
        for item in document.lineItems {
            guard let quantity = DecimalParts(item.quantity), quantity.magnitudeIsBelow(powerOfTen: 15),
                let price = DecimalParts(item.unitPrice), price.magnitudeIsBelow(powerOfTen: 15),
                let net = quantity.roundedProductMagnitude(price, shift: scale),
                DecimalParts(negative: false, significand: net, exponent: -scale).magnitudeIsBelow(powerOfTen: 15),
                net <= UInt64(Int64.max)
            else { return nil }
            let amount = quantity.negative != price.negative ? -Int64(net) : Int64(net)
            var tax: Int64 = 0
            if item.taxRate.percent.isZero {
                // No tax row for a zero rate.
            } else {
                guard let rate = DecimalParts(item.taxRate.percent), !rate.negative, rate.isAtMostOneHundred else {
                    return nil
                }
                let key = rate.normalized
                let magnitude = DecimalParts(negative: false, significand: net, exponent: 0)
                guard let taxMagnitude = magnitude.roundedProductMagnitude(rate, shift: -2),
                    taxMagnitude <= UInt64(Int64.max)
                else { return nil }
                tax = amount < 0 ? -Int64(taxMagnitude) : Int64(taxMagnitude)
                let sums = byRate[key] ?? (item.taxRate, 0, 0)
                let (base, baseOverflow) = sums.base.addingReportingOverflow(amount)
                let (rateTax, taxOverflow) = sums.tax.addingReportingOverflow(tax)
                guard !baseOverflow, !taxOverflow else { return nil }
                byRate[key] = (sums.rate, base, rateTax)
            }
            let (newSubtotal, subtotalOverflow) = subtotal.addingReportingOverflow(amount)
            let (newTaxTotal, taxOverflow) = taxTotal.addingReportingOverflow(tax)
            guard !subtotalOverflow, !taxOverflow else { return nil }
            subtotal = newSubtotal
            taxTotal = newTaxTotal
            amounts.append(amount)
            taxes.append(tax)
        }
        let (total, overflow) = subtotal.addingReportingOverflow(taxTotal)
        guard !overflow else { return nil }
        for sum in [subtotal, taxTotal, total] {
            guard
                DecimalParts(negative: false, significand: sum.magnitude, exponent: -scale)
                    .magnitudeIsBelow(powerOfTen: 18)
            else { return nil }
        }
        func decimal(_ value: Int64) -> Decimal {
            Decimal(sign: value < 0 ? .minus : .plus, exponent: -scale, significand: Decimal(value.magnitude))
        }
        let rows = byRate.values.sorted { $0.rate < $1.rate }.map {
            TaxLine(rate: $0.rate, taxableAmount: decimal($0.base), taxAmount: decimal($0.tax))
        }
        return InvoiceTotals(
            lineAmounts: amounts.map(decimal), lineTaxes: taxes.map(decimal), subtotal: decimal(subtotal),
            taxes: rows, total: decimal(total))
    }

    private static func check(_ value: Decimal, _ field: InvoiceField, below limit: Decimal) throws(RenderingError) {
        guard !value.isNaN, value.magnitude < limit else { throw .numberOutOfRange(field) }
    }
}
