public import Foundation

/// An invoice as the form holds it before validation: every field may still be wrong.
///
/// This is Validation's own type; the composition root maps it to and from the rendering and storage types.
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

    /// Creates a draft.
    public init(clientName: String, lineItems: [LineItem], currencyCode: String, issueDate: Date, dueDate: Date) {
        self.clientName = clientName
        self.lineItems = lineItems
        self.currencyCode = currencyCode
        self.issueDate = issueDate
        self.dueDate = dueDate
    }
}

/// One billed line of an `InvoiceDraft`.
public struct LineItem: Hashable, Sendable, Identifiable {
    /// Identifies the line in failures (`ValidationFailure.elementID`) so the form can find its row.
    public var id: String
    /// What was delivered; required.
    public var description: String
    /// How many units; positive. Whole units, because the invoices we render bill items and hours.
    public var quantity: Int
    /// The price of one unit; zero (a free item) or more, never NaN.
    public var unitPrice: Decimal

    /// Creates a line.
    public init(id: String, description: String, quantity: Int, unitPrice: Decimal) {
        self.id = id
        self.description = description
        self.quantity = quantity
        self.unitPrice = unitPrice
    }
}
