public import Foundation

/// An expense as the entry form holds it before validation.
///
/// This is Validation's own type; the composition root maps it to the storage package's entry.
public struct ExpenseEntryDraft: Hashable, Sendable {
    /// What was bought; required after trimming whitespace.
    public var title: String
    /// What it cost; positive, not NaN (use ``MoneyLimits/decimal(from:)`` to convert a `Double`), and with no
    /// more decimal places than the currency's minor units.
    public var price: Decimal
    /// An ISO 4217 alphabetic code, upper case, such as `EUR`.
    public var currencyCode: String
    /// When it was bought; `nil` until the user picks a day, which is a failure.
    public var date: Date?
    /// A free-text note; may be empty, may span lines, limited in length.
    public var comment: String

    /// Creates a draft.
    public init(title: String, price: Decimal, currencyCode: String, date: Date?, comment: String = "") {
        self.title = title
        self.price = price
        self.currencyCode = currencyCode
        self.date = date
        self.comment = comment
    }
}
