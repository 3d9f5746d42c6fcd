package import Foundation

/// The expense entries of an in-memory or file store, with the operations every backend must agree on.
///
/// A value type: a store swaps in the new table after a commit, so a reader holding the old one never sees part of
/// a batch.
package struct ExpenseTable: Sendable {
    package private(set) var entries: [UUID: StoredExpense] = [:]

    package init() {}

    package var count: Int { entries.count }

    /// Applies a checked batch and says how many ids were new.
    @discardableResult
    package mutating func save(_ batch: [StoredExpense]) -> SaveReceipt {
        var receipt = SaveReceipt(inserted: 0, replaced: 0)
        for entry in batch {
            if entries.updateValue(entry, forKey: entry.id) == nil {
                receipt.inserted += 1
            } else {
                receipt.replaced += 1
            }
        }
        return receipt
    }

    /// Removes the ids and returns those that existed, in the order given.
    @discardableResult
    package mutating func delete(_ ids: [UUID]) -> [UUID] {
        ids.filter { entries.removeValue(forKey: $0) != nil }
    }

    /// The report of `period`: entries newest first, totals summed exactly.
    package func report(in period: Range<Date>) -> ExpenseReport {
        let matching = self.matching(period).sorted(by: StoredExpense.newestFirst)
        var sums: [String: MicrosTotal] = [:]
        for entry in matching { sums[entry.currencyCode, default: MicrosTotal()].add(entry.priceMicros) }
        return ExpenseReport(
            period: period, entries: matching.map(\.entry), totals: CurrencyTotal.totals(of: sums))
    }

    /// The totals of `period`, ordered by currency code.
    package func totals(in period: Range<Date>) -> [CurrencyTotal] {
        var sums: [String: MicrosTotal] = [:]
        for entry in matching(period) { sums[entry.currencyCode, default: MicrosTotal()].add(entry.priceMicros) }
        return CurrencyTotal.totals(of: sums)
    }

    private func matching(_ period: Range<Date>) -> [StoredExpense] {
        let start = period.lowerBound.timeIntervalSinceReferenceDate
        let end = period.upperBound.timeIntervalSinceReferenceDate
        return entries.values.filter { $0.date >= start && $0.date < end }
    }
}
