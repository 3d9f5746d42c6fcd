public import Foundation

/// Why an invoice could not be rendered. Cases are stable so callers switch on them instead of reading text.
public enum RenderingError: Error, Hashable, Sendable {
    /// The text contains characters the core fonts cannot show (anything outside WinAnsiEncoding, such as
    /// Cyrillic, Greek or CJK, and control characters). They are listed once each, in order of first
    /// appearance, so a caller can name them.
    case unsupportedCharacters([Character])
    /// A number is not finite, negative where it cannot be, or beyond what an invoice line can hold
    /// (`InvoiceLimits`). Which one is named by `field`.
    case numberOutOfRange(InvoiceField)
    /// A currency code is not three ASCII capitals, or its minor units are outside 0...4.
    case invalidCurrency(code: String)
}

/// Names a number of an invoice, for `RenderingError.numberOutOfRange`.
public enum InvoiceField: Hashable, Sendable {
    /// The quantity of the line at `line` (0-based index into `InvoiceDocument.lineItems`).
    case quantity(line: Int)
    /// The unit price of the line at `line`.
    case unitPrice(line: Int)
    /// The tax rate of the line at `line`.
    case taxRate(line: Int)
    /// The net amount (quantity × unit price) of the line at `line`.
    case lineAmount(line: Int)
    /// A computed total (subtotal, a tax amount or the grand total).
    case total
}

/// The bounds within which every invoice number renders: wide enough for any real invoice, narrow enough that
/// every amount fits its column and `Decimal` arithmetic stays exact.
public enum InvoiceLimits {
    /// Quantities, prices, line amounts and totals must be smaller than this in magnitude (10^15).
    public static let maximumAmount = Decimal(sign: .plus, exponent: 15, significand: 1)
    /// Tax rates, in percent, must lie in 0...maximumTaxPercent.
    public static let maximumTaxPercent: Decimal = 1000
}
