import Essentials
import EssentialsTesting
import Foundation
import Testing

@testable import Rendering

@Suite("Rendering: expense tables line up")
struct TableAlignmentTests {
    /// Widths written down, not computed by the code under test: Python's `unicodedata` (Unicode 14) with the rule
    /// terminals and `wcwidth` follow (East Asian Width W or F: 2 columns; categories Mn, Me, Cf, Cc: none;
    /// everything else: 1).
    @Test(
        arguments: [
            ("", 0), ("Coffee", 6), ("東京のホテル", 12), ("北京 Beijing", 12), ("한국어", 6), ("ＡＢＣ", 6), ("ｶﾀｶﾅ", 4),
            ("\u{2615}", 2), ("Caf\u{E9} \u{2615}\u{FE0F}", 7), ("\u{1F44D}", 2), ("\u{1F363}\u{1F35C}", 4),
            ("e\u{301}cole", 5), ("x\u{308}\u{301}", 1), ("Z\u{FC}rich", 6), ("a\u{200B}b", 2), ("Москва", 6),
            ("Łódź — taxi", 11), ("中文, Zażółć", 12),
        ] as [(String, Int)])
    func terminalColumnsOfCJKEmojiAndCombiningText(text: String, columns: Int) {
        #expect(TerminalColumns.width(of: text) == columns)
    }

    /// Japanese, an emoji with its variation selector and a decomposed accent, letter for letter. Every line with
    /// an amount is 36 columns wide by the rule above (checked with Python's `unicodedata`).
    @Test func aTableWithWideAndCombiningTitlesReadsExactlySo() throws {
        let day = try #require(CalendarDay(year: 2026, month: 3, day: 2))
        let report = ExpenseReport(
            title: "March",
            sections: [
                ExpenseReportSection(
                    heading: "東京 Tokyo",
                    rows: [
                        ExpenseReportRow(date: day, title: "東京のホテル", amount: 24_800, currency: .jpy),
                        ExpenseReportRow(
                            date: day, title: "Caf\u{E9} \u{2615}\u{FE0F}", amount: try decimal("4.5"), currency: .eur),
                        ExpenseReportRow(date: day, title: "e\u{301}cole Z\u{FC}rich", amount: 120, currency: .chf),
                    ])
            ])
        let expected = [
            "March",
            "=====",
            "Date        Title             Amount",
            "----------  ------------  ----------",
            "",
            "東京 Tokyo",
            "03/02/2026  東京のホテル     ¥24,800",
            "03/02/2026  Caf\u{E9} \u{2615}\u{FE0F}            €4.50",
            "03/02/2026  e\u{301}cole Z\u{FC}rich  CHF\u{A0}120.00",
            "            Subtotal CHF  CHF\u{A0}120.00",
            "            Subtotal EUR       €4.50",
            "            Subtotal JPY     ¥24,800",
            "------------------------------------",
            "Total       CHF           CHF\u{A0}120.00",
            "Total       EUR                €4.50",
            "Total       JPY              ¥24,800",
            "",
        ]
        let table = PlainTextExpenseReportFormatter(locale: .enUS).format(report)
        #expect(table.components(separatedBy: "\n") == expected, "\n\(table)")
        // Swift compares strings by canonical equivalence; the bytes must also keep the title as it was typed.
        #expect(table.utf8.count == expected.joined(separator: "\n").utf8.count)
    }

    /// The columns of each character the random tables below print, written down by the same rule: printable
    /// ASCII takes one, and these the number given (a combining mark or variation selector adds none).
    private static let columnsOfCharacter: [Character: Int] = [
        "東": 2, "京": 2, "の": 2, "ホ": 2, "テ": 2, "ル": 2, "\u{2615}\u{FE0F}": 2, "\u{FC}": 1, "Ł": 1, "ó": 1,
        "ź": 1, "—": 1, "\u{E9}": 1, "М": 1, "о": 1, "с": 1, "к": 1, "в": 1, "а": 1, "Ω": 1, "€": 1, "¥": 1,
        "\u{A0}": 1, "\u{202F}": 1, "\u{FFE5}": 2,
    ]

    /// The columns `line` takes by the table above; a character it lacks is an issue to add it.
    private static func columns(_ line: String) -> Int {
        line.reduce(0) { sum, character in
            if character.isASCII, let ascii = character.asciiValue, (0x20..<0x7F).contains(ascii) { return sum + 1 }
            guard let width = columnsOfCharacter[character] else {
                Issue.record("no written-down width for \(character.unicodeScalars.map { $0.value })")
                return sum
            }
            return sum + width
        }
    }

    private static let titles = [
        "A", "Coffee", "Zürich hotel", "Łódź — taxi", "東京のホテル", "Café ☕️ with friends", "Москва", "Ω",
        String(repeating: "Supercalifragilistic", count: 4), "e\u{301}cole",
    ]

    @Test(arguments: 1...20 as ClosedRange<UInt64>)
    func everyRowWithAnAmountEndsInTheSameColumn(seed: UInt64) throws {
        var random = SeededGenerator(seed: seed)
        let currencies = try [
            Currency(code: "EUR", minorUnits: 2), Currency(code: "JPY", minorUnits: 0),
            Currency(code: "BHD", minorUnits: 3), Currency(code: "CHF", minorUnits: 2),
            Currency(code: "XOF", minorUnits: 0), Currency(code: "USD", minorUnits: 2, symbol: "US$"),
        ]
        let sections = (0..<Int.random(in: 1...4, using: &random)).map { index in
            ExpenseReportSection(
                heading: index % 2 == 0 ? "Day \(index)" : nil,
                rows: (0..<Int.random(in: 1...6, using: &random)).map { _ in
                    ExpenseReportRow(
                        date: CalendarDay(year: 2026, month: 3, day: Int.random(in: 1...28, using: &random))
                            ?? CalendarDay(Date(), in: .current),
                        title: Self.titles.randomElement(using: &random) ?? "",
                        amount: Decimal(Int.random(in: 1...10_000_000_000, using: &random)) / 100,
                        currency: currencies.randomElement(using: &random) ?? .eur)
                })
        }
        let locale = [RenderingLocale.enUS, .deDE, .jaJP, .frFR].randomElement(using: &random) ?? .enUS
        let report = ExpenseReport(title: "T", sections: sections)
        let table = PlainTextExpenseReportFormatter(locale: locale, maximumTitleWidth: 24).format(report)
        let lines = table.split(separator: "\n").map(String.init).dropFirst(2)
        let ruler = try #require(lines.first { $0.hasPrefix("----") && $0.contains("  ") })
        let width = Self.columns(ruler)
        let money = MoneyFormatter(locale: locale)
        let amounts = Set(
            (sections.flatMap(\.rows).map { ($0.amount, $0.currency) }
                + (sections.flatMap(\.totals) + report.totals).map { ($0.amount, $0.currency) })
                .map { money.string(from: $0.0, currency: $0.1) })
        let withAmounts = lines.filter { line in amounts.contains { line.hasSuffix("  " + $0) } }
        #expect(withAmounts.count >= sections.flatMap(\.rows).count)
        for line in withAmounts {
            #expect(Self.columns(line) == width, "\(line)\n\(table)")
        }
        #expect(lines.allSatisfy { Self.columns($0) <= width }, "\(table)")
    }
}

@Suite("Rendering: the seller's IBAN")
struct IBANPrintingTests {
    @Test(arguments: [
        ("DE89370400440532013000", "DE89 3704 0044 0532 0130 00"), ("de89 3704 0044", "de89 3704 0044"),
        ("GB33BUKB20201555555555", "GB33 BUKB 2020 1555 5555 55"), ("not an IBAN!", "not an IBAN!"), ("", ""),
    ])
    func anIBANPrintsInGroupsOfFour(typed: String, printed: String) {
        #expect(EncodedInvoice.grouped(typed) == printed)
    }
}
