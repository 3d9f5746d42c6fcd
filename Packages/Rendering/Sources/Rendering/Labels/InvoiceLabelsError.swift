public import Foundation

/// Why a label catalog cannot be used. Each case names the language and, where there is one, the label, so a
/// translator is told which line of which file to fix.
public enum InvoiceLabelsError: Error, Hashable, Sendable {
    /// The package has no catalog for the language (or the text names no language); `available` are the codes it
    /// has.
    case unknownLanguage(String, available: [String])
    /// The catalog file is larger than ``LabelCatalogLimits/maximumFileBytes``: no translation needs that much, so
    /// it is not read.
    case catalogTooLarge(language: String, bytes: Int)
    /// The file is not a JSON object whose values are texts.
    case malformedCatalog(language: String)
    /// The file has a key that is not a label's name (a typo, or a label that was renamed).
    case unknownKey(language: String, key: String)
    /// A text is empty or only spaces.
    case emptyLabel(language: String, label: InvoiceLabel)
    /// A text is longer than ``LabelCatalogLimits/maximumLabelBytes`` bytes of UTF-8.
    case labelTooLong(language: String, label: InvoiceLabel)
    /// A text holds control characters, line breaks or direction overrides, which would break a line of the page
    /// or reorder what is printed around them.
    case controlCharacters(language: String, label: InvoiceLabel)
    /// A text lacks placeholders its label needs (`missing`) or has others (`extra`), compared with
    /// ``InvoiceLabel/placeholders``.
    case placeholderMismatch(language: String, label: InvoiceLabel, missing: [String], extra: [String])
}

/// The limits of a catalog file, so a damaged or hostile file is refused before it reaches a page.
public enum LabelCatalogLimits {
    /// The largest catalog file read: the shipped ones are about 2 KB.
    public static let maximumFileBytes = 64 << 10
    /// The longest text of one label, in bytes of UTF-8: the longest shipped one is under 60.
    public static let maximumLabelBytes = 200
}

extension InvoiceLabelsError: CustomStringConvertible, LocalizedError {
    /// What is wrong, as a sentence for a person, with what to do.
    public var description: String {
        switch self {
        case .unknownLanguage(let language, let available):
            "There are no invoice labels for the language “\(language)”. Use one of "
                + "\(available.joined(separator: ", "))."
        case .catalogTooLarge(let language, let bytes):
            "The invoice labels for “\(language)” are \(bytes) bytes, more than the "
                + "\(LabelCatalogLimits.maximumFileBytes) a catalog may have, so they were not read."
        case .malformedCatalog(let language):
            "The invoice labels for “\(language)” are not a JSON object of label names and texts. Check the file "
                + "for a missing comma or quotation mark."
        case .unknownKey(let language, let key):
            "The invoice labels for “\(language)” name a label “\(key)” that does not exist. Check its spelling "
                + "against the English catalog."
        case .emptyLabel(let language, let label):
            "The invoice label “\(label.rawValue)” for “\(language)” is empty. Translate it, or remove the line "
                + "to print the English text."
        case .labelTooLong(let language, let label):
            "The invoice label “\(label.rawValue)” for “\(language)” is longer than "
                + "\(LabelCatalogLimits.maximumLabelBytes) bytes. Shorten it."
        case .controlCharacters(let language, let label):
            "The invoice label “\(label.rawValue)” for “\(language)” contains control characters, line breaks or "
                + "direction overrides. Write it as one line of plain text."
        case .placeholderMismatch(let language, let label, let missing, let extra):
            "The invoice label “\(label.rawValue)” for “\(language)” "
                + ([
                    missing.isEmpty ? nil : "lacks \(missing.joined(separator: ", "))",
                    extra.isEmpty ? nil : "has \(extra.joined(separator: ", ")), which it cannot use",
                ].compactMap { $0 }.joined(separator: " and "))
                + (label.placeholders.isEmpty
                    ? ". It takes none, as in English."
                    : ". It needs exactly \(label.placeholders.joined(separator: ", ")), as in English.")
        }
    }
}

extension InvoiceLabelsError {
    /// The same sentences, for APIs that show `localizedDescription`.
    public var errorDescription: String? { description }
}
