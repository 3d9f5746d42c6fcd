public import Foundation
public import Storage

/// An in-memory expense store for previews and other teams' tests: saves and reads like the real backends.
public actor InMemoryExpenseStore: ExpenseSaving, ExpenseReading {
    private var entriesByID: [UUID: ExpenseEntry] = [:]

    /// Creates a store holding `entries`.
    public init(entries: [ExpenseEntry] = []) {
        for entry in entries { entriesByID[entry.id] = entry }
    }

    /// Stores `entry`, replacing an entry with the same id; rejects prices that are not finite.
    public func save(_ entry: ExpenseEntry) throws(StorageError) {
        guard entry.price.isFinite else { throw .invalidEntry(reason: "price is not a finite number") }
        entriesByID[entry.id] = entry
    }

    /// The entries whose date lies in `interval`, newest first.
    public func entries(in interval: DateInterval) -> [ExpenseEntry] {
        entriesByID.values
            .filter { interval.contains($0.date) }
            .sorted { ($0.date, $0.id.uuidString) > ($1.date, $1.id.uuidString) }
    }
}
