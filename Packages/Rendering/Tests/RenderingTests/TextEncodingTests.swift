import Foundation
import Rendering
import RenderingTesting
import Testing

@Suite("Rendering: standard 14 fonts (WinAnsi) and unsupported characters")
struct TextEncodingTests {
    /// Every printable character WinAnsiEncoding defines (0x20...0x7E, the 27 of 0x80...0x9F, 0xA1...0xFF),
    /// except the no-break and soft hyphen, which extract as spaces and hyphens by design of the fonts.
    static let winAnsiCharacters: String = {
        var scalars: [Unicode.Scalar] = (0x21...0x7E).compactMap(Unicode.Scalar.init)
        scalars += [
            0x20AC, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, 0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0x017D,
            0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014, 0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0x017E,
            0x0178,
        ].compactMap(Unicode.Scalar.init(_:) as (UInt32) -> Unicode.Scalar?)
        scalars += (0xA1...0xFF).filter { $0 != 0xAD }.compactMap(
            Unicode.Scalar.init(_:) as (UInt32) -> Unicode.Scalar?)
        return String(String.UnicodeScalarView(scalars))
    }()

    @Test func everyWinAnsiCharacterReadsBackFromThePDF() async throws {
        #expect(Self.winAnsiCharacters.unicodeScalars.count == 94 + 27 + 94)
        // Spaces between characters let pdftotext keep each glyph separate; the comparison ignores them.
        let spaced = Self.winAnsiCharacters.map(String.init).joined(separator: " ")
        for (_, renderer) in Fixture.standardFontTemplates {
            let pdf = try renderer.render(
                InvoiceDocumentBuilder()
                    .lineItems([InvoiceLineItem(description: spaced, quantity: 1, unitPrice: 1)])
                    .notes(spaced)
                    .build())
            #expect(try await PDFTools.check(pdf).status == 0)
            let text = try await PDFTools.text(pdf).withoutWhitespace
            let expected = Self.winAnsiCharacters.withoutWhitespace
            #expect(text.components(separatedBy: expected).count == 3, "description and notes both read back")
        }
    }

    @Test func decomposedAccentsAreComposedBeforeEncoding() async throws {
        let decomposed = "Cafe\u{301} cre\u{300}me bru\u{302}le\u{301}e"
        let pdf = try Fixture.standardFontRenderer("standard").render(
            InvoiceDocumentBuilder().lineItems([InvoiceLineItem(description: decomposed, quantity: 1, unitPrice: 5)])
                .build())
        #expect(try await PDFTools.text(pdf).contains("Café crème brûlée"))
    }

    @Test func typographicQuotesAndEuroUseTheirWinAnsiCodes() async throws {
        let description = "“Quoted” ‘single’ – dash — em … € 5 ™ Œuvre Š"
        let pdf = try Fixture.standardFontRenderer("standard").render(
            InvoiceDocumentBuilder().lineItems([InvoiceLineItem(description: description, quantity: 1, unitPrice: 5)])
                .currency(.eur).locale(.deDE).build())
        let raw = [UInt8](pdf)
        // “ is 0x93 and € is 0x80 in WinAnsi: the bytes appear literally inside the content stream.
        #expect(raw.contains(0x93) && raw.contains(0x94) && raw.contains(0x80) && raw.contains(0x85))
        let text = try await PDFTools.text(pdf)
        #expect(text.contains(description))
        #expect(text.contains("5,00\u{A0}€") || text.contains("5,00 €"))
    }

    @Test(
        arguments: [
            ("Привет мир", ["П", "р", "и", "в", "е", "т", "м"]),
            ("Ελληνικά", ["Ε", "λ", "η", "ν", "ι", "κ", "ά"]),
            ("請求書", ["請", "求", "書"]),
            ("Smile 😀 twice 😀", ["😀"]),
            ("Bell \u{07} and null \u{00}", ["\u{07}", "\u{00}"]),
            ("Flag 🇩🇪", ["🇩🇪"]),
            ("ł in Łódź", ["ł", "Ł", "ź"]),
        ] as [(String, [Character])])
    func textOutsideWinAnsiIsATypedErrorNamingTheCharacters(text: String, expected: [Character]) throws {
        for (_, renderer) in Fixture.standardFontTemplates {
            #expect(throws: RenderingError.unsupportedCharacters(expected)) {
                try renderer.render(
                    InvoiceDocumentBuilder().lineItems([InvoiceLineItem(description: text, quantity: 1, unitPrice: 1)])
                        .build())
            }
        }
    }

    @Test func unsupportedCharactersAreCollectedAcrossTheWholeDocumentInOrder() throws {
        let document = InvoiceDocumentBuilder()
            .number("№ 5")
            .seller(InvoiceParty(name: "Σ Ltd", lines: ["Street ж"]))
            .client(InvoiceParty(name: "Client", lines: ["ж again", "中"]))
            .lineItems([InvoiceLineItem(description: "Σ twice", quantity: 1, unitPrice: 1)])
            .notes("Ω")
            .build()
        #expect(throws: RenderingError.unsupportedCharacters(["№", "Σ", "ж", "中", "Ω"])) {
            try Fixture.standardFontRenderer("standard").render(document)
        }
    }

    @Test func aCurrencySymbolOrSeparatorOutsideWinAnsiIsReportedToo() throws {
        let rupee = try Currency(code: "INR", minorUnits: 2, symbol: "₹")
        #expect(throws: RenderingError.unsupportedCharacters(["₹"])) {
            try Fixture.standardFontRenderer("compact").render(InvoiceDocumentBuilder().currency(rupee).build())
        }
        // French groups digits with U+202F, which Windows-1252 lacks (DejaVu Sans has it).
        let french = InvoiceDocumentBuilder().currency(.eur).locale(.frFR).build()
        #expect(throws: RenderingError.unsupportedCharacters(["\u{202F}"])) {
            try Fixture.standardFontRenderer("compact").render(french)
        }
    }

    @Test func tabsBecomeSpacesAndLineBreaksAreKept() async throws {
        let pdf = try Fixture.standardFontRenderer("standard").render(
            InvoiceDocumentBuilder()
                .lineItems([
                    InvoiceLineItem(
                        description: "First\tpart\r\nSecond line\rThird\u{2028}Fourth", quantity: 1, unitPrice: 1)
                ])
                .build())
        let text = try await PDFTools.text(pdf)
        #expect(text.contains("First part\nSecond line\nThird\nFourth"))
    }
}
