import Foundation

/// A day of the week as the settings name it: ISO 8601 numbers (1 is Monday, 7 is Sunday) or English names.
public enum Weekday: Int, CaseIterable, Sendable {
    /// Day 1.
    case monday = 1
    /// Day 2.
    case tuesday
    /// Day 3.
    case wednesday
    /// Day 4.
    case thursday
    /// Day 5.
    case friday
    /// Day 6.
    case saturday
    /// Day 7.
    case sunday

    /// Reads `1`...`7` (ISO 8601: 1 is Monday) or a day's English name in any case (`monday`, `Sunday`);
    /// `nil` for anything else.
    public init?(parsing text: String) {
        if let number = Int(text), let day = Weekday(rawValue: number), text.utf8.count == 1 {
            self = day
            return
        }
        guard text.utf8.count <= 9, let day = Self.allCases.first(where: { "\($0)" == text.lowercased() }) else {
            return nil
        }
        self = day
    }

    /// The number `Calendar.firstWeekday` takes for this day, where 1 is Sunday and 2 is Monday.
    public var calendarWeekday: Int {
        rawValue % 7 + 1
    }
}

/// The shape of a BCP 47 language tag as locale identifiers write it: a language (2–3 letters, ISO 639), an
/// optional script (4 letters), an optional region (2 letters or 3 digits), variants (5–8 letters and digits,
/// or a digit and 3 more), and extensions (`u-ca-gregory`, `x-private`), joined by `-` or `_` (`de_DE`,
/// `en-GB`, `zh-Hant-TW`, `sr_Latn_RS`).
///
/// Only the shape is checked: whether Foundation has data for the language is not. BCP 47 also reserves
/// 5–8 letter languages for future registration; none exists, and refusing them catches `english` or `German`
/// typed instead of a code.
enum LocaleIdentifier {
    static let maximumLength = 64

    /// The first subtag that breaks the shape, the whole text when it is too long, or `nil` when it fits.
    static func firstMalformedPart(of text: String) -> Substring? {
        guard text.utf8.count <= maximumLength else { return text[...] }
        let parts = text.split(omittingEmptySubsequences: false) { $0 == "-" || $0 == "_" }
        var index = 0
        func next(_ isValid: (Substring) -> Bool) -> Bool {
            guard index < parts.count, isValid(parts[index]) else { return false }
            index += 1
            return true
        }
        guard next({ isLetters($0, 2...3) }) else { return parts.first ?? text[...] }
        _ = next { isLetters($0, 4...4) }
        _ = next { isLetters($0, 2...2) || isDigits($0, 3...3) }
        while next(isVariant) {}
        while index < parts.count {
            let singleton = parts[index]
            guard singleton.count == 1, singleton.unicodeScalars.allSatisfy(ASCIIText.isAlphanumeric) else {
                return singleton
            }
            index += 1
            let isPrivate = singleton.lowercased() == "x"
            var subtags = 0
            while next({ isAlphanumerics($0, isPrivate ? 1...8 : 2...8) && !($0.count == 1 && !isPrivate) }) {
                subtags += 1
            }
            guard subtags > 0 else { return index < parts.count ? parts[index] : singleton }
        }
        return nil
    }

    private static func isVariant(_ part: Substring) -> Bool {
        isAlphanumerics(part, 5...8)
            || (part.count == 4 && part.unicodeScalars.first.map(ASCIIText.isDigit) == true
                && isAlphanumerics(part, 4...4))
    }

    private static func isLetters(_ part: Substring, _ lengths: ClosedRange<Int>) -> Bool {
        lengths.contains(part.utf8.count) && part.unicodeScalars.allSatisfy(ASCIIText.isLetter)
    }

    private static func isDigits(_ part: Substring, _ lengths: ClosedRange<Int>) -> Bool {
        lengths.contains(part.utf8.count) && part.unicodeScalars.allSatisfy(ASCIIText.isDigit)
    }

    private static func isAlphanumerics(_ part: Substring, _ lengths: ClosedRange<Int>) -> Bool {
        lengths.contains(part.utf8.count) && part.unicodeScalars.allSatisfy(ASCIIText.isAlphanumeric)
    }
}

extension Validator where Value == String {
    /// An ISO 4217 currency code among `accepted` and in ``ISO4217/minorUnitsByCode`` (upper case, as ISO writes
    /// it); reports `currency.notISO4217`.
    public static func currencyCode(accepted: Set<String> = ISO4217.currencyCodes) -> Validator {
        rule(.currencyNotISO4217) { accepted.contains($0) && ISO4217.minorUnits(for: $0) != nil }
    }

    /// A locale identifier shaped like a BCP 47 language tag (see the README); reports `locale.empty` or
    /// `locale.malformed`, the latter with the first wrong part when it can be shown.
    public static var localeIdentifier: Validator {
        Validator { text in
            guard !text.isEmpty else { return [ValidationFailure(code: .localeEmpty)] }
            guard let part = LocaleIdentifier.firstMalformedPart(of: text) else { return [] }
            let parameters = ASCIIText.isQuotable(part) ? [ValidationParameter.part: String(part)] : [:]
            return [ValidationFailure(code: .localeMalformed, parameters: parameters)]
        }
    }

    /// The first day of the week: `1`...`7` (1 is Monday) or `monday`...`sunday` (see ``Weekday``); reports
    /// `weekday.invalid`.
    public static var firstWeekday: Validator {
        rule(.weekdayInvalid) { Weekday(parsing: $0) != nil }
    }

    /// A time zone identifier among `known`: by default the identifiers Foundation knows plus `UTC` and
    /// `GMT`. Offsets such as `GMT+2` are refused because they ignore daylight saving time. Reports
    /// `timeZone.empty` or `timeZone.unknown`.
    public static func timeZoneIdentifier(known: Set<String> = TimeZoneIdentifiers.known) -> Validator {
        Validator { text in
            if text.isEmpty { return [ValidationFailure(code: .timeZoneEmpty)] }
            return known.contains(text) ? [] : [ValidationFailure(code: .timeZoneUnknown)]
        }
    }
}

/// The time zone identifiers the settings accept.
public enum TimeZoneIdentifiers {
    /// `TimeZone.knownTimeZoneIdentifiers` plus `UTC` and `GMT`, which Foundation resolves but does not list.
    public static var known: Set<String> {
        Set(TimeZone.knownTimeZoneIdentifiers).union(["UTC", "GMT"])
    }
}
