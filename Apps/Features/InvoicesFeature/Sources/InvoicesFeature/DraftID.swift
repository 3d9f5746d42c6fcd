/// The name of a saved draft as users see and type it: `D-` and the number the store's `invoice-drafts` sequence
/// gave it (`D-3`). A text that cannot be one is refused with the reason before the store is asked.
public struct DraftID: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The draft's number, 1 or more.
    public let number: Int

    /// The id of draft `number`; nil below 1, which no draft has.
    public init?(number: Int) {
        guard number >= 1 else { return nil }
        self.number = number
    }

    /// Reads `D-3` (any case of the `D`, leading zeros allowed); every other text is refused with the reason.
    public init(parsing text: String) throws(DraftIDError) {
        guard !text.isEmpty else { throw .empty }
        guard text.count > 2, text.prefix(2).uppercased() == "D-" else {
            // A number of the default series (`INV-0001`) is recognised as an issued invoice without the store.
            let isInvoiceNumber =
                text.uppercased().hasPrefix(InvoiceNumber.prefix) && text.count > InvoiceNumber.prefix.count
                && InvoiceNumber.isWellFormed(text)
            throw isInvoiceNumber ? .invoiceNumber(text) : .malformed(text)
        }
        let digits = text.dropFirst(2)
        guard digits.allSatisfy({ $0.isASCII && $0.isWholeNumber }) else { throw .malformed(text) }
        guard let number = Int(digits), let id = DraftID(number: number) else { throw .outOfRange(text) }
        self = id
    }

    /// `D-3`.
    public var description: String { "D-\(number)" }

    /// Drafts in the order they were saved.
    public static func < (lhs: DraftID, rhs: DraftID) -> Bool { lhs.number < rhs.number }
}

/// Why a text is not a draft id.
public enum DraftIDError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Nothing was given.
    case empty
    /// The text is not `D-` and digits.
    case malformed(String)
    /// The digits are 0 or larger than any number a store gives.
    case outOfRange(String)
    /// The text is an invoice number: an issued invoice, which is never a draft.
    case invoiceNumber(String)

    /// A sentence for logs and people; a long text is shortened.
    public var description: String {
        switch self {
        case .empty: "no draft id was given; a draft id is D- and a number, such as D-3"
        case .malformed(let text):
            "'\(Self.shortened(text))' is not a draft id; a draft id is D- and a number, such as D-3"
        case .outOfRange(let text):
            "'\(Self.shortened(text))' is not a draft id: draft numbers run from 1 to \(Int.max)"
        case .invoiceNumber(let text): "\(Self.shortened(text)) is an issued invoice, not a draft"
        }
    }

    /// At most 40 characters of `text`, so a pasted page does not flood the terminal.
    static func shortened(_ text: String) -> String {
        text.count > 40 ? String(text.prefix(40)) + "…" : text
    }
}
