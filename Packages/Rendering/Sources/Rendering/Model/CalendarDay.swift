public import Foundation

/// A day on the Gregorian calendar, without a time or a time zone: what an invoice's issue and due dates and an
/// expense's date mean. Keeping the time zone out of the value means a date never shifts when rendered.
public struct CalendarDay: Hashable, Comparable, Sendable {
    /// The year, 1...9999.
    public let year: Int
    /// The month, 1...12.
    public let month: Int
    /// The day of the month, 1...31 as the month allows.
    public let day: Int

    /// Creates a day, or nil when it does not exist (February 30, month 13, year 0).
    public init?(year: Int, month: Int, day: Int) {
        guard (1...9999).contains(year), (1...12).contains(month), day >= 1,
            day <= Self.daysInMonth(month, year: year)
        else { return nil }
        self.year = year
        self.month = month
        self.day = day
    }

    /// The day `date` falls on in `timeZone`. Dates beyond the years 1...9999 are clamped to the nearest end.
    public init(_ date: Date, in timeZone: TimeZone) {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let parts = calendar.dateComponents([.year, .month, .day], from: date)
        let year = parts.year ?? 1
        if year < 1 {
            (self.year, self.month, self.day) = (1, 1, 1)
        } else if year > 9999 {
            (self.year, self.month, self.day) = (9999, 12, 31)
        } else {
            (self.year, self.month, self.day) = (year, parts.month ?? 1, parts.day ?? 1)
        }
    }

    /// Orders days chronologically.
    public static func < (lhs: CalendarDay, rhs: CalendarDay) -> Bool {
        (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
    }

    /// `YYYY-MM-DD`, the ISO 8601 form used in CSV output.
    public var iso8601: String {
        Self.pad(year, 4) + "-" + Self.pad(month, 2) + "-" + Self.pad(day, 2)
    }

    static func pad(_ value: Int, _ width: Int) -> String {
        let digits = String(value)
        return digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
    }

    private static func daysInMonth(_ month: Int, year: Int) -> Int {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }
}
