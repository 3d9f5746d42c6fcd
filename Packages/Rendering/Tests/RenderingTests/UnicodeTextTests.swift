import Foundation
import Rendering
import RenderingTesting
import RenderingZlib
import Testing

@Suite("Rendering: Unicode text with embedded fonts")
struct UnicodeTextTests {
    /// The acceptance case: a Polish client, a Russian item, 1.5 hours at 1200 PLN.
    @Test(arguments: Fixture.templateIDs)
    func polishClientWithRussianItemInZlotyRendersAndReadsBack(template: String) async throws {
        let document = InvoiceDocumentBuilder()
            .client(InvoiceParty(name: "Zażółć Gęślą Jaźń sp. z o.o."))
            .lineItems([InvoiceLineItem(description: "Консультация", quantity: try decimal("1.5"), unitPrice: 1200)])
            .currency(try Currency(code: "PLN", minorUnits: 2))
            .build()
        let pdf = try Fixture.renderer(template).render(document)
        try? pdf.write(to: URL(fileURLWithPath: "/tmp/rr/acceptance-\(template).pdf"))
        let check = try await PDFTools.check(pdf)
        #expect(check.status == 0, "\(check.standardOutput)\(check.standardError)")
        let text = try await PDFTools.text(pdf)
        #expect(text.contains("Zażółć Gęślą Jaźń sp. z o.o."))
        #expect(text.contains("Консультация"))
        #expect(text.contains("zł 1,800.00"))
    }
}
