public import Essentials
public import Foundation

/// The amounts an invoice states, as EN 16931 defines them: the figures of Essentials' ``InvoiceCalculation``
/// (shared with the invoice rules and the e-invoice), after this package's limits are checked, so every template
/// prints the same numbers the e-invoice states.
///
/// Rule: each line's net amount is quantity × unit price rounded half away from zero to the currency's minor
/// units, minus its allowances, plus its charges; the line total sums them; the document's allowances and charges
/// give the total without VAT; VAT is computed once per category and rate on that group's taxable amount and
/// rounded once (BR-CO-17), never per line; the total with VAT adds the VAT total; the amount due subtracts what
/// was paid. The printed rows therefore always add up exactly to the printed totals.
public struct InvoiceTotals: Hashable, Sendable {
    /// The VAT of one category and rate (BG-23).
    public struct TaxLine: Hashable, Sendable {
        /// The category (BT-118).
        public let category: VATCategory
        /// The rate (BT-119); zero for every category but the standard one.
        public let rate: TaxRate
        /// What the VAT is computed on (BT-116): the net amounts of the lines, less the document allowances, plus
        /// the document charges of this category and rate.
        public let taxableAmount: Decimal
        /// The taxable amount × rate, rounded once (BT-117).
        public let taxAmount: Decimal
    }

    /// The figures as Essentials computed them, for a caller that needs one this type does not name.
    public let calculation: InvoiceCalculation
    /// Each line's net amount (BT-131), in line order: after its own allowances and charges.
    public let lineAmounts: [Decimal]
    /// The sum of `lineAmounts` (BT-106).
    public let lineTotal: Decimal
    /// The sum of the document's allowances (BT-107).
    public let allowanceTotal: Decimal
    /// The sum of the document's charges (BT-108).
    public let chargeTotal: Decimal
    /// The total without VAT (BT-109): line total − allowances + charges.
    public let subtotal: Decimal
    /// One row per VAT category and rate the document uses, in ``VATCategory/allCases`` order and rates from the
    /// lowest; lines without a category (the invoice states no VAT) make no row. Empty when no VAT is stated.
    public let taxes: [TaxLine]
    /// The sum of the rows' VAT (BT-110).
    public let taxTotal: Decimal
    /// The total with VAT (BT-112): `subtotal` + `taxTotal`.
    public let total: Decimal
    /// What was paid before (BT-113).
    public let paidAmount: Decimal
    /// What remains to pay (BT-115): `total` − `paidAmount`.
    public let amountDue: Decimal

    /// Computes the totals of `document`. Throws `numberOutOfRange` naming the first number that is NaN, a
    /// quantity, unit price, line allowance or charge, or line amount not below ``InvoiceLimits/maximumAmount`` in
    /// magnitude, a document allowance or charge, paid amount or sum not below ``InvoiceLimits/maximumTotal``
    /// (reported as the total), or a tax rate outside 0...``InvoiceLimits/maximumTaxPercent``.
    public init(of document: InvoiceDocument) throws(RenderingError) {
        var lines: [InvoiceCalculation.Line] = []
        lines.reserveCapacity(document.lineItems.count)
        // Lines that state no VAT are computed as outside the scope of VAT (no VAT either way) and their row is
        // left out, unless a line or adjustment states that category itself.
        var statesOutsideScope = false
        for (index, item) in document.lineItems.enumerated() {
            try Self.check(item.quantity, .quantity(line: index), below: InvoiceLimits.maximumAmount)
            try Self.check(item.unitPrice, .unitPrice(line: index), below: InvoiceLimits.maximumAmount)
            guard Self.isAllowed(item.taxRate) else { throw .numberOutOfRange(.taxRate(line: index)) }
            var allowances = Decimal.zero
            var charges = Decimal.zero
            for adjustment in item.allowancesCharges {
                try Self.check(adjustment.amount, .lineAmount(line: index), below: InvoiceLimits.maximumAmount)
                if adjustment.isCharge { charges += adjustment.amount } else { allowances += adjustment.amount }
            }
            if item.vatCategory == .outsideScope { statesOutsideScope = true }
            lines.append(
                InvoiceCalculation.Line(
                    quantity: item.quantity, netPrice: item.unitPrice, allowances: allowances, charges: charges,
                    category: item.vatCategory ?? .outsideScope, ratePercent: item.taxRate.percent))
        }
        var adjustments: [InvoiceCalculation.Adjustment] = []
        adjustments.reserveCapacity(document.allowancesCharges.count)
        for adjustment in document.allowancesCharges {
            try Self.check(adjustment.amount, .total, below: InvoiceLimits.maximumTotal)
            guard Self.isAllowed(adjustment.taxRate) else { throw .numberOutOfRange(.total) }
            if adjustment.vatCategory == .outsideScope { statesOutsideScope = true }
            adjustments.append(
                InvoiceCalculation.Adjustment(
                    isCharge: adjustment.isCharge, amount: adjustment.amount, category: adjustment.vatCategory,
                    ratePercent: adjustment.taxRate.percent))
        }
        try Self.check(document.paidAmount, .total, below: InvoiceLimits.maximumTotal)
        let calculation = InvoiceCalculation(
            lines: lines, adjustments: adjustments, paidAmount: document.paidAmount,
            minorUnits: document.currency.minorUnits)
        for (index, amount) in calculation.lineNetAmounts.enumerated() {
            try Self.check(amount, .lineAmount(line: index), below: InvoiceLimits.maximumAmount)
        }
        for sum in [
            calculation.lineTotal, calculation.totalWithoutVAT, calculation.vatTotal, calculation.totalWithVAT,
            calculation.amountDue,
        ] {
            try Self.check(sum, .total, below: InvoiceLimits.maximumTotal)
        }
        self.calculation = calculation
        lineAmounts = calculation.lineNetAmounts
        lineTotal = calculation.lineTotal
        allowanceTotal = calculation.allowanceTotal
        chargeTotal = calculation.chargeTotal
        subtotal = calculation.totalWithoutVAT
        taxes = calculation.vatBreakdown.compactMap { row in
            guard row.category != .outsideScope || statesOutsideScope else { return nil }
            return TaxLine(
                category: row.category, rate: TaxRate(percent: row.ratePercent), taxableAmount: row.taxableAmount,
                taxAmount: row.taxAmount)
        }
        taxTotal = calculation.vatTotal
        total = calculation.totalWithVAT
        paidAmount = calculation.paidAmount
        amountDue = calculation.amountDue
    }

    private static func isAllowed(_ rate: TaxRate) -> Bool {
        let percent = rate.percent
        return !percent.isNaN && percent >= 0 && percent <= InvoiceLimits.maximumTaxPercent
    }

    private static func check(_ value: Decimal, _ field: InvoiceField, below limit: Decimal) throws(RenderingError) {
        guard !value.isNaN, value.magnitude < limit else { throw .numberOutOfRange(field) }
    }
}
