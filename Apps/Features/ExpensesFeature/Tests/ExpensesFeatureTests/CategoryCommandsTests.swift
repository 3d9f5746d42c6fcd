import CommandKit
import CommandKitTesting
import Foundation
import Storage
import StorageTesting
import Testing

@testable import ExpensesFeature

/// Categories and tags on the command line, the filters of `expense list`, reports by category and past periods.
@Suite("Expenses: categories, filters and past periods")
struct CategoryCommandsTests {
    private let store = FakeExpenseStore()

    private var harness: CommandHarness {
        let expenses = makeExpenses(store: store)
        return CommandHarness(ExpenseCommands(expenses: { expenses }))
    }

    private var everything: [ExpenseEntry] {
        get async { await store.report(in: Date.distantPast..<Date.distantFuture).entries }
    }

    /// Five expenses in February and March 2026 (today is 2026-03-18).
    private func record() async throws {
        let rows: [[String]] = [
            [
                "--title", "Groceries", "--price", "42.10", "--date", "2026-03-02", "--category", "Food", "--tag",
                "home",
            ],
            [
                "--title", "Lunch with client", "--price", "18", "--date", "2026-03-10", "--category", "food", "--tag",
                "Work", "--tag", "client-a",
            ],
            [
                "--title", "Train to Bern", "--price", "64", "--date", "2026-03-11", "--category", "Travel", "--tag",
                "work",
            ],
            ["--title", "Book", "--price", "9.90", "--date", "2026-03-17"],
            ["--title", "Team lunch", "--price", "55", "--date", "2026-02-20", "--category", "Food"],
        ]
        for row in rows {
            let result = await harness.run(["expense", "add"] + row)
            try #require(result.status == .success, "\(result.error)")
        }
    }

    private func listedTitles(_ words: [String]) async throws -> [String] {
        let result = await harness.run(["expense", "list"] + words, json: true)
        try #require(result.status == .success, "\(result.error)")
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
        let entries = try #require(object["entries"] as? [[String: Any]])
        return entries.compactMap { $0["title"] as? String }
    }

    @Test func anExpenseIsAddedWithItsCategoryAndTagsTrimmedAndOnce() async throws {
        let result = await harness.run(
            [
                "expense", "add", "--title", "Taxi", "--price", "12", "--category", " Travel ", "--tag", "work",
                "--tag", "Work", "--tag", " late ",
            ],
            json: true)
        #expect(result.status == .success, "\(result.error)")
        let saved = try #require(await everything.first)
        #expect(saved.category == "Travel")
        #expect(saved.tags == ["work", "late"])
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
        #expect(object["category"] as? String == "Travel")
        #expect(object["tags"] as? [String] == ["work", "late"])
    }

    @Test func editingChangesTheLabelsAndKeepsThemWhenOtherFieldsChange() async throws {
        try await record()
        let train = try #require(await everything.first { $0.title == "Train to Bern" })
        let id = String(train.id.uuidString.lowercased().prefix(8))

        #expect(await harness.run(["expense", "edit", id, "--price", "66"]).status == .success)
        var edited = try #require(await everything.first { $0.id == train.id })
        #expect(edited.category == "Travel" && edited.tags == ["work"])

        let result = await harness.run(
            ["expense", "edit", id, "--category", "Transport", "--tag", "client-b", "--untag", "WORK"])
        #expect(result.status == .success, "\(result.error)")
        edited = try #require(await everything.first { $0.id == train.id })
        #expect(edited.category == "Transport" && edited.tags == ["client-b"])

        #expect(await harness.run(["expense", "edit", id, "--no-category"]).status == .success)
        edited = try #require(await everything.first { $0.id == train.id })
        #expect(edited.category == nil && edited.tags == ["client-b"] && edited.price == 66)
    }

    @Test func listFiltersByCategoryTagTextAmountAndDays() async throws {
        try await record()
        #expect(try await listedTitles([]).count == 5)
        #expect(try await listedTitles(["--category", "FOOD"]) == ["Lunch with client", "Groceries", "Team lunch"])
        #expect(try await listedTitles(["--tag", "work"]) == ["Train to Bern", "Lunch with client"])
        #expect(try await listedTitles(["--text", "LUNCH"]) == ["Lunch with client", "Team lunch"])
        #expect(
            try await listedTitles(["--min", "18", "--max", "55"]) == ["Lunch with client", "Groceries", "Team lunch"])
        #expect(
            try await listedTitles(["--from", "2026-03-10", "--to", "2026-03-11"]) == [
                "Train to Bern", "Lunch with client",
            ])
        #expect(try await listedTitles(["--to", "2026-02-28"]) == ["Team lunch"])
        #expect(
            try await listedTitles(["--category", "food", "--from", "2026-03-01", "--text", "lunch"])
                == ["Lunch with client"])
        #expect(try await listedTitles(["--category", "Garden"]).isEmpty)
    }

    @Test func theTotalsOfAFilteredListAreThoseOfTheExpensesListed() async throws {
        try await record()
        let result = await harness.run(["expense", "list", "--category", "food", "--from", "2026-03-01"], json: true)
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
        let totals = try #require(object["totals"] as? [[String: Any]])
        #expect(totals.first?["amount"] as? String == "60.1")
        #expect(totals.first?["entries"] as? Int == 2)
        #expect(object["from"] as? String == "2026-03-01")
    }

    @Test func aMonthByCategoryHasASubtotalPerCategoryAndTheUncategorisedLast() async throws {
        try await record()
        let result = await harness.run(["report", "month", "--by", "category"])
        #expect(result.status == .success, "\(result.error)")
        let lines = result.output.split(separator: "\n").map(String.init)
        let headings = lines.filter {
            ["Food", "Travel", "uncategorised"].contains($0.trimmingCharacters(in: .whitespaces))
        }
        #expect(
            headings.map { $0.trimmingCharacters(in: .whitespaces) } == ["Food", "Travel", "uncategorised"],
            "\(result.output)")
        #expect(result.output.contains("€60.10"), "\(result.output)")

        let json = await harness.run(["report", "month", "--by", "category"], json: true)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any])
        let categories = try #require(object["categories"] as? [[String: Any]])
        #expect(categories.map { $0["category"] as? String } == ["Food", "Travel", nil])
        #expect(categories.last?["category"] is NSNull)
        let food = try #require(categories.first?["totals"] as? [[String: Any]])
        #expect(food.first?["amount"] as? String == "60.1")
    }

    @Test(
        arguments: [
            (["report", "month", "2026-02"], "Month 2026-02: 2026-02-01 to 2026-02-28", ["Team lunch"]),
            (["report", "month", "--previous"], "Last month: 2026-02-01 to 2026-02-28", ["Team lunch"]),
            (
                ["report", "week", "2026-W11"], "Week 2026-W11: 2026-03-09 to 2026-03-15",
                ["Train to Bern", "Lunch with client"]
            ),
            (
                ["report", "week", "--previous"], "Last week: 2026-03-09 to 2026-03-15",
                ["Train to Bern", "Lunch with client"]
            ),
            (["report", "day", "2026-03-02"], "Day 2026-03-02: 2026-03-02", ["Groceries"]),
            (["report", "year", "2025"], "Year 2025: 2025-01-01 to 2025-12-31", []),
        ] as [([String], String, [String])])
    func aPastPeriodIsReportedUnderItsNameAndDates(words: [String], title: String, titles: [String]) async throws {
        try await record()
        let table = await harness.run(words)
        #expect(table.status == .success, "\(table.error)")
        #expect(table.output.split(separator: "\n").first.map(String.init) == title, "\(table.output)")
        let json = await harness.run(words, json: true)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any])
        let entries = try #require(object["entries"] as? [[String: Any]])
        #expect(entries.compactMap { $0["title"] as? String } == titles)
    }

    @Test func aWeekStartsOnTheConfiguredFirstDay() throws {
        var sundayFirst = utcCalendar
        sundayFirst.firstWeekday = 1
        let week = try ReportPeriod.week.named("2026-W10", in: sundayFirst)
        let mondayWeek = try ReportPeriod.week.named("2026-W10", in: utcCalendar)
        let monday = try #require(utcCalendar.date(from: DateComponents(year: 2026, month: 3, day: 2)))
        #expect(try mondayWeek.range.period(containing: fixedNow, in: utcCalendar).lowerBound == monday)
        #expect(
            try week.range.period(containing: fixedNow, in: sundayFirst).lowerBound
                == monday.addingTimeInterval(-86_400))
        // 2026 has 53 ISO weeks (it starts on a Thursday); 2025 has 52.
        #expect(throws: Never.self) { try ReportPeriod.week.named("2026-W53", in: utcCalendar) }
        #expect(
            throws: ReportPeriod.DateProblem.noSuchPeriod(
                text: "2025-W53", expected: "YYYY-Www (an ISO week), such as 2026-W10")
        ) {
            try ReportPeriod.week.named("2025-W53", in: utcCalendar)
        }
    }

    @Test(
        arguments: [
            (
                ["expense", "add", "--title", "x", "--price", "1", "--category", ""],
                "--category '' was refused because"
            ),
            (
                ["expense", "add", "--title", "x", "--price", "1", "--category", "a\tb"],
                "--category 'a\tb' was refused"
            ),
            (
                ["expense", "add", "--title", "x", "--price", "1", "--category", String(repeating: "c", count: 101)],
                "longer than 100 bytes"
            ),
            (["expense", "add", "--title", "x", "--price", "1", "--tag", "a,b"], "--tag 'a,b' was refused because"),
            (["expense", "add", "--title", "x", "--price", "1", "--tag", " "], "--tag ' ' was refused"),
            (
                ["expense", "add", "--title", "x", "--price", "1", "--tag", String(repeating: "t", count: 51)],
                "longer than 50 bytes"
            ),
            (
                ["expense", "add", "--title", "x", "--price", "1"] + (0...20).flatMap { ["--tag", "t\($0)"] },
                "more than 20 tags"
            ),
            (
                ["expense", "edit", "12345678", "--category", "A", "--no-category"],
                "--category NAME or --no-category, not both"
            ),
            (["expense", "edit", "12345678", "--untag", ""], "--untag '' was refused"),
            (["expense", "list", "--category", " "], "--category ' ' was refused"),
            (["expense", "list", "--tag", "a,b"], "--tag 'a,b' was refused"),
            (["expense", "list", "--text", " "], "--text needs some text"),
            (["expense", "list", "--min", "ten"], "--min 'ten' is not a number"),
            (["expense", "list", "--max", "1e999"], "--max '1e999'"),
            (["expense", "list", "--min", "10", "--max", "5"], "--min 10 is more than --max 5"),
            (
                ["expense", "list", "--from", "2026-03-05", "--to", "2026-03-01"],
                "--from 2026-03-05 is after --to 2026-03-01"
            ),
            (["expense", "list", "--from", "yesterday"], "--from"),
            (["expense", "list", "--to", "2026-02-30"], "--to"),
            (["report", "month", "2026-13"], "'2026-13' names no such period; write it as YYYY-MM, such as 2026-03"),
            (["report", "month", "2026-3"], "'2026-3' is not written as YYYY-MM, such as 2026-03"),
            (["report", "month", "0000-01"], "'0000-01' names no such period"),
            (["report", "month", "garbage"], "'garbage' is not written as YYYY-MM"),
            (["report", "month", String(repeating: "9", count: 400)], "is not written as YYYY-MM"),
            (["report", "week", "2026-W54"], "'2026-W54' names no such period; write it as YYYY-Www (an ISO week)"),
            (["report", "week", "2026-W00"], "'2026-W00' names no such period"),
            (["report", "week", "2026-10"], "'2026-10' is not written as YYYY-Www"),
            (["report", "day", "2026-02-30"], "'2026-02-30' names no such period; write it as YYYY-MM-DD"),
            (["report", "year", "twenty"], "'twenty' is not written as YYYY, such as 2026"),
            (["report", "month", "2026-03", "--previous"], "give the month to report or --previous, not both"),
            (["report", "--previous"], "report needs a period"),
            (["report", "--from", "2026-03-01", "--to", "2026-03-02", "--previous"], "--previous needs a period"),
            (["report", "month", "--by", "region"], "--by"),
            (["report", "month", "2026-03", "extra"], "report does not take 'extra'"),
        ] as [([String], String)])
    func badInputIsAUsageErrorNamingWhatWasTyped(words: [String], message: String) async {
        let result = await harness.run(words)
        #expect(result.status == .usage, "\(words): \(result.error)")
        #expect(result.error.contains(message), "\(result.error)")
        #expect(result.output.isEmpty)
    }
}
