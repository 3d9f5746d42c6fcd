public import Foundation
public import Storage

/// An expense store in memory, for previews and other teams' tests: it checks, saves, reports and notifies exactly
/// like the file and SQLite stores (the same contract suite runs against all three) and forgets everything when it
/// goes away.
///
/// `FakeExpenseStore()` is empty; `FakeExpenseStore(entries:)` starts with entries. Being an actor, its methods are
/// awaited, except ``changes()``, which is `nonisolated` so that a test or a model's initialiser subscribes before
/// anything is saved. <doc:TestingYourCode> shows a complete test.
public actor FakeExpenseStore: ExpenseStore {
    private var table = ExpenseTable()
    private let broadcaster: ChangeBroadcaster<ExpenseChange>

    /// Creates an empty store; each observer of ``changes()`` is held at most `changeBufferLimit` changes behind
    /// before it gets `.resync`.
    public init(changeBufferLimit: Int = 1_024) {
        broadcaster = ChangeBroadcaster(limit: changeBufferLimit, resync: .resync)
    }

    /// Creates a store holding `entries`; entries that break ``/Storage/ExpenseLimits`` throw, as a save would.
    public init(entries: [ExpenseEntry]) throws(StorageError) {
        broadcaster = ChangeBroadcaster(resync: .resync)
        table.save(try ExpenseLimits.checked(entries))
    }

    /// Stores every entry of `batch` or none of them, replacing entries with the same ids.
    @discardableResult
    public func save(_ batch: [ExpenseEntry]) throws(StorageError) -> SaveReceipt {
        let stored = try ExpenseLimits.checked(batch)
        guard !stored.isEmpty else { return SaveReceipt(inserted: 0, replaced: 0) }
        let receipt = table.save(stored)
        broadcaster.publish(.saved(stored.map(\.id)))
        return receipt
    }

    /// Deletes the entries with these ids; returns how many existed.
    public func delete(_ ids: [UUID]) -> Int {
        let deleted = table.delete(ids)
        if !deleted.isEmpty { broadcaster.publish(.deleted(deleted)) }
        return deleted.count
    }

    /// The entries of `period`, newest first, with totals per currency.
    public func report(in period: Range<Date>) -> ExpenseReport {
        table.report(in: period)
    }

    /// The totals per currency of `period`.
    public func totals(in period: Range<Date>) -> [CurrencyTotal] {
        table.totals(in: period)
    }

    /// Every change committed from now on. `nonisolated`, so subscribing needs no `await` and misses nothing saved
    /// after it returns.
    public nonisolated func changes() -> AsyncStream<ExpenseChange> {
        broadcaster.stream()
    }
}
