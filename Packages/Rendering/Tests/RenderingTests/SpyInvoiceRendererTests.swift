import Foundation
import Rendering
import RenderingTesting
import Testing

@Suite("Rendering: test doubles")
struct SpyInvoiceRendererTests {
    @Test func recordsInvoicesAndReturnsConfiguredBytes() throws {
        let spy = SpyInvoiceRenderer(result: .success(Data([1, 2, 3])))
        let invoice = InvoiceDocument(number: "INV-1", clientName: "ACME")
        #expect(try spy.render(invoice) == Data([1, 2, 3]))
        #expect(spy.renderedInvoices == [invoice])
    }

    @Test func rethrowsConfiguredError() {
        let spy = SpyInvoiceRenderer(result: .failure(.unsupportedCharacters(["ж"])))
        #expect(throws: RenderingError.unsupportedCharacters(["ж"])) {
            try spy.render(InvoiceDocument(number: "1", clientName: "Иван"))
        }
    }
}
