import Foundation
import Rendering
import RenderingZlib
import Testing

@Test func anInvoiceRendersToAPDFWithTheBundledFontsAndZlibMakesItSmaller() throws {
    let issued = try #require(CalendarDay(year: 2025, month: 3, day: 14))
    let invoice = InvoiceDocument(
        number: "INV-1", issueDate: issued, seller: InvoiceParty(name: "Seller"), client: InvoiceParty(name: "Client"),
        currency: .eur, lineItems: [InvoiceLineItem(description: "Consulting", quantity: 2, unitPrice: 650)])
    let fixedDate: @Sendable () -> Date = { Date(timeIntervalSince1970: 0) }

    let plain = try InvoicePDFRenderer(creationDate: fixedDate).render(invoice)
    let compressed = try InvoicePDFRenderer(compressor: ZlibFlateCompressor(), creationDate: fixedDate).render(invoice)

    #expect(plain.starts(with: Data("%PDF-".utf8)))
    #expect(compressed.starts(with: Data("%PDF-".utf8)))
    #expect(compressed.count < plain.count)
}
