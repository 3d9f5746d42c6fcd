/// The invoice number format, written once. The store owns the counting (its `invoices` sequence, reserved in the
/// transaction that stores the invoice); this turns a count into the number an invoice prints, is stored under and
/// is linked by (`INV-0042`), and says whether a text can be one, for lookups and links.
enum InvoiceNumber {
    /// What every invoice number starts with.
    static let prefix = "INV-"
    /// The store's sequence invoice numbers come from.
    static let sequenceName = "invoices"
    /// The longest number the invoices resource of the API accepts.
    static let maximumLength = 64

    /// The number of the store's `sequenceNumber`: the prefix and at least four digits (`INV-0042`, `INV-12345`),
    /// for every 64-bit number (`String(format:)` with `%04d` would wrap past 2³¹).
    static func formatted(_ sequenceNumber: Int) -> String {
        let digits = String(sequenceNumber.magnitude)
        return prefix + (sequenceNumber < 0 ? "-" : "") + String(repeating: "0", count: max(0, 4 - digits.count))
            + digits
    }

    /// Whether `text` has the form of an invoice number (the prefix, at most ``maximumLength`` characters), so a
    /// lookup or a link with anything else names no invoice without asking the store.
    static func isWellFormed(_ text: String) -> Bool {
        text.hasPrefix(prefix) && text.count <= maximumLength
    }
}
