import CommandKit
import CommandKitTesting
import Foundation
import Storage
import StorageTesting
import Testing

@testable import ExpensesFeature

/// What `expense list` and `report` print for people, and how ids typed from the list find an expense.
@Suite("Expenses: the list, its ids and the report's command line")
struct ExpenseListCommandTests {
    private static let coffee = UUID(uuidString: "4b1d7c2e-aaaa-4aaa-8aaa-aaaaaaaaaaaa") ?? UUID()
    private static let taxi = UUID(uuidString: "4b1d7c2e-abbb-4bbb-8bbb-bbbbbbbbbbbb") ?? UUID()
    private static let hotel = UUID(uuidString: "9f00a1b2-cccc-4ccc-8ccc-cccccccccccc") ?? UUID()

    private let store: FakeExpenseStore

    init() throws {
        let day = fixedNow
        store = try FakeExpenseStore(entries: [
            ExpenseEntry(id: Self.coffee, title: "Coffee", price: 3.8, currencyCode: "EUR", date: day),
            ExpenseEntry(
                id: Self.taxi, title: "Taxi to the airport", price: 38.2, currencyCode: "EUR",
                date: day.addingTimeInterval(60)),
            ExpenseEntry(
                id: Self.hotel, title: "Hotel", price: 129, currencyCode: "EUR", date: day.addingTimeInterval(-86_400)),
        ])
    }

    private var harness: CommandHarness {
        let expenses = makeExpenses(store: store)
        return CommandHarness(ExpenseCommands(expenses: { expenses }))
    }

    @Test func shortIdsAreTheShortestUniquePrefixesOfAtLeastEightCharacters() {
        let ids = ShortIDs(of: [Self.coffee, Self.taxi, Self.hotel])
        #expect(ids[Self.coffee] == "4b1d7c2e-aa")
        #expect(ids[Self.taxi] == "4b1d7c2e-ab")
        #expect(ids[Self.hotel] == "9f00a1b2")
    }

    @Test func theListShowsEachExpensesShortId() async {
        let result = await harness.run(["expense", "list"])
        #expect(result.status == .success, "\(result.error)")
        let lines = result.output.split(separator: "\n").map(String.init)
        #expect(lines.contains { $0.contains("  Coffee  ") && $0.hasSuffix("€3.80  4b1d7c2e-aa") }, "\(result.output)")
        #expect(lines.contains { $0.contains("  Taxi to the airport  ") && $0.hasSuffix("€38.20  4b1d7c2e-ab") })
        #expect(lines.contains { $0.contains("  Hotel  ") && $0.hasSuffix("€129.00  9f00a1b2") }, "\(result.output)")
    }

    @Test func eachDayIsPrintedOnceAsTheHeadingOfItsExpenses() async {
        let result = await harness.run(["expense", "list"])
        let lines = result.output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines.filter { $0.contains("2026-03-18") }.count == 1, "\(result.output)")
        #expect(lines.filter { $0.contains("2026-03-17") }.count == 1, "\(result.output)")
        let first = lines.firstIndex { $0.hasPrefix("2026-03-18  Taxi to the airport  ") }
        #expect(first.map { lines[$0 + 1].hasPrefix("            Coffee  ") } == true, "\(result.output)")
    }

    @Test func anIdFromTheListEditsAndDeletes() async throws {
        let edited = await harness.run(["expense", "edit", "4b1d7c2e-ab", "--title", "Taxi home"])
        #expect(edited.status == .success, "\(edited.error)")
        let deleted = await harness.run(["expense", "delete", "9f00a1b2"])
        #expect(deleted.status == .success, "\(deleted.error)")
        let left = await store.report(in: Date.distantPast..<Date.distantFuture).entries
        #expect(Set(left.map(\.title)) == ["Coffee", "Taxi home"])
    }

    @Test func anAmbiguousPrefixIsRefusedNamingEveryCandidate() async {
        let result = await harness.run(["expense", "delete", "4b1d7c2e"])
        #expect(result.status == .dataError)
        #expect(result.error.contains("'4b1d7c2e' is the start of 2 expenses' ids"), "\(result.error)")
        #expect(result.error.contains("4b1d7c2e-aa  2026-03-18  Coffee"), "\(result.error)")
        #expect(result.error.contains("4b1d7c2e-ab  2026-03-18  Taxi to the airport"), "\(result.error)")
        #expect(await store.report(in: Date.distantPast..<Date.distantFuture).entries.count == 3)
    }

    @Test func aLongTitleIsCutToTheTerminalButNotWhenPiped() async throws {
        let long = String(repeating: "Dinner with the whole team ", count: 5)
        _ = await harness.run(["expense", "add", "--title", long, "--price", "80"])
        let terminal = await harness.run(["expense", "list"], terminal: true, columns: 50)
        let lines = terminal.output.split(separator: "\n").map(String.init)
        #expect(lines.allSatisfy { TerminalText.width($0) <= 50 }, "\(terminal.output)")
        #expect(
            lines.contains { $0.contains("Dinner with") && $0.contains("…") && $0.contains("€80.00") },
            "\(terminal.output)")
        let piped = await harness.run(["expense", "list"], terminal: false, columns: 50)
        #expect(piped.output.contains(long.trimmingCharacters(in: .whitespaces)))
    }

    @Test func aPeriodWithFromAndToSaysToGiveOneOrTheOther() async {
        let result = await harness.run(["report", "month", "--from", "2026-03-01", "--to", "2026-03-31"])
        #expect(result.status == .usage)
        #expect(!result.error.contains("needs"), "\(result.error)")
        #expect(
            result.error.contains(
                "report takes a period or --from and --to, not both: 'month' was given with --from and --to"),
            "\(result.error)")
    }

    @Test(arguments: [
        (["report", "--from", "2026-03-01"], "report --from needs --to as well"),
        (["report", "--to", "2026-03-01"], "report --to needs --from as well"),
        (["report"], "report needs a period (day, week, month or year) or --from and --to"),
    ])
    func aHalfCustomPeriodSaysWhatIsMissing(words: [String], message: String) async {
        let result = await harness.run(words)
        #expect(result.status == .usage)
        #expect(result.error.contains(message), "\(result.error)")
    }

    @Test func withJSONAnInvalidExpenseListsEveryProblemByItsOption() async throws {
        let result = await harness.run(["expense", "add", "--title", " ", "--price", "-1"], json: true)
        #expect(result.status == .dataError)
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
        let error = try #require(object["error"] as? [String: Any])
        let problems = try #require(error["problems"] as? [[String: Any]])
        #expect(problems.compactMap { $0["field"] as? String }.sorted() == ["--price", "--title"])
        #expect(
            problems.compactMap { $0["code"] as? String }.sorted()
                == ["expense.priceNotPositive", "expense.titleMissing"])
        #expect(problems.allSatisfy { ($0["message"] as? String)?.isEmpty == false })
        #expect(error.keys.contains("hint") && error["hint"] is NSNull, "\(result.output)")
    }

    @Test func withJSONAnAmbiguousPrefixListsTheCandidatesIds() async throws {
        let result = await harness.run(["expense", "delete", "4b1d7c2e"], json: true)
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
        let error = try #require(object["error"] as? [String: Any])
        let details = try #require(error["details"] as? [String])
        #expect(details.count == 2)
        #expect(details.allSatisfy { $0.hasPrefix("4b1d7c2e-a") })
    }
}
