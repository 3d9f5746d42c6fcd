import CommandKit
import Essentials
import Foundation
import Storage

/// Past periods and sections of `report`: `report month 2026-03`, `report week 2026-W10`, `report month
/// --previous`, `report month --by category`.
extension ExpenseCommands {
    static let reportPeriodOptions: [OptionSpec] = [
        .flag("previous", "the period before the current one: yesterday, last week, last month, last year"),
        .value(
            "by", "SECTIONS", "period (default: days or months) or category (a subtotal per category)",
            choices: ReportSections.allCases.map(\.rawValue)),
    ]

    static let reportPeriodDetails =
        "WHEN names a past period: 'report day 2026-03-05', 'report week 2026-W10' (an ISO week, starting on the "
        + "configured first day of the week), 'report month 2026-03', 'report year 2025'."

    /// `named`, or the past period WHEN or `--previous` names.
    static func pastPeriod(
        _ named: ReportPeriod, when: String?, invocation: Invocation,
        expenses: @Sendable () async throws(CommandError) -> Expenses
    ) async throws(CommandError) -> ReportPeriod {
        let previous = invocation.arguments.has("previous")
        switch (when, previous) {
        case (nil, false):
            return named
        case (nil, true):
            guard let period = named.previous else {
                throw invocation.command.usageError("--previous needs a period: day, week, month or year")
            }
            return period
        case (.some, true):
            throw invocation.command.usageError("give the \(named.name) to report or --previous, not both")
        case (let text?, false):
            let calendar = try await expenses().display.days.calendar
            do throws(ReportPeriod.DateProblem) {
                return try named.named(text, in: calendar)
            } catch {
                throw invocation.command.usageError("\(error)")
            }
        }
    }

    /// `--by` as report options.
    static func reportOptions(_ invocation: Invocation) throws(CommandError) -> ReportOptions {
        let arguments = invocation.arguments
        if arguments.has("previous"), arguments.positionals.isEmpty {
            throw invocation.command.usageError("--previous needs a period: day, week, month or year")
        }
        guard let text = arguments.value("by") else { return ReportOptions() }
        guard let sections = ReportSections(rawValue: text.lowercased()) else {
            throw invocation.command.usageError("--by '\(text)' is not one of period, category")
        }
        return ReportOptions(sections: sections)
    }
}
