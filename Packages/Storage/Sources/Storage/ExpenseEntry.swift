public import Foundation

/// One expense as the tracker stores it.
public struct ExpenseEntry: Hashable, Sendable, Identifiable {
    /// Stable identity, assigned by the caller so a retried save never duplicates an entry.
    public var id: UUID
    /// What the money was spent on.
    public var title: String
    /// The amount, exact: money is never a binary floating-point number.
    public var price: Decimal
    /// ISO 4217 currency code, for example `EUR`.
    public var currencyCode: String
    /// Free text, possibly empty.
    public var comment: String
    /// When the expense happened.
    public var date: Date

    /// Creates an entry.
    public init(
        id: UUID = UUID(), title: String, price: Decimal, currencyCode: String, comment: String = "", date: Date
    ) {
        self.id = id
        self.title = title
        self.price = price
        self.currencyCode = currencyCode
        self.comment = comment
        self.date = date
    }
}

/// Why an entry could not be saved. A save either stores the entry or throws one of these; it never drops it.
public enum StorageError: Error, Hashable, Sendable {
    /// The entry breaks a rule of the store itself (for example a price that is not a finite number).
    case invalidEntry(reason: String)
}

/// Saves expense entries: the only capability an "add expense" screen needs.
public protocol ExpenseSaving: Sendable {
    /// Stores `entry`, replacing an entry with the same id.
    func save(_ entry: ExpenseEntry) async throws(StorageError)
}

/// Reads the entries that fall in a date interval, newest first: what a report needs.
public protocol ExpenseReading: Sendable {
    /// The entries whose date lies in `interval`, newest first.
    func entries(in interval: DateInterval) async throws(StorageError) -> [ExpenseEntry]
}
