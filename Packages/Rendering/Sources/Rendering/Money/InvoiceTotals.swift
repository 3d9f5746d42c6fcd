public import Essentials
public import Foundation

/// The amounts an invoice states, as EN 16931 defines them: the figures of Essentials' `InvoiceCalculation`
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
    /// One row per VAT category and rate the document uses, in `VATCategory.allCases` order and rates from the
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
        if let exact = Self.integerTotals(of: document) {
            self = exact
            return
        }
        try self.init(decimalArithmeticOf: document)
    }

    /// The figures of `InvoiceCalculation` after the limit checks: what every document gets when one of its
    /// numbers does not fit the integer path, and what that path must always agree with.
    init(decimalArithmeticOf document: InvoiceDocument) throws(RenderingError) {
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
                    category: item.vatCategory ?? (item.taxRate.percent.isZero ? .outsideScope : .standard),
                    ratePercent: item.taxRate.percent))
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

    init(
        lineAmounts: [Decimal], lineTotal: Decimal, allowanceTotal: Decimal, chargeTotal: Decimal, subtotal: Decimal,
        taxes: [TaxLine], taxTotal: Decimal, total: Decimal, paidAmount: Decimal, amountDue: Decimal
    ) {
        self.lineAmounts = lineAmounts
        self.lineTotal = lineTotal
        self.allowanceTotal = allowanceTotal
        self.chargeTotal = chargeTotal
        self.subtotal = subtotal
        self.taxes = taxes
        self.taxTotal = taxTotal
        self.total = total
        self.paidAmount = paidAmount
        self.amountDue = amountDue
    }

    /// The same figures in 64-bit integers counted in minor units, for documents whose every number fits and that
    /// have no allowances, charges or paid amount (nearly all): nil as soon as one does not, or breaks a limit, and
    /// the `Decimal` path decides (and reports). `Decimal` arithmetic costs about 4 µs a line, a quarter of a
    /// 1,000-line render; this path a small fraction of that.
    static func integerTotals(of document: InvoiceDocument) -> InvoiceTotals? {
        guard document.allowancesCharges.isEmpty, document.paidAmount.isZero else { return nil }
        let scale = document.currency.minorUnits
        var amounts: [Int64] = []
        amounts.reserveCapacity(document.lineItems.count)
        var groups: [(category: VATCategory, rate: TaxRate, key: DecimalParts, parts: DecimalParts, base: Int64)] = []
        var lineTotal: Int64 = 0
        var statesOutsideScope = false
        for item in document.lineItems {
            guard item.allowancesCharges.isEmpty,
                let quantity = DecimalParts(item.quantity), quantity.magnitudeIsBelow(powerOfTen: 15),
                let price = DecimalParts(item.unitPrice), price.magnitudeIsBelow(powerOfTen: 15),
                let net = quantity.roundedProductMagnitude(price, shift: scale),
                DecimalParts(negative: false, significand: net, exponent: -scale).magnitudeIsBelow(powerOfTen: 15),
                net <= UInt64(Int64.max),
                let rate = DecimalParts(item.taxRate.percent), !rate.negative, rate.isAtMostOneHundred
            else { return nil }
            let amount = quantity.negative != price.negative ? -Int64(net) : Int64(net)
            let category = item.vatCategory ?? (rate.significand == 0 ? .outsideScope : .standard)
            if item.vatCategory == .outsideScope { statesOutsideScope = true }
            let key = rate.normalized
            if let index = groups.firstIndex(where: { $0.category == category && $0.key == key }) {
                let (base, overflow) = groups[index].base.addingReportingOverflow(amount)
                guard !overflow else { return nil }
                groups[index].base = base
            } else {
                groups.append((category, item.taxRate, key, rate, amount))
            }
            let (newTotal, overflow) = lineTotal.addingReportingOverflow(amount)
            guard !overflow else { return nil }
            lineTotal = newTotal
            amounts.append(amount)
        }
        let order = Dictionary(uniqueKeysWithValues: VATCategory.allCases.enumerated().map { ($1, $0) })
        groups.sort {
            order[$0.category, default: 0] != order[$1.category, default: 0]
                ? order[$0.category, default: 0] < order[$1.category, default: 0] : $0.rate < $1.rate
        }
        var taxTotal: Int64 = 0
        var rows: [(category: VATCategory, rate: TaxRate, base: Int64, tax: Int64)] = []
        for group in groups {
            let magnitude = DecimalParts(negative: false, significand: group.base.magnitude, exponent: 0)
            guard let taxMagnitude = magnitude.roundedProductMagnitude(group.parts, shift: -2),
                taxMagnitude <= UInt64(Int64.max)
            else { return nil }
            let tax = group.base < 0 ? -Int64(taxMagnitude) : Int64(taxMagnitude)
            let (newTaxTotal, overflow) = taxTotal.addingReportingOverflow(tax)
            guard !overflow else { return nil }
            taxTotal = newTaxTotal
            if group.category != .outsideScope || statesOutsideScope {
                rows.append((group.category, group.rate, group.base, tax))
            }
        }
        let (total, overflow) = lineTotal.addingReportingOverflow(taxTotal)
        guard !overflow else { return nil }
        for sum in [lineTotal, taxTotal, total] {
            guard
                DecimalParts(negative: false, significand: sum.magnitude, exponent: -scale)
                    .magnitudeIsBelow(powerOfTen: 18)
            else { return nil }
        }
        func decimal(_ value: Int64) -> Decimal {
            Decimal(sign: value < 0 ? .minus : .plus, exponent: -scale, significand: Decimal(value.magnitude))
        }
        return InvoiceTotals(
            lineAmounts: amounts.map(decimal), lineTotal: decimal(lineTotal), allowanceTotal: 0, chargeTotal: 0,
            subtotal: decimal(lineTotal),
            taxes: rows.map {
                TaxLine(
                    category: $0.category, rate: $0.rate, taxableAmount: decimal($0.base), taxAmount: decimal($0.tax))
            },
            taxTotal: decimal(taxTotal), total: decimal(total), paidAmount: 0, amountDue: decimal(total))
    }

    private static func isAllowed(_ rate: TaxRate) -> Bool {
        let percent = rate.percent
        return !percent.isNaN && percent >= 0 && percent <= InvoiceLimits.maximumTaxPercent
    }

    private static func check(_ value: Decimal, _ field: InvoiceField, below limit: Decimal) throws(RenderingError) {
        guard !value.isNaN, value.magnitude < limit else { throw .numberOutOfRange(field) }
    }
}
