import CommandKit
import CommandKitTesting
import Foundation
import Storage
import StorageTesting
import Testing

@testable import ExpensesFeature

/// The expense commands run in the test process on an in-memory store, as `ledger` runs them.
@Suite("Expenses: the commands")
struct ExpenseCommandsTests {
    private let store = FakeExpenseStore()

    private var harness: CommandHarness {
        let expenses = makeExpenses(store: store)
        return CommandHarness(ExpenseCommands(expenses: { expenses }))
    }

    @Test func addingAnExpenseSaysWhatWasAddedAndSavesIt() async throws {
        let result = await harness.run(["expense", "add", "--title", "Coffee", "--price", "3.80"])
        #expect(result.status == .success, "\(result.error)")
        #expect(result.output.hasPrefix("Added Coffee: €3.80 on 2026-03-18 ("))
        let saved = await store.report(in: Date.distantPast..<Date.distantFuture).entries
        #expect(saved.map(\.title) == ["Coffee"])
        #expect(saved.first?.price == Decimal(string: "3.80"))
    }

    @Test func aDayKeepsTheTimeOfDayItWasRecordedAt() async throws {
        let result = await harness.run(["expense", "add", "--title", "Taxi", "--price", "9", "--date", "2026-03-01"])
        #expect(result.status == .success, "\(result.error)")
        let saved = try #require(await store.report(in: Date.distantPast..<Date.distantFuture).entries.first)
        #expect(saved.date == Date(timeIntervalSince1970: 1_772_366_400))  // 2026-03-01 12:00 UTC
    }

    @Test func withJSONTheExpenseIsPrintedWithEveryKey() async throws {
        let result = await harness.run(["expense", "add", "--title", "Coffee", "--price", "3.8"], json: true)
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
        #expect(
            Set(object.keys) == ["id", "title", "amount", "currency", "date", "comment", "category", "tags"])
        #expect(object["amount"] as? String == "3.8" && object["currency"] as? String == "EUR")
        #expect(object["date"] as? String == "2026-03-18")
        #expect(object["category"] is NSNull)
        #expect((object["tags"] as? [String]) == [])
    }

    @Test(arguments: [
        (["expense", "add", "--title", "x", "--price", "1,5"], "--price '1,5' is not a number such as 12.50"),
        (["expense", "add", "--title", "x", "--price", "1", "--date", "2026-02-30"], "--date: 2026-02-30 does not"),
        (["expense", "add", "--price", "1"], "expense add needs --title"),
        (["report", "decade"], "unknown report period 'decade'; use day, week, month or year"),
        (
            ["report", "week", "--from", "2026-03-01", "--to", "2026-03-02"],
            "report takes a period or --from and --to, not both"
        ),
        (["report", "--from", "2026-03-02", "--to", "2026-03-01"], "--from 2026-03-02 is after --to 2026-03-01"),
        (["report", "--from", "2026-03-02"], "report --from needs --to as well"),
        (["report", "week", "--format", "xml"], "--format 'xml' is not one of table, csv, json"),
        (["expense", "edit", "12345678"], "expense edit needs at least one of"),
    ])
    func aWrongCommandLineIsAUsageErrorThatNamesWhatWasTyped(words: [String], message: String) async {
        let result = await harness.run(words)
        #expect(result.status == .usage)
        #expect(result.error.contains(message), "\(result.error)")
        #expect(result.error.contains("usage: ledger "), "\(result.error)")
        #expect(result.output.isEmpty)
    }

    @Test func anInvalidExpenseListsEveryProblemWithItsCode() async {
        let result = await harness.run(["expense", "add", "--title", " ", "--price", "-1"])
        #expect(result.status == .dataError)
        #expect(result.error.hasPrefix("ledger: the expense is not valid:\n"))
        #expect(result.error.contains("[expense.titleMissing]"))
        #expect(result.error.contains("[expense.priceNotPositive]"))
    }

    @Test func anUnknownIdIsNotFoundAndAShortOneIsRefused() async {
        let unknown = await harness.run(["expense", "delete", "12345678"])
        #expect(unknown.status == .dataError)
        #expect(unknown.error.contains("no expense '12345678' on this machine"))
        let short = await harness.run(["expense", "delete", "1234"])
        #expect(short.status == .usage)
        #expect(short.error.contains("'1234' is too short to name an expense"))
    }

    @Test func aWeekIsReportedByDayUnderItsTitleAndDates() async throws {
        _ = await harness.run(["expense", "add", "--title", "Coffee", "--price", "3.80"])
        let result = await harness.run(["report", "weekly"])
        #expect(result.status == .success, "\(result.error)")
        let lines = result.output.split(separator: "\n").map(String.init)
        #expect(lines.first == "This week: 2026-03-16 to 2026-03-22")
        #expect(lines.contains { $0.hasPrefix("2026-03-18  Coffee") && $0.contains("€3.80") })
    }

    @Test func everyNamedPeriodIsOfferedByHelpCompletionAndTheReportLink() throws {
        let group = ExpenseCommands(expenses: { makeExpenses() })
        let report = try #require(group.commands.first { $0.path == ["report"] })
        #expect(report.argumentChoices == [["day", "week", "month", "year"]])
        #expect(report.summary.contains("day, week, month or year"))
        let link = try #require(group.screens.first { $0.name == "report" }?.value)
        #expect(link.choices == ["day", "week", "month", "year"])
        #expect(link.canonical("Weekly") == "week")
        #expect(link.canonical("decade") == nil)
    }

    @Test func importingAFileThatIsNotThereSaysSo() async {
        let result = await harness.run(["expense", "import", "/no/such/file.csv"])
        #expect(result.status == .usage)
        #expect(result.error.contains("cannot read '/no/such/file.csv'"))
    }

    @Test func aFailingStoreIsReportedWithItsSentenceAndExitStatus74() async {
        let failing = CommandHarness(
            ExpenseCommands(expenses: { () async throws(StorageError) -> Expenses in
                throw .closed
            }))
        let result = await failing.run(["expense", "list"])
        #expect(result.status == .ioError)
        #expect(result.error.hasPrefix("ledger: "))
        #expect(!result.error.contains("closed)"))
    }
}
