import Essentials
import EssentialsTesting
import Foundation
import Rendering
import RenderingTesting
import Testing

@Suite("Rendering: fuzzed documents")
struct FuzzTests {
    /// Characters the fuzzer writes: PDF delimiters, escapes, accents, typographic marks, digits and spaces.
    static let alphabet = Array(
        #"abcdefghijklmnopqrstuvwxyzABCXYZ0123456789 ()()\\\/%<>[]{}#éüßÆøÑ€“”‘’–—…™•§¶«»¿¡×÷ąęłńźżŁŚĞİışçřůαβΩЖжщЁ"#)

    static func text(_ random: inout SeededGenerator, maximum: Int) -> String {
        let length = Int.random(in: 0...maximum, using: &random)
        var text = ""
        for _ in 0..<length {
            if Int.random(in: 0..<40, using: &random) == 0 {
                // A long word with no break opportunity.
                text += String(repeating: "X", count: Int.random(in: 40...160, using: &random))
            } else {
                text.append(alphabet[Int.random(in: 0..<alphabet.count, using: &random)])
            }
        }
        return text
    }

    static func document(seed: UInt64) -> InvoiceDocument {
        var random = SeededGenerator(seed: seed)
        let currencies: [Currency] = [.usd, .eur, .jpy, .bhd, .gbp, .chf]
        let locales: [RenderingLocale] = [.enUS, .enGB, .deDE, .frFR, .deCH, .jaJP]
        let rates = [0, 5, 7, 19, 20].map { TaxRate(percent: Decimal($0)) } + [TaxRate(percent: Decimal(215) / 10)]
        let items = (0..<Int.random(in: 0...70, using: &random)).map { index in
            InvoiceLineItem(
                description: "#\(index)# " + text(&random, maximum: 160),
                quantity: Decimal(Int.random(in: -3...40, using: &random)) / (Bool.random(using: &random) ? 1 : 4),
                unitPrice: Decimal(Int.random(in: 0...2_000_000, using: &random)) / 100,
                taxRate: rates[Int.random(in: 0..<rates.count, using: &random)])
        }
        let notes: String =
            switch Int.random(in: 0..<3, using: &random) {
            case 0: ""
            case 1: "  \n \t "
            default: text(&random, maximum: 600)
            }
        return InvoiceDocument(
            number: "F-\(seed)-" + text(&random, maximum: 20),
            issueDate: CalendarDay(Date(timeIntervalSince1970: Double(seed) * 86_400 * 37), in: .gmt),
            dueDate: Bool.random(using: &random) ? nil : CalendarDay(year: 2030, month: 12, day: 31),
            seller: InvoiceParty(name: text(&random, maximum: 40), lines: [text(&random, maximum: 80)]),
            client: InvoiceParty(name: text(&random, maximum: 40), lines: [text(&random, maximum: 80), ""]),
            currency: currencies[Int.random(in: 0..<currencies.count, using: &random)],
            lineItems: items,
            notes: notes,
            locale: locales[Int.random(in: 0..<locales.count, using: &random)])
    }

    @Test(arguments: Fixture.templateIDs, Array(UInt64(1)...UInt64(12)))
    func fuzzedDocumentsAreValidAndReadBack(template: String, seed: UInt64) async throws {
        let document = Self.document(seed: seed &* 7_919 &+ UInt64(template.count))
        let renderer = try Fixture.renderer(template)
        let pdf = try renderer.render(document)
        let check = try await PDFTools.check(pdf)
        #expect(check.status == 0, "\(check.standardOutput)\(check.standardError)")
        let pages = try await PDFTools.pages(pdf)
        let pageCount = try renderer.pageCount(of: document)
        #expect(pages.count == pageCount)
        #expect(try await PDFTools.info(pdf)["Pages"] == "\(pageCount)")
        let text = pages.joined().withoutWhitespace
        for item in document.lineItems {
            let found = text.contains(item.description.withoutWhitespace)
            #expect(found, "missing \(item.description.prefix(20))")
        }
        let totals = try InvoiceTotals(of: document)
        let money = MoneyFormatter(locale: document.locale)
        let total = money.string(from: totals.total, currency: document.currency)
        let totalPages = pages.indices.filter {
            pages[$0].withoutWhitespace.contains("Total" + total.withoutWhitespace)
        }
        #expect(totalPages.count == 1, "\(total) once")
        if let totalPage = totalPages.first {
            // The totals follow the last row: no row starts after their page, and the last one is at or before it.
            let later = pages[(totalPage + 1)...].joined()
            let rowAfterTotals = document.lineItems.indices.contains { later.contains("#\($0)#") }
            #expect(!rowAfterTotals, "a row after the totals")
            if let last = document.lineItems.indices.last {
                let lastRowBefore = pages[...totalPage].joined().contains("#\(last)#")
                #expect(lastRowBefore, "the last row before the totals")
            }
        }
        for tax in totals.taxes {
            let amount = money.string(from: tax.taxAmount, currency: document.currency).withoutWhitespace
            let found = text.contains(amount)
            #expect(found, "\(amount)")
        }
        #expect(pages.last?.contains("Page \(pageCount) of \(pageCount)") == true)
    }
}
