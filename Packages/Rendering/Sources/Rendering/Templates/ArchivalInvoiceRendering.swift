public import Foundation

/// Renders an invoice as an archival PDF (PDF/A-3b) that carries files, such as the XML of a Factur-X or ZUGFeRD
/// invoice. A separate capability from ``InvoiceRendering`` because its contract is stricter (every font embedded,
/// metadata that must agree) and its errors differ (``ArchivalRenderingError``).
public protocol ArchivalInvoiceRendering: Sendable {
    /// `invoice` as a PDF/A-3b document described by `metadata`, with `attachments` embedded and listed as the
    /// document's associated files.
    func render(
        _ invoice: InvoiceDocument, archival metadata: PDFArchivalMetadata, attachments: [PDFAttachment]
    ) throws(ArchivalRenderingError) -> Data
}

extension InvoicePDFRenderer: ArchivalInvoiceRendering {
    /// The same pages as ``render(_:)``, written as PDF/A-3b: XMP metadata identifying the conformance (with the
    /// Factur-X extension schema when `metadata.facturX` is set), an sRGB output intent, the document ID, and each
    /// attachment as an embedded file with its relationship, media type, size and modification date.
    ///
    /// The fonts must all be embedded: a renderer configured with ``InvoiceFonts/standard14`` (or whose default
    /// fell back to them) throws ``ArchivalRenderingError/fontsNotEmbedded``. Attachments are checked before the
    /// invoice is laid out. The same input and date give the same bytes.
    public func render(
        _ invoice: InvoiceDocument, archival metadata: PDFArchivalMetadata, attachments: [PDFAttachment]
    ) throws(ArchivalRenderingError) -> Data {
        let embedsEveryFace = fonts.faces.allSatisfy { if case .trueType = $0 { true } else { false } }
        guard embedsEveryFace else { throw .fontsNotEmbedded }
        let profile = try BundledColorProfile.sRGB.get()
        let checked = try PDFArchiveContent(metadataPacket: [], colorProfile: profile, attachments: attachments)
        if let facturX = metadata.facturX, !attachments.contains(where: { $0.fileName == facturX.documentFileName }) {
            throw .missingFacturXAttachment(facturX.documentFileName)
        }

        let composed: ComposedInvoice
        do {
            composed = try InvoiceComposer(theme: theme, fonts: fonts)
                .compose(invoice, creationDate: metadata.creationDate ?? creationDate(), pageLimit: nil)
        } catch {
            throw .rendering(error)
        }
        var info = composed.info
        if let title = metadata.title { info.title = title }
        if let author = metadata.author { info.author = author }
        info.subject = metadata.subject
        var archive = checked
        archive.metadataPacket = try XMPPacket.make(info: info, facturX: metadata.facturX)
        do {
            return try PDFDocumentWriter(info: info, compressor: compressor)
                .write(composed.pages, size: composed.pageSize, fonts: composed.fonts, archive: archive)
        } catch {
            throw .rendering(error)
        }
    }
}
