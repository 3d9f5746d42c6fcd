import Foundation
import LedgerTestSupport
import Testing

/// The built `ledger` on a real data folder: the ids the list prints, the report's command line, and errors with
/// `--json`. The test process's pipes are not terminals, so every table here is printed whole.
@Suite("Expenses: the list, its ids and errors end to end")
struct ExpenseListEndToEndTests {
    @Test func theListsShortIdEditsThatExpenseAndPipedTitlesAreWhole() async throws {
        let workspace = try LedgerWorkspace()
        let long = "Dinner with the whole team after the quarterly review at the harbour restaurant"
        let added = try await workspace.run([
            "expense", "add", "--title", long, "--price", "80", "--date", "2026-03-18",
        ])
        #expect(added.status == 0, "\(added.standardError)")
        _ = try await workspace.run(["expense", "add", "--title", "Coffee", "--price", "3.80", "--date", "2026-03-18"])

        let list = try await workspace.run(["expense", "list"])
        #expect(list.status == 0, "\(list.standardError)")
        let lines = list.standardOutput.components(separatedBy: "\n")
        #expect(lines.filter { $0.contains("2026-03-18") }.count == 1, "\(list.standardOutput)")
        let row = try #require(lines.first { $0.contains("  Coffee ") }, "\(list.standardOutput)")
        let shortID = String(row.split(separator: " ").last ?? "")
        #expect(shortID.count >= 8 && shortID.allSatisfy { $0.isHexDigit || $0 == "-" }, "\(row)")
        #expect(list.standardOutput.contains(long), "piped output is never cut: \(list.standardOutput)")

        let edited = try await workspace.run(["expense", "edit", shortID, "--title", "Espresso"])
        #expect(edited.status == 0, "\(edited.standardError)")
        #expect(edited.standardOutput.hasPrefix("Corrected Espresso: "))
    }

    @Test func aPeriodWithFromAndToIsAUsageErrorThatSaysNotBoth() async throws {
        let workspace = try LedgerWorkspace()
        let result = try await workspace.run(["report", "month", "--from", "2026-03-01", "--to", "2026-03-31"])
        #expect(result.status == 64)
        #expect(
            result.standardError.contains(
                "report takes a period or --from and --to, not both: 'month' was given with --from and --to"),
            "\(result.standardError)")
    }

    @Test func withJSONAnInvalidExpenseListsEveryProblemOnStandardOutput() async throws {
        let workspace = try LedgerWorkspace()
        let result = try await workspace.run(["--json", "expense", "add", "--title", " ", "--price", "-1"])
        #expect(result.status == 65)
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
        let error = try #require(object["error"] as? [String: Any])
        let problems = try #require(error["problems"] as? [[String: Any]])
        #expect(problems.compactMap { $0["field"] as? String }.sorted() == ["--price", "--title"])
        #expect(error.keys.contains("hint"))
        #expect(result.standardError.hasPrefix("ledger: the expense is not valid:"))
    }
}
