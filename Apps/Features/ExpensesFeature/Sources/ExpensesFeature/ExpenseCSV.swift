import Essentials
public import Foundation
public import Rendering
public import Storage

/// The CSV file the expenses feature exports and imports: `date,time,utc_offset,title,amount,currency,comment,id`,
/// one row per expense, oldest first. The day and the time of day are written as the export's calendar shows them,
/// `utc_offset` is that zone's offset from UTC at the moment (`UTC+14:00`, `UTC-03:30`; a bare `+14:00` would be
/// defused as a spreadsheet formula), and `id` is the expense's own:
/// together they say which expense a row is and exactly when it happened, so importing the file in any time zone
/// gives back the same expenses at the same instants instead of new ones on other days. The time has at least six
/// decimals and as many more as the instant needs to come back to the last bit. The amount has the currency's
/// decimals, and cells that would start a spreadsheet formula are defused (`'=SUM(A1)`), which the importer undoes.
///
/// When any exported expense has a category or tags, two more columns follow: `category` (empty for none) and
/// `tags` (joined by commas, which no tag holds). An export without labels keeps the eight columns, exactly as files
/// were written before labels existed; the importer reads both, by their headings.
///
/// Files written before `utc_offset` and `id` existed (`date,time,title,amount,currency,comment`) still import: their
/// rows are identified by their content and the day as written, as before.
public enum ExpenseCSV {
    /// The header line's columns.
    public static let columns = ["date", "time", "utc_offset", "title", "amount", "currency", "comment", "id"]
    /// The columns added when an expense has a category or tags.
    public static let labelColumns = ["category", "tags"]

    /// The rows of `entries` as CSV, in `calendar`, with each amount's decimals from `currency`.
    public static func text(
        _ entries: [ExpenseEntry], calendar: Calendar, currency: (String) -> Currency
    ) -> String {
        let writer = CSVWriter()
        let labelled = entries.contains { $0.category != nil || !$0.tags.isEmpty }
        var text = writer.line(labelled ? columns + labelColumns : columns)
        for entry in entries {
            let (day, time, offset) = wallClock(of: entry.date, in: calendar)
            var fields = [
                day, time, offset, entry.title,
                amount(entry.price, minorUnits: currency(entry.currencyCode).minorUnits), entry.currencyCode,
                entry.comment, entry.id.uuidString.lowercased(),
            ]
            if labelled { fields += [entry.category ?? "", entry.tags.joined(separator: ",")] }
            text += writer.line(fields)
        }
        return text
    }

    /// The day, time of day and UTC offset of `date` as `calendar` shows it, written so that `instant(day:time:offset:in:)`
    /// gives `date` back exactly.
    ///
    /// The instant is split into whole seconds and the fraction left over (exact: both are `Double`s of the same
    /// magnitude). The whole seconds become the day and time in a zone fixed at the offset of that moment, with
    /// integer arithmetic only; the fraction is written with its shortest exact decimals. Reading adds the two back,
    /// which gives the instant itself.
    static func wallClock(of date: Date, in calendar: Calendar) -> (day: String, time: String, offset: String) {
        let offsetSeconds = calendar.timeZone.secondsFromGMT(for: date)
        var fixed = calendar
        fixed.timeZone = TimeZone(secondsFromGMT: offsetSeconds) ?? calendar.timeZone
        let seconds = date.timeIntervalSinceReferenceDate
        let whole = seconds.rounded(.down)
        let fraction = seconds - whole
        let wholeDate = Date(timeIntervalSinceReferenceDate: whole)
        let start = fixed.startOfDay(for: wholeDate)
        let ofDay = Int64(whole - start.timeIntervalSinceReferenceDate)
        let clock = String(
            format: "%02lld:%02lld:%02lld", ofDay / 3_600, ofDay % 3_600 / 60, ofDay % 60)
        return (
            DayFormat(calendar: fixed).string(from: wholeDate), clock + "." + decimals(of: fraction),
            offset(offsetSeconds)
        )
    }

    /// The digits after the point of `fraction` (0 <= fraction < 1): the shortest that read back as the same
    /// `Double`, at least six.
    static func decimals(of fraction: Double) -> String {
        var digits = ""
        if fraction > 0 {
            // `description` is the shortest text that reads back exactly: `0.25`, `0.123456789012`, `1.5e-07`.
            let text = fraction.description
            let parts = text.split(separator: "e")
            let mantissa = parts[0].replacingOccurrences(of: ".", with: "")
            let exponent = parts.count == 2 ? Int(parts[1]) ?? 0 : 0
            // The mantissa is `d.ddd` (exponent form) or `0.ddd`: shift its digits behind the point.
            digits =
                parts.count == 2
                ? String(repeating: "0", count: max(0, -exponent - 1)) + mantissa
                : String(mantissa.dropFirst())
            while digits.hasSuffix("0") { digits.removeLast() }
        }
        return digits + String(repeating: "0", count: max(0, 6 - digits.count))
    }

    /// `UTC+HH:MM`, or `UTC+HH:MM:SS` for the few historical offsets with seconds.
    static func offset(_ seconds: Int) -> String {
        let magnitude = abs(seconds)
        let text =
            (seconds < 0 ? "UTC-" : "UTC+") + String(format: "%02d:%02d", magnitude / 3_600, magnitude % 3_600 / 60)
        return magnitude % 60 == 0 ? text : text + String(format: ":%02d", magnitude % 60)
    }

    /// The seconds east of UTC an offset names (`UTC+14:00`, `UTC-03:30`, `+00:19:32`, `UTC`, `Z`), or nil when it
    /// names none.
    static func offsetSeconds(_ text: String) -> Int? {
        let text = text.hasPrefix("UTC") ? String(text.dropFirst(3)) : text
        if text.isEmpty || text == "Z" { return 0 }
        guard let sign = text.first, sign == "+" || sign == "-" else { return nil }
        let parts = text.dropFirst().split(separator: ":", omittingEmptySubsequences: false)
        guard (2...3).contains(parts.count),
            parts.allSatisfy({ $0.count == 2 && $0.allSatisfy { $0.isASCII && $0.isNumber } }),
            let hours = Int(parts[0]), let minutes = Int(parts[1]), hours <= 18, minutes < 60
        else { return nil }
        let seconds = parts.count == 3 ? Int(parts[2]) ?? 60 : 0
        guard seconds < 60 else { return nil }
        let total = hours * 3_600 + minutes * 60 + seconds
        guard total <= 18 * 3_600 else { return nil }
        return sign == "-" ? -total : total
    }

    /// The instant a row of an export names: the start of its day on a clock fixed at its UTC offset, plus `time`
    /// (`HH:MM`, `HH:MM:SS` or `HH:MM:SS.digits`); nil when the time names none. The whole seconds are added first
    /// and the fraction last, which gives back exactly the instant `wallClock(of:in:)` wrote.
    static func instant(day: Date, time text: String) -> Date? {
        guard let (whole, fraction) = timeOfDay(text) else { return nil }
        let seconds = day.timeIntervalSinceReferenceDate + Double(whole)
        return Date(timeIntervalSinceReferenceDate: seconds + fraction)
    }

    /// The whole seconds and the fraction of a time of day written `HH:MM`, `HH:MM:SS` or `HH:MM:SS.digits` (at most
    /// 400 digits: the exact decimals of the smallest fraction a `Double` holds have about 340), read apart so that
    /// no decimal is rounded into the whole seconds.
    static func timeOfDay(_ text: String) -> (whole: Int, fraction: Double)? {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard (2...3).contains(parts.count), parts[0].count == 2, parts[1].count == 2,
            let hours = Int(parts[0]), let minutes = Int(parts[1]), (0..<24).contains(hours),
            (0..<60).contains(minutes)
        else { return nil }
        var whole = hours * 3_600 + minutes * 60
        var fraction = 0.0
        if parts.count == 3 {
            let second = parts[2].split(separator: ".", omittingEmptySubsequences: false)
            guard (1...2).contains(second.count), second[0].count == 2,
                second.allSatisfy({ $0.allSatisfy { $0.isASCII && $0.isNumber } }), let seconds = Int(second[0]),
                seconds < 60
            else { return nil }
            whole += seconds
            if second.count == 2 {
                guard (1...400).contains(second[1].count), let value = Double("0." + second[1]) else { return nil }
                fraction = value
            }
        }
        return (whole, fraction)
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
