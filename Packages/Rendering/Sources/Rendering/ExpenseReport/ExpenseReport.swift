public import Foundation

/// An expense report as Rendering draws it: Rendering's own value, so it never depends on how a store keeps
/// expenses (the composition root maps a stored report into this).
public struct ExpenseReport: Hashable, Sendable {
    /// The heading, such as "Week 11, 2025".
    public var title: String
    /// The groups of rows, in order; a report without grouping has one section without a heading.
    public var sections: [ExpenseReportSection]

    /// Creates a report of grouped rows.
    public init(title: String, sections: [ExpenseReportSection]) {
        self.title = title
        self.sections = sections
    }

    /// Creates a report of ungrouped rows.
    public init(title: String, rows: [ExpenseReportRow]) {
        self.init(title: title, sections: [ExpenseReportSection(heading: nil, rows: rows)])
    }

    /// The sum of every row per currency, ordered by currency code. Currencies are never added together:
    /// converting would need rates a report does not have.
    public var totals: [CurrencyAmount] {
        CurrencyAmount.sums(of: sections.flatMap(\.rows))
    }
}

/// Rows under an optional heading (a day, a week, a category).
public struct ExpenseReportSection: Hashable, Sendable {
    /// The heading printed above the rows; nil prints none and no subtotal.
    public var heading: String?
    /// The rows, in order.
    public var rows: [ExpenseReportRow]

    /// Creates a section.
    public init(heading: String?, rows: [ExpenseReportRow]) {
        self.heading = heading
        self.rows = rows
    }

    /// The sum of this section's rows per currency, ordered by currency code.
    public var totals: [CurrencyAmount] {
        CurrencyAmount.sums(of: rows)
    }
}

/// One expense.
public struct ExpenseReportRow: Hashable, Sendable {
    /// The day of the expense.
    public var date: CalendarDay
    /// What it was for.
    public var title: String
    /// How much, in `currency`.
    public var amount: Decimal
    /// The currency of `amount`.
    public var currency: Currency
    /// Free text about the expense; the CSV carries it so an export loses nothing, the table leaves it out.
    public var comment: String

    /// Creates a row.
    public init(date: CalendarDay, title: String, amount: Decimal, currency: Currency, comment: String = "") {
        self.date = date
        self.title = title
        self.amount = amount
        self.currency = currency
        self.comment = comment
    }
}

/// An amount in one currency.
public struct CurrencyAmount: Hashable, Sendable {
    /// The currency.
    public let currency: Currency
    /// The amount, rounded to the currency's minor units.
    public let amount: Decimal

    /// Creates an amount.
    public init(currency: Currency, amount: Decimal) {
        self.currency = currency
        self.amount = amount
    }

    /// Sums rows per currency code. Each row is rounded to its currency's minor units first (the same rule as
    /// invoices: halves away from zero) so a total always equals the sum of the printed rows. A NaN amount makes
    /// its currency's total NaN, which prints as "NaN" rather than being left out.
    static func sums(of rows: [ExpenseReportRow]) -> [CurrencyAmount] {
        var sums: [String: (Currency, Decimal)] = [:]
        for row in rows {
            let rounded = MoneyRounding.round(row.amount, scale: row.currency.minorUnits)
            let current = sums[row.currency.code] ?? (row.currency, 0)
            sums[row.currency.code] = (current.0, current.1 + rounded)
        }
        return sums.keys.sorted().compactMap { code in
            sums[code].map { CurrencyAmount(currency: $0.0, amount: $0.1) }
        }
    }
}
