import Essentials
public import Foundation

extension RenderingError: CustomStringConvertible, LocalizedError {
    /// What went wrong and what to do, as sentences a person can be shown (`"\(error)"` prints them); code switches
    /// on the case instead.
    public var description: String {
        switch self {
        case .unsupportedCharacters(let characters):
            guard !characters.isEmpty else {
                return "The fonts cannot draw some characters of the invoice. Remove or replace them, or render "
                    + "with a fallback font that has them."
            }
            let them = characters.count == 1 ? "it" : "them"
            return "The fonts cannot draw \(ReadableText.list(characters.map(ReadableText.describe))). Remove or "
                + "replace \(them), or render with a fallback font that has \(them) (for Chinese, Japanese or "
                + "Korean text, a CJK font)."
        case .unsupportedScript(let script):
            return "The invoice contains text in \(script), which \(script.layoutNeed). Invoices are drawn letter by "
                + "letter from left to right, so it cannot be printed correctly; write that text in Latin, Greek or "
                + "Cyrillic letters."
        case .numberOutOfRange(let field):
            return field.outOfRangeSentence
        case .invalidCurrency(let code):
            let isCode = code.utf8.count == 3 && code.utf8.allSatisfy { (0x41...0x5A).contains($0) }
            return isCode
                ? "The currency \(code) was refused: its minor units (the digits after the decimal separator) must "
                    + "be 0 to 4."
                : "The currency code \(ReadableText.quoted(code)) was refused: a code is three capital letters A "
                    + "to Z, such as EUR or USD."
        case .invalidFont(let error):
            return "An embedded font could not be subset. \(error)"
        }
    }

    /// The same sentences, for `localizedDescription`.
    public var errorDescription: String? { description }
}

extension InvoiceField: CustomStringConvertible {
    /// The number in words, lines counted from 1 as a person counts them: "the unit price of line 3".
    public var description: String {
        switch self {
        case .quantity(let line): "the quantity of line \(line + 1)"
        case .unitPrice(let line): "the unit price of line \(line + 1)"
        case .taxRate(let line): "the tax rate of line \(line + 1)"
        case .lineAmount(let line): "the amount of line \(line + 1)"
        case .total: "a total of the invoice"
        }
    }

    /// Why the number was refused, with the limit it broke.
    fileprivate var outOfRangeSentence: String {
        let subject = description.prefix(1).uppercased() + description.dropFirst()
        let amountLimit = ReadableText.grouped(NSDecimalNumber(decimal: InvoiceLimits.maximumAmount).int64Value)
        switch self {
        case .quantity, .unitPrice:
            return "\(subject) is not a number or too large: it must be less than \(amountLimit) in magnitude."
        case .lineAmount:
            return "\(subject) (quantity times unit price) is too large: it must be less than \(amountLimit) in "
                + "magnitude."
        case .taxRate:
            return "\(subject) is not between 0 % and \(InvoiceLimits.maximumTaxPercent) %."
        case .total:
            return "\(subject) (the subtotal, a tax or the grand total) is too large: it must be less than "
                + "\(ReadableText.grouped(NSDecimalNumber(decimal: InvoiceLimits.maximumTotal).int64Value)) in magnitude."
        }
    }
}
