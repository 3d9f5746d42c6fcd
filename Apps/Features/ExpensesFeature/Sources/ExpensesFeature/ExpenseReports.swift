import Essentials
public import Foundation
public import Rendering
public import Storage

/// Reads a report from Storage and prints it with Rendering's formatters (table, CSV) or as JSON.
public struct ExpenseReports: ExpenseReporting, ExpenseExporting {
    private let reader: any ReportReading
    private let calendar: Calendar
    private let locale: RenderingLocale
    private let currency: @Sendable (String) -> Currency

    /// Creates reports read by `reader`, cut into days, weeks and months of `calendar`, printed in `locale`, with
    /// each currency code's minor units from `currency`.
    public init(
        reader: any ReportReading, calendar: Calendar, locale: RenderingLocale,
        currency: @escaping @Sendable (String) -> Currency
    ) {
        self.reader = reader
        self.calendar = calendar
        self.locale = locale
        self.currency = currency
    }

    /// The report for `period` in `format`.
    public func report(_ period: ReportPeriod, format: ReportFormat) async throws(StorageError) -> String {
        let report = try await reader.report(for: period.range)
        switch format {
        case .table:
            let title = period.titleShowsDates ? "\(period.title): \(periodText(report.period))" : period.title
            let groups: [(heading: String?, entries: [ExpenseEntry])] =
                if let grouping = period.grouping {
                    try report.grouped(by: grouping, in: calendar).map { (periodText($0.period), $0.entries) }
                } else {
                    [(nil, report.entries)]
                }
            let table = ExpenseReportTable(
                title: title, money: MoneyFormatter(locale: locale), currency: currency,
                day: { [locale, calendar] in locale.string(from: CalendarDay($0, in: calendar.timeZone)) })
            return table.text(groups: groups, totals: report.totals, byDay: period.grouping == .day)
        case .csv:
            return CSVExpenseReportFormatter().format(
                Rendering.ExpenseReport(title: period.title, sections: try sections(of: report, by: nil)))
        case .json:
            return json(report, title: period.title)
        }
    }

    /// Every expense, oldest first, as `ExpenseCSV` writes it.
    public func exportCSV() async throws(StorageError) -> String {
        let report = try await reader.report(for: .allTime)
        return ExpenseCSV.text(report.entries.reversed(), calendar: calendar, currency: currency)
    }

    /// A report cut into groups (a day of a week, a week of a month, a month of a year), newest first.
    private func sections(
        of report: Storage.ExpenseReport, by grouping: ReportGrouping?
    ) throws(StorageError) -> [ExpenseReportSection] {
        guard let grouping else { return [ExpenseReportSection(heading: nil, rows: report.entries.map(row))] }
        return try report.grouped(by: grouping, in: calendar).map { group in
            ExpenseReportSection(heading: periodText(group.period), rows: group.entries.map(row))
        }
    }

    private func row(_ entry: ExpenseEntry) -> ExpenseReportRow {
        ExpenseReportRow(
            date: CalendarDay(entry.date, in: calendar.timeZone), title: entry.title, amount: entry.price,
            currency: currency(entry.currencyCode), comment: entry.comment)
    }

    /// A period as its first and last day in the report's locale, or one day when it is one.
    private func periodText(_ period: Range<Date>) -> String {
        let first = locale.string(from: CalendarDay(period.lowerBound, in: calendar.timeZone))
        let last = locale.string(from: CalendarDay(period.upperBound.addingTimeInterval(-0.001), in: calendar.timeZone))
        return first == last ? first : "\(first) to \(last)"
    }

    private func json(_ report: Storage.ExpenseReport, title: String) -> String {
        let days = DayFormat(calendar: calendar)
        let document = ReportDocument(
            title: title,
            from: days.string(from: report.period.lowerBound),
            to: days.string(from: report.period.upperBound.addingTimeInterval(-0.001)),
            totals: report.totals.map {
                .init(currency: $0.currencyCode, amount: "\($0.amount)", entries: $0.entryCount)
            },
            entries: report.entries.map {
                .init(
                    id: $0.id.uuidString.lowercased(), date: days.string(from: $0.date), title: $0.title,
                    amount: "\($0.price)",
                    currency: $0.currencyCode, comment: $0.comment)
            })
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(document) else { return "{}" }
        return String(decoding: data, as: UTF8.self) + "\n"
    }

    /// The JSON shape of a report; amounts are strings so no decimal digit is lost to a binary float.
    private struct ReportDocument: Encodable {
        struct Total: Encodable {
            let currency: String
            let amount: String
            let entries: Int
        }
        struct Entry: Encodable {
            let id: String
            let date: String
            let title: String
            let amount: String
            let currency: String
            let comment: String
        }
        let title: String
        let from: String
        let to: String
        let totals: [Total]
        let entries: [Entry]
    }
}
