/// The payment id format: `P-<n>` from the store's `payments` sequence.
enum PaymentID {
    /// The store's sequence payment ids come from.
    static let sequenceName = "payments"

    /// The id of the store's `sequenceNumber`.
    static func formatted(_ sequenceNumber: Int) -> String {
        "P-\(sequenceNumber)"
    }
}
