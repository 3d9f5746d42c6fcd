import Foundation
import Rendering
import Testing

@Suite("Rendering: expense reports")
struct ExpenseReportTests {
    private func sample() throws -> ExpenseReport {
        ExpenseReport(
            title: "Week 11, 2025",
            sections: [
                ExpenseReportSection(
                    heading: "Travel",
                    rows: [
                        ExpenseReportRow(
                            date: try day(2025, 3, 10), title: "Train to Bristol", amount: try decimal("42.5"),
                            currency: .gbp),
                        ExpenseReportRow(
                            date: try day(2025, 3, 11), title: "Taxi", amount: try decimal("18.005"), currency: .gbp),
                    ]),
                ExpenseReportSection(
                    heading: "Meals",
                    rows: [
                        ExpenseReportRow(
                            date: try day(2025, 3, 12), title: "Lunch, \"team\"", amount: 1_500, currency: .jpy),
                        ExpenseReportRow(
                            date: try day(2025, 3, 12), title: "=HYPERLINK(\"http://x\")", amount: try decimal("-3.2"),
                            currency: .gbp),
                    ]),
            ])
    }

    @Test func totalsArePerCurrencyOfRoundedRows() throws {
        let report = try sample()
        #expect(report.totals.map(\.currency.code) == ["GBP", "JPY"])
        // 42.50 + 18.01 (rounded half away from zero) - 3.20
        #expect(report.totals.map(\.amount) == [try decimal("57.31"), 1_500])
        #expect(report.sections[0].totals.map(\.amount) == [try decimal("60.51")])
    }

    @Test func plainTextIsAnAlignedTable() throws {
        let text = PlainTextExpenseReportFormatter(locale: .enGB).format(try sample())
        let expected = """
            Week 11, 2025
            =============
            Date        Title                     Amount
            ----------  ----------------------  --------

            Travel
            10/03/2025  Train to Bristol          £42.50
            11/03/2025  Taxi                      £18.01
                        Subtotal GBP              £60.51

            Meals
            12/03/2025  Lunch, "team"           JP¥1,500
            12/03/2025  =HYPERLINK("http://x")    -£3.20
                        Subtotal GBP              -£3.20
                        Subtotal JPY            JP¥1,500
            --------------------------------------------
            Total       GBP                       £57.31
            Total       JPY                     JP¥1,500

            """
        #expect(text == expected)
    }

    @Test func plainTextWrapsLongTitlesAndFlattensControlCharacters() throws {
        let rows = [
            ExpenseReportRow(
                date: try day(2025, 1, 1),
                title: "A very long title that keeps going\nwith a newline\tand tab "
                    + String(repeating: "x", count: 30), amount: 1, currency: .usd)
        ]
        let text = PlainTextExpenseReportFormatter(maximumTitleWidth: 20).format(
            ExpenseReport(title: "R\nR", rows: rows))
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines[0] == "R R")
        #expect(lines.contains("01/01/2025  A very long title      $1.00"))
        #expect(lines.contains("            that keeps going"))
        #expect(lines.contains("            with a newline and"))
        #expect(lines.contains("            tab"))
        #expect(lines.contains("            xxxxxxxxxxxxxxxxxxxx"))
        #expect(lines.contains("            xxxxxxxxxx"))
        #expect(!text.contains("\t"))
    }

    @Test(arguments: [Int.min, -5, 0, 9])
    func titleWidthsBelowTenAreRaisedToTen(width: Int) throws {
        let row = ExpenseReportRow(date: try day(2025, 1, 1), title: "abcdefghijklmnop", amount: 1, currency: .usd)
        let text = PlainTextExpenseReportFormatter(maximumTitleWidth: width).format(
            ExpenseReport(title: "t", rows: [row]))
        #expect(text.contains("01/01/2025  abcdefghij   $1.00\n            klmnop\n"))
    }

    @Test func emptyReportsStillFormat() {
        let empty = ExpenseReport(title: "", sections: [])
        let text = PlainTextExpenseReportFormatter().format(empty)
        #expect(text.hasSuffix("Total           none\n"))
        #expect(CSVExpenseReportFormatter().format(empty) == "date,group,title,amount,currency,comment\r\n")
        #expect(empty.totals.isEmpty)
    }

    @Test func csvQuotesEscapesAndDefusesFormulas() throws {
        let csv = CSVExpenseReportFormatter().format(try sample())
        let expected =
            "date,group,title,amount,currency,comment\r\n"
            + "2025-03-10,Travel,Train to Bristol,42.50,GBP,\r\n"
            + "2025-03-11,Travel,Taxi,18.01,GBP,\r\n"
            + "2025-03-12,Meals,\"Lunch, \"\"team\"\"\",1500,JPY,\r\n"
            + "2025-03-12,Meals,\"'=HYPERLINK(\"\"http://x\"\")\",-3.20,GBP,\r\n"
        #expect(csv == expected)
    }

    @Test(arguments: [
        ("+1", "'+1"), ("-x", "'-x"), ("@cmd", "'@cmd"), ("\tx", "'\tx"), ("a\nb", "\"a\nb\""), (" pad ", "\" pad \""),
        ("plain", "plain"), ("", ""), ("naïve €", "naïve €"),
    ])
    func csvTextCells(title: String, cell: String) throws {
        let row = ExpenseReportRow(date: try day(2025, 1, 1), title: title, amount: 1, currency: .usd)
        let csv = CSVExpenseReportFormatter().format(ExpenseReport(title: "t", rows: [row]))
        #expect(csv == "date,group,title,amount,currency,comment\r\n2025-01-01,,\(cell),1.00,USD,\r\n")
        let commented = ExpenseReportRow(
            date: try day(2025, 1, 1), title: "t", amount: 1, currency: .usd, comment: title)
        let withComment = CSVExpenseReportFormatter().format(ExpenseReport(title: "t", rows: [commented]))
        #expect(withComment == "date,group,title,amount,currency,comment\r\n2025-01-01,,t,1.00,USD,\(cell)\r\n")
    }

    @Test func nanAmountsAreShownNotDropped() throws {
        let rows = [
            ExpenseReportRow(date: try day(2025, 1, 1), title: "ok", amount: 1, currency: .usd),
            ExpenseReportRow(date: try day(2025, 1, 2), title: "bad", amount: .nan, currency: .usd),
        ]
        let report = ExpenseReport(title: "t", rows: rows)
        #expect(report.totals.first?.amount.isNaN == true)
        #expect(PlainTextExpenseReportFormatter().format(report).contains("Total       USD       NaN"))
        #expect(CSVExpenseReportFormatter().format(report).contains("2025-01-02,,bad,NaN,USD"))
    }

    @Test func largeReportsFormatEveryRow() throws {
        let rows = try (0..<20_000).map { index in
            ExpenseReportRow(
                date: try day(2025, 1, 1 + index % 28), title: "Row \(index)", amount: Decimal(index), currency: .eur)
        }
        let report = ExpenseReport(title: "Year", rows: rows)
        let csv = CSVExpenseReportFormatter().format(report)
        #expect(csv.components(separatedBy: "\r\n").count == 20_002)
        let text = PlainTextExpenseReportFormatter(locale: .deDE).format(report)
        #expect(text.contains("Total       EUR        199.990.000,00\u{A0}€"))
    }
}
