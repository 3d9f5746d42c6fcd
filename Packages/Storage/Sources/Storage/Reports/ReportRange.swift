public import Foundation

/// The periods a report can cover. The fixed cases are `CaseIterable`, so a list of reports is built from
/// ``ReportRange/allCases``; a custom range covers any two dates.
public enum ReportRange: Hashable, Sendable, CaseIterable {
    /// The calendar day containing now.
    case today
    /// The calendar week containing now, starting on the calendar's first weekday.
    case thisWeek
    /// The calendar month containing now.
    case thisMonth
    /// The calendar year containing now.
    case thisYear
    /// Every instant from the lower bound through the upper bound, both included.
    case custom(ClosedRange<Date>)

    /// The fixed ranges, in the order a list of reports shows them.
    public static var allCases: [ReportRange] { [.today, .thisWeek, .thisMonth, .thisYear] }

    /// The period this range covers at `now`, computed in `calendar` (its time zone and first weekday).
    ///
    /// Fixed ranges follow the calendar, not a fixed number of seconds: a day across a daylight-saving change is
    /// 23 or 25 hours long, and a month ends on its own last day. A custom range's upper bound is included: the
    /// returned period ends at the next representable instant after it.
    public func period(containing now: Date, in calendar: Calendar) throws(StorageError) -> Range<Date> {
        let component: Calendar.Component
        switch self {
        case .today: component = .day
        case .thisWeek: component = .weekOfYear
        case .thisMonth: component = .month
        case .thisYear: component = .year
        case .custom(let range):
            let lower = range.lowerBound.timeIntervalSinceReferenceDate
            let upper = range.upperBound.timeIntervalSinceReferenceDate
            guard lower.isFinite, upper.isFinite else { throw .invalidRange(.dateNotFinite) }
            return range.lowerBound..<Date(timeIntervalSinceReferenceDate: upper.nextUp)
        }
        guard now.timeIntervalSinceReferenceDate.isFinite else { throw .invalidRange(.dateNotFinite) }
        guard let interval = calendar.dateInterval(of: component, for: now), interval.duration > 0 else {
            throw .invalidRange(.calendarCannotPlaceDate)
        }
        return interval.start..<interval.end
    }
}

/// Reads the report of a range: what a report screen asks for.
public protocol ReportReading: Sendable {
    /// The report of `range` as of now.
    func report(for range: ReportRange) async throws(StorageError) -> ExpenseReport
}

/// Turns a ``ReportRange`` into a period with an injected calendar, time zone and clock, and reads that period.
public struct ExpenseReportReader: ReportReading {
    private let source: any ExpenseReading
    private let calendar: Calendar
    private let now: @Sendable () -> Date

    /// Creates a reader. `timeZone` replaces the calendar's own so reports never depend on the device's setting
    /// by accident; `now` is injected so tests and previews choose the day.
    public init(
        source: any ExpenseReading, calendar: Calendar, timeZone: TimeZone,
        now: @escaping @Sendable () -> Date = Date.init
    ) {
        var calendar = calendar
        calendar.timeZone = timeZone
        self.source = source
        self.calendar = calendar
        self.now = now
    }

    /// The report of `range` as of now.
    public func report(for range: ReportRange) async throws(StorageError) -> ExpenseReport {
        let period = try range.period(containing: now(), in: calendar)
        return try await source.report(in: period)
    }

    /// The report of `range` cut into days, weeks or months in this reader's calendar.
    public func groupedReport(
        for range: ReportRange, by grouping: ReportGrouping
    ) async throws(StorageError) -> [ExpenseGroup] {
        try await report(for: range).grouped(by: grouping, in: calendar)
    }
}
