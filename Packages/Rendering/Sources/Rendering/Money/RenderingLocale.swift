public import Essentials
public import Foundation

/// How numbers, amounts, percentages and dates are written on a document: the conventions of a Foundation
/// `Locale`, from the CLDR data the platform ships.
///
/// Every locale Foundation knows formats as its people expect (`10 455,00 zł`, `27.11.2026`, `19 %`), with no
/// table of this package's own to fall behind. The output follows the platform's CLDR version: a new
/// toolchain or OS may change a separator (French grouping became U+202F NARROW NO-BREAK SPACE), so the same
/// invoice renders to the same bytes only on the same platform version; see the package README.
///
/// The format styles are built once, when the value is created, and reused for every figure it writes.
public struct RenderingLocale: Hashable, Sendable, CustomStringConvertible {
    /// How days are written.
    public enum DateStyle: Hashable, Sendable {
        /// `2025-03-14`, whatever the locale: the form the app's commands read days back in.
        case iso8601
        /// The locale's numeric date with two-digit day and month: `03/14/2025`, `14.03.2025`, `2025/03/14`,
        /// `2025. 03. 14.`.
        case numeric
    }

    /// The Foundation locale whose conventions are used.
    public let locale: Locale
    /// How days are written.
    public var dateStyle: DateStyle
    /// The styles built from `locale`, kept so a document of a thousand lines does not build them again.
    let styles: FormatStyles

    /// The conventions of `locale`, which the caller has already chosen (the device's, or one from
    /// ``init(validating:dateStyle:)``).
    public init(locale: Locale, dateStyle: DateStyle = .numeric) {
        self.locale = locale
        self.dateStyle = dateStyle
        self.styles = FormatStyles(locale: locale)
    }

    /// The conventions for `identifier` such as `pl_PL`, `de-CH` or `fr`, or `en_US` when it is not a locale
    /// Foundation knows.
    ///
    /// This never fails, for values that were accepted earlier (a stored setting). Where a person types the
    /// identifier, use ``init(validating:dateStyle:)``, which refuses an unknown one with the closest known
    /// identifiers.
    public init(identifier: String, dateStyle: DateStyle = .numeric) {
        let known = try? Self(validating: identifier, dateStyle: dateStyle)
        self = known ?? Self(locale: Locale(identifier: "en_US"), dateStyle: dateStyle)
    }

    /// The conventions for `identifier`, refusing one that Foundation does not know.
    ///
    /// Foundation makes a `Locale` of any string and quietly formats an unknown one with the root locale's
    /// conventions (`€ 1234567.50`), so a typo in a setting would print wrong invoices without a word. An
    /// identifier is known when its language is an ISO 639 code Foundation has (`Locale.LanguageCode
    /// .isoLanguageCodes`) and its region, if any, an ISO 3166 region it has. `_` and `-` both separate the
    /// parts (`pl_PL`, `pl-PL`); the locale's identifier is written with `_`.
    ///
    /// - Throws: ``RenderingLocaleError/malformedIdentifier(_:)`` for an empty, overlong or impossible string;
    ///   ``RenderingLocaleError/unknownIdentifier(_:suggestions:)`` with at most five known identifiers close
    ///   to it.
    public init(validating identifier: String, dateStyle: DateStyle = .numeric) throws(RenderingLocaleError) {
        self.init(locale: try LocaleIdentifiers.locale(for: identifier), dateStyle: dateStyle)
    }

    /// The locale's identifier (`pl_PL`).
    public var identifier: String { locale.identifier }

    /// The identifier, as a setting shows it.
    public var description: String { identifier }

    /// United States: `$1,234.56`, `03/14/2025`.
    public static let enUS = RenderingLocale(locale: Locale(identifier: "en_US"))
    /// United Kingdom: `£1,234.56`, `14/03/2025`.
    public static let enGB = RenderingLocale(locale: Locale(identifier: "en_GB"))
    /// Germany: `1.234,56 €`, `14.03.2025`.
    public static let deDE = RenderingLocale(locale: Locale(identifier: "de_DE"))
    /// France: `1 234,56 €` with narrow no-break spaces between groups, `14/03/2025`.
    public static let frFR = RenderingLocale(locale: Locale(identifier: "fr_FR"))
    /// German-speaking Switzerland: `CHF 1’234.56`, `14.03.2025`.
    public static let deCH = RenderingLocale(locale: Locale(identifier: "de_CH"))
    /// Japan: `￥1,235`, `2025/03/14`.
    public static let jaJP = RenderingLocale(locale: Locale(identifier: "ja_JP"))

    /// Writes `day` in this locale's date style, in the Gregorian calendar, so a day prints as the same day in
    /// every time zone.
    public func string(from day: CalendarDay) -> String {
        switch dateStyle {
        case .iso8601: return day.iso8601
        case .numeric: return styles.date.format(styles.midnight(of: day))
        }
    }

    /// Two values are equal when they write everything alike: the same locale and date style.
    public static func == (lhs: RenderingLocale, rhs: RenderingLocale) -> Bool {
        lhs.locale.identifier == rhs.locale.identifier && lhs.dateStyle == rhs.dateStyle
    }

    /// Hashes what `==` compares.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(locale.identifier)
        hasher.combine(dateStyle)
    }
}

/// Foundation's format styles for one locale. They are `Sendable` values; building them once per locale
/// instead of once per figure is what keeps a long invoice fast.
struct FormatStyles: Sendable {
    /// Quantities: grouped, up to six fraction digits, trailing zeros dropped.
    let quantity: Decimal.FormatStyle
    /// Tax rates: the locale's percent pattern, up to four fraction digits.
    let percent: Decimal.FormatStyle.Percent
    /// The numeric date with two-digit day and month, Gregorian, in UTC.
    let date: Date.FormatStyle
    let locale: Locale
    /// Gregorian in UTC: the calendar of `date`.
    let calendar: Calendar

    init(locale: Locale) {
        self.locale = locale
        quantity = Decimal.FormatStyle(locale: locale).precision(.fractionLength(0...6))
            .rounded(rule: .toNearestOrAwayFromZero)
        percent = Decimal.FormatStyle.Percent(locale: locale).precision(.fractionLength(0...4))
            .rounded(rule: .toNearestOrAwayFromZero)
        var calendar = Calendar(identifier: .gregorian)
        let utc = TimeZone(secondsFromGMT: 0) ?? calendar.timeZone
        calendar.timeZone = utc
        self.calendar = calendar
        date = Date.FormatStyle(locale: locale, calendar: calendar, timeZone: utc)
            .year(.defaultDigits).month(.twoDigits).day(.twoDigits)
    }

    /// The currency style for `code` with exactly `fractionDigits` (a range for unit prices). The amount is
    /// rounded before it is formatted, so the style's own rounding never changes a digit.
    func currency(
        code: String, fractionDigits: ClosedRange<Int>, isoCode: Bool = false
    ) -> Decimal.FormatStyle.Currency {
        let style = Decimal.FormatStyle.Currency(code: code, locale: locale)
            .precision(.fractionLength(fractionDigits)).rounded(rule: .toNearestOrAwayFromZero)
        return isoCode ? style.presentation(.isoCode) : style
    }

    /// The start of `day` in the styles' own calendar. Foundation's Gregorian calendar is Julian before
    /// 1582-10-15, so the day is placed with that same calendar and reads back as the day it is.
    func midnight(of day: CalendarDay) -> Date {
        calendar.date(from: DateComponents(year: day.year, month: day.month, day: day.day))
            ?? Date(
                timeIntervalSince1970: 0)
    }
}
