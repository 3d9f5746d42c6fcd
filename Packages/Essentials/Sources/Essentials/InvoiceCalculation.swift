public import Foundation

/// The amounts of an invoice computed the way EN 16931 defines them, in one place, so the rules that check an
/// invoice, the printed invoice and the e-invoice state the same figures.
///
/// - A line's net amount (BT-131) is quantity × net price rounded to the currency's minor units, minus the line's
///   allowances, plus its charges.
/// - The sum of line net amounts (BT-106); the document's allowances (BT-107) and charges (BT-108); the total
///   without VAT (BT-109 = BT-106 − BT-107 + BT-108).
/// - One VAT breakdown (BG-23) per category and rate: its taxable amount (BT-116) is the line net amounts plus
///   the document charges minus the document allowances of that category and rate, and its VAT (BT-117) is the
///   taxable amount × rate, rounded once (rule BR-CO-17). VAT is never rounded per line and summed.
/// - The VAT total (BT-110) is the sum of the breakdowns' VAT; the total with VAT (BT-112 = BT-109 + BT-110); the
///   amount due (BT-115 = BT-112 − BT-113 paid).
///
/// Every rounding is half away from zero (0.125 → 0.13, −0.125 → −0.13), to `minorUnits` places. The arithmetic
/// is `Decimal`'s: 38 significant digits, far beyond any amount an invoice may state, so checking limits is the
/// caller's business (the invoice rules refuse amounts above theirs before anything is computed for print).
public struct InvoiceCalculation: Hashable, Sendable {
    /// One invoice line's figures.
    public struct Line: Hashable, Sendable {
        /// How many units (BT-129).
        public var quantity: Decimal
        /// The net price of one unit (BT-146).
        public var netPrice: Decimal
        /// The sum of the line's allowances (BT-136), a positive amount that lowers the line.
        public var allowances: Decimal
        /// The sum of the line's charges (BT-141), a positive amount that raises the line.
        public var charges: Decimal
        /// The line's VAT category (BT-151).
        public var category: VATCategory
        /// The line's VAT rate in percent (BT-152): 19 means 19 %.
        public var ratePercent: Decimal

        /// Creates a line.
        public init(
            quantity: Decimal, netPrice: Decimal, allowances: Decimal = 0, charges: Decimal = 0,
            category: VATCategory, ratePercent: Decimal
        ) {
            self.quantity = quantity
            self.netPrice = netPrice
            self.allowances = allowances
            self.charges = charges
            self.category = category
            self.ratePercent = ratePercent
        }
    }

    /// A document-level allowance (BG-20) or charge (BG-21): an amount off or on the whole invoice, taxed in a
    /// category and rate of its own.
    public struct Adjustment: Hashable, Sendable {
        /// A charge (raises the total) or an allowance (lowers it).
        public var isCharge: Bool
        /// The amount, positive (BT-92, BT-99).
        public var amount: Decimal
        /// Its VAT category (BT-95, BT-102).
        public var category: VATCategory
        /// Its VAT rate in percent (BT-96, BT-103).
        public var ratePercent: Decimal

        /// Creates an allowance or charge.
        public init(isCharge: Bool, amount: Decimal, category: VATCategory, ratePercent: Decimal) {
            self.isCharge = isCharge
            self.amount = amount
            self.category = category
            self.ratePercent = ratePercent
        }
    }

    /// The VAT of one category and rate (BG-23).
    public struct VATBreakdown: Hashable, Sendable {
        /// The category (BT-118).
        public let category: VATCategory
        /// The rate in percent (BT-119).
        public let ratePercent: Decimal
        /// What the VAT is computed on (BT-116).
        public let taxableAmount: Decimal
        /// The VAT: taxable amount × rate, rounded once (BT-117).
        public let taxAmount: Decimal
    }

    /// Each line's net amount (BT-131), in line order.
    public let lineNetAmounts: [Decimal]
    /// The sum of the line net amounts (BT-106).
    public let lineTotal: Decimal
    /// The sum of the document's allowances (BT-107).
    public let allowanceTotal: Decimal
    /// The sum of the document's charges (BT-108).
    public let chargeTotal: Decimal
    /// The total without VAT (BT-109).
    public let totalWithoutVAT: Decimal
    /// One entry per category and rate that a line, allowance or charge uses: categories in
    /// the order `VATCategory.allCases` lists them in, rates from the lowest.
    public let vatBreakdown: [VATBreakdown]
    /// The sum of the breakdowns' VAT (BT-110).
    public let vatTotal: Decimal
    /// The total with VAT (BT-112).
    public let totalWithVAT: Decimal
    /// What was paid before this invoice (BT-113).
    public let paidAmount: Decimal
    /// What remains to pay (BT-115).
    public let amountDue: Decimal

    /// Computes the figures of `lines` with the document's `adjustments`, `paidAmount` already paid, in a currency
    /// with `minorUnits` decimal places. No number may be NaN.
    public init(lines: [Line], adjustments: [Adjustment] = [], paidAmount: Decimal = 0, minorUnits: Int) {
        func round(_ value: Decimal) -> Decimal {
            var input = value
            var output = Decimal()
            NSDecimalRound(&output, &input, minorUnits, .plain)
            return output
        }
        var groups: [(category: VATCategory, rate: Decimal, taxable: Decimal)] = []
        func add(_ amount: Decimal, category: VATCategory, rate: Decimal) {
            if let index = groups.firstIndex(where: { $0.category == category && $0.rate == rate }) {
                groups[index].taxable += amount
            } else {
                groups.append((category, rate, amount))
            }
        }
        var lineNetAmounts: [Decimal] = []
        lineNetAmounts.reserveCapacity(lines.count)
        var lineTotal = Decimal.zero
        for line in lines {
            let net = round(line.quantity * line.netPrice) - round(line.allowances) + round(line.charges)
            lineNetAmounts.append(net)
            lineTotal += net
            add(net, category: line.category, rate: line.ratePercent)
        }
        var allowanceTotal = Decimal.zero
        var chargeTotal = Decimal.zero
        for adjustment in adjustments {
            let amount = round(adjustment.amount)
            if adjustment.isCharge {
                chargeTotal += amount
            } else {
                allowanceTotal += amount
            }
            add(adjustment.isCharge ? amount : -amount, category: adjustment.category, rate: adjustment.ratePercent)
        }
        let order = Dictionary(uniqueKeysWithValues: VATCategory.allCases.enumerated().map { ($1, $0) })
        vatBreakdown = groups.sorted {
            order[$0.category, default: 0] != order[$1.category, default: 0]
                ? order[$0.category, default: 0] < order[$1.category, default: 0] : $0.rate < $1.rate
        }
        .map {
            VATBreakdown(
                category: $0.category, ratePercent: $0.rate, taxableAmount: $0.taxable,
                taxAmount: round($0.taxable * $0.rate / 100))
        }
        self.lineNetAmounts = lineNetAmounts
        self.lineTotal = lineTotal
        self.allowanceTotal = allowanceTotal
        self.chargeTotal = chargeTotal
        totalWithoutVAT = lineTotal - allowanceTotal + chargeTotal
        vatTotal = vatBreakdown.reduce(Decimal.zero) { $0 + $1.taxAmount }
        totalWithVAT = totalWithoutVAT + vatTotal
        self.paidAmount = round(paidAmount)
        amountDue = totalWithVAT - self.paidAmount
    }
}
