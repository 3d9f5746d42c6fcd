import Foundation
import Storage
import StorageTesting
import Testing

/// An app's model: records a quick expense and keeps today's total for a badge.
@MainActor
final class QuickExpenseModel {
    private let saving: any ExpenseSaving
    private let totals: any ExpenseTotaling
    private let today: Range<Date>
    private(set) var total: Decimal = 0
    private(set) var failure: String?

    init(saving: any ExpenseSaving, totals: any ExpenseTotaling, today: Range<Date>) {
        self.saving = saving
        self.totals = totals
        self.today = today
    }

    func add(_ title: String, price: Decimal, at date: Date) async {
        do {
            try await saving.save(ExpenseEntry(title: title, price: price, currencyCode: "EUR", date: date))
            total = try await totals.totals(in: today).first { $0.currencyCode == "EUR" }?.amount ?? 0
            failure = nil
        } catch {
            failure = error.isDiskFull ? "The disk is full; nothing was saved." : error.description
        }
    }
}

@Suite("Quick expense")
@MainActor
struct QuickExpenseModelTests {
    let today = Date(timeIntervalSince1970: 1_767_225_600)..<Date(timeIntervalSince1970: 1_767_312_000)

    @Test func addingAnExpenseUpdatesTodaysTotal() async throws {
        let store = FakeExpenseStore()
        // `changes()` is nonisolated: subscribe without `await`, before anything is saved.
        var changes = store.changes().makeAsyncIterator()
        let model = QuickExpenseModel(saving: store, totals: store, today: today)

        await model.add("Coffee", price: 3.5, at: today.lowerBound + 3_600)

        #expect(model.total == 3.5)
        #expect(model.failure == nil)
        guard case .saved(let ids) = await changes.next() else {
            Issue.record("expected the save to be announced")
            return
        }
        #expect(await store.report(in: today).entries.map(\.id) == ids)
    }

    @Test func aFullDiskIsShownAndTheNextSaveWorks() async throws {
        let spy = SpyExpenseStore()  // records every call, and does the work on a new FakeExpenseStore
        let full = FileSystemFailure(operation: .write, path: "/data/ledger.sqlite", errorNumber: 28)  // ENOSPC
        await spy.failNext(.save, with: .fileSystem(full))
        let model = QuickExpenseModel(saving: spy, totals: spy, today: today)

        await model.add("Coffee", price: 3.5, at: today.lowerBound)
        #expect(model.failure == "The disk is full; nothing was saved.")
        #expect(await spy.calls.count == 1)  // the failed save; no totals were read

        await model.add("Coffee", price: 3.5, at: today.lowerBound)
        #expect(model.failure == nil && model.total == 3.5)
        #expect(await spy.savedEntries.map(\.title) == ["Coffee", "Coffee"])
    }
}
