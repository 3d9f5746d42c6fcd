import Foundation
import Rendering
import RenderingZlib

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

/// What the example makes, for its test.
struct ExampleOutput {
    var total: String
    var missing: [Character]
    var letter: Data
    var pdf: Data
    var monochrome: Data
    var refusal: String
    var table: String
    var csv: String
}

func readmeExample() throws -> ExampleOutput {
    guard let issued = CalendarDay(year: 2025, month: 3, day: 14) else { throw ExampleError.badDate }
    let invoice = InvoiceDocument(
        number: "RE-2025-0042",
        issueDate: issued,
        serviceDate: CalendarDay(year: 2025, month: 3, day: 10),
        dueDate: CalendarDay(year: 2025, month: 4, day: 13),
        seller: InvoiceParty(
            name: "Acme Werkzeuge GmbH",
            address: PostalAddress(lines: ["Hafenstraße 12"], postcode: "20457", city: "Hamburg", countryCode: "DE"),
            vatID: "DE123456789", email: "rechnung@acme.example"),
        client: InvoiceParty(name: "Zażółć Gęślą Jaźń sp. z o.o.", lines: ["ul. Piotrkowska 104", "90-001 Łódź"]),
        // Any currency: the caller states its minor units.
        currency: try Currency(code: "PLN", minorUnits: 2),
        lineItems: [
            InvoiceLineItem(
                description: "Консультация", quantity: Decimal(string: "1.5") ?? 1, unitPrice: 1_200,
                taxRate: TaxRate(percent: 23))
        ],
        // Printed as the payment block: the IBAN in groups of four, the BIC and the reference to quote.
        payment: PaymentInstructions(iban: "DE89370400440532013000", bic: "COBADEFFXXX", reference: "RE-2025-0042"),
        notes: "Zahlbar innerhalb von 30 Tagen.",
        locale: .deDE,
        labels: .german
    )

    // The amounts every template prints, for a form's summary: 1.5 × 1,200.00 + 23 % = 2,214.00.
    let totals = try InvoiceTotals(of: invoice)
    let total = MoneyFormatter(locale: .deDE).string(from: totals.total, currency: invoice.currency)

    // The fonts: DejaVu Sans (embedded as a subset) unless the app configures others, for example a CJK
    // fallback from its bundle: `try InvoiceFonts.dejaVuSans().addingFallback(TrueTypeFont(data: cjkData))`.
    let fonts = InvoiceFonts.default
    // A form asks up front which characters cannot be drawn: here ["中", "文"].
    let missing = fonts.unsupportedCharacters(in: "Zażółć, Ελλάδα, Москва, 中文")

    // One template on its own: paper, fonts, compression, and a fixed creation date for the same bytes every run.
    let letter = try StandardInvoiceTemplate(
        pageSize: .letter, fonts: fonts, compressor: ZlibFlateCompressor(level: 9),
        creationDate: { Date(timeIntervalSince1970: 1_741_910_400) }
    ).render(invoice)

    // Pick the template a setting names; unknown IDs fall back to Standard. The app injects the compressor.
    let registry = InvoiceTemplateRegistry.builtIn(
        accent: PDFColor(hex: "#1F4A87") ?? .ink, fonts: fonts, compressor: ZlibFlateCompressor())
    let pdf = try registry.renderer(for: "creative").render(invoice)

    // ...plus one registry entry.
    let extended = registry.registering(MonochromeInvoiceTemplate(), for: "monochrome")
    let monochrome = try extended.renderer(for: "monochrome").render(invoice)

    // Scripts that need shaping or right-to-left layout are a typed error naming the script; its description is
    // a sentence for people.
    var refusal = ""
    do {
        _ = try registry.renderer(for: .standard).render(
            InvoiceDocument(
                number: "1", issueDate: issued, seller: invoice.seller, client: InvoiceParty(name: "شركة"),
                currency: .eur, lineItems: []))
    } catch {
        // `error` is a `RenderingError`: typed throws.
        guard case .unsupportedScript(let script) = error else { throw error }
        refusal = "Cannot lay out \(script) text. \(error)"
    }

    // Expense reports: Rendering's own value type, as a text table or CSV.
    let report = ExpenseReport(
        title: "March 2025",
        rows: [ExpenseReportRow(date: issued, title: "Train to Hamburg", amount: 89.9, currency: .eur)])
    let table = PlainTextExpenseReportFormatter(locale: .deDE).format(report)
    let csv = CSVExpenseReportFormatter().format(report)
    return ExampleOutput(
        total: total, missing: missing, letter: letter, pdf: pdf, monochrome: monochrome, refusal: refusal,
        table: table, csv: csv)
}
