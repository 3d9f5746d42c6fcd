import Foundation
import Rendering
import RenderingTesting
import RenderingZlib
import Testing

@Suite("Rendering: Unicode text with embedded fonts")
struct UnicodeTextTests {
    /// The acceptance case: a Polish client, a Russian item, 1.5 hours at 1200 PLN.
    @Test(arguments: Fixture.templateIDs)
    func polishClientWithRussianItemInZlotyRendersAndReadsBack(template: String) async throws {
        let document = InvoiceDocumentBuilder()
            .client(InvoiceParty(name: "Zażółć Gęślą Jaźń sp. z o.o."))
            .lineItems([InvoiceLineItem(description: "Консультация", quantity: try decimal("1.5"), unitPrice: 1200)])
            .currency(try Currency(code: "PLN", minorUnits: 2))
            .build()
        let pdf = try Fixture.renderer(template).render(document)
        let check = try await PDFTools.check(pdf)
        #expect(check.status == 0, "\(check.standardOutput)\(check.standardError)")
        let text = try await PDFTools.text(pdf)
        #expect(text.contains("Zażółć Gęślą Jaźń sp. z o.o."))
        #expect(text.contains("Консультация"))
        // American English writes the złoty as its code (CLDR); pdftotext prints the no-break space as a space.
        #expect(text.contains("1.5 PLN 1,200.00 PLN 1,800.00"))
        #expect(text.contains("Total PLN 1,800.00"))
    }

    /// Text in each language, as client, line, seller line and notes: it reads back exactly.
    static let languages: [(language: String, client: String, item: String, notes: String)] = [
        ("Polish", "Łódzkie Zakłady Włókiennicze", "Usługi księgowe — styczeń", "Płatne w ciągu 14 dni. Dziękujemy!"),
        ("Czech", "Příliš žluťoučký kůň s.r.o.", "Úprava webových stránek", "Splatnost 14 dní, děkujeme za důvěru."),
        ("Turkish", "İstanbul Çözüm Şirketi", "Yazılım geliştirme hizmeti (ğüşiöç)", "Ödeme 30 gün içinde IBAN'a."),
        ("Greek", "Αθηναϊκή Εταιρεία Ο.Ε.", "Συμβουλευτικές υπηρεσίες", "Πληρωμή εντός 30 ημερών. Ευχαριστούμε!"),
        ("Russian", "ООО «Московские Решения»", "Разработка программного обеспечения", "Оплата в течение 14 дней."),
        ("German", "Müller & Söhne GmbH", "Straßenbau – Größenänderung", "Zahlbar binnen 14 Tagen ohne Abzug."),
    ]

    @Test(arguments: languages.map(\.language), Fixture.templateIDs)
    func everyEuropeanScriptReadsBackExactly(language: String, template: String) async throws {
        let sample = try #require(Self.languages.first { $0.language == language })
        let document = InvoiceDocumentBuilder()
            .client(InvoiceParty(name: sample.client, lines: [sample.item]))
            .lineItems([InvoiceLineItem(description: sample.item, quantity: 2, unitPrice: 150)])
            .notes(sample.notes)
            .currency(.eur)
            .build()
        let pdf = try Fixture.renderer(template).render(document)
        #expect(try await PDFTools.check(pdf).status == 0)
        let text = try await PDFTools.text(pdf)
        for expected in [sample.client, sample.item, sample.notes] {
            #expect(text.contains(expected), "\(language): \(expected)")
        }
    }

    @Test(arguments: Fixture.templateIDs)
    func pdffontsListsTheEmbeddedSubsets(template: String) async throws {
        let pdf = try Fixture.renderer(template).render(
            InvoiceDocumentBuilder().client(InvoiceParty(name: "Ελληνικά και Кириллица")).build())
        let fonts = try await PDFTools.fonts(pdf)
        #expect(fonts.count == 2)
        for font in fonts {
            let tag = font.name.prefix(7)
            #expect(tag.count == 7 && tag.last == "+" && tag.dropLast().allSatisfy { $0.isUppercase && $0.isASCII })
            #expect(font.name.hasSuffix("+DejaVuSans") || font.name.hasSuffix("+DejaVuSans-Bold"), "\(font.name)")
            #expect(font.type == "CID TrueType" && font.encoding == "Identity-H")
            #expect(font.embedded && font.subset && font.unicode, "\(font)")
        }
    }

    @Test func standardFontsEmbedNothingAndPrintCodesForSymbolsTheyLack() async throws {
        let pdf = try Fixture.standardFontRenderer("standard").render(
            InvoiceDocumentBuilder().currency(try Currency(code: "PLN", minorUnits: 2)).build())
        let fonts = try await PDFTools.fonts(pdf)
        #expect(fonts.map(\.name).sorted() == ["Helvetica", "Helvetica-Bold"])
        #expect(fonts.allSatisfy { !$0.embedded })
        let text = try await PDFTools.text(pdf)
        #expect(text.contains("Total PLN 3,033.63"))
        // A symbol the caller chose is kept, and reported when the fonts lack it.
        #expect(throws: RenderingError.unsupportedCharacters(["ł"])) {
            try Fixture.standardFontRenderer("standard").render(
                InvoiceDocumentBuilder().currency(try Currency(code: "PLN", minorUnits: 2, symbol: "zł")).build())
        }
    }

    @Test func standardFontsWithAnEmbeddedFallbackMixBothKinds() async throws {
        let dejaVu = try TrueTypeFont(data: Data(FontFixture.dejaVuBytes))
        let fonts = InvoiceFonts.standard14.addingFallback(dejaVu)
        #expect(fonts.embedsFonts && !InvoiceFonts.standard14.embedsFonts)
        let pdf = try InvoicePDFRenderer(fonts: fonts, compressor: Fixture.zlib, creationDate: { Fixture.date })
            .render(InvoiceDocumentBuilder().client(InvoiceParty(name: "Łódź Café")).build())
        #expect(try await PDFTools.check(pdf).status == 0)
        #expect(try await PDFTools.text(pdf).contains("Łódź Café"))
        let names = try await PDFTools.fonts(pdf).map(\.name)
        #expect(names.contains("Helvetica") && names.contains("Helvetica-Bold"))
        #expect(names.contains { $0.hasSuffix("+DejaVuSans") })
    }

    @Test(
        arguments: [
            ("مرحبا بالعالم", TextScript.arabic), ("שלום עולם", .hebrew), ("नमस्ते दुनिया", .devanagari),
            ("สวัสดีชาวโลก", .thai), ("ሰላም Հայերեն ok", nil), ("ܫܠܡܐ", .syriac), ("ជំរាបសួរ", .khmer),
            ("தமிழ்", .tamil), ("Price ฿100", nil),
        ] as [(String, TextScript?)])
    func scriptsThatNeedShapingAreATypedErrorNamingTheScript(text: String, script: TextScript?) throws {
        let document = InvoiceDocumentBuilder()
            .lineItems([InvoiceLineItem(description: text, quantity: 1, unitPrice: 1)]).build()
        for (_, renderer) in Fixture.templates {
            if let script {
                #expect(throws: RenderingError.unsupportedScript(script)) { try renderer.render(document) }
                #expect(InvoiceFonts.default.unsupportedScript(in: text) == script)
                #expect(!renderer.unsupportedCharacters(in: text).isEmpty)
            } else {
                #expect(InvoiceFonts.default.unsupportedScript(in: text) == nil)
            }
        }
        // A script is the reason even when other characters are missing too.
        if let script {
            let mixed = InvoiceDocumentBuilder().client(InvoiceParty(name: "中文")).notes(text).build()
            #expect(throws: RenderingError.unsupportedScript(script)) {
                try Fixture.renderer("standard").render(mixed)
            }
        }
    }

    @Test func callersCanAskWhichCharactersCannotBeDrawn() {
        let fonts = InvoiceFonts.default
        #expect(fonts.unsupportedCharacters(in: "Zażółć gęślą jaźń, Ελλάδα, Москва, İstanbul, Praha ěščřž") == [])
        #expect(fonts.unsupportedCharacters(in: "Tabs\tand\nlines\r\nare layout") == [])
        #expect(fonts.unsupportedCharacters(in: "Cafe\u{301}") == [], "composed first: é")
        #expect(fonts.unsupportedCharacters(in: "中文 and 中") == ["中", "文"])
        #expect(fonts.unsupportedCharacters(in: "a\u{202E}b\u{0007}c") == ["\u{202E}", "\u{0007}"])
        #expect(fonts.unsupportedCharacters(in: "שלום") == ["ש", "ל", "ו", "ם"])
        #expect(fonts.unsupportedCharacters(in: "") == [])
        #expect(InvoiceFonts.standard14.unsupportedCharacters(in: "Łódź € ok") == ["Ł", "ź"])
        // The same answer through the protocol, from a renderer.
        let coverage: any GlyphCoverage = InvoicePDFRenderer(fonts: .standard14)
        #expect(coverage.unsupportedCharacters(in: "Привет") == ["П", "р", "и", "в", "е", "т"])
    }

    @Test func aHugeOrHostileTextIsAnsweredWithoutCrashing() {
        let fonts = InvoiceFonts.default
        let huge = String(repeating: "Zażółć 中 ", count: 20_000)
        #expect(fonts.unsupportedCharacters(in: huge) == ["中"])
        let hostile = "\u{0}\u{FFFF}\u{FFFE}\u{10FFFF}\u{E000}" + String(repeating: "\u{301}", count: 1_000)
        #expect(!fonts.unsupportedCharacters(in: hostile).isEmpty)
    }

    @Test func aGlyphDrawnForTwoCharactersMapsBackToEach() throws {
        // DejaVu Sans draws the space and the no-break space with one glyph; each gets its own CID and mapping.
        let pdf = try InvoicePDFRenderer(creationDate: { Fixture.date }).render(
            InvoiceDocumentBuilder().lineItems([InvoiceLineItem(description: "a\u{A0}b c", quantity: 1, unitPrice: 1)])
                .build())
        let raw = String(decoding: pdf, as: UTF8.self)
        #expect(raw.contains("> <00A0>\n") && raw.contains("> <0020>\n"))
    }

    @Test func decomposedTextIsComposedAndReadsBackComposed() async throws {
        let decomposed = "Z\u{307}o\u{301}r\u{301}awski, Gr\u{E9}goire, \u{1F00}"  // Ż ó ŕ, é, Greek ἀ
        let pdf = try Fixture.renderer("standard").render(
            InvoiceDocumentBuilder().lineItems([InvoiceLineItem(description: decomposed, quantity: 1, unitPrice: 5)])
                .build())
        let text = try await PDFTools.text(pdf)
        #expect(text.contains(decomposed.precomposedStringWithCanonicalMapping))
    }

    @Test func aSubsetHoldsOnlyTheGlyphsADocumentUses() throws {
        let small = try Fixture.renderer("standard").render(
            InvoiceDocumentBuilder().seller(InvoiceParty(name: "A")).client(InvoiceParty(name: "B"))
                .lineItems([]).notes("").number("1").build())
        let large = try Fixture.renderer("standard").render(
            InvoiceDocumentBuilder().notes(UnicodeTextTests.languages.map(\.notes).joined(separator: "\n")).build())
        func fontFileLengths(_ pdf: Data) -> [Int] {
            let text = String(decoding: pdf, as: UTF8.self)
            return text.components(separatedBy: "/Length1 ").dropFirst().compactMap { Int($0.prefix { $0.isNumber }) }
        }
        let smallFonts = fontFileLengths(small)
        let largeFonts = fontFileLengths(large)
        #expect(smallFonts.count == 2 && largeFonts.count == 2)
        #expect(smallFonts.reduce(0, +) < largeFonts.reduce(0, +))
        #expect(largeFonts.allSatisfy { $0 < 40_000 }, "a subset, not the 740 KB font: \(largeFonts)")
    }

    @Test(
        .enabled(
            if: FontFixture.cjkFontInstalled, "no CJK TrueType font installed (apt-get install fonts-droid-fallback)"))
    func longWordsAndCJKWrapWithoutLosingText() async throws {
        let cjk = try #require(FontFixture.cjkFont)
        let fonts = try InvoiceFonts.dejaVuSans().addingFallback(cjk)
        let renderer = InvoicePDFRenderer(fonts: fonts, compressor: Fixture.zlib, creationDate: { Fixture.date })
        let long = String(repeating: "請求書の明細項目", count: 30)
        let pdf = try renderer.render(
            InvoiceDocumentBuilder().lineItems([InvoiceLineItem(description: long, quantity: 1, unitPrice: 1)]).build())
        let text = try await PDFTools.text(pdf).withoutWhitespace
        #expect(text.contains(long))
    }

    @Test(
        .enabled(
            if: FontFixture.cjkFontInstalled, "no CJK TrueType font installed (apt-get install fonts-droid-fallback)"))
    func aConfiguredCJKFontDrawsChineseAndJapanese() async throws {
        let cjk = try #require(FontFixture.cjkFont)
        let fonts = try InvoiceFonts.dejaVuSans().addingFallback(cjk)
        #expect(fonts.unsupportedCharacters(in: "請求書 株式会社サンプル 北京市 中文") == [])
        for template in [InvoiceTheme.standard, .compact, .creative(accent: .ink)] {
            let renderer = InvoicePDFRenderer(
                theme: template, fonts: fonts, compressor: Fixture.zlib, creationDate: { Fixture.date })
            let document = InvoiceDocumentBuilder()
                .client(InvoiceParty(name: "株式会社サンプル", lines: ["東京都千代田区1-2-3"]))
                .lineItems([
                    InvoiceLineItem(description: "软件开发服务（北京）", quantity: 3, unitPrice: 10_000),
                    InvoiceLineItem(description: "Consulting, Zażółć", quantity: 1, unitPrice: 500),
                ])
                .currency(.jpy).locale(.jaJP)
                .build()
            let pdf = try renderer.render(document)
            #expect(try await PDFTools.check(pdf).status == 0)
            let text = try await PDFTools.text(pdf)
            for expected in ["株式会社サンプル", "東京都千代田区1-2-3", "软件开发服务（北京）", "Consulting, Zażółć"] {
                #expect(text.contains(expected), "\(expected)")
            }
            let fonts = try await PDFTools.fonts(pdf)
            #expect(fonts.count == 3)
            #expect(fonts.allSatisfy { $0.embedded && $0.subset && $0.unicode })
        }
    }
}
