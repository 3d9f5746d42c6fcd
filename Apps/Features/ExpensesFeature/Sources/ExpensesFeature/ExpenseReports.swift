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

    /// The report for `period` in `format`, keeping the entries `options` keep.
    public func report(
        _ period: ReportPeriod, format: ReportFormat, options: ReportOptions
    ) async throws(StorageError) -> String {
        var report = try await reader.report(for: period.range)
        if !options.filter.keepsEverything {
            // The totals are summed again from the entries kept.
            report = Storage.ExpenseReport(period: report.period, entries: report.entries.filter(options.filter.keeps))
        }
        switch format {
        case .table:
            let title = period.titleShowsDates ? "\(period.title): \(periodText(report.period))" : period.title
            let byCategory = options.sections == .category
            let groups: [(heading: String?, entries: [ExpenseEntry])] =
                if byCategory {
                    CategoryGroup.groups(of: report.entries).map {
                        ($0.category ?? CategoryGroup.uncategorisedHeading, $0.entries)
                    }
                } else if let grouping = period.grouping {
                    try report.grouped(by: grouping, in: calendar).map { (periodText($0.period), $0.entries) }
                } else {
                    [(nil, report.entries)]
                }
            let table = ExpenseReportTable(
                title: title, money: MoneyFormatter(locale: locale), currency: currency,
                day: { [locale, calendar] in locale.string(from: CalendarDay($0, in: calendar.timeZone)) })
            return table.text(groups: groups, totals: report.totals, byDay: !byCategory && period.grouping == .day)
        case .csv:
            return CSVExpenseReportFormatter().format(
                Rendering.ExpenseReport(title: period.title, sections: try sections(of: report, by: nil)))
        case .json:
            return json(report, title: period.title, byCategory: options.sections == .category)
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

    private func json(_ report: Storage.ExpenseReport, title: String, byCategory: Bool) -> String {
        let days = DayFormat(calendar: calendar)
        let categories =
            byCategory
            ? CategoryGroup.groups(of: report.entries).map { group in
                ReportDocument.Category(
                    category: group.category,
                    totals: CurrencyTotal.totals(of: group.entries).map {
                        .init(currency: $0.currencyCode, amount: "\($0.amount)", entries: $0.entryCount)
                    })
            } : nil
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
                    currency: $0.currencyCode, comment: $0.comment, category: $0.category, tags: $0.tags)
            },
            categories: categories)
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
            /// `null` when there is none: every entry has every key.
            let category: String?
            let tags: [String]

            private enum CodingKeys: String, CodingKey {
                case id, date, title, amount, currency, comment, category, tags
            }

            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: CodingKeys.self)
                try container.encode(id, forKey: .id)
                try container.encode(date, forKey: .date)
                try container.encode(title, forKey: .title)
                try container.encode(amount, forKey: .amount)
                try container.encode(currency, forKey: .currency)
                try container.encode(comment, forKey: .comment)
                try container.encode(category, forKey: .category)
                try container.encode(tags, forKey: .tags)
            }
        }
        /// A category's subtotals; `category` is `null` for the uncategorised entries.
        struct Category: Encodable {
            let category: String?
            let totals: [Total]

            private enum CodingKeys: String, CodingKey { case category, totals }

            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: CodingKeys.self)
                try container.encode(category, forKey: .category)
                try container.encode(totals, forKey: .totals)
            }
        }
        let title: String
        let from: String
        let to: String
        let totals: [Total]
        let entries: [Entry]
        /// Only with `--by category`.
        let categories: [Category]?
    }
}
