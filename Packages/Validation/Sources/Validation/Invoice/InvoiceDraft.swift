public import Essentials
public import Foundation

/// An invoice as the form holds it before validation: every field may still be wrong.
///
/// This is Validation's own type; the composition root maps it to and from the rendering and storage types.
/// A draft that passes ``InvoiceValidator`` renders: every amount the invoice states (each line, the subtotal,
/// the tax and the grand total) stays below ``MoneyLimits/amountLimit``, every price fits the currency's minor
/// units, and (when the validator knows the font) every character can be drawn.
public struct InvoiceDraft: Hashable, Sendable {
    /// Who is billed; required after trimming whitespace.
    public var clientName: String
    /// What is billed; at least one.
    public var lineItems: [LineItem]
    /// An ISO 4217 alphabetic code, upper case, such as `EUR`.
    public var currencyCode: String
    /// The day the invoice is issued.
    public var issueDate: Date
    /// The day payment is due; not before the issue date.
    public var dueDate: Date
    /// The tax rate in percent applied to every line, `0...100` with at most two decimal places (`19`,
    /// `7.7`, `8.25`); `nil` or zero means the invoice states no tax.
    public var taxPercent: Decimal?
    /// Free text printed after the lines (payment terms, bank details); may span lines, may be empty.
    public var notes: String
    /// The seller as this invoice states it; `nil` leaves it to whoever prints the invoice (the settings'
    /// seller). An e-invoice profile needs it (BR-06, BR-08).
    public var seller: InvoicePartyDraft?
    /// The buyer's postal address (`clientName` stays the buyer's name); an e-invoice needs it (BR-10).
    public var buyerAddress: PostalAddressDraft?
    /// The buyer's VAT identifier as typed; reverse charge and intra-community supplies need it (BR-AE-02,
    /// BR-IC-02).
    public var buyerVATID: String?
    /// The buyer's tax registration that is not a VAT identifier; free text.
    public var buyerTaxRegistration: String?
    /// The buyer's contact e-mail address (BT-58).
    public var buyerEmail: String?
    /// The reference the buyer asked to be quoted (BT-10, the Leitweg-ID in Germany; XRechnung requires it).
    public var buyerReference: String?
    /// The buyer's purchase order (BT-13).
    public var orderReference: String?
    /// The day of supply (BT-72), when it is one day.
    public var serviceDate: CalendarDay?
    /// The period of supply (BG-14), when it is several days.
    public var servicePeriod: InvoicePeriodDraft?
    /// Discounts and surcharges on the whole invoice (BG-20, BG-21).
    public var allowancesCharges: [AllowanceChargeDraft]
    /// Why no VAT is charged, per category that needs a reason (exempt, reverse charge, intra-community,
    /// export, outside scope; BR-E-10 and the like).
    public var vatExemptions: [VATCategory: VATExemptionDraft]
    /// The payment terms in words (BT-20).
    public var paymentTerms: String?
    /// The payment instructions: credit transfer to an IBAN (BG-16).
    public var payment: PaymentDraft?
    /// What was paid before this invoice (BT-113), zero or more.
    public var paidAmount: Decimal?

    /// Creates a draft. Everything after `notes` is what an e-invoice needs beyond a printed invoice, and may
    /// be left out.
    public init(
        clientName: String,
        lineItems: [LineItem],
        currencyCode: String,
        issueDate: Date,
        dueDate: Date,
        taxPercent: Decimal? = nil,
        notes: String = "",
        seller: InvoicePartyDraft? = nil,
        buyerAddress: PostalAddressDraft? = nil,
        buyerVATID: String? = nil,
        buyerTaxRegistration: String? = nil,
        buyerEmail: String? = nil,
        buyerReference: String? = nil,
        orderReference: String? = nil,
        serviceDate: CalendarDay? = nil,
        servicePeriod: InvoicePeriodDraft? = nil,
        allowancesCharges: [AllowanceChargeDraft] = [],
        vatExemptions: [VATCategory: VATExemptionDraft] = [:],
        paymentTerms: String? = nil,
        payment: PaymentDraft? = nil,
        paidAmount: Decimal? = nil
    ) {
        self.clientName = clientName
        self.lineItems = lineItems
        self.currencyCode = currencyCode
        self.issueDate = issueDate
        self.dueDate = dueDate
        self.taxPercent = taxPercent
        self.notes = notes
        self.seller = seller
        self.buyerAddress = buyerAddress
        self.buyerVATID = buyerVATID
        self.buyerTaxRegistration = buyerTaxRegistration
        self.buyerEmail = buyerEmail
        self.buyerReference = buyerReference
        self.orderReference = orderReference
        self.serviceDate = serviceDate
        self.servicePeriod = servicePeriod
        self.allowancesCharges = allowancesCharges
        self.vatExemptions = vatExemptions
        self.paymentTerms = paymentTerms
        self.payment = payment
        self.paidAmount = paidAmount
    }

    /// The category a line without its own is taxed in: standard above a zero rate, zero-rated otherwise.
    var defaultCategory: VATCategory {
        (taxPercent ?? 0) > 0 ? .standard : .zeroRated
    }

    /// The category and rate `line` is taxed at: its own, or the invoice's. A line of a category other than
    /// standard without a rate of its own has a rate of zero, whatever the invoice's rate.
    func vat(of line: LineItem) -> (category: VATCategory, rate: Decimal) {
        let category = line.vatCategory ?? defaultCategory
        return (category, line.taxPercent ?? (category == .standard ? taxPercent ?? 0 : 0))
    }

    /// The category and rate a document-level allowance or charge is taxed at, chosen as for a line.
    func vat(of adjustment: AllowanceChargeDraft) -> (category: VATCategory, rate: Decimal) {
        let category = adjustment.vatCategory ?? defaultCategory
        return (category, adjustment.taxPercent ?? (category == .standard ? taxPercent ?? 0 : 0))
    }

    /// The invoice's figures as EN 16931 computes them (the shared kernel's `InvoiceCalculation`): the ones
    /// the validator checks, and the ones to print and write. `nil` when the currency has no minor units in
    /// ``ISO4217``. Compute them from a draft that passed the validator; before, a number may be NaN.
    public func calculation() -> InvoiceCalculation? {
        guard let minorUnits = ISO4217.minorUnits(for: currencyCode) else { return nil }
        return calculation(minorUnits: minorUnits)
    }

    func calculation(minorUnits: Int) -> InvoiceCalculation {
        let lines = lineItems.map { line in
            let (category, rate) = vat(of: line)
            return InvoiceCalculation.Line(
                quantity: line.quantity, netPrice: line.unitPrice,
                allowances: line.allowancesCharges.filter { !$0.isCharge }.reduce(0) { $0 + $1.amount },
                charges: line.allowancesCharges.filter(\.isCharge).reduce(0) { $0 + $1.amount }, category: category,
                ratePercent: rate)
        }
        let adjustments = allowancesCharges.map { adjustment in
            let (category, rate) = vat(of: adjustment)
            return InvoiceCalculation.Adjustment(
                isCharge: adjustment.isCharge, amount: adjustment.amount, category: category, ratePercent: rate)
        }
        return InvoiceCalculation(
            lines: lines, adjustments: adjustments, paidAmount: paidAmount ?? 0, minorUnits: minorUnits)
    }
}

/// One billed line of an ``InvoiceDraft``.
public struct LineItem: Hashable, Sendable, Identifiable {
    /// Identifies the line in failures (``ValidationFailure/elementID``) so the form can find its row.
    public var id: String
    /// What was delivered; required.
    public var description: String
    /// How many units; positive, with at most three decimal places (`1.5` hours, `0.125` tonnes).
    public var quantity: Decimal
    /// The price of one unit; zero (a free item) or more, never NaN, with no more decimal places than the
    /// currency's minor units.
    public var unitPrice: Decimal
    /// The line's VAT category (BT-151); `nil` takes the invoice's: standard when the rate is above zero,
    /// zero-rated otherwise.
    public var vatCategory: VATCategory?
    /// The line's VAT rate in percent (BT-152), overriding the invoice's `taxPercent`; `nil` takes the
    /// invoice's rate for the standard category and zero for every other.
    public var taxPercent: Decimal?
    /// Discounts and surcharges on this line (BG-27, BG-28), taxed in the line's category and rate.
    public var allowancesCharges: [AllowanceChargeDraft]

    /// Creates a line.
    public init(
        id: String, description: String, quantity: Decimal, unitPrice: Decimal, vatCategory: VATCategory? = nil,
        taxPercent: Decimal? = nil, allowancesCharges: [AllowanceChargeDraft] = []
    ) {
        self.id = id
        self.description = description
        self.quantity = quantity
        self.unitPrice = unitPrice
        self.vatCategory = vatCategory
        self.taxPercent = taxPercent
        self.allowancesCharges = allowancesCharges
    }

    /// Creates a line billing whole units, for forms whose quantity field holds an integer.
    public init(id: String, description: String, quantity: Int, unitPrice: Decimal) {
        self.init(id: id, description: description, quantity: Decimal(quantity), unitPrice: unitPrice)
    }
}
