/// What every invoice number shares whatever its pattern (``InvoiceNumbering`` writes them): the longest one the
/// API takes, and whether a text can be one, for lookups and links.
enum InvoiceNumber {
    /// What invoice numbers started with before numbering patterns: a record stored then (without the attribute
    /// `kind`) is found by it.
    static let prefix = "INV-"
    /// The longest number the invoices resource of the API accepts.
    static let maximumLength = 64

    /// Whether `text` can be an invoice number (1 to ``maximumLength`` characters without control characters;
    /// patterns choose any prefix), so a lookup or a link with anything else names no invoice without asking the
    /// store.
    static func isWellFormed(_ text: String) -> Bool {
        !text.isEmpty && text.count <= maximumLength
            && !text.unicodeScalars.contains { $0.properties.generalCategory == .control }
    }
}
