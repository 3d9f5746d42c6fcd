import Foundation
import Rendering
import RenderingTesting
import Testing

@Suite("Rendering: themes")
struct ThemeTests {
    @Test(arguments: [
        InvoiceTheme(pageSize: .letter, fontSize: 1_000, rowPadding: 1_000, margin: 1_000),
        InvoiceTheme(fontSize: -5, rowPadding: -5, margin: -5),
        InvoiceTheme(header: .banner, fontSize: .nan, rowPadding: .infinity, margin: .nan),
        InvoiceTheme(pageSize: .letter, header: .condensed, fontSize: 14, rowPadding: 12, margin: 96),
        InvoiceTheme(
            header: .banner, fontSize: 6, rowPadding: 0, margin: 24, stripedRows: true, filledTableHeader: true),
    ])
    func extremeThemesAreClampedAndStillProduceReadableInvoices(theme: InvoiceTheme) async throws {
        let renderer = InvoicePDFRenderer(theme: theme, creationDate: { Fixture.date })
        let document = InvoiceDocumentBuilder().lineItems(count: 60).build()
        let pdf = try renderer.render(document)
        #expect(try await PDFTools.check(pdf).status == 0)
        let pageCount = try renderer.pageCount(of: document)
        #expect(try await PDFTools.info(pdf)["Pages"] == "\(pageCount)")
        let pages = try await PDFTools.pages(pdf)
        let text = pages.joined()
        for index in 1...60 {
            let found = text.contains("Item \(index)\n")
            #expect(found, "Item \(index)")
        }
        let total = MoneyFormatter(locale: .enUS).string(from: try InvoiceTotals(of: document).total, currency: .usd)
        #expect(pages.last?.contains("Total \(total)") == true)
    }

    @Test func largerTypeTakesMorePages() throws {
        let document = InvoiceDocumentBuilder().lineItems(count: 200).build()
        let small = try InvoicePDFRenderer(theme: InvoiceTheme(fontSize: 7)).pageCount(of: document)
        let large = try InvoicePDFRenderer(theme: InvoiceTheme(fontSize: 13)).pageCount(of: document)
        #expect(small < large)
    }
}
