import Foundation
import Rendering
import Testing

@Suite("Rendering: money, dates and locales")
struct MoneyFormatterTests {
    @Test(arguments: [
        (RenderingLocale.enUS, Currency.usd, "1234.5", "$1,234.50"),
        (.enUS, .usd, "-1234.5", "-$1,234.50"),
        (.enUS, .usd, "0", "$0.00"),
        (.enUS, .usd, "-0.001", "$0.00"),
        (.enUS, .usd, "999.995", "$1,000.00"),
        (.enUS, .jpy, "1234.5", "¥1,235"),
        (.enUS, .bhd, "1234.5", "BHD 1,234.500"),
        (.enUS, .chf, "12", "CHF 12.00"),
        (.enGB, .gbp, "1234567.891", "£1,234,567.89"),
        (.deDE, .eur, "1234.5", "1.234,50\u{A0}€"),
        (.deDE, .eur, "-0.5", "-0,50\u{A0}€"),
        (.deDE, .jpy, "1234567", "1.234.567\u{A0}¥"),
        (.frFR, .eur, "1234567.5", "1\u{A0}234\u{A0}567,50\u{A0}€"),
        (.deCH, .chf, "1234.5", "CHF 1’234.50"),
        (.jaJP, .jpy, "100", "¥100"),
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

    @Test func customLocaleWithoutGrouping() throws {
        let locale = RenderingLocale(
            decimalSeparator: ",", groupingSeparator: nil, symbolPlacement: .trailing, dateStyle: .iso8601)
        #expect(
            MoneyFormatter(locale: locale).string(from: try decimal("1234567.891"), currency: .eur)
                == "1234567,89\u{A0}€")
    }

    @Test(arguments: [
        ("en_US", RenderingLocale.enUS), ("en", .enUS), ("en-GB", .enGB), ("en_AU", .enGB), ("de_DE", .deDE),
        ("de-AT", .deDE), ("de_CH", .deCH), ("fr_CH", .deCH), ("fr_FR", .frFR), ("fr", .frFR), ("ja_JP", .jaJP),
        ("", .enUS), ("xx_YY", .enUS), ("💥", .enUS), ("de_DE@currency=EUR", .deDE),
    ])
    func localeIdentifiersMapToConventions(identifier: String, expected: RenderingLocale) {
        #expect(RenderingLocale(identifier: identifier) == expected)
    }

    @Test(arguments: [
        (RenderingLocale.enUS, "03/04/2025"), (.enGB, "04/03/2025"), (.deDE, "04.03.2025"), (.jaJP, "2025-03-04"),
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
        #expect(text.contains("1,25 0,0125\u{A0}€ 7,5% 0,02\u{A0}€") || text.contains("1,25 0,0125 € 7,5% 0,02 €"))
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
