public import Foundation

/// What clients still owe in one currency, as the home screen shows it. The home feature does not know invoices:
/// the composition root hands it a closure that reads the invoices' summary, so the figures are the ones
/// `ledger invoice summary` prints.
public struct HomeOutstanding: Hashable, Sendable {
    /// ISO 4217 code, upper case.
    public var currency: String
    /// The amount due, positive.
    public var amount: Decimal
    /// The amount as people read it (`€3,996.84`).
    public var text: String

    /// Creates a figure.
    public init(currency: String, amount: Decimal, text: String) {
        self.currency = currency
        self.amount = amount
        self.text = text
    }

    /// "Outstanding: €3,996.84, $50.00", or nil when nothing is.
    static func line(_ amounts: [HomeOutstanding]) -> String? {
        guard !amounts.isEmpty else { return nil }
        return "Outstanding: " + amounts.map(\.text).joined(separator: ", ")
    }
}
