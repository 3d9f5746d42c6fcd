import Foundation
import RenderingTesting
import Testing

@testable import Rendering

/// One invoice in many locales, each figure compared with what Foundation itself writes in the same process:
/// the output follows the platform's CLDR data, so expectations are never typed in by hand.
@Suite("Rendering: formatting from Foundation's locale data")
struct LocaleFormattingTests {
    /// Locales whose figures the embedded DejaVu Sans draws (Latin, Greek, Cyrillic, and the ASCII digits of
    /// the Chinese, Japanese and Korean numeric formats).
    static let drawable = [
        "pl_PL", "cs_CZ", "el_GR", "de_DE", "de_CH", "fr_FR", "fr_CH", "it_IT", "es_ES", "nl_NL", "pt_PT", "pt_BR",
        "sv_SE", "da_DK", "fi_FI", "nb_NO", "hu_HU", "ro_RO", "bg_BG", "hr_HR", "sk_SK", "sl_SI", "et_EE", "lv_LV",
        "lt_LT", "en_US", "en_GB", "en_IE", "en_IN", "ja_JP", "zh_CN", "ko_KR", "tr_TR", "ru_RU", "uk_UA", "de_AT",
    ]

    /// What Foundation writes for `amount` in `identifier`, built here independently of the package's styles.
    static func foundationMoney(_ amount: Decimal, _ code: String, _ identifier: String, digits: Int = 2) -> String {
        Decimal.FormatStyle.Currency(code: code, locale: Locale(identifier: identifier))
            .precision(.fractionLength(digits)).format(amount)
    }

    static func foundationDate(_ year: Int, _ month: Int, _ day: Int, _ identifier: String) throws -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = try #require(TimeZone(identifier: "UTC"))
        let date = try #require(calendar.date(from: DateComponents(year: year, month: month, day: day)))
        return Date.FormatStyle(locale: Locale(identifier: identifier), calendar: calendar, timeZone: calendar.timeZone)
            .year().month(.twoDigits).day(.twoDigits).format(date)
    }

    static func foundationPercent(_ percent: Decimal, _ identifier: String) -> String {
        Decimal.FormatStyle.Percent(locale: Locale(identifier: identifier)).format(percent / 100)
    }

    /// pdftotext prints no-break spaces, narrow ones too, as plain spaces (the PDF maps them to themselves,
    /// which `frenchNarrowNoBreakSpacePrints` checks).
    static func asExtracted(_ text: String) -> String {
        text.replacingOccurrences(of: "\u{A0}", with: " ").replacingOccurrences(of: "\u{202F}", with: " ")
    }

    static func invoice(_ locale: RenderingLocale) throws -> InvoiceDocument {
        InvoiceDocumentBuilder().currency(.eur).locale(locale)
            .dates(issued: try day(2026, 11, 27), due: try day(2026, 12, 4))
            .lineItems([
                InvoiceLineItem(
                    description: "Audit", quantity: try decimal("2.5"), unitPrice: try decimal("3400.10"),
                    taxRate: TaxRate(percent: 23)),
                InvoiceLineItem(
                    description: "Travel", quantity: 1, unitPrice: try decimal("12.345"),
                    taxRate: TaxRate(percent: try decimal("7.5"))),
            ])
            .build()
    }

    @Test(arguments: drawable)
    func oneInvoiceInManyLocalesPrintsFoundationsFigures(identifier: String) async throws {
        let locale = try RenderingLocale(validating: identifier)
        var document = try Self.invoice(locale)
        // In the locale's language where a catalog exists (nine of them), English otherwise.
        document.labels = InvoiceLabels(languageCode: identifier)
        let totals = try InvoiceTotals(of: document)
        let total = Self.foundationMoney(totals.total, "EUR", identifier)
        // Foundation's own style rounds half to even, so the amount is rounded first, as the package does.
        let travel = Self.foundationMoney(try decimal("12.35"), "EUR", identifier)
        let issued = try Self.foundationDate(2026, 11, 27, identifier)
        let due = try Self.foundationDate(2026, 12, 4, identifier)
        let rate = Self.foundationPercent(try decimal("7.5"), identifier)

        let money = MoneyFormatter(locale: locale)
        #expect(money.string(from: totals.total, currency: .eur) == total)
        #expect(locale.string(from: try day(2026, 11, 27)) == issued)
        #expect(money.percent(TaxRate(percent: try decimal("7.5"))) == rate)

        let text = try await PDFTools.text(try Fixture.renderer("standard").render(document))
        #expect(text.contains(document.labels[.documentTitle]) && text.contains(document.labels.page(1, of: 1)))
        for figure in [total, travel, issued, due, rate] {
            #expect(text.contains(Self.asExtracted(figure)), "\(identifier): \(figure.unicodeScalars.map(\.value))")
        }
    }

    @Test func theListCoversAtLeastThirtyLocales() {
        #expect(Set(Self.drawable).count >= 30)
    }

    /// Arabic figures use Arabic-Indic digits and right-to-left marks: the formatter writes what Foundation
    /// writes, and the renderer, which draws left to right only, refuses them with a typed error instead of
    /// printing them in the wrong order.
    @Test func arabicIsFormattedAndItsRightToLeftFiguresRefusedByTheRenderer() throws {
        let locale = try RenderingLocale(validating: "ar_EG")
        let amount = try decimal("10455")
        #expect(
            MoneyFormatter(locale: locale).string(from: amount, currency: .eur)
                == Self.foundationMoney(amount, "EUR", "ar_EG"))
        #expect(locale.string(from: try day(2026, 11, 27)) == (try Self.foundationDate(2026, 11, 27, "ar_EG")))
        #expect(throws: RenderingError.unsupportedScript(.arabic)) {
            try Fixture.renderer("standard").render(try Self.invoice(locale))
        }
    }

    /// French groups digits with U+202F NARROW NO-BREAK SPACE: DejaVu Sans draws it, and it is in the PDF's text.
    @Test func frenchNarrowNoBreakSpacePrints() async throws {
        let document = try Self.invoice(.frFR)
        let total = MoneyFormatter(locale: .frFR).string(from: try InvoiceTotals(of: document).total, currency: .eur)
        #expect(total.unicodeScalars.contains("\u{202F}"))
        #expect(InvoiceFonts.default.unsupportedCharacters(in: total).isEmpty)
        let text = try await PDFTools.text(try Fixture.renderer("compact").render(document))
        #expect(text.contains(Self.asExtracted(total)))
        // Uncompressed, the font's character map is readable: the glyph maps back to U+202F, not to a space.
        let raw = String(decoding: try InvoicePDFRenderer(theme: .compact).render(document), as: UTF8.self)
        #expect(raw.contains("> <202F>\n"))
    }

    @Test(arguments: [
        ("en_US", "7.5", "7.5%"), ("en_US", "19", "19%"), ("en_US", "0", "0%"), ("en_US", "12.3456", "12.3456%"),
        ("en_US", "100", "100%"),
    ])
    func percentagesKeepUpToFourDigits(identifier: String, rate: String, expected: String) throws {
        let money = MoneyFormatter(locale: try RenderingLocale(validating: identifier))
        #expect(money.percent(TaxRate(percent: try decimal(rate))) == expected)
    }

    @Test(arguments: ["de_DE", "fr_FR", "tr_TR", "pl_PL", "sv_SE"])
    func percentagesFollowTheLocale(identifier: String) throws {
        let money = MoneyFormatter(locale: try RenderingLocale(validating: identifier))
        #expect(money.percent(TaxRate(percent: 19)) == Self.foundationPercent(19, identifier))
    }

    /// Amounts keep exactly the currency's minor units and round half away from zero before Foundation sees
    /// them (its own default would round 0.125 to 0.12).
    @Test(arguments: ["de_DE", "pl_PL", "ja_JP", "fr_CH", "en_IN"])
    func minorUnitsAndRoundingAreThePackagesOwn(identifier: String) throws {
        let money = MoneyFormatter(locale: try RenderingLocale(validating: identifier))
        #expect(
            money.string(from: try decimal("1234.125"), currency: .eur)
                == Self.foundationMoney(try decimal("1234.13"), "EUR", identifier))
        #expect(
            money.string(from: try decimal("1234.5"), currency: .jpy)
                == Self.foundationMoney(1235, "JPY", identifier, digits: 0))
        #expect(
            money.string(from: try decimal("-0.0005"), currency: .bhd)
                == Self.foundationMoney(try decimal("-0.001"), "BHD", identifier, digits: 3))
    }

    /// A day prints as itself in every time zone and across the Julian-Gregorian change of Foundation's calendar.
    @Test(arguments: [(1, 1, 1), (1500, 3, 1), (1582, 10, 15), (2024, 2, 29), (9999, 12, 31)])
    func daysPrintAsThemselves(year: Int, month: Int, dayOfMonth: Int) throws {
        let text = RenderingLocale.deDE.string(from: try day(year, month, dayOfMonth))
        #expect(text == String(format: "%02d.%02d.%d", dayOfMonth, month, year))
    }

    @Test(arguments: [
        ("pl_PL", "pl_PL"), ("pl-PL", "pl_PL"), ("de_CH", "de_CH"), ("el_GR", "el_GR"), ("cs_CZ", "cs_CZ"),
        ("ja_JP", "ja_JP"), ("ar_EG", "ar_EG"), ("fr", "fr"), ("zh-Hans-CN", "zh_Hans_CN"),
        ("de_DE@currency=EUR", "de_DE@currency=EUR"), ("EN-us", "en_US"), ("es_419", "es_419"),
    ])
    func knownIdentifiersAreAccepted(identifier: String, expected: String) throws {
        #expect(try RenderingLocale(validating: identifier).identifier == expected)
    }

    @Test(arguments: ["xx_YY", "en_QQ", "qq", "xx_PL", "zz_ZZ_POSIX"])
    func unknownIdentifiersAreRefusedWithSuggestions(identifier: String) throws {
        let error = try #require(throws: RenderingLocaleError.self) { try RenderingLocale(validating: identifier) }
        guard case .unknownIdentifier(let given, let suggestions) = error else {
            Issue.record("expected unknownIdentifier, got \(error)")
            return
        }
        #expect(given == identifier)
        #expect((1...5).contains(suggestions.count))
        #expect(suggestions == error.suggestions)
        for suggestion in suggestions { #expect(throws: Never.self) { try RenderingLocale(validating: suggestion) } }
        #expect(error.description.contains("Did you mean \(suggestions[0])"))
        #expect(!error.description.contains("RenderingLocaleError") && !error.description.contains("("))
    }

    @Test func suggestionsPreferTheSameLanguageThenTheSameRegion() throws {
        #expect(throws: RenderingLocaleError.self) { try RenderingLocale(validating: "en_QQ") }
        let english = LocaleIdentifiers.suggestions(for: try #require(LocaleIdentifiers.Parts("en_QQ")))
        #expect(english.allSatisfy { $0.hasPrefix("en_") })
        let polish = LocaleIdentifiers.suggestions(for: try #require(LocaleIdentifiers.Parts("xx_PL")))
        #expect(polish.first == "pl_PL")
    }

    @Test(arguments: [
        "", " ", "en US", "en_US ", "en\u{0}US", "en_US\n", "../../etc/passwd", "pl_PL/..", "de.DE", "💥", "ëë_EE",
        "en_US@", "en@a@b", "_US", "e_US", "engl_US", "en__US", "en_US_X", String(repeating: "a", count: 100_000),
        String(repeating: "en_", count: 30) + "US", "\u{202E}en_US",
    ])
    func hostileIdentifiersAreRefusedCleanly(identifier: String) {
        #expect(throws: RenderingLocaleError.malformedIdentifier(identifier)) {
            try RenderingLocale(validating: identifier)
        }
        let description = RenderingLocaleError.malformedIdentifier(identifier).description
        #expect(description.count < 300)
        #expect(!description.unicodeScalars.contains { $0.value < 0x20 || $0 == "\u{202E}" })
    }

    @Test func errorsReadAsSentences() {
        #expect(
            RenderingLocaleError.malformedIdentifier("").description
                == "The locale is empty. Use a language code with an optional region, such as pl_PL, de_CH or fr.")
        #expect(
            RenderingLocaleError.unknownIdentifier("xx_YY", suggestions: ["en_US", "pl_PL"]).localizedDescription
                == "“xx_YY” is not a locale this system knows. Did you mean en_US, pl_PL? Use a language code with "
                + "an optional region, such as pl_PL, de_CH or fr.")
    }

    /// A currency symbol the fonts cannot draw falls back to the ISO code rather than failing the invoice.
    @Test func anUndrawableLocaleSymbolFallsBackToTheCode() throws {
        let polish = try RenderingLocale(validating: "pl_PL")
        let money = MoneyFormatter(locale: polish)
        #expect(money.symbol(for: .pln, drawableWith: InvoiceFonts.default) == .locale)
        #expect(money.symbol(for: .pln, drawableWith: StubGlyphCoverage(unsupported: ["ł"])) == .isoCode)
        #expect(
            money.string(from: 10_455, currency: .pln, symbol: .isoCode)
                == Decimal.FormatStyle.Currency(code: "PLN", locale: Locale(identifier: "pl_PL"))
                .presentation(.isoCode).precision(.fractionLength(2)).format(10_455))
    }

    @Test func equalityIsTheLocaleAndTheDateStyle() {
        #expect(RenderingLocale(identifier: "de_DE") == .deDE)
        #expect(RenderingLocale(identifier: "de_DE", dateStyle: .iso8601) != .deDE)
        #expect(Set([RenderingLocale.deDE, RenderingLocale(locale: Locale(identifier: "de_DE"))]).count == 1)
    }
}
