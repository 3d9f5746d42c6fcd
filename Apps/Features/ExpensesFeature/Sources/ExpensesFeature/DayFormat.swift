public import Foundation

/// Calendar days as people type them (`2026-11-21`), read and written in one calendar and time zone.
public struct DayFormat: Sendable {
    /// The calendar (and time zone) days are read in.
    public let calendar: Calendar

    /// Creates a format for `calendar`.
    public init(calendar: Calendar) {
        self.calendar = calendar
    }

    /// The start of the day `text` names (`YYYY-MM-DD`), or nil when it names no real day.
    public func date(from text: String) -> Date? {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
            parts.allSatisfy({ $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }),
            let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2])
        else { return nil }
        let components = DateComponents(year: year, month: month, day: day)
        guard components.isValidDate(in: calendar), let date = calendar.date(from: components) else { return nil }
        return date
    }

    /// The last instant of the day `text` names: the upper end of a closed range ending on that day.
    public func endOfDay(from text: String) -> Date? {
        guard let start = date(from: text), let next = calendar.date(byAdding: .day, value: 1, to: start) else {
            return nil
        }
        return next.addingTimeInterval(-0.001)
    }

    /// `date` as `YYYY-MM-DD` in this calendar.
    public func string(from date: Date) -> String {
        let parts = calendar.dateComponents([.year, .month, .day], from: date)
        return String(format: "%04d-%02d-%02d", parts.year ?? 0, parts.month ?? 0, parts.day ?? 0)
    }
}
