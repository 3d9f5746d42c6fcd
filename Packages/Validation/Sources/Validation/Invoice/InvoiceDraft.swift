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

    /// Creates a draft.
    public init(
        clientName: String,
        lineItems: [LineItem],
        currencyCode: String,
        issueDate: Date,
        dueDate: Date,
        taxPercent: Decimal? = nil,
        notes: String = ""
    ) {
        self.clientName = clientName
        self.lineItems = lineItems
        self.currencyCode = currencyCode
        self.issueDate = issueDate
        self.dueDate = dueDate
        self.taxPercent = taxPercent
        self.notes = notes
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

    /// Creates a line.
    public init(id: String, description: String, quantity: Decimal, unitPrice: Decimal) {
        self.id = id
        self.description = description
        self.quantity = quantity
        self.unitPrice = unitPrice
    }

    /// Creates a line billing whole units, for forms whose quantity field holds an integer.
    public init(id: String, description: String, quantity: Int, unitPrice: Decimal) {
        self.init(id: id, description: description, quantity: Decimal(quantity), unitPrice: unitPrice)
    }
}
