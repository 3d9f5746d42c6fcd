import Foundation
import Storage
import StorageTesting
import Testing

@Test func theInMemoryStoreOfTheTestKitReportsWhatWasSaved() async throws {
    let store = FakeExpenseStore()
    let day = Date(timeIntervalSince1970: 1_700_000_000)
    _ = try await store.save(ExpenseEntry(title: "Coffee", price: 3.8, currencyCode: "EUR", date: day))
    let report = await store.report(in: day.addingTimeInterval(-60)..<day.addingTimeInterval(60))
    #expect(report.entries.map(\.title) == ["Coffee"])
    #expect(report.totals == [CurrencyTotal(currencyCode: "EUR", amount: 3.8, entryCount: 1)])
}
