public import Foundation
public import Storage

/// Records every call to an expense store and can make the next call of an operation fail, so a consumer's test
/// checks what its code asked for and how it handles errors without hand-rolling a mock.
///
/// `SpyExpenseStore()` works on a new ``FakeExpenseStore``; `failNext(.save, with: error)` makes the next save throw
/// `error` and change nothing, and the one after it work again. <doc:TestingYourCode> shows a complete test.
public actor SpyExpenseStore: ExpenseStore {
    /// A recorded call, with its arguments.
    public enum Call: Hashable, Sendable {
        /// ``save(_:)`` with the batch.
        case save([ExpenseEntry])
        /// ``report(in:)`` with the period.
        case report(Range<Date>)
        /// ``totals(in:)`` with the period.
        case totals(Range<Date>)
        /// ``delete(_:)`` with the ids.
        case delete([UUID])
    }

    /// The operations a failure can be queued for.
    public enum Operation: Hashable, Sendable, CaseIterable {
        /// ``save(_:)``.
        case save
        /// ``report(in:)``.
        case report
        /// ``totals(in:)``.
        case totals
        /// ``delete(_:)``.
        case delete
    }

    /// Every call so far, in order, including calls that failed.
    public private(set) var calls: [Call] = []
    private var failures: [Operation: [StorageError]] = [:]
    private let wrapped: any ExpenseStore

    /// A spy in front of `wrapped`, which does the real work of calls that do not fail.
    public init(wrapping wrapped: any ExpenseStore) {
        self.wrapped = wrapped
    }

    /// A spy in front of a new ``FakeExpenseStore``.
    public init() {
        self.init(wrapping: FakeExpenseStore())
    }

    /// Makes the next call of `operation` throw `error` without reaching the wrapped store (failures queue up in
    /// order; once they are used up, calls work again).
    public func failNext(_ operation: Operation, with error: StorageError) {
        failures[operation, default: []].append(error)
    }

    /// Every entry passed to `save`, in call order.
    public var savedEntries: [ExpenseEntry] {
        calls.flatMap { call -> [ExpenseEntry] in
            if case .save(let batch) = call { return batch }
            return []
        }
    }

    /// Records the call, then fails or saves.
    @discardableResult
    public func save(_ batch: [ExpenseEntry]) async throws(StorageError) -> SaveReceipt {
        calls.append(.save(batch))
        try failIfQueued(.save)
        return try await wrapped.save(batch)
    }

    /// Records the call, then fails or reads.
    public func report(in period: Range<Date>) async throws(StorageError) -> ExpenseReport {
        calls.append(.report(period))
        try failIfQueued(.report)
        return try await wrapped.report(in: period)
    }

    /// Records the call, then fails or sums.
    public func totals(in period: Range<Date>) async throws(StorageError) -> [CurrencyTotal] {
        calls.append(.totals(period))
        try failIfQueued(.totals)
        return try await wrapped.totals(in: period)
    }

    /// Records the call, then fails or deletes.
    public func delete(_ ids: [UUID]) async throws(StorageError) -> Int {
        calls.append(.delete(ids))
        try failIfQueued(.delete)
        return try await wrapped.delete(ids)
    }

    /// The wrapped store's changes.
    public nonisolated func changes() -> AsyncStream<ExpenseChange> {
        wrapped.changes()
    }

    private func failIfQueued(_ operation: Operation) throws(StorageError) {
        guard var queued = failures[operation], !queued.isEmpty else { return }
        let error = queued.removeFirst()
        failures[operation] = queued
        throw error
    }
}
