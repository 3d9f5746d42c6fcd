public import Foundation

/// A day of the proleptic Gregorian calendar, as a person writes it: `2025-02-28`. It is only ever made from
/// a day that exists, so holding one means the day is real.
public struct CalendarDate: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The year, 1...9999.
    public let year: Int
    /// The month, 1...12.
    public let month: Int
    /// The day of the month, 1...the month's length.
    public let day: Int

    /// The day, or `nil` when it does not exist (the 30th of February, month 13, year 0).
    public init?(year: Int, month: Int, day: Int) {
        guard (1...9999).contains(year), (1...12).contains(month),
            (1...DayText.daysIn(month: month, year: year)).contains(day)
        else { return nil }
        self.year = year
        self.month = month
        self.day = day
    }

    /// `YYYY-MM-DD`.
    public var description: String {
        func padded(_ value: Int, _ width: Int) -> String {
            let digits = String(value)
            return String(repeating: "0", count: max(0, width - digits.count)) + digits
        }
        return "\(padded(year, 4))-\(padded(month, 2))-\(padded(day, 2))"
    }

    /// The first instant of this day in `calendar`'s time zone, or `nil` when `calendar` cannot represent it.
    public func start(in calendar: Calendar) -> Date? {
        calendar.date(from: DateComponents(year: year, month: month, day: day))
    }

    /// Orders days by date.
    public static func < (lhs: CalendarDate, rhs: CalendarDate) -> Bool {
        (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
    }
}

/// Why a text is not a day: not written as `YYYY-MM-DD` at all, or written so but naming a day that does
/// not exist, with the reason.
public enum DayTextError: Error, Hashable, Sendable {
    /// The text is not four digits, `-`, two digits, `-`, two digits.
    case notWrittenAsYYYYMMDD
    /// The year is 0000; the calendar starts at year 1.
    case noSuchYear(text: String)
    /// The month is 00 or above 12.
    case noSuchMonth(text: String, month: Int)
    /// The day is 00 or past the end of its month (`2025-02-30`: February 2025 has 28 days).
    case noSuchDay(text: String, year: Int, month: Int, day: Int, daysInMonth: Int)

    /// The stable code of this reason.
    public var code: ValidationCode {
        switch self {
        case .notWrittenAsYYYYMMDD: .dayNotYYYYMMDD
        case .noSuchYear: .dayNoSuchYear
        case .noSuchMonth: .dayNoSuchMonth
        case .noSuchDay: .dayNoSuchDay
        }
    }

    /// The reason as a failure of the text, with the facts a message names in its parameters.
    public var failure: ValidationFailure {
        switch self {
        case .notWrittenAsYYYYMMDD:
            return ValidationFailure(code: code)
        case .noSuchYear(let text):
            return ValidationFailure(code: code, parameters: [ValidationParameter.text: text])
        case .noSuchMonth(let text, let month):
            return ValidationFailure(
                code: code, parameters: [ValidationParameter.text: text, ValidationParameter.month: String(month)])
        case .noSuchDay(let text, let year, let month, let day, let daysInMonth):
            var parameters = [
                ValidationParameter.text: text, ValidationParameter.year: String(year),
                ValidationParameter.month: String(month), ValidationParameter.day: String(day),
                ValidationParameter.daysInMonth: String(daysInMonth),
            ]
            // The parser only reports months 1 to 12; a reason made by hand may name any, and then has no name.
            if (1...12).contains(month) {
                parameters[ValidationParameter.monthName] = DayText.englishMonthNames[month - 1]
            }
            return ValidationFailure(code: code, parameters: parameters)
        }
    }
}

extension ValidationCode {
    /// The text is not written as `YYYY-MM-DD`.
    public static let dayNotYYYYMMDD = ValidationCode(rawValue: "day.notYYYYMMDD")
    /// The text is written as `YYYY-MM-DD` but names year 0000.
    public static let dayNoSuchYear = ValidationCode(rawValue: "day.noSuchYear")
    /// The text is written as `YYYY-MM-DD` but names month 00 or a month above 12.
    public static let dayNoSuchMonth = ValidationCode(rawValue: "day.noSuchMonth")
    /// The text is written as `YYYY-MM-DD` but names a day its month does not have.
    public static let dayNoSuchDay = ValidationCode(rawValue: "day.noSuchDay")

    /// Every code the day-text validator reports.
    public static let dayCodes: [ValidationCode] = [.dayNotYYYYMMDD, .dayNoSuchYear, .dayNoSuchMonth, .dayNoSuchDay]
}

/// Reads days written as `YYYY-MM-DD` (ISO 8601's calendar date, the form the command line and settings use),
/// telling "not written that way" apart from "no such day".
public enum DayText {
    /// The day `text` names. Throws `notWrittenAsYYYYMMDD` unless `text` is exactly ten ASCII characters
    /// `DDDD-DD-DD` (no spaces, no other separators, no signs), otherwise the first of year, month and day
    /// that does not exist.
    public static func parse(_ text: String) throws(DayTextError) -> CalendarDate {
        let bytes = Array(text.utf8.prefix(11))
        guard bytes.count == 10, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-") else {
            throw .notWrittenAsYYYYMMDD
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
            throw .notWrittenAsYYYYMMDD
        }
        guard year >= 1 else { throw .noSuchYear(text: text) }
        guard (1...12).contains(month) else { throw .noSuchMonth(text: text, month: month) }
        let length = daysIn(month: month, year: year)
        guard let date = CalendarDate(year: year, month: month, day: day) else {
            throw .noSuchDay(text: text, year: year, month: month, day: day, daysInMonth: length)
        }
        return date
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

    static let englishMonthNames = [
        "January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
        "November", "December",
    ]
}

extension Validator where Value == String {
    /// A day written as `YYYY-MM-DD` that exists; reports `day.*` codes with the reason in the parameters.
    public static var dayText: Validator {
        Validator { text in
            do throws(DayTextError) {
                _ = try DayText.parse(text)
                return []
            } catch {
                return [error.failure]
            }
        }
    }
}
