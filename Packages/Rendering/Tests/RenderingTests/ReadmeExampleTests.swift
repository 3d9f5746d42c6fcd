import Foundation
import Rendering
import RenderingZlib
import Testing

// The code of the README's usage example, verbatim, so it compiles and runs.

enum ExampleError: Error {
    case badDate
}

/// A monochrome template for laser printers: one new type...
struct MonochromeInvoiceTemplate: InvoiceRendering {
    private let renderer = InvoicePDFRenderer(
        theme: InvoiceTheme(accent: .black, header: .condensed, stripedRows: false, ruledRows: true),
        compressor: ZlibFlateCompressor())

    func render(_ invoice: InvoiceDocument) throws(RenderingError) -> Data {
        try renderer.render(invoice)
    }
}

func readmeExample() throws -> (pdf: Data, monochrome: Data, missing: [Character], table: String, csv: String) {
    guard let issued = CalendarDay(year: 2025, month: 3, day: 14) else { throw ExampleError.badDate }
    let invoice = InvoiceDocument(
        number: "RE-2025-0042",
        issueDate: issued,
        serviceDate: CalendarDay(year: 2025, month: 3, day: 10),
        dueDate: CalendarDay(year: 2025, month: 4, day: 13),
        seller: InvoiceParty(
            name: "Acme Werkzeuge GmbH", lines: ["Hafenstraße 12", "20457 Hamburg"], taxID: "DE123456789",
            iban: "DE89 3704 0044 0532 0130 00"),
        client: InvoiceParty(name: "Zażółć Gęślą Jaźń sp. z o.o.", lines: ["ul. Piotrkowska 104", "90-001 Łódź"]),
        // Any currency: the caller states its minor units.
        currency: try Currency(code: "PLN", minorUnits: 2),
        lineItems: [
            InvoiceLineItem(
                description: "Консультация", quantity: Decimal(string: "1.5") ?? 1, unitPrice: 1_200,
                taxRate: TaxRate(percent: 23))
        ],
        notes: "Zahlbar innerhalb von 30 Tagen.",
        locale: .deDE,
        labels: .german
    )

    // The fonts: DejaVu Sans (embedded as a subset) unless the app configures others, for example a CJK
    // fallback from its bundle: `try InvoiceFonts.dejaVuSans().addingFallback(TrueTypeFont(data: cjkData))`.
    let fonts = InvoiceFonts.default
    // A form asks up front which characters cannot be drawn: here ["中", "文"].
    let missing = fonts.unsupportedCharacters(in: "Zażółć, Ελλάδα, Москва, 中文")

    // Pick the template a setting names; unknown IDs fall back to Standard. The app injects the compressor.
    let registry = InvoiceTemplateRegistry.builtIn(
        accent: PDFColor(hex: "#1F4A87") ?? .ink, fonts: fonts, compressor: ZlibFlateCompressor())
    let pdf = try registry.renderer(for: "creative").render(invoice)

    // ...plus one registry entry.
    let extended = registry.registering(MonochromeInvoiceTemplate(), for: "monochrome")
    let monochrome = try extended.renderer(for: "monochrome").render(invoice)

    // Scripts that need shaping or right-to-left layout are a typed error naming the script.
    do {
        _ = try registry.renderer(for: .standard).render(
            InvoiceDocument(
                number: "1", issueDate: issued, seller: invoice.seller, client: InvoiceParty(name: "شركة"),
                currency: .eur, lineItems: []))
    } catch {
        // `error` is a `RenderingError`: typed throws.
        guard case .unsupportedScript(let script) = error else { throw error }
        print("Cannot lay out \(script) text")
    }

    // Expense reports: Rendering's own value type, as a text table or CSV.
    let report = ExpenseReport(
        title: "March 2025",
        rows: [ExpenseReportRow(date: issued, title: "Train to Hamburg", amount: 89.9, currency: .eur)])
    let table = PlainTextExpenseReportFormatter(locale: .deDE).format(report)
    let csv = CSVExpenseReportFormatter().format(report)
    return (pdf, monochrome, missing, table, csv)
}

@Suite("Rendering: README example")
struct ReadmeExampleTests {
    @Test func exampleRunsAndProducesWhatTheReadmeSays() async throws {
        let (pdf, monochrome, missing, table, csv) = try readmeExample()
        #expect(try await PDFTools.check(pdf).status == 0)
        #expect(missing == ["中", "文"])
        let text = try await PDFTools.text(pdf)
        for expected in [
            "RECHNUNG", "Zażółć Gęślą Jaźń sp. z o.o.", "Консультация", "Leistungsdatum 10.03.2025",
            "USt-IdNr.: DE123456789", "Gesamtbetrag",
        ] {
            #expect(text.contains(expected), "\(expected)")
        }
        // 1.5 × 1,200.00 = 1,800.00; 23 % = 414.00 → 2,214.00
        #expect(text.contains("2.214,00\u{A0}zł") || text.contains("2.214,00 zł"))
        #expect(try await PDFTools.text(monochrome).contains("Rechnung RE-2025-0042"))
        #expect(table.contains("Train to Hamburg"))
        #expect(csv.hasSuffix("2025-03-14,,Train to Hamburg,89.90,EUR,\r\n"))
    }
}
