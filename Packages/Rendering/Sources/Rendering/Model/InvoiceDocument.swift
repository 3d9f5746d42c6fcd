public import Foundation

/// What a renderer needs to know about an invoice: the renderer's own input, independent of how a form collects
/// it (the composition root maps the form's draft into this).
public struct InvoiceDocument: Hashable, Sendable {
    /// The invoice number shown in the heading and the document title.
    public var number: String
    /// The day the invoice was issued.
    public var issueDate: CalendarDay
    /// The day the goods or services were delivered, when the invoice states one (German invoices must).
    public var serviceDate: CalendarDay?
    /// The day payment is due, if the invoice states one.
    public var dueDate: CalendarDay?
    /// Who issues the invoice.
    public var seller: InvoiceParty
    /// Who is billed.
    public var client: InvoiceParty
    /// The currency of every amount.
    public var currency: Currency
    /// The billed lines, in order. An invoice with no lines renders with an empty table and zero totals.
    public var lineItems: [InvoiceLineItem]
    /// Free text printed after the totals (payment terms, thanks); line breaks are kept, empty means none.
    public var notes: String
    /// How numbers and dates are written.
    public var locale: RenderingLocale
    /// The wording of titles, headings and totals.
    public var labels: InvoiceLabels

    /// Creates a document.
    public init(
        number: String,
        issueDate: CalendarDay,
        serviceDate: CalendarDay? = nil,
        dueDate: CalendarDay? = nil,
        seller: InvoiceParty,
        client: InvoiceParty,
        currency: Currency,
        lineItems: [InvoiceLineItem],
        notes: String = "",
        locale: RenderingLocale = .enUS,
        labels: InvoiceLabels = .english
    ) {
        self.number = number
        self.issueDate = issueDate
        self.serviceDate = serviceDate
        self.dueDate = dueDate
        self.seller = seller
        self.client = client
        self.currency = currency
        self.lineItems = lineItems
        self.notes = notes
        self.locale = locale
        self.labels = labels
    }
}

/// A seller or client block: a name in bold, address lines, and optionally a tax ID and an IBAN.
public struct InvoiceParty: Hashable, Sendable {
    /// The name, printed first and in bold.
    public var name: String
    /// Further lines (street, city, email), printed in order; long lines wrap.
    public var lines: [String]
    /// The VAT or tax identification number, printed after the lines with its label when present.
    public var taxID: String?
    /// The bank account (IBAN), printed after the tax ID with its label when present.
    public var iban: String?

    /// Creates a party block. Empty or blank `taxID` and `iban` print nothing.
    public init(name: String, lines: [String] = [], taxID: String? = nil, iban: String? = nil) {
        self.name = name
        self.lines = lines
        self.taxID = taxID
        self.iban = iban
    }
}

/// One billed line.
public struct InvoiceLineItem: Hashable, Sendable {
    /// What was delivered; long text wraps inside the description column, line breaks are kept.
    public var description: String
    /// How many units; may be fractional (1.5 hours, up to three places by the shared contract) or negative
    /// (a credit).
    public var quantity: Decimal
    /// The net price of one unit in the invoice's currency.
    public var unitPrice: Decimal
    /// The tax charged on this line's net amount.
    public var taxRate: TaxRate

    /// Creates a line.
    public init(description: String, quantity: Decimal, unitPrice: Decimal, taxRate: TaxRate = .zero) {
        self.description = description
        self.quantity = quantity
        self.unitPrice = unitPrice
        self.taxRate = taxRate
    }
}
