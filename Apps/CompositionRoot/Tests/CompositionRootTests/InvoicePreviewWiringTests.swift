import Foundation
import InvoicesFeature
import Testing
import Validation

@testable import CompositionRoot

@Suite("CompositionRoot: the invoice preview")
struct InvoicePreviewWiringTests {
    @Test func anEmptyFormIsPreviewedWithTheLiveFontsAndNothingIsStored() async throws {
        let folder = try TemporaryFolder()
        let factory = makeFactory(folder: folder)
        let invoices = try await factory.makeInvoices()
        let preview = await invoices.preview.preview(InvoiceRequest(client: "", items: [], currencyCode: "EUR"))
        #expect(preview.pdf?.starts(with: Data("%PDF-".utf8)) == true)
        #expect(preview.problems.map(\.code).contains(.invoiceClientNameMissing))
        #expect(preview.issuedOn == "2026-03-18" && preview.dueOn == "2026-04-17")
        #expect(try await invoices.archive.list().isEmpty)
        let created = try await invoices.form.submit(
            InvoiceRequest(
                client: "ACME", items: [InvoiceItem(description: "Work", quantity: 1, unitPrice: 100)],
                currencyCode: "EUR"))
        #expect(created.record.number == "INV-0001")
        await factory.close()
    }
}
