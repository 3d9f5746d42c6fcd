import Foundation

/// Reads a `Retry-After` value (RFC 9110 §10.2.3): delay-seconds or an HTTP date in any of the three formats
/// recipients must accept (IMF-fixdate, RFC 850, asctime). Parsed by hand because `DateFormatter` is expensive
/// and not documented as thread-safe on every platform.
enum RetryAfter {
    /// The delay the header asks for, or nil when absent or unreadable (the caller falls back to backoff).
    /// A date in the past means "now" (zero).
    static func delay(in headers: HTTPHeaders, now: Date) -> Duration? {
        guard let raw = headers["Retry-After"] else { return nil }
        let value = raw.trimmingCharacters(in: .whitespaces)
        if !value.isEmpty, value.utf8.allSatisfy({ (0x30...0x39).contains($0) }) {
            guard let seconds = Int64(value) else { return .seconds(Int64.max / 1_000_000_000) }
            return .seconds(min(seconds, Int64.max / 1_000_000_000))
        }
        guard let date = httpDate(value, now: now) else { return nil }
        let interval = date.timeIntervalSince(now)
        guard interval > 0 else { return .zero }
        return .milliseconds(Int64(min(interval, 1e12) * 1000))
    }

    private static let months = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"]

    /// Parses the three HTTP date formats; nil for anything else. `now` places the two-digit years of RFC 850
    /// dates.
    static func httpDate(_ text: String, now: Date) -> Date? {
        let words = text.split(whereSeparator: { $0 == " " || $0 == "," }).map(String.init)
        // IMF-fixdate: Sun, 06 Nov 1994 08:49:37 GMT -> [Sun, 06, Nov, 1994, 08:49:37, GMT]
        if words.count == 6, words[5] == "GMT", let day = Int(words[1]), let month = month(words[2]),
            let year = Int(words[3]), words[3].count == 4
        {
            return date(year: year, month: month, day: day, time: words[4])
        }
        // RFC 850: Sunday, 06-Nov-94 08:49:37 GMT -> [Sunday, 06-Nov-94, 08:49:37, GMT]
        if words.count == 4, words[3] == "GMT" {
            let parts = words[1].split(separator: "-").map(String.init)
            if parts.count == 3, let day = Int(parts[0]), let month = month(parts[1]), parts[2].count == 2,
                let shortYear = Int(parts[2])
            {
                return rfc850Date(shortYear: shortYear, month: month, day: day, time: words[2], now: now)
            }
        }
        // asctime: Sun Nov  6 08:49:37 1994 -> [Sun, Nov, 6, 08:49:37, 1994]
        if words.count == 5, let month = month(words[1]), let day = Int(words[2]), let year = Int(words[4]),
            words[4].count == 4
        {
            return date(year: year, month: month, day: day, time: words[3])
        }
        return nil
    }

    /// RFC 9110 §5.6.7: a timestamp that appears to be more than 50 years in the future is read as the most
    /// recent past year with the same last two digits. "Appears" is judged against `now` (the injected wall
    /// clock), to the second: of the years ending in those digits, the latest that is not more than 50 years
    /// ahead.
    private static func rfc850Date(shortYear: Int, month: Int, day: Int, time: String, now: Date) -> Date? {
        let nowSeconds = Int(now.timeIntervalSince1970.rounded(.down))
        let nowDays = Int((Double(nowSeconds) / 86_400).rounded(.down))
        let (nowYear, nowMonth, nowDay) = civilDate(daysSince1970: nowDays)
        // The same instant 50 calendar years on (29 February falls back to the 28th in a common year).
        let limitDay = min(nowDay, daysInMonth(nowMonth, year: nowYear + 50))
        let limit =
            daysFromCivil(year: nowYear + 50, month: nowMonth, day: limitDay) * 86_400 + (nowSeconds - nowDays * 86_400)
        let centuryStart = nowYear - ((nowYear % 100) + 100) % 100
        for year in [centuryStart + 100 + shortYear, centuryStart + shortYear, centuryStart - 100 + shortYear] {
            guard let candidate = date(year: year, month: month, day: day, time: time) else {
                // Only a day that does not exist in that year (29 February) differs between centuries.
                continue
            }
            if Int(candidate.timeIntervalSince1970) <= limit { return candidate }
        }
        return nil
    }

    /// The proleptic Gregorian date of a day counted from 1970-01-01 (H. Hinnant's `civil_from_days`).
    private static func civilDate(daysSince1970 days: Int) -> (year: Int, month: Int, day: Int) {
        let shifted = days + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    private static func month(_ name: String) -> Int? {
        guard name.count == 3, let index = months.firstIndex(of: name.lowercased()) else { return nil }
        return index + 1
    }

    private static func date(year: Int, month: Int, day: Int, time: String) -> Date? {
        let parts = time.split(separator: ":")
        guard parts.count == 3, parts.allSatisfy({ $0.count == 2 }), let hour = Int(parts[0]),
            let minute = Int(parts[1]), let second = Int(parts[2]), (0...23).contains(hour),
            (0...59).contains(minute), (0...60).contains(second), (1...31).contains(day),
            (1...9999).contains(year)
        else { return nil }
        guard day <= daysInMonth(month, year: year) else { return nil }
        let days = daysFromCivil(year: year, month: month, day: day)
        let seconds = days * 86_400 + hour * 3_600 + minute * 60 + second
        return Date(timeIntervalSince1970: TimeInterval(seconds))
    }

    private static func daysInMonth(_ month: Int, year: Int) -> Int {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// Days since 1970-01-01 in the proleptic Gregorian calendar (H. Hinnant's `days_from_civil`).
    private static func daysFromCivil(year: Int, month: Int, day: Int) -> Int {
        let shifted = month <= 2 ? year - 1 : year
        let era = (shifted >= 0 ? shifted : shifted - 399) / 400
        let yearOfEra = shifted - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }
}
