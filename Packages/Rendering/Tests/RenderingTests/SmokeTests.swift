import Foundation
import Rendering
import RenderingTesting
import Testing

@Suite("Rendering: templates produce valid PDFs")
struct TemplateValidityTests {
    @Test(arguments: Fixture.templateIDs)
    func sampleInvoicePassesQPDFAndReadsBack(template: String) async throws {
        let pdf = try Fixture.renderer(template).render(InvoiceDocumentBuilder().build())
        let check = try await PDFTools.check(pdf)
        #expect(check.status == 0, "\(check.standardOutput)\(check.standardError)")
        let text = try await PDFTools.text(pdf)
        for expected in [
            "INV-2025-0042", "Acme Tools Ltd", "Globex Corporation", "Design workshop (2 days)",
            "Prototype hosting, March", "Printed manuals", "03/14/2025", "04/13/2025", "$2,543.65", "$489.98",
            "$3,033.63", "IBAN GB29 NWBK 6016 1331 9268 19", "Page 1 of 1",
        ] {
            #expect(text.contains(expected), "missing \(expected)")
        }
    }

    @Test(arguments: Fixture.templateIDs)
    func namedTemplatesMatchTheirThemes(template: String) throws {
        let document = InvoiceDocumentBuilder().lineItems(count: 30).build()
        let named: any InvoiceRendering =
            switch template {
            case "standard": StandardInvoiceTemplate(compressor: Fixture.zlib, creationDate: { Fixture.date })
            case "compact": CompactInvoiceTemplate(compressor: Fixture.zlib, creationDate: { Fixture.date })
            default: CreativeInvoiceTemplate(accent: .ink, compressor: Fixture.zlib, creationDate: { Fixture.date })
            }
        #expect(try named.render(document) == Fixture.renderer(template).render(document))
    }

    @Test func letterPaperSetsTheMediaBox() async throws {
        let pdf = try StandardInvoiceTemplate(
            pageSize: .letter, compressor: Fixture.zlib, creationDate: { Fixture.date }
        )
        .render(InvoiceDocumentBuilder().build())
        let info = try await PDFTools.info(pdf)
        #expect(info["Page size"]?.hasPrefix("612 x 792") == true)
        #expect(try await PDFTools.check(pdf).status == 0)
    }

    @Test func creativeAccentChangesOnlyColours() async throws {
        let document = InvoiceDocumentBuilder().build()
        let red = try CreativeInvoiceTemplate(
            accent: PDFColor(red: 1, green: 0, blue: 0), creationDate: { Fixture.date }
        )
        .render(document)
        let blue = try CreativeInvoiceTemplate(
            accent: PDFColor(red: 0, green: 0, blue: 1), creationDate: { Fixture.date }
        )
        .render(document)
        #expect(red != blue)
        // Uncompressed, the colour operators can be read in the page content.
        let plainRed = try CreativeInvoiceTemplate(
            accent: PDFColor(red: 1, green: 0, blue: 0), creationDate: { Fixture.date }
        )
        .render(document)
        #expect(String(decoding: plainRed, as: UTF8.self).contains("1 0 0 rg"))
        #expect(try await PDFTools.text(red) == PDFTools.text(blue))
    }
}
