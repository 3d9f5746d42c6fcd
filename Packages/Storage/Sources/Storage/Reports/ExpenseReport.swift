public import Foundation

/// The entries of a period, newest first, and what they add up to in each currency.
public struct ExpenseReport: Hashable, Sendable {
    /// The period the report covers (start included, end excluded).
    public var period: Range<Date>
    /// The entries, newest first; entries with the same date are ordered by id so every backend agrees.
    public var entries: [ExpenseEntry]
    /// One total per currency, ordered by currency code. Amounts in different currencies are never added up.
    public var totals: [CurrencyTotal]

    /// Creates a report from entries already in report order; the totals are computed from them.
    public init(period: Range<Date>, entries: [ExpenseEntry]) {
        self.period = period
        self.entries = entries
        self.totals = CurrencyTotal.totals(of: entries)
    }

    /// Creates a report whose totals a backend already summed exactly.
    package init(period: Range<Date>, entries: [ExpenseEntry], totals: [CurrencyTotal]) {
        self.period = period
        self.entries = entries
        self.totals = totals
    }

    /// The report cut into calendar periods (days, weeks or months), newest first, for a report table.
    ///
    /// Only periods with entries appear. Weeks start on `calendar.firstWeekday`; periods follow
    /// `calendar.timeZone`, so a day across a daylight-saving change is 23 or 25 hours long.
    public func grouped(by grouping: ReportGrouping, in calendar: Calendar) throws(StorageError) -> [ExpenseGroup] {
        var groups: [ExpenseGroup] = []
        var current: (period: Range<Date>, entries: [ExpenseEntry])?
        for entry in entries {
            if let open = current, open.period.contains(entry.date) {
                current?.entries.append(entry)
                continue
            }
            if let finished = current {
                groups.append(ExpenseGroup(period: finished.period, entries: finished.entries))
            }
            guard let interval = calendar.dateInterval(of: grouping.component, for: entry.date) else {
                throw .invalidRange(.calendarCannotPlaceDate)
            }
            current = (interval.start..<interval.end, [entry])
        }
        if let finished = current {
            groups.append(ExpenseGroup(period: finished.period, entries: finished.entries))
        }
        return groups
    }
}

/// One row group of a report table: a calendar period and its entries.
public struct ExpenseGroup: Hashable, Sendable {
    /// The calendar period (start included, end excluded).
    public var period: Range<Date>
    /// The entries of the period, newest first.
    public var entries: [ExpenseEntry]
    /// One total per currency, ordered by currency code.
    public var totals: [CurrencyTotal]

    /// Creates a group; the totals are computed from the entries.
    public init(period: Range<Date>, entries: [ExpenseEntry]) {
        self.period = period
        self.entries = entries
        self.totals = CurrencyTotal.totals(of: entries)
    }
}

/// How a report table cuts a report into rows.
public enum ReportGrouping: Hashable, Sendable, CaseIterable {
    /// Calendar days.
    case day
    /// Calendar weeks, starting on the calendar's first weekday.
    case week
    /// Calendar months.
    case month

    var component: Calendar.Component {
        switch self {
        case .day: .day
        case .week: .weekOfYear
        case .month: .month
        }
    }
}

/// The sum of the entries in one currency.
public struct CurrencyTotal: Hashable, Sendable {
    /// ISO 4217 currency code.
    public var currencyCode: String
    /// The exact sum.
    public var amount: Decimal
    /// How many entries were added up.
    public var entryCount: Int

    /// Creates a total.
    public init(currencyCode: String, amount: Decimal, entryCount: Int) {
        self.currencyCode = currencyCode
        self.amount = amount
        self.entryCount = entryCount
    }

    /// Totals per currency, ordered by currency code.
    ///
    /// Entries that did not come from a store (hand-built reports) may hold prices a store would refuse; their
    /// amounts are added with `Decimal` arithmetic instead of the exact integer sums the stores use.
    public static func totals(of entries: [ExpenseEntry]) -> [CurrencyTotal] {
        var sums: [String: MicrosTotal] = [:]
        var decimals: [String: (amount: Decimal, count: Int)] = [:]
        for entry in entries {
            switch Micros.from(entry.price) {
            case .success(let micros):
                sums[entry.currencyCode, default: MicrosTotal()].add(micros)
            case .failure:
                decimals[entry.currencyCode, default: (0, 0)].amount += entry.price
                decimals[entry.currencyCode, default: (0, 0)].count += 1
            }
        }
        var totals: [String: CurrencyTotal] = [:]
        for (code, sum) in sums {
            totals[code] = CurrencyTotal(currencyCode: code, amount: sum.decimal, entryCount: sum.count)
        }
        for (code, extra) in decimals {
            var total = totals[code] ?? CurrencyTotal(currencyCode: code, amount: 0, entryCount: 0)
            total.amount += extra.amount
            total.entryCount += extra.count
            totals[code] = total
        }
        return totals.values.sorted { $0.currencyCode < $1.currencyCode }
    }

    /// Totals per currency from stored amounts, ordered by currency code.
    package static func totals(of sums: [String: MicrosTotal]) -> [CurrencyTotal] {
        sums.map { CurrencyTotal(currencyCode: $0.key, amount: $0.value.decimal, entryCount: $0.value.count) }
            .sorted { $0.currencyCode < $1.currencyCode }
    }
}
