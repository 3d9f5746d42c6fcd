import Foundation
import LedgerTestSupport
import Testing

/// Locales and first days of the week as a user types them, through the built `ledger` on a real data folder.
@Suite("Settings: locales and weekdays end to end")
struct LocaleAndWeekdayEndToEndTests {
    @Test func localesFoundationKnowsAreKeptAndOthersAreRefusedWithSuggestions() async throws {
        let workspace = try LedgerWorkspace()
        for identifier in ["pl_PL", "pl-PL", "de_CH", "el_GR"] {
            let result = try await workspace.run(["config", "set", "locale", identifier])
            #expect(result.status == 0, "\(identifier): \(result.standardError)")
            let read = try await workspace.run(["config", "get", "locale"])
            #expect(read.standardOutput == identifier + "\n")
        }
        let refused = try await workspace.run(["config", "set", "locale", "xx_YY"])
        #expect(refused.status == 65, "\(refused.standardError)")
        #expect(refused.standardError.contains("ledger: there is no locale 'xx_YY'; the closest are "))
        #expect(refused.standardError.contains("hint: Give a language and region"))
        #expect(ReadableError.problems(refused, ["config", "set", "locale", "xx_YY"]).isEmpty)
        let kept = try await workspace.run(["config", "get", "locale"])
        #expect(kept.standardOutput == "el_GR\n", "nothing changed: \(kept.standardOutput)")
        for hostile in ["", "de\u{1B}[2J", String(repeating: "de_", count: 20_000)] {
            let result = try await workspace.run(["config", "set", "locale", hostile])
            #expect(result.status == 65 || result.status == 64, "\(result.standardError.prefix(200))")
            #expect(!result.standardError.contains("\u{1B}") && result.standardError.utf8.count < 4_000)
        }
    }

    @Test func aWeekdayIsAcceptedAsPeopleWriteItAndKeptByItsName() async throws {
        let workspace = try LedgerWorkspace()
        for text in ["Mon", "monday", "MONDAY", "1"] {
            let result = try await workspace.run(["config", "set", "week.first-day", text])
            #expect(result.status == 0 && result.standardOutput == "week.first-day  monday\n", "\(text)")
        }
        let refused = try await workspace.run(["config", "set", "week.first-day", "someday"])
        #expect(refused.status == 65 && refused.standardError.contains("1 is Monday, 7 is Sunday"))
    }
}
