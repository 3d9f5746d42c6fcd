public import Foundation

/// The period a report covers: the calendar day, week, month, quarter or year containing now (or one before or
/// after it), or any two dates.
///
/// A struct with static members rather than an enum, so an app adds a period (a fiscal quarter, the previous
/// month) without a change here and without breaking anyone's exhaustive `switch`.
public struct ReportRange: Hashable, Sendable {
    private enum Kind: Hashable, Sendable {
        case calendar(Calendar.Component, offset: Int)
        case custom(lower: Date, upper: Date)
    }

    private let kind: Kind

    /// The calendar day containing now.
    public static let today = ReportRange.current(.day)
    /// The calendar week containing now, starting on the calendar's first weekday.
    public static let thisWeek = ReportRange.current(.weekOfYear)
    /// The calendar month containing now.
    public static let thisMonth = ReportRange.current(.month)
    /// The calendar year containing now.
    public static let thisYear = ReportRange.current(.year)

    /// The calendar period of `component` (`.day`, `.weekOfYear`, `.month`, `.quarter`, `.year`) containing now.
    public static func current(_ component: Calendar.Component) -> ReportRange {
        ReportRange(kind: .calendar(component, offset: 0))
    }

    /// Every instant from the lower bound through the upper bound, both included.
    public static func custom(_ range: ClosedRange<Date>) -> ReportRange {
        ReportRange(kind: .custom(lower: range.lowerBound, upper: range.upperBound))
    }

    /// The same kind of calendar period `count` periods later (negative: earlier): `.thisMonth.offset(by: -1)` is
    /// last month. A custom range is returned unchanged.
    public func offset(by count: Int) -> ReportRange {
        guard case .calendar(let component, let offset) = kind else { return self }
        return ReportRange(kind: .calendar(component, offset: offset + count))
    }

    /// The calendar component of a calendar period; nil for a custom range.
    public var component: Calendar.Component? {
        guard case .calendar(let component, _) = kind else { return nil }
        return component
    }

    /// The period this range covers at `now`, computed in `calendar` (its time zone and first weekday).
    ///
    /// Calendar periods follow the calendar, not a fixed number of seconds: a day across a daylight-saving change
    /// is 23 or 25 hours long, and a month ends on its own last day. A custom range's upper bound is included: the
    /// returned period ends at the next representable instant after it.
    public func period(containing now: Date, in calendar: Calendar) throws(StorageError) -> Range<Date> {
        switch kind {
        case .custom(let lower, let upper):
            guard lower.timeIntervalSinceReferenceDate.isFinite, upper.timeIntervalSinceReferenceDate.isFinite else {
                throw .invalidRange(.dateNotFinite)
            }
            return lower..<Date(timeIntervalSinceReferenceDate: upper.timeIntervalSinceReferenceDate.nextUp)
        case .calendar(let component, let offset):
            guard now.timeIntervalSinceReferenceDate.isFinite else { throw .invalidRange(.dateNotFinite) }
            guard let moment = offset == 0 ? now : calendar.date(byAdding: component, value: offset, to: now),
                let interval = calendar.dateInterval(of: component, for: moment), interval.duration > 0
            else { throw .invalidRange(.calendarCannotPlaceDate) }
            return interval.start..<interval.end
        }
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
