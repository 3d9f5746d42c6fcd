import Foundation
import Storage
import StorageSQLite
import StorageTesting
import Testing

@Suite("Storage: in-memory store")
struct InMemoryExpenseStoreTests {
    private let day = DateInterval(start: Date(timeIntervalSince1970: 0), duration: 86_400)

    @Test func readsSavedEntriesNewestFirst() async throws {
        let store = InMemoryExpenseStore()
        let early = ExpenseEntry(title: "Coffee", price: 3, currencyCode: "EUR", date: Date(timeIntervalSince1970: 10))
        let late = ExpenseEntry(title: "Lunch", price: 12, currencyCode: "EUR", date: Date(timeIntervalSince1970: 20))
        try await store.save(early)
        try await store.save(late)
        #expect(await store.entries(in: day) == [late, early])
    }

    @Test func rejectsPriceThatIsNotANumber() async {
        let store = InMemoryExpenseStore()
        let entry = ExpenseEntry(title: "Bad", price: .nan, currencyCode: "EUR", date: Date(timeIntervalSince1970: 10))
        await #expect(throws: StorageError.self) { try await store.save(entry) }
        #expect(await store.entries(in: day).isEmpty)
    }

    @Test func linksSQLiteThree() {
        #expect(SQLiteLibrary.versionNumber >= 3_000_000)
    }
}
