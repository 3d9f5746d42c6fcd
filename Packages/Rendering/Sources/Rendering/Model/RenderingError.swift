public import Foundation

/// Why an invoice could not be rendered. Cases are stable so callers switch on them instead of reading text.
public enum RenderingError: Error, Hashable, Sendable {
    /// The text contains characters the configured fonts cannot draw (no glyph in any face, or a control
    /// character). They are listed once each, in order of first appearance, so a caller can name them.
    /// ``InvoiceFonts/unsupportedCharacters(in:)`` answers the same question before rendering.
    case unsupportedCharacters([Character])
    /// The text contains a script that needs shaping or right-to-left layout, which Rendering does not do
    /// (Arabic, Hebrew, Devanagari, Thai, ...): drawing it glyph by glyph would be wrong, so it is refused.
    /// Names the first such script of the document.
    case unsupportedScript(TextScript)
    /// A number is not finite or beyond what an invoice can hold (``InvoiceLimits``). Which one is named by
    /// `field`.
    case numberOutOfRange(InvoiceField)
    /// A currency code is not three ASCII capitals, or its minor units are outside 0...4.
    case invalidCurrency(code: String)
    /// An embedded font turned out to be damaged while its subset was built.
    case invalidFont(FontError)
}

/// Names a number of an invoice, for ``RenderingError/numberOutOfRange(_:)``.
public enum InvoiceField: Hashable, Sendable {
    /// The quantity of the line at `line` (0-based index into ``InvoiceDocument/lineItems``).
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

/// The bounds within which every invoice renders: wide enough for any real invoice (and for everything the
/// invoice validator accepts), narrow enough that `Decimal` arithmetic stays exact.
public enum InvoiceLimits {
    /// Quantities, unit prices and line net amounts must be smaller than this in magnitude (10^15).
    public static let maximumAmount = Decimal(sign: .plus, exponent: 15, significand: 1)
    /// The subtotal, the tax amounts and the grand total must be smaller than this in magnitude (10^18): sums
    /// of many lines near `maximumAmount`, at up to 100 % tax, still render.
    public static let maximumTotal = Decimal(sign: .plus, exponent: 18, significand: 1)
    /// Tax rates, in percent, must lie in 0...maximumTaxPercent.
    public static let maximumTaxPercent: Decimal = 100
}
