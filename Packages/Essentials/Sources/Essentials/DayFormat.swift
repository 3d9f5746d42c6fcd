public import Foundation

/// Calendar days as people type them (`2026-11-21`), read and written in one calendar and time zone: the one
/// form the command line, files and reports use, so a day copied from any output can be typed back.
public struct DayFormat: Sendable {
    /// The calendar (and time zone) days are read in.
    public let calendar: Calendar

    /// Creates a format for `calendar`.
    public init(calendar: Calendar) {
        self.calendar = calendar
    }

    /// Why a text names no day, said so a person can fix it.
    public enum Problem: Error, Hashable, Sendable, CustomStringConvertible {
        /// The text is not four digits, a dash, two digits, a dash and two digits.
        case notYYYYMMDD(String)
        /// The month is not 1 to 12.
        case noSuchMonth(String, month: Int)
        /// The month has fewer days (`2025-02-30`, `2025-04-31`).
        case noSuchDay(String, day: Int, daysInMonth: Int)
        /// The year is before 1583: Foundation's Gregorian calendar counts days before October 1582 as Julian
        /// ones, so such a day would be stored as another (`1582-10-10` would become `1582-09-30`).
        case beforeGregorianCalendar(String)

        /// The calendar day's reason, said of `text`. A day before 1583 is refused as such whatever else is wrong
        /// with it, and year 0000 is no day written as `YYYY-MM-DD` at all.
        init(_ problem: CalendarDay.Problem, text: String) {
            switch problem {
            case .notYYYYMMDD, .noSuchYear: self = .notYYYYMMDD(text)
            case .noSuchMonth(let year, _) where year < 1583, .noSuchDay(let year, _, _, _) where year < 1583:
                self = .beforeGregorianCalendar(text)
            case .noSuchMonth(_, let month): self = .noSuchMonth(text, month: month)
            case .noSuchDay(_, _, let day, let days): self = .noSuchDay(text, day: day, daysInMonth: days)
            }
        }

        /// The problem as a sentence.
        public var description: String {
            switch self {
            case .notYYYYMMDD(let text): "'\(text)' is not a day written as YYYY-MM-DD"
            case .noSuchMonth(let text, let month): "'\(text)' has no month \(month); months are 01 to 12"
            case .noSuchDay(let text, let day, let days):
                "\(text) does not exist: that month has \(days) days, not \(day)"
            case .beforeGregorianCalendar(let text):
                "\(text) is before 1583, when the Gregorian calendar these days are counted in was not yet in use"
            }
        }
    }

    /// The start of the day `text` names (`YYYY-MM-DD`, read as a ``CalendarDay``), or why there is none.
    public func day(from text: String) throws(Problem) -> Date {
        let day: CalendarDay
        do throws(CalendarDay.Problem) {
            day = try CalendarDay(parsing: text)
        } catch {
            throw Problem(error, text: text)
        }
        guard day.year >= 1583 else { throw .beforeGregorianCalendar(text) }
        guard let date = day.start(in: calendar) else { throw .notYYYYMMDD(text) }
        return date
    }

    /// The start of the day `text` names (`YYYY-MM-DD`), or nil when it names no real day.
    public func date(from text: String) -> Date? {
        try? day(from: text)
    }

    /// The last instant of the day `text` names: the upper end of a closed range ending on that day.
    public func endOfDay(from text: String) -> Date? {
        guard let start = date(from: text), let next = calendar.date(byAdding: .day, value: 1, to: start) else {
            return nil
        }
        return next.addingTimeInterval(-0.001)
    }

    /// `date` as `YYYY-MM-DD` in this calendar.
    public func string(from date: Date) -> String {
        let parts = calendar.dateComponents([.year, .month, .day], from: date)
        return String(format: "%04d-%02d-%02d", parts.year ?? 0, parts.month ?? 0, parts.day ?? 0)
    }

    /// `day` at the time of day of `now`: an expense dated by day is ordered within its day by when it was
    /// recorded, so the same day lists in the same order every time.
    public func moment(on day: Date, atTimeOf now: Date) -> Date {
        let time = calendar.dateComponents([.hour, .minute, .second, .nanosecond], from: now)
        guard
            let moment = calendar.date(
                bySettingHour: time.hour ?? 0, minute: time.minute ?? 0, second: time.second ?? 0, of: day),
            calendar.isDate(moment, inSameDayAs: day)
        else { return day }
        return moment.addingTimeInterval(Double(time.nanosecond ?? 0) / 1_000_000_000)
    }
}
