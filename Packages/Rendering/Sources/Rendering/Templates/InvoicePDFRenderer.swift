public import Foundation

/// Renders invoices as PDF 1.7 with a theme and fonts: the engine behind every template.
///
/// Text is drawn with `fonts` (DejaVu Sans, embedded as a subset, unless told otherwise); streams are compressed
/// when a `compressor` is given (the `RenderingZlib` product's `ZlibFlateCompressor`) and written plain
/// otherwise. The creation date written into the document info comes from `creationDate`, so a test or a build
/// that injects a fixed date gets the same bytes on every run.
public struct InvoicePDFRenderer: InvoiceRendering, GlyphCoverage {
    /// The look.
    public let theme: InvoiceTheme
    /// The typefaces text is drawn with.
    public let fonts: InvoiceFonts
    let compressor: (any FlateCompressing)?
    let creationDate: @Sendable () -> Date

    /// Creates a renderer with `theme` and `fonts`; `compressor` shrinks the streams (nil writes them
    /// uncompressed); `creationDate` is asked once per render (the current time by default).
    public init(
        theme: InvoiceTheme = .standard, fonts: InvoiceFonts = .default, compressor: (any FlateCompressing)? = nil,
        creationDate: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.theme = theme
        self.fonts = fonts
        self.compressor = compressor
        self.creationDate = creationDate
    }

    /// Renders every page of `invoice`.
    public func render(_ invoice: InvoiceDocument) throws(RenderingError) -> Data {
        try render(invoice, firstPages: nil)
    }

    /// How many pages `invoice` takes with this theme: what `render` produces and the footers count.
    public func pageCount(of invoice: InvoiceDocument) throws(RenderingError) -> Int {
        try InvoiceComposer(theme: theme, fonts: fonts)
            .compose(invoice, creationDate: Date(timeIntervalSince1970: 0), pageLimit: 1)
            .pageCount
    }

    /// The characters of `text` this renderer's fonts cannot draw (see ``InvoiceFonts``).
    public func unsupportedCharacters(in text: String) -> [Character] {
        fonts.unsupportedCharacters(in: text)
    }

    /// The first `pages` pages only (all when nil), numbered against the full count; used by the preview.
    func render(_ invoice: InvoiceDocument, firstPages pages: Int?) throws(RenderingError) -> Data {
        let composed = try InvoiceComposer(theme: theme, fonts: fonts)
            .compose(invoice, creationDate: creationDate(), pageLimit: pages)
        return try PDFDocumentWriter(info: composed.info, compressor: compressor)
            .write(composed.pages, size: composed.pageSize, fonts: composed.fonts)
    }
}

/// The classic business invoice: seller and title at the top, a grey table header, ruled rows.
public struct StandardInvoiceTemplate: InvoiceRendering {
    private let renderer: InvoicePDFRenderer

    /// Creates the template on `pageSize` paper, drawn with `fonts`, compressed by `compressor` when given.
    public init(
        pageSize: PageSize = .a4, fonts: InvoiceFonts = .default, compressor: (any FlateCompressing)? = nil,
        creationDate: @escaping @Sendable () -> Date = { Date() }
    ) {
        var theme = InvoiceTheme.standard
        theme.pageSize = pageSize
        renderer = InvoicePDFRenderer(theme: theme, fonts: fonts, compressor: compressor, creationDate: creationDate)
    }

    /// Renders `invoice` with the standard look.
    public func render(_ invoice: InvoiceDocument) throws(RenderingError) -> Data {
        try renderer.render(invoice)
    }
}

/// Small type, tight striped rows and a one-line heading: the most rows per page, for long invoices.
public struct CompactInvoiceTemplate: InvoiceRendering {
    private let renderer: InvoicePDFRenderer

    /// Creates the template on `pageSize` paper, drawn with `fonts`, compressed by `compressor` when given.
    public init(
        pageSize: PageSize = .a4, fonts: InvoiceFonts = .default, compressor: (any FlateCompressing)? = nil,
        creationDate: @escaping @Sendable () -> Date = { Date() }
    ) {
        var theme = InvoiceTheme.compact
        theme.pageSize = pageSize
        renderer = InvoicePDFRenderer(theme: theme, fonts: fonts, compressor: compressor, creationDate: creationDate)
    }

    /// Renders `invoice` with the compact look.
    public func render(_ invoice: InvoiceDocument) throws(RenderingError) -> Data {
        try renderer.render(invoice)
    }
}

/// A coloured banner, an accent table header, striped rows and a filled total, all in the accent colour.
public struct CreativeInvoiceTemplate: InvoiceRendering {
    /// The colour of the banner, table header, stripes and total.
    public let accent: PDFColor
    private let renderer: InvoicePDFRenderer

    /// Creates the template in `accent` on `pageSize` paper, drawn with `fonts`, compressed by `compressor` when
    /// given.
    public init(
        accent: PDFColor = PDFColor(red: 0.85, green: 0.33, blue: 0.2), pageSize: PageSize = .a4,
        fonts: InvoiceFonts = .default, compressor: (any FlateCompressing)? = nil,
        creationDate: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.accent = accent
        var theme = InvoiceTheme.creative(accent: accent)
        theme.pageSize = pageSize
        renderer = InvoicePDFRenderer(theme: theme, fonts: fonts, compressor: compressor, creationDate: creationDate)
    }

    /// Renders `invoice` with the creative look.
    public func render(_ invoice: InvoiceDocument) throws(RenderingError) -> Data {
        try renderer.render(invoice)
    }
}

// Every built-in template writes its own look as an archival PDF too, so a Factur-X invoice keeps the template
// the user chose.

extension StandardInvoiceTemplate: ArchivalInvoiceRendering {
    /// Renders `invoice` with the standard look as PDF/A-3b carrying `attachments`.
    public func render(
        _ invoice: InvoiceDocument, archival metadata: PDFArchivalMetadata, attachments: [PDFAttachment]
    ) throws(ArchivalRenderingError) -> Data {
        try renderer.render(invoice, archival: metadata, attachments: attachments)
    }
}

extension CompactInvoiceTemplate: ArchivalInvoiceRendering {
    /// Renders `invoice` with the compact look as PDF/A-3b carrying `attachments`.
    public func render(
        _ invoice: InvoiceDocument, archival metadata: PDFArchivalMetadata, attachments: [PDFAttachment]
    ) throws(ArchivalRenderingError) -> Data {
        try renderer.render(invoice, archival: metadata, attachments: attachments)
    }
}

extension CreativeInvoiceTemplate: ArchivalInvoiceRendering {
    /// Renders `invoice` with the creative look as PDF/A-3b carrying `attachments`.
    public func render(
        _ invoice: InvoiceDocument, archival metadata: PDFArchivalMetadata, attachments: [PDFAttachment]
    ) throws(ArchivalRenderingError) -> Data {
        try renderer.render(invoice, archival: metadata, attachments: attachments)
    }
}
