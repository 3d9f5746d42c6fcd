public import Foundation
import Storage

/// Past periods: a named period's calendar unit before the current one (`report month --previous`), or the one a
/// person names (`report month 2026-03`, `report week 2026-W10`).
extension ReportPeriod {
    /// Why a period's name was refused; the description is the end of a sentence naming what was typed.
    public enum DateProblem: Error, Hashable, Sendable, CustomStringConvertible {
        /// The text is not written the way the period is (`2026-3`, `March`, `garbage`).
        case notWritten(text: String, expected: String)
        /// Written the right way but no such period exists (`2026-13`, `2026-W54`, year 0).
        case noSuchPeriod(text: String, expected: String)
        /// This period has no written form (`all`, a custom range).
        case notNameable(period: String)

        /// Why, as a clause.
        public var description: String {
            switch self {
            case .notWritten(let text, let expected): "'\(text)' is not written as \(expected)"
            case .noSuchPeriod(let text, let expected): "'\(text)' names no such period; write it as \(expected)"
            case .notNameable(let period): "a \(period) report cannot be named by a date"
            }
        }
    }

    /// How a period of this kind is written, with an example: `YYYY-MM, such as 2026-03`.
    public var writtenForm: String? {
        switch name {
        case "day": "YYYY-MM-DD, such as 2026-03-05"
        case "week": "YYYY-Www (an ISO week), such as 2026-W10"
        case "month": "YYYY-MM, such as 2026-03"
        case "year": "YYYY, such as 2026"
        default: nil
        }
    }

    /// The period of this kind before the current one: yesterday, last week, last month, last year.
    public var previous: ReportPeriod? {
        guard let component = range.component else { return nil }
        let titles = ["day": "Yesterday", "week": "Last week", "month": "Last month", "year": "Last year"]
        return ReportPeriod(
            name: name, aliases: aliases, title: titles[name] ?? "Previous \(name)",
            range: .current(component).offset(by: -1), grouping: grouping)
    }

    /// The period of this kind that `text` names, in `calendar` (its time zone and first weekday).
    ///
    /// A week is an ISO 8601 week (`2026-W10`: the week holding that year's tenth Thursday, weeks 1 to 52 or 53),
    /// laid out on the calendar's first weekday as this week's report is: with Monday first it is exactly the ISO
    /// week; with Sunday first it starts the Sunday before. Years are 1 to 9999.
    public func named(_ text: String, in calendar: Calendar) throws(DateProblem) -> ReportPeriod {
        guard let expected = writtenForm else { throw .notNameable(period: name) }
        let digits = Array(text.utf8)
        func number(_ range: Range<Int>) -> Int? {
            guard range.upperBound <= digits.count,
                digits[range].allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") })
            else { return nil }
            return Int(String(decoding: digits[range], as: UTF8.self))
        }
        let start: Date?
        let component: Calendar.Component
        switch name {
        case "year":
            guard digits.count == 4, let year = number(0..<4) else { throw .notWritten(text: text, expected: expected) }
            guard year >= 1 else { throw .noSuchPeriod(text: text, expected: expected) }
            start = Self.date(year: year, month: 1, day: 1, in: calendar)
            component = .year
        case "month":
            guard digits.count == 7, digits[4] == UInt8(ascii: "-"), let year = number(0..<4),
                let month = number(5..<7)
            else { throw .notWritten(text: text, expected: expected) }
            guard year >= 1, (1...12).contains(month) else { throw .noSuchPeriod(text: text, expected: expected) }
            start = Self.date(year: year, month: month, day: 1, in: calendar)
            component = .month
        case "day":
            guard digits.count == 10, digits[4] == UInt8(ascii: "-"), digits[7] == UInt8(ascii: "-"),
                let year = number(0..<4), let month = number(5..<7), let day = number(8..<10)
            else { throw .notWritten(text: text, expected: expected) }
            guard year >= 1, let date = Self.date(year: year, month: month, day: day, in: calendar),
                calendar.dateComponents([.year, .month, .day], from: date)
                    == DateComponents(year: year, month: month, day: day)
            else { throw .noSuchPeriod(text: text, expected: expected) }
            start = date
            component = .day
        default:
            guard digits.count == 8, digits[4] == UInt8(ascii: "-"), digits[5] == UInt8(ascii: "W"),
                let year = number(0..<4), let week = number(6..<8)
            else { throw .notWritten(text: text, expected: expected) }
            guard year >= 1, let thursday = Self.isoThursday(year: year, week: week, in: calendar) else {
                throw .noSuchPeriod(text: text, expected: expected)
            }
            start = thursday
            component = .weekOfYear
        }
        guard let start, let interval = calendar.dateInterval(of: component, for: start), interval.duration > 0 else {
            throw .noSuchPeriod(text: text, expected: expected)
        }
        let last = Date(timeIntervalSinceReferenceDate: interval.end.timeIntervalSinceReferenceDate.nextDown)
        let label = name.prefix(1).uppercased() + name.dropFirst()
        return ReportPeriod(
            name: name, aliases: aliases, title: "\(label) \(text)", range: .custom(interval.start...last),
            grouping: grouping)
    }

    private static func date(year: Int, month: Int, day: Int, in calendar: Calendar) -> Date? {
        calendar.date(from: DateComponents(year: year, month: month, day: day))
    }

    /// The Thursday of ISO week `week` of `year`, at the start of its day in `calendar`'s time zone, or nil when
    /// that year has no such week.
    private static func isoThursday(year: Int, week: Int, in calendar: Calendar) -> Date? {
        guard (1...53).contains(week) else { return nil }
        var iso = Calendar(identifier: .iso8601)
        iso.timeZone = calendar.timeZone
        let wanted = DateComponents(weekday: 5, weekOfYear: week, yearForWeekOfYear: year)
        guard let thursday = iso.date(from: wanted) else { return nil }
        // Week 53 of a year with 52 weeks is week 1 of the next: refused, not moved.
        let found = iso.dateComponents([.weekOfYear, .yearForWeekOfYear], from: thursday)
        guard found.weekOfYear == week, found.yearForWeekOfYear == year else { return nil }
        return iso.startOfDay(for: thursday)
    }
}
