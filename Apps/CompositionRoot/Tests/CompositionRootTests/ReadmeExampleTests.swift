import CompositionRoot
import ExpensesFeature
import Foundation
import Storage
import Testing

// The README's example, unchanged, so it keeps compiling.

/// Adds an expense now and returns this week's report as a table. The caller says when "now" is and which
/// calendar cuts the week (a person's: `Date.init` and `.current`; a test's: a fixed day and time zone).
func weeklyTable(
    dataFolder: URL, api: URL, now: @escaping @Sendable () -> Date, calendar: Calendar
) async throws -> String {
    let factory = LedgerFactory(
        environment: .init(
            dataDirectory: dataFolder, apiBaseURL: api, now: now, calendar: calendar, locale: .current,
            log: { _ in }  // receives HTTP attempts, registration steps and skipped sections
        ))
    let expenses = try await factory.makeExpenses()
    _ = try await expenses.recorder.add(NewExpense(title: "Coffee", price: 3.8, currencyCode: "EUR", date: now()))
    let table = try await expenses.reports.report(.week, format: .table)
    await factory.close()
    return table
}

@Suite("CompositionRoot: README example")
struct ReadmeExampleTests {
    @Test func theExampleAddsAnExpenseAndPrintsTheWeek() async throws {
        let folder = try TemporaryFolder()
        let table = try await weeklyTable(
            dataFolder: folder.url, api: closedPort, now: { fixedNow }, calendar: utcCalendar)
        let lines = table.split(separator: "\n")
        // Wednesday 2026-03-18 in a calendar whose weeks start on Monday; amounts follow the machine's locale.
        #expect(lines.first == "This week: 2026-03-16 to 2026-03-22", "\(table)")
        #expect(lines.contains { $0.hasPrefix("2026-03-18  Coffee ") }, "\(table)")
    }
}
