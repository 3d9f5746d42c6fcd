import Foundation
import Storage
import StorageSQLite
import Testing

@Test func anEntrySavedInASQLiteFileIsReadBackAfterReopening() async throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("consumer-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    let url = folder.appendingPathComponent("ledger.sqlite")
    let day = Date(timeIntervalSince1970: 1_700_000_000)
    let period = day.addingTimeInterval(-60)..<day.addingTimeInterval(60)

    // The folder is new: opening creates it only when asked, so a mistyped path is refused instead.
    let store = try await SQLiteStore.open(at: url, options: SQLiteStoreOptions(createsMissingFolders: true))
    _ = try await store.save(ExpenseEntry(title: "Train ticket", price: 42.5, currencyCode: "EUR", date: day))
    await store.close()

    let reopened = try await SQLiteStore.open(at: url)
    let report = try await reopened.report(in: period)
    await reopened.close()
    #expect(report.entries.map(\.title) == ["Train ticket"])
}
