import Foundation
import Rendering
import Testing

// The code of the README's usage example, verbatim, so it compiles and runs.

enum ExampleError: Error {
    case badDate
}

/// A monochrome template for laser printers: one new type...
struct MonochromeInvoiceTemplate: InvoiceRendering {
    private let renderer = InvoicePDFRenderer(
        theme: InvoiceTheme(accent: .black, header: .condensed, stripedRows: false, ruledRows: true))

    func render(_ invoice: InvoiceDocument) throws(RenderingError) -> Data {
        try renderer.render(invoice)
    }
}

func readmeExample() throws -> (pdf: Data, monochrome: Data, table: String, csv: String) {
    guard let issued = CalendarDay(year: 2025, month: 3, day: 14) else { throw ExampleError.badDate }
    let invoice = InvoiceDocument(
        number: "RE-2025-0042",
        issueDate: issued,
        dueDate: CalendarDay(year: 2025, month: 4, day: 13),
        seller: InvoiceParty(name: "Acme Werkzeuge GmbH", lines: ["Hafenstraße 12", "20457 Hamburg"]),
        client: InvoiceParty(name: "Globex AG", lines: ["Marktplatz 5", "8001 Zürich"]),
        currency: .eur,
        lineItems: [
            InvoiceLineItem(
                description: "Design-Workshop (2 Tage)", quantity: 2, unitPrice: 1_200, taxRate: TaxRate(percent: 19)),
            InvoiceLineItem(
                description: "Handbücher, gedruckt", quantity: 25, unitPrice: 4, taxRate: TaxRate(percent: 7)),
        ],
        notes: "Zahlbar innerhalb von 30 Tagen.",
        locale: .deDE
    )

    // Pick the template a setting names; unknown IDs fall back to Standard.
    let registry = InvoiceTemplateRegistry.builtIn(accent: PDFColor(hex: "#1F4A87") ?? .ink)
    let pdf = try registry.renderer(for: "creative").render(invoice)

    // ...plus one registry entry.
    let extended = registry.registering(MonochromeInvoiceTemplate(), for: "monochrome")
    let monochrome = try extended.renderer(for: "monochrome").render(invoice)

    // Characters outside the core fonts are a typed error naming them.
    do {
        _ = try registry.renderer(for: .standard).render(
            InvoiceDocument(
                number: "1", issueDate: issued, seller: invoice.seller, client: InvoiceParty(name: "Иван"),
                currency: .eur, lineItems: []))
    } catch {
        // `error` is a `RenderingError`: typed throws.
        guard case .unsupportedCharacters(let characters) = error else { throw error }
        print("Cannot show \(String(characters)) with the built-in fonts")
    }

    // Expense reports: Rendering's own value type, as a text table or CSV.
    let report = ExpenseReport(
        title: "March 2025",
        rows: [ExpenseReportRow(date: issued, title: "Train to Hamburg", amount: 89.9, currency: .eur)])
    let table = PlainTextExpenseReportFormatter(locale: .deDE).format(report)
    let csv = CSVExpenseReportFormatter().format(report)
    return (pdf, monochrome, table, csv)
}

@Suite("Rendering: README example")
struct ReadmeExampleTests {
    @Test func exampleRunsAndProducesWhatTheReadmeSays() async throws {
        let (pdf, monochrome, table, csv) = try readmeExample()
        #expect(try await PDFTools.check(pdf).status == 0)
        #expect(try await PDFTools.check(monochrome).status == 0)
        let text = try await PDFTools.text(pdf)
        #expect(text.contains("Design-Workshop (2 Tage)"))
        #expect(text.contains("14.03.2025"))
        // 2,400.00 + 19 % = 456.00; 100.00 + 7 % = 7.00 → 2,963.00
        #expect(text.contains("2.963,00\u{A0}€") || text.contains("2.963,00 €"))
        #expect(try await PDFTools.text(monochrome).contains("Invoice RE-2025-0042"))
        #expect(table.contains("Train to Hamburg"))
        #expect(csv.hasSuffix("2025-03-14,,Train to Hamburg,89.90,EUR,\r\n"))
    }
}
