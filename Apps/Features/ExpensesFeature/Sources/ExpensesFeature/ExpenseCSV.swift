import Essentials
public import Foundation
public import Rendering
public import Storage

/// The CSV file the expenses feature exports and imports: `date,time,title,amount,currency,comment`, one row per
/// expense, oldest first. The day and the time of day are written in the export's calendar, the amount with the
/// currency's decimals, and cells that would start a spreadsheet formula are defused (`'=SUM(A1)`), which the
/// importer undoes.
public enum ExpenseCSV {
    /// The header line's columns.
    public static let columns = ["date", "time", "title", "amount", "currency", "comment"]

    /// The rows of `entries` as CSV, in `calendar`, with each amount's decimals from `currency`.
    public static func text(
        _ entries: [ExpenseEntry], calendar: Calendar, currency: (String) -> Currency
    ) -> String {
        let writer = CSVWriter()
        let days = DayFormat(calendar: calendar)
        var text = writer.line(columns)
        for entry in entries {
            text += writer.line([
                days.string(from: entry.date), time(of: entry.date, in: calendar), entry.title,
                amount(entry.price, minorUnits: currency(entry.currencyCode).minorUnits), entry.currencyCode,
                entry.comment,
            ])
        }
        return text
    }

    /// `HH:MM:SS.ffffff`, the time of day of `date` in `calendar` to the microsecond.
    static func time(of date: Date, in calendar: Calendar) -> String {
        let start = calendar.startOfDay(for: date)
        let micros = Int64((date.timeIntervalSince(start) * 1_000_000).rounded())
        let seconds = micros / 1_000_000
        return String(
            format: "%02lld:%02lld:%02lld.%06lld", seconds / 3_600, seconds % 3_600 / 60, seconds % 60,
            micros % 1_000_000)
    }

    /// `day` at the time of day `text` names (`HH:MM`, `HH:MM:SS` or `HH:MM:SS.ffffff`), or nil when it names none.
    static func moment(on day: Date, time text: String, in calendar: Calendar) -> Date? {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard (2...3).contains(parts.count), parts.allSatisfy({ !$0.isEmpty && $0.count <= 15 }),
            let hours = Int(parts[0]), let minutes = Int(parts[1]), (0..<24).contains(hours), (0..<60).contains(minutes)
        else { return nil }
        var seconds = 0.0
        if parts.count == 3 {
            let second = parts[2]
            guard second.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ".") }), let value = Double(second),
                value >= 0, value < 60
            else { return nil }
            seconds = value
        }
        return day.addingTimeInterval(Double(hours * 3_600 + minutes * 60) + seconds)
    }

    /// `amount` with exactly `minorUnits` decimals, as typed (`129.00`); amounts were validated to fit them.
    static func amount(_ amount: Decimal, minorUnits: Int) -> String {
        var value = amount
        var rounded = Decimal()
        NSDecimalRound(&rounded, &value, minorUnits, .plain)
        let text = "\(rounded)"
        guard minorUnits > 0 else { return text }
        let decimals = text.split(separator: ".").dropFirst().first?.count ?? 0
        return (decimals == 0 ? text + "." : text) + String(repeating: "0", count: max(0, minorUnits - decimals))
    }
}
