import Foundation
import LedgerTestSupport
import Testing

/// The built `ledger` run as a user would, on a real data folder.
@Suite("Expenses: the commands end to end")
struct ExpenseCommandsEndToEndTests {
    @Test func anExpenseAddedInOneRunIsReportedInTheNext() async throws {
        let workspace = try LedgerWorkspace()
        let added = try await workspace.run([
            "expense", "add", "--title", "Train ticket", "--price", "42.50", "--currency", "usd", "--date",
            "2026-03-18", "--comment", "to the client",
        ])
        #expect(added.status == 0, "\(added.standardError)")
        // The dollar sign follows the locale's CLDR data (`$` in American English, `US$` in British English).
        #expect(added.standardOutput.contains("Added Train ticket: "))
        #expect(added.standardOutput.contains("$42.50 on 2026-03-18"), "\(added.standardOutput)")

        let report = try await workspace.run([
            "report", "--from", "2026-03-16", "--to", "2026-03-22", "--format", "json",
        ])
        #expect(report.status == 0)
        let document = try JSONSerialization.jsonObject(with: Data(report.standardOutput.utf8)) as? [String: Any]
        let entries = try #require(document?["entries"] as? [[String: Any]])
        #expect(entries.count == 1)
        #expect(entries.first?["comment"] as? String == "to the client")
        #expect((document?["totals"] as? [[String: Any]])?.first?["amount"] as? String == "42.5")

        let outside = try await workspace.run([
            "report", "--from", "2026-03-19", "--to", "2026-03-22", "--format", "csv",
        ])
        #expect(outside.standardOutput == "date,group,title,amount,currency,comment\r\n")
    }

    @Test func everyFixedReportKindRuns() async throws {
        let workspace = try LedgerWorkspace()
        _ = try await workspace.run(["expense", "add", "--title", "Coffee", "--price", "3.80"])
        for kind in ["day", "week", "month", "year", "daily", "weekly", "monthly", "yearly"] {
            let result = try await workspace.run(["report", kind])
            #expect(result.status == 0, "\(kind): \(result.standardError)")
            #expect(result.standardOutput.contains("Coffee"), "\(kind)")
        }
        let list = try await workspace.run(["expense", "list", "--json"])
        #expect(list.status == 0)
        #expect(try JSONSerialization.jsonObject(with: Data(list.standardOutput.utf8)) is [String: Any])
    }

    @Test func importKeepsGoodRowsReportsBadOnesByLineAndExportReadsBack() async throws {
        let workspace = try LedgerWorkspace()
        let csv = try workspace.file(
            "in.csv",
            """
            date,title,amount,currency,comment
            2026-03-01,Taxi,38.20,EUR,airport
            2026-02-30,Bad day,1,EUR,
            2026-03-02,Hotel,129,EUR,
            2026-03-03,Nothing,0,EUR,

            """)
        let imported = try await workspace.run(["expense", "import", csv.path])
        #expect(imported.status == 0, "\(imported.standardError)")
        #expect(imported.standardOutput.contains("Imported 2 new expenses"))
        #expect(
            imported.standardOutput.contains(
                "line 3: The date 2026-02-30 does not exist: that month has 28 days, not 30."))
        #expect(imported.standardOutput.contains("line 5:"))

        let exported = try await workspace.run(["expense", "export"])
        let rows = exported.standardOutput.components(separatedBy: "\r\n")
        #expect(rows.first == "date,time,utc_offset,title,amount,currency,comment,id")
        #expect(rows.count == 4 && rows.last == "", "two rows and a final line break: \(rows)")
        let pattern = #",[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$"#
        for (row, start) in zip(rows.dropFirst(), ["2026-03-01,00:00:00.000000,UTC", "2026-03-02,00:00:00.000000,UTC"])
        {
            #expect(row.hasPrefix(start) && row.range(of: pattern, options: .regularExpression) != nil, "\(row)")
        }
        #expect(rows[1].contains(",Taxi,38.20,EUR,airport,") && rows[2].contains(",Hotel,129.00,EUR,,"))
        let again = try await workspace.run([
            "expense", "import", try workspace.file("out.csv", exported.standardOutput).path,
        ])
        #expect(
            again.standardOutput.contains("Imported 0 new expenses")
                && again.standardOutput.contains("(2 rows already there)"))
    }

    @Test(arguments: [
        (["expense", "add", "--price", "3"], Int32(64), "needs --title"),
        (["expense", "add", "--title", "x", "--price", "abc"], 64, "is not a number"),
        (["expense", "add", "--title", "x", "--price", "1,5"], 64, "is not a number"),
        (["expense", "add", "--title", "x", "--price", "3", "--date", "2026-02-30"], 64, "2026-02-30 does not exist"),
        (["expense", "add", "--title", "x", "--price", "3", "--date", "2026-13-01"], 64, "has no month 13"),
        (["expense", "add", "--title", "x", "--price", "3", "--date", "1582-10-10"], 64, "is before 1583"),
        (
            ["expense", "add", "--title", "x", "--price", "3", "--date", "01/02/2026"], 64,
            "is not a day written as YYYY-MM-DD"
        ),
        (["expense", "add", "--title", "x", "--price", "-3"], 65, "more than zero"),
        (["expense", "add", "--title", "x", "--price", "3.14159"], 65, "expense.priceTooPrecise"),
        (["expense", "add", "--title", "x", "--price", "3.5", "--currency", "JPY"], 65, "expense.priceTooPrecise"),
        (["expense", "add", "--title", "x", "--price", "0.001"], 65, "expense.priceTooPrecise"),
        (["expense", "add", "--title", "x", "--price", "1", "--date", "2099-01-01"], 65, "--allow-future"),
        (["expense", "add", "--title", " ", "--price", "3"], 65, "expense.titleMissing"),
        (["expense", "add", "--title", "x", "--price", "3", "--currency", "EURO"], 65, "expense.currencyNotISO4217"),
        (["expense", "add", "--title", "x", "--price", "3", "--bogus", "1"], 64, "unknown option '--bogus'"),
        (["expense", "add", "--title"], 64, "--title needs a value"),
        (["expense"], 64, "expense needs one of: add, list, import, export, edit, delete"),
        (["expense", "frob"], 64, "unknown expense command 'frob'"),
        (["expense", "delete"], 64, "usage: ledger expense delete ID"),
        (["expense", "delete", "12345678"], 65, "no expense '12345678'"),
        (["expense", "delete", "1234"], 64, "too short"),
        (["expense", "edit", "12345678"], 64, "needs at least one of"),
        (["expense", "list", "extra"], 64, "does not take 'extra'"),
        (["expense", "import"], 64, "needs FILE.csv"),
        (["expense", "import", "/no/such/file.csv"], 64, "cannot read '/no/such/file.csv': there is no such file"),
        (["report"], 64, "report needs a period (day, week, month or year)"),
        (["report", "decade"], 64, "unknown report period 'decade'"),
        (["report", "--from", "2026-03-10"], 64, "report --from needs --to as well"),
        (["report", "--from", "2026-03-10", "--to", "2026-03-01"], 64, "is after --to"),
        (["report", "week", "--format", "xml"], 64, "--format 'xml'"),
    ])
    func badInputFailsWithTheRightStatusAndMessage(arguments: [String], status: Int32, message: String) async throws {
        let workspace = try LedgerWorkspace()
        let result = try await workspace.run(arguments)
        #expect(result.status == status, "\(arguments): \(result.standardError)")
        #expect(result.standardError.contains(message), "\(arguments): \(result.standardError)")
        #expect(ReadableError.problems(result, arguments).isEmpty, "\(ReadableError.problems(result, arguments))")
    }

    @Test func aDateFarAheadIsKeptWhenTheUserSaysSo() async throws {
        let workspace = try LedgerWorkspace()
        let added = try await workspace.run([
            "--json", "expense", "add", "--title", "Domain", "--price", "10", "--date", "2099-01-01", "--allow-future",
        ])
        #expect(added.status == 0, "\(added.standardError)")
        let entry = try #require(
            try JSONSerialization.jsonObject(with: Data(added.standardOutput.utf8)) as? [String: Any])
        let id = try #require(entry["id"] as? String)
        let listed = try await workspace.run(["--json", "expense", "list"])
        let report = try JSONSerialization.jsonObject(with: Data(listed.standardOutput.utf8)) as? [String: Any]
        let entries = try #require(report?["entries"] as? [[String: Any]])
        #expect(entries.count == 1)
        #expect(entries.first?["id"] as? String == id)
        #expect(entries.first?["date"] as? String == "2099-01-01", "the day as given, not moved to today")
        #expect(entries.first?["title"] as? String == "Domain")
    }

    @Test func anExpenseCanBeCorrectedAndDeletedByItsIdPrefix() async throws {
        let workspace = try LedgerWorkspace()
        let added = try await workspace.run(["--json", "expense", "add", "--title", "Cofee", "--price", "3.80"])
        let entry = try #require(
            try JSONSerialization.jsonObject(with: Data(added.standardOutput.utf8)) as? [String: Any])
        let id = try #require(entry["id"] as? String)
        let listed = try await workspace.run(["expense", "list", "--json"])
        let report = try JSONSerialization.jsonObject(with: Data(listed.standardOutput.utf8)) as? [String: Any]
        let entries = try #require(report?["entries"] as? [[String: Any]])
        #expect(entries.map { $0["id"] as? String } == [id], "every command prints an expense's id the same way")
        let corrected = try await workspace.run(["expense", "edit", String(id.prefix(8)), "--title", "Coffee"])
        #expect(corrected.status == 0, "\(corrected.standardError)")
        #expect(corrected.standardOutput.hasPrefix("Corrected Coffee: €3.80"))
        let deleted = try await workspace.run(["expense", "delete", id])
        #expect(deleted.status == 0 && deleted.standardOutput.hasPrefix("Deleted Coffee"))
        #expect(try await workspace.run(["expense", "delete", id]).status == 65)
    }

    @Test func expensesOfOneDayListInTheOrderTheyWereRecorded() async throws {
        let workspace = try LedgerWorkspace()
        for title in ["First", "Second", "Third", "Fourth"] {
            #expect(
                try await workspace.run(["expense", "add", "--title", title, "--price", "1", "--date", "2026-03-01"])
                    .status == 0)
        }
        let first = try await workspace.run(["expense", "list"]).standardOutput
        let titles = first.split(separator: "\n").compactMap { line in
            ["First", "Second", "Third", "Fourth"].first { line.contains($0) }
        }
        #expect(titles == ["Fourth", "Third", "Second", "First"])
        #expect(try await workspace.run(["expense", "list"]).standardOutput == first)
    }

    @Test func aFileThatIsNotCSVWithTheNeededColumnsImportsNothing() async throws {
        let workspace = try LedgerWorkspace()
        let file = try workspace.file("bad.csv", "name,price\nx,1\n")
        let result = try await workspace.run(["expense", "import", file.path])
        #expect(result.status == 65)
        #expect(result.standardError.contains("date, title, amount and currency"))
        #expect(
            try await workspace.run(["expense", "export"]).standardOutput
                == "date,time,utc_offset,title,amount,currency,comment,id\r\n")
    }

    @Test func everyReportLinkShowsTheReportItsCommandPrints() async throws {
        let workspace = try LedgerWorkspace()
        _ = try await workspace.run(["expense", "add", "--title", "Coffee", "--price", "3.80"])
        for period in ["day", "week", "month", "year"] {
            let link = try await workspace.run(["link", "report", period])
            #expect(link.standardOutput == "ledger://reports/\(period)\n")
            let followed = try await workspace.run(["open", String(link.standardOutput.dropLast())])
            let printed = try await workspace.run(["report", period])
            #expect(followed.status == 0 && followed.standardOutput == printed.standardOutput)
            #expect(printed.standardOutput.contains("Coffee"))
        }
        let longForm = try await workspace.run(["open", "ledger://reports/weekly"])
        #expect(longForm.standardOutput == (try await workspace.run(["report", "week"])).standardOutput)
    }

    @Test func everyErrorPathIsReadable() async throws {
        let workspace = try LedgerWorkspace()
        let cases: [[String]] = [
            ["expense"],
            ["expense", "add", "--title", "x"],
            ["expense", "add", "--price", "1"],
            ["expense", "add", "--title", "x", "--price", "1", "--date", "2026-02-30"],
            ["expense", "add", "--title", "x", "--price", "1.234"],
            ["expense", "add", "--title", " ", "--price", "1"],
            ["expense", "delete", "12345678"],
            ["expense", "delete", "12"],
            ["expense", "import", "/no/such.csv"],
            [
                "expense", "import",
                try workspace.file("bad.csv", "date,title,amount,currency\n\"never closed,x,1,EUR\n").path,
            ],
            ["report", "decade"],
            ["report", "--from", "2026-03-02", "--to", "2026-03-01"],
        ]
        for arguments in cases {
            let result = try await workspace.run(arguments)
            #expect(ReadableError.problems(result, arguments).isEmpty, "\(ReadableError.problems(result, arguments))")
        }
    }
}
