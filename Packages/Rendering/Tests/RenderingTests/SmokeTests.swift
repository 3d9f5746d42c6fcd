import Foundation
import Rendering
import RenderingTesting
import Testing

@Suite("Rendering: templates produce valid PDFs")
struct TemplateValidityTests {
    static let fixedDate = Date(timeIntervalSince1970: 1_741_948_800)

    static let templates: [(String, any InvoiceRendering)] = [
        ("standard", StandardInvoiceTemplate(creationDate: { fixedDate })),
        ("compact", CompactInvoiceTemplate(creationDate: { fixedDate })),
        ("creative", CreativeInvoiceTemplate(creationDate: { fixedDate })),
    ]

    @Test(arguments: templates.map(\.0))
    func sampleInvoicePassesQPDFAndReadsBack(template: String) throws {
        let renderer = try #require(Self.templates.first { $0.0 == template }?.1)
        let pdf = try renderer.render(InvoiceDocumentBuilder().build())
        let check = try PDFTools.check(pdf)
        #expect(check.status == 0, "\(check.standardOutput)\(check.standardError)")
        let text = try PDFTools.text(pdf)
        #expect(text.contains("Design workshop (2 days)"))
        #expect(text.contains("$3,033.63"))
    }
}
