import Essentials
import Foundation

/// How numbers and dates are spelled in an e-invoice: `.` as the decimal separator, no grouping, no exponent;
/// amounts with a fixed number of decimals, quantities and rates without trailing zeros.
enum EInvoiceNumbers {
    /// `value` rounded half away from zero to `places` decimals, the rounding `InvoiceCalculation` uses.
    static func rounded(_ value: Decimal, places: Int) -> Decimal {
        var input = value
        var output = Decimal()
        NSDecimalRound(&output, &input, places, .plain)
        return output
    }

    /// `value` with exactly `places` decimals (`1234.50`, `1000` for none); the value is rounded first.
    static func fixed(_ value: Decimal, places: Int) -> String {
        padded(plain(rounded(value, places: places)), places: places)
    }

    /// `value` as it is, with at least `places` decimals (a unit price `0.1234` stays, `12.5` becomes `12.50`).
    static func atLeast(_ value: Decimal, places: Int) -> String {
        padded(plain(value), places: places)
    }

    /// `value` without trailing zeros (`19`, `7.7`, `1.5`).
    static func plain(_ value: Decimal) -> String {
        guard !value.isZero else { return "0" }
        var text = value.description
        if text.contains(".") {
            while text.last == "0" { text.removeLast() }
            if text.last == "." { text.removeLast() }
        }
        return text
    }

    /// Whether `value` has at most `places` decimals.
    static func hasAtMost(_ places: Int, decimalsIn value: Decimal) -> Bool {
        rounded(value, places: places) == value
    }

    /// Whether `value` is a number smaller than `limit` in magnitude.
    static func isFinite(_ value: Decimal, below limit: Decimal) -> Bool {
        !value.isNaN && value.magnitude < limit
    }

    /// The date in format 102 of UNTDID 2379: `yyyyMMdd`.
    static func format102(_ day: CalendarDay) -> String {
        func digits(_ number: Int, _ count: Int) -> String {
            let text = String(number)
            return String(repeating: "0", count: max(0, count - text.count)) + text
        }
        return digits(day.year, 4) + digits(day.month, 2) + digits(day.day, 2)
    }

    private static func padded(_ text: String, places: Int) -> String {
        guard places > 0 else { return text }
        guard let point = text.firstIndex(of: ".") else {
            return text + "." + String(repeating: "0", count: places)
        }
        let decimals = text.distance(from: text.index(after: point), to: text.endIndex)
        return text + String(repeating: "0", count: max(0, places - decimals))
    }
}
