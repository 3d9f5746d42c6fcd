public import Foundation

/// Decimal numbers as people type them on a command line or in a file: digits, at most one `.`, an optional
/// leading sign. Read with a fixed locale, so `1,5` or `1e3` is never silently taken for something else.
public enum DecimalText {
    /// The number `text` spells, or nil when it is not a plain decimal number (empty, letters, two points, a
    /// thousands separator, more than 30 digits).
    public static func parse(_ text: String) -> Decimal? {
        var digits = 0
        var points = 0
        for (offset, character) in text.enumerated() {
            switch character {
            case "0"..."9": digits += 1
            case ".": points += 1
            case "-" where offset == 0, "+" where offset == 0: continue
            default: return nil
            }
        }
        guard digits > 0, points <= 1, digits <= 30 else { return nil }
        return Decimal(string: text, locale: Locale(identifier: "en_US_POSIX"))
    }
}
