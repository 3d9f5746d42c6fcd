public import Foundation

/// Turns an invoice into the bytes of a finished document (a PDF).
public protocol InvoiceRendering: Sendable {
    /// Renders `invoice`. Throws only for input no layout can show: characters outside the fonts
    /// (`unsupportedCharacters`), scripts that need shaping (`unsupportedScript`), numbers outside
    /// ``InvoiceLimits`` (`numberOutOfRange`). A document that passes the invoice validator's rules, with text the
    /// fonts cover, always renders.
    func render(_ invoice: InvoiceDocument) throws(RenderingError) -> Data
}

/// Shows an invoice while it is being written. A separate capability from ``InvoiceRendering`` because its
/// contract differs: a preview never fails loudly; it is nil when there is nothing sensible to show.
public protocol InvoicePreviewRendering: Sendable {
    /// A quick look at `invoice` (its first page), or nil when the invoice cannot be rendered yet.
    func preview(_ invoice: InvoiceDocument) -> Data?
}
