import Foundation
import LedgerTestSupport
import Testing

/// Categories, tags, filters and past periods through the built `ledger` on a real SQLite file.
@Suite("Expenses: categories and past periods end to end")
struct CategoryEndToEndTests {
    /// Three expenses of March 2026 in a new data folder.
    private func workspaceWithExpenses() async throws -> LedgerWorkspace {
        let workspace = try LedgerWorkspace()
        let rows: [[String]] = [
            [
                "--title", "Groceries", "--price", "42.10", "--date", "2026-03-02", "--category", "Food", "--tag",
                "home",
            ],
            [
                "--title", "Lunch with client", "--price", "18", "--date", "2026-03-10", "--category", "food",
                "--tag", "work",
            ],
            ["--title", "Book", "--price", "9.90", "--date", "2026-03-17"],
        ]
        for row in rows {
            let added = try await workspace.run(["expense", "add"] + row)
            try #require(added.status == 0, "\(added.standardError)")
        }
        return workspace
    }

    private func titles(_ result: LedgerBinary.Result) throws -> [String] {
        let document = try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any]
        let entries = try #require(document?["entries"] as? [[String: Any]])
        return entries.compactMap { $0["title"] as? String }
    }

    @Test func labelsAreKeptFilteredAndGroupedAcrossRuns() async throws {
        let workspace = try await workspaceWithExpenses()
        let food = try await workspace.run(["expense", "list", "--category", "FOOD", "--json"])
        #expect(food.status == 0, "\(food.standardError)")
        #expect(try titles(food) == ["Lunch with client", "Groceries"])
        let cheap = try await workspace.run(["expense", "list", "--max", "20", "--json"])
        #expect(try titles(cheap) == ["Book", "Lunch with client"])
        let client = try await workspace.run(["expense", "list", "--text", "CLIENT", "--json"])
        #expect(try titles(client) == ["Lunch with client"])

        let grouped = try await workspace.run(["report", "month", "2026-03", "--by", "category"])
        #expect(grouped.status == 0, "\(grouped.standardError)")
        #expect(grouped.standardOutput.hasPrefix("Month 2026-03: 2026-03-01 to 2026-03-31"))
        let headings = grouped.standardOutput.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        #expect(headings.contains("Food") && headings.contains("uncategorised"), "\(grouped.standardOutput)")

        let list = try await workspace.run(["expense", "list", "--tag", "work", "--json"])
        let document = try JSONSerialization.jsonObject(with: Data(list.standardOutput.utf8)) as? [String: Any]
        let entry = try #require((document?["entries"] as? [[String: Any]])?.first)
        #expect(entry["category"] as? String == "food")
        #expect(entry["tags"] as? [String] == ["work"])
    }

    @Test func anEditChangesLabelsAndExportThenImportKeepsThem() async throws {
        let workspace = try await workspaceWithExpenses()
        let list = try await workspace.run(["expense", "list", "--text", "book", "--json"])
        let document = try JSONSerialization.jsonObject(with: Data(list.standardOutput.utf8)) as? [String: Any]
        let id = try #require((document?["entries"] as? [[String: Any]])?.first?["id"] as? String)
        let edited = try await workspace.run(["expense", "edit", id, "--category", "Leisure", "--tag", "gift"])
        #expect(edited.status == 0, "\(edited.standardError)")

        let exported = try await workspace.run(["expense", "export"])
        #expect(
            exported.standardOutput.hasPrefix("date,time,utc_offset,title,amount,currency,comment,id,category,tags"))
        let other = try LedgerWorkspace()
        let file = try other.file("export.csv", exported.standardOutput)
        let imported = try await other.run(["expense", "import", file.path])
        #expect(imported.status == 0, "\(imported.standardError)")
        let leisure = try await other.run(["expense", "list", "--category", "leisure", "--tag", "GIFT", "--json"])
        #expect(try titles(leisure) == ["Book"])
    }

    @Test func pastPeriodsAreReportedAndBadOnesRefusedWithExit64() async throws {
        let workspace = try await workspaceWithExpenses()
        let week = try await workspace.run(["report", "week", "2026-W11", "--format", "json"])
        #expect(week.status == 0, "\(week.standardError)")
        #expect(try titles(week) == ["Lunch with client"])
        let previous = try await workspace.run(["report", "month", "--previous"])
        #expect(previous.status == 0, "\(previous.standardError)")
        #expect(previous.standardOutput.hasPrefix("Last month: "))

        for (words, message) in [
            (["report", "month", "2026-13"], "'2026-13' names no such period; write it as YYYY-MM"),
            (["report", "week", "2026-W54"], "'2026-W54' names no such period"),
            (["report", "month", "garbage"], "'garbage' is not written as YYYY-MM"),
            (["expense", "list", "--min", "ten"], "--min 'ten'"),
            (["expense", "add", "--title", "x", "--price", "1", "--tag", "a,b"], "--tag 'a,b' was refused"),
        ] {
            let refused = try await workspace.run(words)
            #expect(refused.status == 64, "\(words): \(refused.standardError)")
            #expect(refused.standardError.contains(message), "\(refused.standardError)")
        }
    }
}
