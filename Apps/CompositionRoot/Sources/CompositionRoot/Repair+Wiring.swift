public import Foundation
public import Storage
import StorageSQLite

/// What repairing the data folder did.
public enum DataFolderRepair: Hashable, Sendable {
    /// There is no database yet.
    case nothingToRepair
    /// The database opens and passes its checks; nothing was changed.
    case sound
    /// The database was damaged: every readable row was copied into a new one, now in its place, and the damaged
    /// file was kept at `keptAt`. `summary` says what was recovered and lost; `complete` whether nothing was lost.
    case repaired(summary: String, keptAt: URL, complete: Bool)
    /// The database is damaged and not one row could be read from it: nothing was changed, the file is where it
    /// was. `summary` says what was tried.
    case nothingRecovered(summary: String)
}

extension LedgerFactory {
    /// Checks the data folder's database and, when it is damaged, salvages every readable row into a new one and
    /// keeps the damaged file beside it. No other process may use the data folder meanwhile.
    public func repairDataFolder() async throws(StorageError) -> DataFolderRepair {
        await store.close()
        let database = environment.dataDirectory.appendingPathComponent(SharedStore.fileName)
        guard FileManager.default.fileExists(atPath: database.path) else { return .nothingToRepair }
        do {
            let opened = try await SQLiteStore.open(
                at: database, options: SQLiteStoreOptions(check: .full), now: environment.now)
            await opened.close()
            return .sound
        } catch {
            guard case .corrupted = error else { throw error }
        }
        let stamp = Int(environment.now().timeIntervalSince1970)
        let kept = environment.dataDirectory.appendingPathComponent("ledger.damaged-\(stamp).sqlite")
        let report = try await SQLiteStore.repairInPlace(database, keepingDamagedAt: kept)
        if report.outcome == .nothingRecovered { return .nothingRecovered(summary: report.description) }
        return .repaired(summary: report.description, keptAt: kept, complete: report.isComplete)
    }
}
