import CompositionRoot
import ExpensesFeature
import Foundation
import Storage
import Testing

// The README's example, unchanged, so it keeps compiling.

/// Adds an expense and returns this week's report as a table.
func weeklyTable(dataFolder: URL, api: URL) async throws -> String {
    let factory = LedgerFactory(
        environment: .init(
            dataDirectory: dataFolder, apiBaseURL: api, now: Date.init, calendar: .current, locale: .current,
            log: { _ in }  // receives HTTP attempts, registration steps and skipped sections
        ))
    let expenses = try await factory.makeExpenses()
    _ = try await expenses.recorder.add(NewExpense(title: "Coffee", price: 3.8, currencyCode: "EUR", date: Date()))
    let table = try await expenses.reports.report(.week, format: .table)
    await factory.close()
    return table
}

@Suite("CompositionRoot: README example")
struct ReadmeExampleTests {
    @Test func theExampleAddsAnExpenseAndPrintsTheWeek() async throws {
        let folder = try TemporaryFolder()
        let table = try await weeklyTable(dataFolder: folder.url, api: closedPort)
        #expect(table.hasPrefix("This week: "))
        #expect(table.contains("Coffee"))
    }
}
