/// The credit note number format, written once: the store's `credit-notes` sequence counts, this turns a count into
/// the number a credit note prints and is stored under (`CN-0001`). A numbering pattern setting replaces this one
/// function and the sequence name.
enum CreditNoteNumber {
    /// The store's sequence credit note numbers come from.
    static let sequenceName = "credit-notes"

    /// The number of the store's `sequenceNumber`: `CN-` and at least four digits.
    static func formatted(_ sequenceNumber: Int) -> String {
        let digits = String(sequenceNumber.magnitude)
        return "CN-" + String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }
}

/// The payment id format: `P-<n>` from the store's `payments` sequence.
enum PaymentID {
    /// The store's sequence payment ids come from.
    static let sequenceName = "payments"

    /// The id of the store's `sequenceNumber`.
    static func formatted(_ sequenceNumber: Int) -> String {
        "P-\(sequenceNumber)"
    }
}
