import Foundation
import Testing

@testable import Rendering

@Suite("Rendering: expense tables line up")
struct TableAlignmentTests {
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
        let width = TerminalColumns.width(of: ruler)
        let money = MoneyFormatter(locale: locale)
        let amounts = Set(
            (sections.flatMap(\.rows).map { ($0.amount, $0.currency) }
                + (sections.flatMap(\.totals) + report.totals).map { ($0.amount, $0.currency) })
                .map { money.string(from: $0.0, currency: $0.1) })
        let withAmounts = lines.filter { line in amounts.contains { line.hasSuffix("  " + $0) } }
        #expect(withAmounts.count >= sections.flatMap(\.rows).count)
        for line in withAmounts {
            #expect(TerminalColumns.width(of: line) == width, "\(line)\n\(table)")
        }
        #expect(lines.allSatisfy { TerminalColumns.width(of: $0) <= width }, "\(table)")
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
