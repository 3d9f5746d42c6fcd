public import Essentials

/// A day of the proleptic Gregorian calendar, as a person writes it: `2025-02-28`; the shared kernel's
/// `CalendarDay` (in `Essentials`), under the name this package has always given it.
public typealias CalendarDate = CalendarDay

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

    /// The kernel's reason, said of `text`.
    init(_ problem: CalendarDay.Problem, text: String) {
        switch problem {
        case .notYYYYMMDD: self = .notWrittenAsYYYYMMDD
        case .noSuchYear: self = .noSuchYear(text: text)
        case .noSuchMonth(_, let month): self = .noSuchMonth(text: text, month: month)
        case .noSuchDay(let year, let month, let day, let days):
            self = .noSuchDay(text: text, year: year, month: month, day: day, daysInMonth: days)
        }
    }

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
        do throws(CalendarDay.Problem) {
            return try CalendarDay(parsing: text)
        } catch {
            throw DayTextError(error, text: text)
        }
    }

    /// The number of days of `month` (1...12) in `year` of the proleptic Gregorian calendar.
    public static func daysIn(month: Int, year: Int) -> Int {
        CalendarDay.daysIn(month: month, year: year)
    }

    /// Every fourth year, except centuries not divisible by 400.
    public static func isLeapYear(_ year: Int) -> Bool {
        CalendarDay.isLeapYear(year)
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
