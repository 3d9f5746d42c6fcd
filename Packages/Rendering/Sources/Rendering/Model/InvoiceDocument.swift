public import Foundation

/// What a renderer needs to know about an invoice: the renderer's own input, independent of how a form collects
/// it (the composition root maps the form's draft into this).
public struct InvoiceDocument: Hashable, Sendable {
    /// The invoice number shown in the heading and the document title.
    public var number: String
    /// The day the invoice was issued.
    public var issueDate: CalendarDay
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
    /// Free text printed after the table (payment terms, bank details); line breaks are kept, empty means none.
    public var notes: String
    /// How numbers and dates are written.
    public var locale: RenderingLocale

    /// Creates a document.
    public init(
        number: String,
        issueDate: CalendarDay,
        dueDate: CalendarDay? = nil,
        seller: InvoiceParty,
        client: InvoiceParty,
        currency: Currency,
        lineItems: [InvoiceLineItem],
        notes: String = "",
        locale: RenderingLocale = .enUS
    ) {
        self.number = number
        self.issueDate = issueDate
        self.dueDate = dueDate
        self.seller = seller
        self.client = client
        self.currency = currency
        self.lineItems = lineItems
        self.notes = notes
        self.locale = locale
    }
}

/// A seller or client block: a name in bold and any number of further lines (street, city, tax ID, email).
public struct InvoiceParty: Hashable, Sendable {
    /// The name, printed first and in bold.
    public var name: String
    /// Further lines, printed in order; long lines wrap.
    public var lines: [String]

    /// Creates a party block.
    public init(name: String, lines: [String] = []) {
        self.name = name
        self.lines = lines
    }
}

/// One billed line.
public struct InvoiceLineItem: Hashable, Sendable {
    /// What was delivered; long text wraps inside the description column, line breaks are kept.
    public var description: String
    /// How many units; may be fractional (hours) or negative (a credit).
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
