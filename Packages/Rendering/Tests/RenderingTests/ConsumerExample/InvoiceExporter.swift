import Foundation
import Rendering

/// Why an invoice was not exported.
enum ExportError: Error, Equatable {
    /// The client's name or a line holds characters the fonts cannot draw; nothing was rendered.
    case undrawable([Character])
    /// The renderer refused the invoice.
    case rendering(RenderingError)
}

/// An app's "Export PDF" button: checks the text a person typed against the fonts before rendering, so the form
/// can point at the characters, then renders and names the file after the invoice number.
struct InvoiceExporter: Sendable {
    private let renderer: any InvoiceRendering
    private let fonts: any GlyphCoverage

    /// Exports with `renderer`, checking text against `fonts` (an `InvoicePDFRenderer` is both).
    init(renderer: any InvoiceRendering, fonts: any GlyphCoverage) {
        self.renderer = renderer
        self.fonts = fonts
    }

    /// The file name and PDF bytes of `invoice`.
    func export(_ invoice: InvoiceDocument) throws(ExportError) -> (fileName: String, pdf: Data) {
        let typed = [invoice.client.name] + invoice.lineItems.map(\.description)
        let missing = fonts.unsupportedCharacters(in: typed.joined(separator: "\n"))
        guard missing.isEmpty else { throw .undrawable(missing) }
        do {
            return ("\(invoice.number).pdf", try renderer.render(invoice))
        } catch {
            throw .rendering(error)
        }
    }
}
