public import Foundation

/// A day of the proleptic Gregorian calendar, without a time or a time zone: what an invoice's issue and due dates,
/// an expense's date and a day typed as `2025-02-28` mean. It is only ever made from a day that exists, so holding
/// one means the day is real, and keeping the time zone out of the value means a day never shifts when printed.
public struct CalendarDay: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The year, 1...9999.
    public let year: Int
    /// The month, 1...12.
    public let month: Int
    /// The day of the month, 1...the month's length.
    public let day: Int

    /// The day, or `nil` when it does not exist (February 30, month 13, year 0).
    public init?(year: Int, month: Int, day: Int) {
        guard (1...9999).contains(year), (1...12).contains(month),
            (1...Self.daysIn(month: month, year: year)).contains(day)
        else { return nil }
        self.year = year
        self.month = month
        self.day = day
    }

    /// The day `date` falls on in `timeZone`. Dates beyond the years 1...9999 are clamped to the nearest end.
    ///
    /// Instants before 15 October 1582 are read as Foundation's Gregorian calendar reads them, on the Julian
    /// calendar; an instant before the year 1 (an era before Christ, whose years Foundation counts upwards from 1
    /// again) is clamped to 0001-01-01, never read as a year of the common era.
    public init(_ date: Date, in timeZone: TimeZone) {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let parts = calendar.dateComponents([.era, .year, .month, .day], from: date)
        let year = parts.era == 0 ? 0 : parts.year ?? 1
        if year < 1 {
            (self.year, self.month, self.day) = (1, 1, 1)
        } else if year > 9999 {
            (self.year, self.month, self.day) = (9999, 12, 31)
        } else {
            (self.year, self.month, self.day) = (year, parts.month ?? 1, parts.day ?? 1)
        }
    }

    /// Why a text names no day: not written as `YYYY-MM-DD` at all, or written so but naming a day that does not
    /// exist, with the numbers it named (a caller that quotes the text has it already).
    public enum Problem: Error, Hashable, Sendable, CustomStringConvertible {
        /// The text is not four ASCII digits, `-`, two digits, `-`, two digits.
        case notYYYYMMDD
        /// The year is 0000; the calendar starts at year 1.
        case noSuchYear
        /// The month is 00 or above 12.
        case noSuchMonth(year: Int, month: Int)
        /// The day is 00 or past the end of its month (`2025-02-30`: February 2025 has 28 days).
        case noSuchDay(year: Int, month: Int, day: Int, daysInMonth: Int)

        /// The reason as a sentence.
        public var description: String {
            switch self {
            case .notYYYYMMDD: "The text is not a day written as YYYY-MM-DD."
            case .noSuchYear: "There is no year 0000: years start at 0001."
            case .noSuchMonth(_, let month): "There is no month \(month): months run from 01 to 12."
            case .noSuchDay(_, _, let day, let days): "That month has \(days) days, so it has no day \(day)."
            }
        }
    }

    /// The day `text` names, written as `YYYY-MM-DD` (ISO 8601's calendar date): exactly ten ASCII characters, no
    /// spaces, signs or other separators. Otherwise the reason: the form, or else the first of year, month and day
    /// that does not exist.
    public init(parsing text: String) throws(Problem) {
        let bytes = Array(text.utf8.prefix(11))
        guard bytes.count == 10, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-") else {
            throw .notYYYYMMDD
        }
        func number(_ range: Range<Int>) -> Int? {
            var value = 0
            for byte in bytes[range] {
                guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
                value = value * 10 + Int(byte - UInt8(ascii: "0"))
            }
            return value
        }
        guard let year = number(0..<4), let month = number(5..<7), let day = number(8..<10) else {
            throw .notYYYYMMDD
        }
        guard year >= 1 else { throw .noSuchYear }
        guard (1...12).contains(month) else { throw .noSuchMonth(year: year, month: month) }
        guard let parsed = CalendarDay(year: year, month: month, day: day) else {
            throw .noSuchDay(year: year, month: month, day: day, daysInMonth: Self.daysIn(month: month, year: year))
        }
        self = parsed
    }

    /// `YYYY-MM-DD`, the form ``init(parsing:)`` reads, CSV files and ISO 8601 use.
    public var iso8601: String {
        Self.padded(year, 4) + "-" + Self.padded(month, 2) + "-" + Self.padded(day, 2)
    }

    /// `YYYY-MM-DD`.
    public var description: String { iso8601 }

    /// The first instant of this day in `calendar`'s time zone, or `nil` when `calendar` cannot represent it.
    public func start(in calendar: Calendar) -> Date? {
        calendar.date(from: DateComponents(year: year, month: month, day: day))
    }

    /// Orders days chronologically.
    public static func < (lhs: CalendarDay, rhs: CalendarDay) -> Bool {
        (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
    }

    /// The number of days of `month` (1...12) in `year` of the proleptic Gregorian calendar.
    public static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: isLeapYear(year) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// Every fourth year, except centuries not divisible by 400.
    public static func isLeapYear(_ year: Int) -> Bool {
        year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
    }

    private static func padded(_ value: Int, _ width: Int) -> String {
        let digits = String(value)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
}
