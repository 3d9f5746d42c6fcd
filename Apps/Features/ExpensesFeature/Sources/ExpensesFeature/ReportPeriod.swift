public import Foundation
public import Storage

/// A period a report covers, and everything the app says about it: its word (`week`, as commands and links
/// write it) and the other words it is read from (`weekly`), its title, how its rows are grouped, and the range
/// of dates it covers. The one list of them, ``all``, is what the report command, its help and completion, the
/// report links and their errors read, so a new period is one entry here.
public struct ReportPeriod: Hashable, Sendable, CustomStringConvertible {
    /// The word commands and links write: `week`.
    public let name: String
    /// Other words it is read from, ignoring case: `weekly`.
    public let aliases: [String]
    /// The title of its report: `This week`.
    public let title: String
    /// The dates it covers.
    public let range: ReportRange
    /// How its rows are grouped under headings (a day's rows are not); nil for one list.
    public let grouping: ReportGrouping?
    /// Whether the title names the dates it covers (`This week: 2026-11-16 to 2026-11-22`).
    public let titleShowsDates: Bool

    /// Creates a period.
    public init(
        name: String, aliases: [String] = [], title: String, range: ReportRange, grouping: ReportGrouping?,
        titleShowsDates: Bool = true
    ) {
        self.name = name
        self.aliases = aliases
        self.title = title
        self.range = range
        self.grouping = grouping
        self.titleShowsDates = titleShowsDates
    }

    /// Today, in one list.
    public static let day = ReportPeriod(
        name: "day", aliases: ["daily", "today"], title: "Today", range: .today, grouping: nil)
    /// This week, by day.
    public static let week = ReportPeriod(
        name: "week", aliases: ["weekly"], title: "This week", range: .thisWeek, grouping: .day)
    /// This month, by day.
    public static let month = ReportPeriod(
        name: "month", aliases: ["monthly"], title: "This month", range: .thisMonth, grouping: .day)
    /// This year, by month.
    public static let year = ReportPeriod(
        name: "year", aliases: ["yearly"], title: "This year", range: .thisYear, grouping: .month)

    /// Every named period, in the order help lists them.
    public static let all: [ReportPeriod] = [.day, .week, .month, .year]

    /// Every expense ever recorded, newest first, under one title without dates.
    public static let allTime = ReportPeriod(
        name: "all", title: "All expenses", range: .allTime, grouping: .day, titleShowsDates: false)

    /// Any two days, both included, by day.
    public static func custom(_ range: ClosedRange<Date>) -> ReportPeriod {
        ReportPeriod(name: "custom", title: "Expenses", range: .custom(range), grouping: .day)
    }

    /// The named period `text` names (its name or an alias, ignoring case), or nil.
    public static func named(_ text: String) -> ReportPeriod? {
        let lowered = text.lowercased()
        return all.first { $0.name == lowered || $0.aliases.contains(lowered) }
    }

    /// The period's word.
    public var description: String { name }
}

extension ReportRange {
    /// Every date the store accepts: the range behind "list everything".
    public static let allTime = ReportRange.custom(ExpenseLimits.dates)
}
