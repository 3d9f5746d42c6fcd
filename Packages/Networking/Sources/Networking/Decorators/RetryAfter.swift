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
        guard let date = httpDate(value) else { return nil }
        let interval = date.timeIntervalSince(now)
        guard interval > 0 else { return .zero }
        return .milliseconds(Int64(min(interval, 1e12) * 1000))
    }

    private static let months = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"]

    /// Parses the three HTTP date formats; nil for anything else.
    static func httpDate(_ text: String) -> Date? {
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
                // RFC 9110: a two-digit year more than 50 years in the future is in the past century.
                let year = shortYear + (shortYear < 70 ? 2000 : 1900)
                return date(year: year, month: month, day: day, time: words[2])
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
