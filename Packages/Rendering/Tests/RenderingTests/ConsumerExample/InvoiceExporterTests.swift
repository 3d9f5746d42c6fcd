import Foundation
import Rendering
import RenderingTesting
import Testing

@Suite("Exporting an invoice")
struct InvoiceExporterTests {
    @Test func theRenderedPDFIsNamedAfterTheInvoiceNumber() throws {
        let renderer = SpyInvoiceRenderer(result: .success(Data("%PDF-test".utf8)))
        let exporter = InvoiceExporter(renderer: renderer, fonts: StubGlyphCoverage(unsupported: []))
        let invoice = InvoiceDocumentBuilder().number("INV-7").build()

        let export = try exporter.export(invoice)

        #expect(export.fileName == "INV-7.pdf")
        #expect(export.pdf == Data("%PDF-test".utf8))
        #expect(renderer.renderedInvoices == [invoice])
    }

    @Test func charactersTheFontsCannotDrawAreRefusedBeforeRendering() {
        let renderer = SpyInvoiceRenderer()
        let exporter = InvoiceExporter(renderer: renderer, fonts: StubGlyphCoverage(unsupported: ["中", "文"]))
        let invoice = InvoiceDocumentBuilder()
            .client(InvoiceParty(name: "中文 Trading"))
            .adding(InvoiceLineItem(description: "Übersetzung ins Chinesische (中文)", quantity: 1, unitPrice: 90))
            .build()

        #expect(throws: ExportError.undrawable(["中", "文"])) { try exporter.export(invoice) }
        #expect(renderer.renderedInvoices.isEmpty)
    }

    @Test func aRenderingErrorIsPassedOnWithItsCase() {
        let exporter = InvoiceExporter(
            renderer: SpyInvoiceRenderer(result: .failure(.unsupportedScript(.arabic))),
            fonts: StubGlyphCoverage(unsupported: []))

        #expect(throws: ExportError.rendering(.unsupportedScript(.arabic))) {
            try exporter.export(InvoiceDocumentBuilder().build())
        }
    }

    /// The real renderer in the same test: the builder's invoice is valid and renders.
    @Test func theBuildersInvoiceRendersWithTheRealRenderer() throws {
        let renderer = InvoicePDFRenderer(creationDate: { Date(timeIntervalSince1970: 0) })
        let exporter = InvoiceExporter(renderer: renderer, fonts: renderer)

        let export = try exporter.export(InvoiceDocumentBuilder().lineItems(count: 40).currency(.eur).build())

        #expect(export.fileName == "INV-2025-0042.pdf")
        #expect(export.pdf.starts(with: Data("%PDF-".utf8)))
    }
}
