import CompositionRoot
import Foundation

/// The names of the fixed report ranges on the command line, from `ReportRange.allCases`.
enum ReportNames {
    static func name(of range: ReportRange) -> String {
        switch range {
        case .today: "today"
        case .thisWeek: "week"
        case .thisMonth: "month"
        case .thisYear: "year"
        case .custom: "custom"
        }
    }

    static var all: [String] { ReportRange.allCases.map(name) }

    static func range(named name: String) -> ReportRange? {
        ReportRange.allCases.first { Self.name(of: $0) == name }
    }
}

/// `ledger report today|week|month|year|--from D --to D [--format table|csv|json]`.
enum ReportCommand {
    static func run(_ words: [String], options: GlobalOptions, console: Console) async throws(CommandError) {
        let arguments = try Arguments(words, options: ["from", "to", "format"])
        let session = CommandContext(options: options, console: console)
        let formatName = arguments.value("format") ?? (console.json ? "json" : "table")
        guard let format = ReportFormat(rawValue: formatName) else {
            throw .usage("--format '\(formatName)' is not one of table, csv, json", hint: nil)
        }
        let days = session.factory.days
        let range: ReportRange
        switch (arguments.positionals.count, arguments.value("from"), arguments.value("to")) {
        case (1, nil, nil):
            guard let named = ReportNames.range(named: arguments.positionals[0]) else {
                throw .usage(
                    "unknown report '\(arguments.positionals[0])'",
                    hint: "Use one of \(ReportNames.all.joined(separator: ", ")), or --from D --to D.")
            }
            range = named
        case (0, let from?, let to?):
            guard let start = try ExpenseCommand.day(from, option: "from", days: days),
                let end = days.endOfDay(from: to)
            else { throw .usage("--to '\(to)' is not a day written as YYYY-MM-DD", hint: nil) }
            guard start <= end else { throw .usage("--from \(from) is after --to \(to)", hint: nil) }
            range = .custom(start...end)
        default:
            throw .usage(
                "report needs one of \(ReportNames.all.joined(separator: ", ")), or both --from and --to")
        }
        let text = try await report(range, format: format, session: session)
        session.console.block(text)
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
