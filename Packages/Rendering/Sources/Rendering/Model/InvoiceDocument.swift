public import Essentials
public import Foundation

/// What a renderer needs to know about an invoice: the renderer's own input, independent of how a form collects
/// it (the composition root maps the form's draft into this).
public struct InvoiceDocument: Hashable, Sendable {
    /// An invoice or a credit note (BT-3).
    public var kind: InvoiceKind
    /// The invoice number shown in the heading and the document title (BT-1).
    public var number: String
    /// The day the invoice was issued.
    public var issueDate: CalendarDay
    /// The day the goods or services were delivered, when the invoice states one (German invoices must; BT-72).
    public var serviceDate: CalendarDay?
    /// The period the invoice bills, when it states one instead of a single day of supply (BG-14).
    public var servicePeriod: InvoicePeriod?
    /// The day payment is due, if the invoice states one.
    public var dueDate: CalendarDay?
    /// Who issues the invoice.
    public var seller: InvoiceParty
    /// Who is billed (the buyer, BG-7).
    public var client: InvoiceParty
    /// The reference the buyer asked to be quoted (BT-10; XRechnung's Leitweg-ID).
    public var buyerReference: String?
    /// The buyer's purchase order (BT-13).
    public var orderReference: String?
    /// The invoice a credit note corrects (BG-3).
    public var precedingInvoice: PrecedingInvoice?
    /// The currency of every amount.
    public var currency: Currency
    /// The billed lines, in order. An invoice with no lines renders with an empty table and zero totals.
    public var lineItems: [InvoiceLineItem]
    /// Discounts (allowances) and surcharges (charges) on the whole invoice (BG-20, BG-21).
    public var allowancesCharges: [InvoiceAllowanceCharge]
    /// Why no VAT is charged, per category that needs a reason (BT-120, BT-121): reverse charge, exempt,
    /// intra-community, export, outside scope.
    public var vatExemptions: [VATCategory: VATExemption]
    /// The payment terms as text (BT-20), such as "Payable within 14 days without deduction".
    public var paymentTerms: String?
    /// How to pay: the account and the reference to quote (BG-16).
    public var payment: PaymentInstructions?
    /// What was already paid (BT-113); the amount due is the total with VAT minus this.
    public var paidAmount: Decimal
    /// Free text printed after the totals (payment terms, thanks); line breaks are kept, empty means none.
    public var notes: String
    /// How numbers and dates are written.
    public var locale: RenderingLocale
    /// The wording of titles, headings and totals.
    public var labels: InvoiceLabels

    /// Creates a document.
    public init(
        kind: InvoiceKind = .invoice,
        number: String,
        issueDate: CalendarDay,
        serviceDate: CalendarDay? = nil,
        servicePeriod: InvoicePeriod? = nil,
        dueDate: CalendarDay? = nil,
        seller: InvoiceParty,
        client: InvoiceParty,
        buyerReference: String? = nil,
        orderReference: String? = nil,
        precedingInvoice: PrecedingInvoice? = nil,
        currency: Currency,
        lineItems: [InvoiceLineItem],
        allowancesCharges: [InvoiceAllowanceCharge] = [],
        vatExemptions: [VATCategory: VATExemption] = [:],
        paymentTerms: String? = nil,
        payment: PaymentInstructions? = nil,
        paidAmount: Decimal = 0,
        notes: String = "",
        locale: RenderingLocale = .enUS,
        labels: InvoiceLabels = .english
    ) {
        self.kind = kind
        self.number = number
        self.issueDate = issueDate
        self.serviceDate = serviceDate
        self.servicePeriod = servicePeriod
        self.dueDate = dueDate
        self.seller = seller
        self.client = client
        self.buyerReference = buyerReference
        self.orderReference = orderReference
        self.precedingInvoice = precedingInvoice
        self.currency = currency
        self.lineItems = lineItems
        self.allowancesCharges = allowancesCharges
        self.vatExemptions = vatExemptions
        self.paymentTerms = paymentTerms
        self.payment = payment
        self.paidAmount = paidAmount
        self.notes = notes
        self.locale = locale
        self.labels = labels
    }
}

/// One billed line.
public struct InvoiceLineItem: Hashable, Sendable {
    /// What was delivered; long text wraps inside the description column, line breaks are kept (BT-153).
    public var description: String
    /// How many units; may be fractional (1.5 hours, up to three places by the shared contract) or negative
    /// (a credit) (BT-129).
    public var quantity: Decimal
    /// The unit of measure, a UN/ECE Recommendation 20 code (`C62` one, `HUR` hour, `DAY` day; BT-130).
    public var unitCode: String
    /// The net price of one unit in the invoice's currency (BT-146).
    public var unitPrice: Decimal
    /// The VAT rate charged on this line's net amount (BT-152).
    public var taxRate: TaxRate
    /// The line's VAT category (BT-151); `nil` when the invoice states no VAT at all (outside any VAT system),
    /// which prints no VAT rows and cannot be written as an e-invoice.
    public var vatCategory: VATCategory?
    /// Discounts and surcharges on this line (BG-27, BG-28); they change the line's net amount.
    public var allowancesCharges: [InvoiceAllowanceCharge]

    /// Creates a line. Without a category, a line with a rate above zero is in the standard category and a line
    /// without a rate states no VAT.
    public init(
        description: String, quantity: Decimal, unitCode: String = "C62", unitPrice: Decimal,
        taxRate: TaxRate = .zero, vatCategory: VATCategory? = nil,
        allowancesCharges: [InvoiceAllowanceCharge] = []
    ) {
        self.description = description
        self.quantity = quantity
        self.unitCode = unitCode
        self.unitPrice = unitPrice
        self.taxRate = taxRate
        self.vatCategory = vatCategory ?? (taxRate.percent > 0 ? .standard : nil)
        self.allowancesCharges = allowancesCharges
    }
}
