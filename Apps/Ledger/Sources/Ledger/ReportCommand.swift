import CompositionRoot
import Foundation

/// `ledger report day|week|month|year|--from D --to D [--format table|csv|json]`.
enum ReportCommand {
    static let specs: [CommandSpec] = [
        CommandSpec(
            path: ["report"], arguments: ["PERIOD?"],
            summary: "expenses of today, this week, month or year, or of --from D --to D",
            options: [
                .value("from", "YYYY-MM-DD", "the first day of a custom period"),
                .value("to", "YYYY-MM-DD", "the last day of a custom period"),
                .value(
                    "format", "FORMAT", "table (default), csv or json", choices: ReportFormat.allCases.map(\.rawValue)),
            ],
            details: "PERIOD is day, week, month or year (daily, weekly, monthly and yearly are read too), as in the "
                + "app's links: 'ledger link report week' prints ledger://reports/week.",
            argumentChoices: [ReportPeriod.allCases.map(\.rawValue)],
            run: run)
    ]

    private static func run(_ invocation: Invocation) async throws(CommandError) -> ExitStatus {
        let positionals = try invocation.positionals()
        let arguments = invocation.arguments
        let session = await invocation.context()
        let formatName = arguments.value("format") ?? (session.console.json ? "json" : "table")
        guard let format = ReportFormat(rawValue: formatName) else {
            throw invocation.spec.usageError("--format '\(formatName)' is not one of table, csv, json")
        }
        let days = session.factory.days
        let range: ReportRange
        switch (positionals.first, arguments.value("from"), arguments.value("to")) {
        case (let name?, nil, nil):
            guard let period = ReportPeriod(name) else {
                throw invocation.spec.usageError(
                    "unknown report period '\(name)'; use day, week, month or year, or --from D --to D")
            }
            range = period.range
        case (nil, let from?, let to?):
            guard let start = try ExpenseCommand.day(from, option: "from", days: days),
                let last = try ExpenseCommand.day(to, option: "to", days: days),
                let end = days.endOfDay(from: to)
            else { throw invocation.spec.usageError("report needs --from and --to as YYYY-MM-DD") }
            guard start <= last else { throw invocation.spec.usageError("--from \(from) is after --to \(to)") }
            range = .custom(start...end)
        default:
            throw invocation.spec.usageError("report needs a period (day, week, month, year) or both --from and --to")
        }
        session.console.block(try await report(range, format: format, session: session))
        return .success
    }

    static func report(
        _ range: ReportRange, format: ReportFormat, session: CommandContext
    ) async throws(CommandError)
        -> String
    {
        try await session.run { () throws(CommandError) in
            let reports = try await session.expenses().reports
            do throws(StorageError) {
                return try await reports.report(range, format: format)
            } catch {
                throw .storage(error)
            }
        }
    }
}
