public import Foundation

/// Saves expense entries: the only capability an "add expense" screen needs.
public protocol ExpenseSaving: Sendable {
    /// Stores every entry of `batch` or none of them, replacing entries with the same ids.
    ///
    /// A reader never sees part of a batch. The batch is checked first (``ExpenseLimits``); a bad entry or an id
    /// that appears twice fails the whole batch with a typed error, so nothing is ever dropped silently.
    @discardableResult
    func save(_ batch: [ExpenseEntry]) async throws(StorageError) -> SaveReceipt
}

extension ExpenseSaving {
    /// Stores one entry, replacing an entry with the same id.
    @discardableResult
    public func save(_ entry: some ExpenseModel) async throws(StorageError) -> SaveOutcome {
        let receipt = try await save([ExpenseEntry(entry)])
        return receipt.inserted == 1 ? .inserted : .replaced
    }
}

/// What a batch save did.
public struct SaveReceipt: Hashable, Sendable {
    /// Entries whose id was new.
    public var inserted: Int
    /// Entries that replaced an entry with the same id.
    public var replaced: Int

    /// Creates a receipt.
    public init(inserted: Int, replaced: Int) {
        self.inserted = inserted
        self.replaced = replaced
    }
}

/// What saving one entry did.
public enum SaveOutcome: Hashable, Sendable {
    /// The id was new.
    case inserted
    /// An entry with the same id was replaced.
    case replaced
}

/// Reads the entries of a period with their totals: what a report screen needs.
public protocol ExpenseReading: Sendable {
    /// The entries dated in `period` (start included, end excluded), newest first, with totals per currency,
    /// read as one consistent snapshot.
    func report(in period: Range<Date>) async throws(StorageError) -> ExpenseReport
}

/// Sums a period without fetching its entries: what a budget badge or a dashboard needs.
public protocol ExpenseTotaling: Sendable {
    /// The totals per currency of the entries dated in `period`, ordered by currency code.
    func totals(in period: Range<Date>) async throws(StorageError) -> [CurrencyTotal]
}

/// Deletes entries: what a swipe-to-delete needs.
public protocol ExpenseDeleting: Sendable {
    /// Deletes the entries with these ids, all or none, and returns how many existed. Unknown ids are not an error:
    /// deleting twice has the same result as deleting once.
    func delete(_ ids: [UUID]) async throws(StorageError) -> Int
}

extension ExpenseDeleting {
    /// Deletes one entry and says whether it existed.
    @discardableResult
    public func delete(id: UUID) async throws(StorageError) -> Bool {
        try await delete([id]) == 1
    }
}

/// Tells observers that entries changed, so a report on another screen refreshes after a save.
public protocol ExpenseObserving: Sendable {
    /// A stream of every change committed through this store from now on, in commit order. Each change arrives
    /// after it is durable and visible to readers.
    ///
    /// The store holds a bounded number of changes for each observer (1,024 unless configured). An observer that
    /// falls that far behind receives `resync` in place of the changes it missed, and should read what it shows
    /// again; memory never grows with a slow observer. The stream ends when the store closes or the iterating task
    /// is cancelled.
    func changes() -> AsyncStream<ExpenseChange>
}

/// A committed change.
public enum ExpenseChange: Hashable, Sendable {
    /// A batch was saved; the ids in batch order.
    case saved([UUID])
    /// Entries were deleted; the ids that existed.
    case deleted([UUID])
    /// The observer fell behind and changes were dropped: read everything it shows again.
    case resync
}

/// Everything an expense backend offers, for the one place that creates backends and hands out the parts.
public typealias ExpenseStore = ExpenseSaving & ExpenseReading & ExpenseTotaling & ExpenseDeleting & ExpenseObserving
