import Foundation
import Rendering
import Testing

@Suite("Rendering: money, dates and locales")
struct MoneyFormatterTests {
    /// Stable anchors: these have read the same in every CLDR version for years. Everything else is compared
    /// with Foundation's own formatting (`LocaleFormattingTests`).
    @Test(arguments: [
        (RenderingLocale.enUS, Currency.usd, "1234.5", "$1,234.50"),
        (.enUS, .usd, "-1234.5", "-$1,234.50"),
        (.enUS, .usd, "0", "$0.00"),
        (.enUS, .usd, "-0.001", "$0.00"),
        (.enUS, .usd, "999.995", "$1,000.00"),
        (.enUS, .usd, "0.125", "$0.13"),
        (.enUS, .usd, "-0.125", "-$0.13"),
        (.enUS, .usd, "2.5", "$2.50"),
        (.enUS, .jpy, "1234.5", "¥1,235"),
        (.enUS, .jpy, "0.5", "¥1"),
        (.enUS, .bhd, "1234.5", "BHD\u{A0}1,234.500"),
        (.enUS, .bhd, "0.0005", "BHD\u{A0}0.001"),
        (.enUS, .chf, "12", "CHF\u{A0}12.00"),
        (.enGB, .gbp, "1234567.891", "£1,234,567.89"),
        (.deDE, .eur, "1234.5", "1.234,50\u{A0}€"),
        (.deDE, .eur, "-0.5", "-0,50\u{A0}€"),
        (.enUS, .usd, "123", "$123.00"),
        (.enUS, .usd, "100000000000000", "$100,000,000,000,000.00"),
    ])
    func formatsPerLocaleAndCurrency(
        locale: RenderingLocale, currency: Currency, amount: String, expected: String
    )
        throws
    {
        #expect(MoneyFormatter(locale: locale).string(from: try decimal(amount), currency: currency) == expected)
    }

    @Test func nanIsWrittenRatherThanCrashing() {
        #expect(MoneyFormatter(locale: .enUS).string(from: .nan, currency: .usd) == "NaN")
    }

    @Test func aCallersOwnSymbolReplacesTheLocales() throws {
        let currency = try Currency(code: "XTS", minorUnits: 3, symbol: "T")
        #expect(
            MoneyFormatter(locale: .enUS).string(from: try decimal("1234.5"), currency: currency) == "T\u{A0}1,234.500")
        #expect(
            MoneyFormatter(locale: .deDE).string(from: try decimal("1234.5"), currency: currency)
                == "1.234,500\u{A0}T")
    }

    @Test(arguments: [
        ("en_US", "en_US"), ("en-GB", "en_GB"), ("de-AT", "de_AT"), ("pl-PL", "pl_PL"), ("fr", "fr"),
        ("", "en_US"), ("xx_YY", "en_US"), ("💥", "en_US"), ("de_DE@currency=EUR", "de_DE@currency=EUR"),
    ])
    func theLenientInitialiserFallsBackToAmericanEnglish(identifier: String, expected: String) {
        #expect(RenderingLocale(identifier: identifier).identifier == expected)
    }

    @Test(arguments: [
        (RenderingLocale.enUS, "03/04/2025"), (.enGB, "04/03/2025"), (.deDE, "04.03.2025"),
        (RenderingLocale(identifier: "en_US", dateStyle: .iso8601), "2025-03-04"),
    ])
    func datesFollowTheLocale(locale: RenderingLocale, expected: String) throws {
        #expect(locale.string(from: try day(2025, 3, 4)) == expected)
    }

    @Test func quantitiesAndRatesShowInTheInvoice() async throws {
        let pdf = try Fixture.renderer("standard").render(
            InvoiceDocument(
                number: "Q-1", issueDate: try day(2025, 1, 31), seller: InvoiceParty(name: "S"),
                client: InvoiceParty(name: "C"), currency: .eur,
                lineItems: [
                    InvoiceLineItem(
                        description: "Hours", quantity: try decimal("1.25"), unitPrice: try decimal("0.0125"),
                        taxRate: TaxRate(percent: try decimal("7.5"))),
                    InvoiceLineItem(description: "Bulk", quantity: 12_000, unitPrice: 2, taxRate: .zero),
                ],
                locale: .deDE))
        let text = try await PDFTools.text(pdf)
        // German writes a no-break space before % and €; pdftotext prints it as a space.
        #expect(text.replacingOccurrences(of: "\u{A0}", with: " ").contains("1,25 0,0125 € 7,5 % 0,02 €"))
        #expect(text.contains("12.000"))
        #expect(text.contains("31.01.2025"))
    }
}

@Suite("Rendering: value types")
struct ValueTypeTests {
    @Test(arguments: [("USD", "$"), ("EUR", "€"), ("PLN", "zł"), ("RUB", "₽"), ("UGX", "UGX"), ("XOF", "XOF")])
    func symbolsAreDisplayDataNeverAGate(code: String, symbol: String) throws {
        for units in 0...4 {
            let currency = try Currency(code: code, minorUnits: units)
            #expect(currency.code == code && currency.minorUnits == units && currency.symbol == symbol)
        }
    }

    @Test(arguments: ["", "US", "USDX", "usd", "U$D", "ÜSD", "   "])
    func customCurrencyCodesMustBeThreeCapitals(code: String) {
        #expect(throws: RenderingError.invalidCurrency(code: code)) { try Currency(code: code, minorUnits: 2) }
    }

    @Test(arguments: [-1, 5, Int.max, Int.min])
    func minorUnitsMustBeZeroToFour(units: Int) {
        #expect(throws: RenderingError.invalidCurrency(code: "XTS")) { try Currency(code: "XTS", minorUnits: units) }
    }

    @Test func customCurrencyFallsBackToItsCode() throws {
        #expect(try Currency(code: "XTS", minorUnits: 3).symbol == "XTS")
        #expect(try Currency(code: "XTS", minorUnits: 3, symbol: "").symbol == "XTS")
        #expect(try Currency(code: "XTS", minorUnits: 3, symbol: "T").symbol == "T")
        #expect(try Currency(code: "EUR", minorUnits: 2) == .eur)
        #expect(try Currency(code: "EUR", minorUnits: 2, symbol: "EUR") != .eur)
    }

    @Test func coloursAreClampedAndParsed() throws {
        #expect(PDFColor(red: -1, green: 2, blue: .nan) == PDFColor(red: 0, green: 1, blue: 0))
        #expect(PDFColor(red: .infinity, green: -.infinity, blue: 0.5) == PDFColor(red: 1, green: 0, blue: 0.5))
        let parsed = try #require(PDFColor(hex: "#FF8000"))
        #expect(parsed == PDFColor(red: 1, green: 128.0 / 255, blue: 0))
        #expect(PDFColor(hex: "ff8000") == parsed)
        for bad in ["", "#", "#FFF", "#GGGGGG", "#FF80001", "＃FF8000", "FF 800"] { #expect(PDFColor(hex: bad) == nil) }
    }
}
