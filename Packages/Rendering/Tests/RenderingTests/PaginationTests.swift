import EssentialsTesting
import Foundation
import Rendering
import RenderingTesting
import Testing

@Suite("Rendering: pagination")
struct PaginationTests {
    @Test(arguments: Fixture.templateIDs)
    func aThousandLinesFlowOverPagesWithHeadersFootersAndTotalsLast(template: String) async throws {
        let renderer = try Fixture.renderer(template)
        let document = InvoiceDocumentBuilder().lineItems(count: 1_000).build()
        let pdf = try renderer.render(document)
        #expect(try await PDFTools.check(pdf).status == 0)

        let expectedPages = try renderer.pageCount(of: document)
        #expect(expectedPages > 5)
        #expect(try await PDFTools.info(pdf)["Pages"] == "\(expectedPages)")
        let pages = try await PDFTools.pages(pdf)
        try #require(pages.count == expectedPages)

        var seen = Set<Int>()
        for (index, page) in pages.enumerated() {
            let hasRows = page.split(separator: "\n").contains { $0.hasPrefix("Item ") }
            let hasHeader = page.contains("Description Qty Unit price VAT Amount")
            #expect(hasHeader == hasRows, "the table header is on page \(index + 1) exactly when rows are")
            #expect(page.contains("Page \(index + 1) of \(expectedPages)"))
            let hasLastRow = page.split(separator: "\n").contains("Item 1000")
            #expect(page.contains("Subtotal") == hasLastRow, "totals on the page of the last row, and only there")
            for line in page.split(separator: "\n") where line.hasPrefix("Item ") {
                let number = try #require(Int(line.dropFirst(5)), "\(line)")
                #expect(seen.insert(number).inserted, "Item \(number) appears twice")
            }
        }
        #expect(seen == Set(1...1_000))
        let totals = try InvoiceTotals(of: document)
        let total = MoneyFormatter(locale: .enUS).string(from: totals.total, currency: .usd)
        let totalPage = try #require(pages.firstIndex { $0.contains("Total \(total)") })
        #expect(pages[totalPage].contains("Item 1000\n"))
        #expect(pages[totalPage...].joined().contains("Payment within 30 days"), "the notes follow the totals")
    }

    @Test(arguments: Fixture.templateIDs)
    func wrappedRowsAreNeverSplitAcrossPages(template: String) async throws {
        var random = SeededGenerator(seed: 7)
        let words = ["alpha", "beta", "gamma", "delta", "(paren)", "back\\slash", "lorem", "ipsum", "dolor"]
        let items = (0..<220).map { index in
            let length = Int.random(in: 1...40, using: &random)
            let text = (0..<length).map { _ in words[Int.random(in: 0..<words.count, using: &random)] }
            return InvoiceLineItem(
                description: "<\(index)> " + text.joined(separator: " "), quantity: 1, unitPrice: 1)
        }
        let renderer = try Fixture.renderer(template)
        let pdf = try renderer.render(InvoiceDocumentBuilder().lineItems(items).build())
        let pages = try await PDFTools.pages(pdf).map(\.withoutWhitespace)
        #expect(pages.count == (try renderer.pageCount(of: InvoiceDocumentBuilder().lineItems(items).build())))
        for item in items {
            let onPages = pages.filter { $0.contains(item.description.withoutWhitespace) }.count
            #expect(onPages == 1, "\(item.description.prefix(12)) is whole on \(onPages) pages")
        }
    }

    @Test(arguments: Fixture.templateIDs)
    func aRowTallerThanAPageContinuesOnTheNextOneWithoutLosingText(template: String) async throws {
        let paragraphs = (1...180).map { "Paragraph \($0) of a very long specification." }
        let description = paragraphs.joined(separator: "\n")
        let renderer = try Fixture.renderer(template)
        let document = InvoiceDocumentBuilder()
            .lineItems([
                InvoiceLineItem(description: "Before", quantity: 1, unitPrice: 1),
                InvoiceLineItem(description: description, quantity: 1, unitPrice: 1),
                InvoiceLineItem(description: "After", quantity: 1, unitPrice: 1),
            ]).build()
        let pdf = try renderer.render(document)
        #expect(try await PDFTools.check(pdf).status == 0)
        let pageCount = try renderer.pageCount(of: document)
        #expect(pageCount >= 2)
        #expect(try await PDFTools.info(pdf)["Pages"] == "\(pageCount)")
        let text = try await PDFTools.text(pdf)
        for paragraph in paragraphs {
            let found = text.contains(paragraph)
            #expect(found, "\(paragraph)")
        }
        #expect(text.contains("Before") && text.contains("After"))
    }

    @Test(arguments: Fixture.templateIDs)
    func hugePartyBlocksNumbersAndNotesFlowInsteadOfOverflowing(template: String) async throws {
        let lines = (1...150).map { "Address line \($0)" }
        let number = String(repeating: "INV-LONG-", count: 60)
        let longWord = String(repeating: "W", count: 300)
        let notes = (1...200).map { "Note \($0): payment terms apply." }.joined(separator: "\n")

        let documents = [
            InvoiceDocumentBuilder().number(number).build(),
            InvoiceDocumentBuilder().seller(InvoiceParty(name: longWord, lines: lines)).build(),
            InvoiceDocumentBuilder().client(InvoiceParty(name: "Client", lines: lines)).notes(notes).build(),
        ]
        let renderer = try Fixture.renderer(template)
        var texts: [String] = []
        for document in documents {
            let pdf = try renderer.render(document)
            #expect(try await PDFTools.check(pdf).status == 0)
            let pageCount = try renderer.pageCount(of: document)
            #expect(try await PDFTools.info(pdf)["Pages"] == "\(pageCount)")
            let pages = try await PDFTools.pages(pdf)
            let totalPage = pages.firstIndex { $0.contains("Total $3,033.63") }
            let rowPage = pages.firstIndex { $0.contains("Printed manuals") }
            #expect(totalPage != nil && totalPage == rowPage, "the totals stay on the page of the last row")
            texts.append(pages.joined().withoutWhitespace)
        }
        let hasNumber = texts[0].contains(number)
        let hasName = texts[1].contains(longWord)
        #expect(hasNumber && hasName)
        for line in lines {
            let found = texts[1].contains(line.withoutWhitespace) && texts[2].contains(line.withoutWhitespace)
            #expect(found, "\(line)")
        }
        let hasLastNote = texts[2].contains("Note200:paymenttermsapply.")
        #expect(hasLastNote)
    }

    @Test func compactFitsMoreRowsPerPageThanStandard() throws {
        let document = InvoiceDocumentBuilder().lineItems(count: 500).build()
        let standard = try Fixture.renderer("standard").pageCount(of: document)
        let compact = try Fixture.renderer("compact").pageCount(of: document)
        #expect(compact < standard)
    }

    @Test func tenThousandLinesRender() async throws {
        let document = InvoiceDocumentBuilder().lineItems(count: 10_000).build()
        let renderer = try Fixture.renderer("compact")
        let pdf = try renderer.render(document)
        #expect(try await PDFTools.check(pdf).status == 0)
        #expect(try await PDFTools.info(pdf)["Pages"] == "\(try renderer.pageCount(of: document))")
    }
}
