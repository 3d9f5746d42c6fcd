public import Foundation

/// The bounds that make an amount or a date "absurd", shared by the invoice and expense rules so both agree.
public enum MoneyLimits {
    /// 10^15: a thousand trillion of any currency. Above it an amount is a typo or an attack, and the
    /// renderer's own limit (also 10^15) would refuse it later with a less helpful message.
    public static let maximumAmount = Decimal(sign: .plus, exponent: 15, significand: 1)

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

    /// Whether `date` is a real instant within `earliestDate...latestDate` (NaN and infinite dates are not).
    static func isInRange(_ date: Date) -> Bool {
        let interval = date.timeIntervalSinceReferenceDate
        return interval.isFinite && date >= earliestDate && date <= latestDate
    }
}
