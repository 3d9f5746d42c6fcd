import Essentials
import Foundation
import Rendering
import RenderingTesting
import Testing

@Suite("Rendering: layout and labels")
struct LayoutTests {
    @Test(arguments: Fixture.templateIDs)
    func anInvoiceWithoutTaxHasNoTaxColumnAndNoTaxRow(template: String) async throws {
        let document = InvoiceDocumentBuilder().currency(.eur).lineItems([
            InvoiceLineItem(description: "Untaxed work", quantity: 2, unitPrice: 50)
        ]).build()
        let text = try await PDFTools.text(try Fixture.renderer(template).render(document))
        #expect(text.contains("Description Qty Unit price Amount"))
        #expect(text.contains("Total €100.00"))
        #expect(!text.contains("VAT 0%") && !text.contains("0%") && !text.contains("Subtotal"))
    }

    @Test(arguments: Fixture.templateIDs)
    func zeroRatedLinesBesideTaxedOnesGetNoTaxRow(template: String) async throws {
        let document = InvoiceDocumentBuilder().currency(.eur).lineItems([
            InvoiceLineItem(description: "Books", quantity: 1, unitPrice: 10),
            InvoiceLineItem(description: "Work", quantity: 1, unitPrice: 100, taxRate: TaxRate(percent: 20)),
        ]).build()
        let text = try await PDFTools.text(try Fixture.renderer(template).render(document))
        #expect(text.contains("VAT 20% on €100.00 €20.00"))
        #expect(!text.contains("VAT 0%"))
        #expect(text.contains("Total €130.00"))
    }

    @Test(arguments: Fixture.templateIDs)
    func longNotesComeAfterTheTotalsAndNeverPushThemAway(template: String) async throws {
        let notes = (1...150).map { "Note line \($0)" }.joined(separator: "\n")
        let document = InvoiceDocumentBuilder().currency(.eur).notes(notes)
            .lineItems([InvoiceLineItem(description: "Small item", quantity: 1, unitPrice: 10)]).build()
        let pdf = try Fixture.renderer(template).render(document)
        let pages = try await PDFTools.pages(pdf)
        #expect(pages.count >= 2)
        #expect(pages[0].contains("Total €10.00"), "the total is on page 1, right after the table")
        let first = try #require(pages[0].range(of: "Total €10.00"))
        let notesStart = try #require(pages[0].range(of: "Note line 1\n"))
        #expect(first.upperBound <= notesStart.lowerBound, "notes after the totals")
        #expect(pages.joined().contains("Note line 150"))
    }

    /// Row counts around the first page break: wherever the table ends, the totals share a page with its last
    /// row.
    @Test(arguments: Fixture.templateIDs)
    func theTotalsAreNeverAloneOnAPage(template: String) async throws {
        let renderer = try Fixture.renderer(template)
        let rowsOnFirstPage = try (1...200).first { count in
            try renderer.pageCount(of: InvoiceDocumentBuilder().lineItems(count: count).notes("").build()) > 1
        }
        let firstBreak = try #require(rowsOnFirstPage)
        for count in (firstBreak - 6)...(firstBreak + 2) {
            let document = InvoiceDocumentBuilder().lineItems(count: count).notes("").build()
            let pages = try await PDFTools.pages(try renderer.render(document))
            let totalPage = try #require(pages.firstIndex { $0.contains("Subtotal") })
            #expect(pages[totalPage].contains("Item \(count)\n"), "\(count) rows: the last row is with the totals")
            #expect(pages.count == totalPage + 1)
        }
    }

    @Test func compactHeaderRowsAreEvenlySpaced() async throws {
        let document = InvoiceDocumentBuilder().build()
        let words = try await PDFTools.words(try Fixture.renderer("compact").render(document))
        let labels = ["number", "date", "date"]  // "Invoice number", "Issue date", "Due date"
        let tops = words.filter { labels.contains($0.text) && $0.xMin > 200 }.map(\.yMin)
        #expect(tops.count == 3)
        if tops.count == 3 {
            let gaps = [tops[1] - tops[0], tops[2] - tops[1]]
            #expect(abs(gaps[0] - gaps[1]) < 0.5, "gaps \(gaps)")
        }
    }

    @Test(arguments: Fixture.templateIDs)
    func germanLabelsPrintInGerman(template: String) async throws {
        let document = InvoiceDocumentBuilder()
            .seller(
                InvoiceParty(
                    name: "Acme Werkzeuge GmbH", lines: ["Hafenstraße 12", "20457 Hamburg"], vatID: "DE123456789",
                    taxRegistration: "22/815/08150")
            )
            .payment(PaymentInstructions(iban: "DE89 3704 0044 0532 0130 00", bic: "COBADEFFXXX"))
            .currency(.eur).locale(.deDE).labels(.german)
            .serviceDate(try day(2025, 3, 10))
            .build()
        let text = try await PDFTools.text(try Fixture.renderer(template).render(document))
        for expected in [
            "Rechnungsnummer", "Rechnungsdatum 14.03.2025", "Leistungsdatum 10.03.2025", "Fällig am 13.04.2025",
            "Beschreibung Menge Einzelpreis MwSt. Betrag", "Zwischensumme", "MwSt. 20 % auf", "Gesamtbetrag",
            "Hinweise", "Seite 1 von 1", "USt-IdNr.: DE123456789", "IBAN: DE89 3704 0044 0532 0130 00",
            "Steuernummer: 22/815/08150", "Zahlung", "BIC: COBADEFFXXX",
        ] {
            #expect(text.contains(expected), "\(expected)")
        }
        let title = template == "compact" ? "Rechnung INV-2025-0042" : "RECHNUNG"
        #expect(text.contains(title))
    }

    @Test func aReplacementCatalogFallsBackForWhatItLacks() async throws {
        let polish = InvoiceLabels([.documentTitle: "FAKTURA", .total: "Razem", .page: "Strona {page} z {count}"])
        #expect(polish[.documentTitle] == "FAKTURA" && polish[.subtotal] == "Subtotal")
        let german = InvoiceLabels([.total: "Summe"], fallback: .german)
        #expect(german[.total] == "Summe" && german[.subtotal] == "Zwischensumme")
        let text = try await PDFTools.text(
            try Fixture.renderer("standard").render(InvoiceDocumentBuilder().labels(polish).build()))
        #expect(text.contains("FAKTURA") && text.contains("Razem $3,033.63") && text.contains("Strona 1 z 1"))
        // A catalog's characters are checked like the document's own text.
        let arabic = InvoiceLabels([.total: "المجموع"])
        #expect(throws: RenderingError.unsupportedScript(.arabic)) {
            try Fixture.renderer("standard").render(InvoiceDocumentBuilder().labels(arabic).build())
        }
        let unknown = InvoiceLabels([.page: "{page}/{count} {nothing}"])
        let pages = try await PDFTools.text(
            try Fixture.renderer("standard").render(InvoiceDocumentBuilder().labels(unknown).build()))
        #expect(pages.contains("1/1 {nothing}"))
    }

    @Test func everyLabelHasEnglishAndGermanText() {
        for label in InvoiceLabel.allCases {
            #expect(!InvoiceLabels.english[label].isEmpty && !InvoiceLabels.german[label].isEmpty, "\(label)")
        }
    }

    @Test func blankIdentifiersAndIBANsPrintNothing() async throws {
        let document = InvoiceDocumentBuilder()
            .seller(InvoiceParty(name: "Seller", lines: ["Street 1"], vatID: "  ", taxRegistration: "", email: " "))
            .client(InvoiceParty(name: "Client", vatID: "PL1234567890"))
            .payment(PaymentInstructions(iban: " ", bic: ""))
            .build()
        let text = try await PDFTools.text(try Fixture.renderer("creative").render(document))
        #expect(!text.contains("IBAN:") && !text.contains("BIC:") && !text.contains("\nPayment\n"))
        #expect(!text.contains("Tax number") && !text.contains("E-mail"))
        #expect(text.components(separatedBy: "VAT ID:").count == 2)
        #expect(text.contains("VAT ID: PL1234567890"))
    }
}
