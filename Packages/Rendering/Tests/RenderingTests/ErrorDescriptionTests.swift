import Foundation
import Rendering
import Testing

/// Every public error of the package reads as sentences a person can be shown: no Swift type names, no
/// `case(payload)` dumps, no invisible characters from the payload, and the payload's facts in words.
@Suite("Rendering: errors read as sentences")
struct ErrorDescriptionTests {
    static let fontErrors: [FontError] = [
        .notAFont, .unsupportedOutlines, .faceIndexOutOfRange(index: 3, count: 2),
        .faceIndexOutOfRange(index: 1, count: 1), .missingTable("cmap"), .truncated(table: "glyf"),
        .truncated(table: "header"), .malformed(table: "loca"), .malformed(table: "\u{0}\u{202E}xy"),
        .noUnicodeCharacterMap, .missingResource("DejaVuSans.ttf"), .embeddingNotPermitted,
    ]

    static let fields: [InvoiceField] = [
        .quantity(line: 0), .unitPrice(line: 4), .taxRate(line: 2), .lineAmount(line: 11), .total,
    ]

    static let renderingErrors: [RenderingError] =
        [
            .unsupportedCharacters(["中", "文"]), .unsupportedCharacters(["\u{202E}", "\u{7}", "\u{A0}", "🇩🇪"]),
            .unsupportedCharacters(Array("ĀāĂăĄąĆćĈĉĊċ")), .unsupportedCharacters([]),
            .invalidCurrency(code: "eu"), .invalidCurrency(code: "EUR"), .invalidCurrency(code: "E\nU\u{202E}"),
            .invalidCurrency(code: String(repeating: "X", count: 500)),
        ]
        + TextScript.allCases.map { .unsupportedScript($0) }
        + fields.map { .numberOutOfRange($0) }
        + fontErrors.map { .invalidFont($0) }

    /// The cases of each type, from a switch with no default: a new case does not compile until it is named here,
    /// and the list above fails the test until it holds the new case too.
    static func caseName(_ error: RenderingError) -> String {
        switch error {
        case .unsupportedCharacters: "unsupportedCharacters"
        case .unsupportedScript: "unsupportedScript"
        case .numberOutOfRange: "numberOutOfRange"
        case .invalidCurrency: "invalidCurrency"
        case .invalidFont: "invalidFont"
        }
    }

    static func caseName(_ error: FontError) -> String {
        switch error {
        case .notAFont: "notAFont"
        case .unsupportedOutlines: "unsupportedOutlines"
        case .faceIndexOutOfRange: "faceIndexOutOfRange"
        case .missingTable: "missingTable"
        case .truncated: "truncated"
        case .malformed: "malformed"
        case .noUnicodeCharacterMap: "noUnicodeCharacterMap"
        case .missingResource: "missingResource"
        case .embeddingNotPermitted: "embeddingNotPermitted"
        }
    }

    static func caseName(_ field: InvoiceField) -> String {
        switch field {
        case .quantity: "quantity"
        case .unitPrice: "unitPrice"
        case .taxRate: "taxRate"
        case .lineAmount: "lineAmount"
        case .total: "total"
        }
    }

    @Test func everyCaseIsListed() {
        #expect(
            Set(Self.renderingErrors.map(Self.caseName))
                == ["unsupportedCharacters", "unsupportedScript", "numberOutOfRange", "invalidCurrency", "invalidFont"])
        #expect(
            Set(Self.fontErrors.map(Self.caseName))
                == [
                    "notAFont", "unsupportedOutlines", "faceIndexOutOfRange", "missingTable", "truncated", "malformed",
                    "noUnicodeCharacterMap", "missingResource", "embeddingNotPermitted",
                ])
        #expect(Set(Self.fields.map(Self.caseName)) == ["quantity", "unitPrice", "taxRate", "lineAmount", "total"])
    }

    @Test(arguments: renderingErrors)
    func aRenderingErrorIsSentences(error: RenderingError) {
        Self.expectSentences("\(error)", of: error)
        #expect(error.localizedDescription == "\(error)")
    }

    @Test(arguments: fontErrors)
    func aFontErrorIsSentences(error: FontError) {
        Self.expectSentences("\(error)", of: error)
        #expect(error.localizedDescription == "\(error)")
    }

    @Test func scriptsAndFieldsPrintAsWords() {
        for script in TextScript.allCases {
            Self.expectPhrase("\(script)", of: script)
        }
        for field in Self.fields {
            Self.expectPhrase("\(field)", of: field)
        }
        #expect("\(TextScript.hebrew)" == "Hebrew" && "\(TextScript.nko)" == "N'Ko")
        #expect("\(InvoiceField.quantity(line: 0))" == "the quantity of line 1", "lines count from 1 for people")
        #expect("\(InvoiceField.total)" == "a total of the invoice")
    }

    /// What a person reads for the common cases, word for word.
    @Test func theCommonMessagesWordForWord() {
        #expect(
            Self.text(RenderingError.unsupportedCharacters(["中", "文"]))
                == "The fonts cannot draw 中 (U+4E2D) and 文 (U+6587). Remove or replace them, or render with a "
                + "fallback font that has them (for Chinese, Japanese or Korean text, a CJK font).")
        #expect(
            Self.text(RenderingError.unsupportedScript(.hebrew))
                == "The invoice contains text in Hebrew, which is written from right to left. Invoices are drawn "
                + "letter by letter from left to right, so it cannot be printed correctly; write that text in Latin, "
                + "Greek or Cyrillic letters.")
        #expect(
            Self.text(RenderingError.numberOutOfRange(.unitPrice(line: 4)))
                == "The unit price of line 5 is not a number or too large: it must be less than "
                + "1,000,000,000,000,000 in magnitude.")
        #expect(
            Self.text(FontError.missingResource("DejaVuSans.ttf"))
                == "The font file DejaVuSans.ttf that comes with the invoice renderer was not found. Ship the folder "
                + "Rendering_Rendering.resources (Rendering_Rendering.bundle on Apple platforms) beside the "
                + "executable, or set RENDERING_RESOURCES to its path.")
    }

    @Test func payloadsAreNamedInWords() {
        let characters = Self.text(RenderingError.unsupportedCharacters(["\u{202E}", "\u{7}", "\u{A0}", "🇩🇪"]))
        for code in ["U+202E", "U+0007", "U+00A0", "🇩🇪 (U+1F1E9 U+1F1EA)"] {
            #expect(characters.contains(code), "\(characters)")
        }
        let many = Self.text(RenderingError.unsupportedCharacters(Array("ĀāĂăĄąĆćĈĉĊċ")))
        #expect(many.contains("Ā (U+0100)") && many.contains("and 4 more"), "\(many)")
        let currency = { (code: String) in Self.text(RenderingError.invalidCurrency(code: code)) }
        #expect(currency("eu").contains("“eu”"))
        #expect(currency("EUR").contains("minor units"))
        #expect(currency("E\nU\u{202E}").contains("“E U+000A U U+202E”"))
        #expect(currency(String(repeating: "X", count: 500)).count < 300)
        #expect(Self.text(RenderingError.numberOutOfRange(.taxRate(line: 2))).contains("line 3"))
        #expect(Self.text(FontError.faceIndexOutOfRange(index: 3, count: 2)).contains("2 faces, numbered 0 to 1"))
        #expect(Self.text(FontError.faceIndexOutOfRange(index: 1, count: 1)).contains("1 face, numbered 0;"))
        #expect(Self.text(FontError.malformed(table: "loca")).contains("“loca”"))
        #expect(Self.text(RenderingError.invalidFont(.notAFont)).hasSuffix(Self.text(FontError.notAFont)))
    }

    /// What `"\(value)"` prints.
    static func text(_ value: Any) -> String {
        String(describing: value)
    }

    /// Sentences: a capital first, a full stop last, no type names, no value dumps, no invisible characters.
    static func expectSentences(_ text: String, of value: Any, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(text.first?.isUppercase == true, "\(text)", sourceLocation: sourceLocation)
        #expect(text.hasSuffix("."), "\(text)", sourceLocation: sourceLocation)
        expectPhrase(text, of: value, sourceLocation: sourceLocation)
    }

    static func expectPhrase(_ text: String, of value: Any, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(!text.isEmpty, sourceLocation: sourceLocation)
        for typeName in [
            "RenderingError", "FontError", "TextScript", "InvoiceField", "InvoiceFonts", "Character", "String",
            "Optional",
        ] {
            #expect(!text.contains(typeName), "\(text)", sourceLocation: sourceLocation)
        }
        let dumps = [
            #"\w\("#,  // case(payload) or Type(…)
            #"\b[a-z]+[A-Z]\w*"#,  // a case name in lower camel case
            #"\b(Rendering|Swift|Foundation)\.[A-Z]"#,  // a module-qualified type
            #"\[""#, #"\\u\{"#,  // an array or string literal
        ]
        for pattern in dumps {
            #expect(
                text.range(of: pattern, options: .regularExpression) == nil, "\(pattern): \(text)",
                sourceLocation: sourceLocation)
        }
        let invisible = text.unicodeScalars.filter {
            $0.value != 0x20
                && [.control, .format, .spaceSeparator, .lineSeparator, .paragraphSeparator]
                    .contains($0.properties.generalCategory)
        }
        #expect(
            invisible.isEmpty, "\(invisible.map { String($0.value, radix: 16) }): \(text)",
            sourceLocation: sourceLocation)
        #expect(!text.contains("\(type(of: value))"), "\(text)", sourceLocation: sourceLocation)
    }
}
