public import Foundation

/// Renders the first page of an invoice for a live preview; never throws.
///
/// Where the full renderer reports why an invoice cannot be rendered, the preview answers nil: a form being
/// typed into is often briefly unrenderable (a pasted emoji, a half-typed number) and the preview should simply
/// show nothing new rather than interrupt. The footer still says "Page 1 of N" for the full document.
public struct InvoicePDFPreviewRenderer: InvoicePreviewRendering {
    private let renderer: InvoicePDFRenderer

    /// Creates a preview renderer with `theme` and `fonts`, compressed by `compressor` when given.
    public init(
        theme: InvoiceTheme = .standard, fonts: InvoiceFonts = .default, compressor: (any FlateCompressing)? = nil,
        creationDate: @escaping @Sendable () -> Date = { Date() }
    ) {
        renderer = InvoicePDFRenderer(theme: theme, fonts: fonts, compressor: compressor, creationDate: creationDate)
    }

    /// A one-page PDF of the invoice's first page, or nil when the invoice cannot be rendered.
    public func preview(_ invoice: InvoiceDocument) -> Data? {
        try? renderer.render(invoice, firstPages: 1)
    }
}
