import Foundation
public import Rendering

/// What issuing an e-invoice needs beyond a printed one: the XML writer of each format and, per template, a
/// renderer that writes the archival PDF/A-3 a Factur-X invoice is. The composition root supplies them; without
/// them a Factur-X or XRechnung invoice is refused (`InvoiceError.formatUnavailable`) and nothing is stored.
public struct EInvoiceOutput: Sendable {
    /// The XML writer of a format (EN 16931 CII for Factur-X, XRechnung CII for XRechnung); nil when there is none.
    public var writer: @Sendable (InvoiceFormat) -> (any EInvoiceWriting)?
    /// The archival renderer of each template id, for Factur-X.
    public var archival: [String: any ArchivalInvoiceRendering]

    /// Creates the output; none by default.
    public init(
        writer: @escaping @Sendable (InvoiceFormat) -> (any EInvoiceWriting)? = { _ in nil },
        archival: [String: any ArchivalInvoiceRendering] = [:]
    ) {
        self.writer = writer
        self.archival = archival
    }

    /// The Rendering package's CII writer of each e-invoice format: the EN 16931 profile for Factur-X, XRechnung's
    /// for XRechnung, none for a PDF. Pure (it writes XML in memory), so every caller passes this one mapping.
    public static func crossIndustryWriter(for format: InvoiceFormat) -> (any EInvoiceWriting)? {
        switch format {
        case .pdf: nil
        case .facturx: CrossIndustryInvoiceWriter(profile: .en16931)
        case .xrechnung: CrossIndustryInvoiceWriter(profile: .xrechnung)
        }
    }

    /// The name of the XML inside a Factur-X PDF, which receivers look for.
    public static let facturXFileName = "factur-x.xml"

    /// The files of `document` in `format`: the PDF people read and, for an e-invoice, the XML machines read.
    /// `pdf` renders the printed PDF; `issued` dates the attachment.
    func files(
        of document: InvoiceDocument, format: InvoiceFormat, template: String, issued: Date,
        pdf: () throws(RenderingError) -> Data
    ) throws(InvoiceError) -> (pdf: Data, xml: Data?) {
        do throws(RenderingError) {
            guard format.hasXML else { return (try pdf(), nil) }
        } catch {
            throw .rendering(error)
        }
        guard let writer = writer(format), format == .xrechnung || archival[template] != nil else {
            throw .formatUnavailable(format)
        }
        let xml: Data
        do throws(EInvoiceError) {
            xml = try writer.xml(for: document)
        } catch {
            throw .eInvoice(error)
        }
        if format == .xrechnung {
            do throws(RenderingError) {
                return (try pdf(), xml)
            } catch {
                throw .rendering(error)
            }
        }
        guard let archival = archival[template] else { throw .formatUnavailable(format) }
        do throws(ArchivalRenderingError) {
            // EN 16931 is a complete, equivalent form of the invoice, hence the relationship "Alternative".
            let pdf = try archival.render(
                document, archival: PDFArchivalMetadata(facturX: FacturXMetadata(conformanceLevel: .en16931)),
                attachments: [
                    PDFAttachment(
                        fileName: Self.facturXFileName, mimeType: "text/xml", data: xml, relationship: .alternative,
                        description: "Factur-X invoice (EN 16931)", modificationDate: issued)
                ])
            return (pdf, xml)
        } catch {
            throw .archival(error)
        }
    }
}
