import Foundation
import Rendering
import RenderingTesting
import RenderingZlib
import Testing

/// A monochrome template for laser printers: one new type...
struct MonochromeInvoiceTemplate: InvoiceRendering {
    private let renderer = InvoicePDFRenderer(
        theme: InvoiceTheme(accent: .black, header: .condensed, stripedRows: false, ruledRows: true),
        compressor: ZlibFlateCompressor())

    func render(_ invoice: InvoiceDocument) throws(RenderingError) -> Data {
        try renderer.render(invoice)
    }
}

/// The catalog's overview shows this code: a new template is one type and one registry entry.
@Suite("Rendering: a new template")
struct NewTemplateTests {
    @Test func aNewTemplateIsOneTypeAndOneRegistryEntry() async throws {
        let invoice = InvoiceDocumentBuilder().labels(.german).locale(.deDE).build()
        let fonts = InvoiceFonts.default

        // Pick the template a setting names; unknown IDs fall back to Standard. The app injects the compressor.
        let registry = InvoiceTemplateRegistry.builtIn(
            accent: PDFColor(hex: "#1F4A87") ?? .ink, fonts: fonts, compressor: ZlibFlateCompressor())
        let pdf = try registry.renderer(for: "creative").render(invoice)

        // ...plus one registry entry.
        let extended = registry.registering(MonochromeInvoiceTemplate(), for: "monochrome")
        let monochrome = try extended.renderer(for: "monochrome").render(invoice)

        #expect(!registry.contains("monochrome") && extended.contains("monochrome"))
        #expect(extended.templateIDs == ["compact", "creative", "monochrome", "standard"])
        for document in [pdf, monochrome] {
            #expect(try await PDFTools.check(document).status == 0)
        }
        let text = try await PDFTools.text(monochrome)
        #expect(text.contains("Rechnung INV-2025-0042"), "the condensed header's one title line:\n\(text)")
        #expect(!(try await PDFTools.text(pdf)).contains("Rechnung INV-2025-0042"), "the creative banner differs")
    }
}
