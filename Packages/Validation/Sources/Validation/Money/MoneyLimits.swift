public import Foundation

/// The bounds that make an amount or a date "absurd", shared by the invoice and expense rules so both agree,
/// and with the renderer.
public enum MoneyLimits {
    /// 10^15, exclusive: every amount must be smaller than this in magnitude. It is the renderer's bound too
    /// (it accepts every amount below 10^15), so an amount that passes validation always prints. Above it an
    /// amount is a typo or an attack.
    public static let amountLimit = Decimal(sign: .plus, exponent: 15, significand: 1)

    /// The earliest date a draft may carry, `Date.distantPast` (year 1).
    public static let earliestDate = Date.distantPast
    /// The latest date a draft may carry, `Date.distantFuture` (year 4001).
    public static let latestDate = Date.distantFuture

    /// Gregorian in UTC: days compare the same on every device, whatever its time zone.
    public static var utcCalendar: Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(secondsFromGMT: 0) ?? calendar.timeZone
        return calendar
    }

    /// Converts a `Double` from a text field or a JSON number to `Decimal` without trapping: Foundation's
    /// `Decimal(_: Double)` crashes on infinity, so infinities become NaN here and the validators reject
    /// them as "not finite" instead.
    public static func decimal(from value: Double) -> Decimal {
        guard value.isFinite else { return .nan }
        return Decimal(value)
    }

    /// `value` rounded to `places` decimal places, halves away from zero (half-up for the positive amounts
    /// of an invoice): how every line, tax and total is rounded to a currency's minor units.
    public static func rounded(_ value: Decimal, toPlaces places: Int) -> Decimal {
        var input = value
        var output = Decimal()
        NSDecimalRound(&output, &input, places, .plain)
        return output
    }

    /// Whether a (non-NaN) `value` has at most `places` digits after the decimal point, trailing zeros
    /// ignored: `3.50` has one, `3.14159` five, `1200` none.
    public static func hasAtMost(_ places: Int, decimalPlaces value: Decimal) -> Bool {
        // Exponent zero or more is a whole number; otherwise rounding to `places` must not change it.
        value.exponent >= 0 || -value.exponent <= places || rounded(value, toPlaces: places) == value
    }

    /// Whether `date` is a real instant within `earliestDate...latestDate` (NaN and infinite dates are not).
    static func isInRange(_ date: Date) -> Bool {
        let interval = date.timeIntervalSinceReferenceDate
        return interval.isFinite && date >= earliestDate && date <= latestDate
    }
}
