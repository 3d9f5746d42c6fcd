import Foundation
import Storage
import StorageSQLite

/// The data folder's store, opened on first use, once, and shared by every feature of one factory.
///
/// The backend is one line: `SQLiteStore.open` keeps expenses and documents in one SQLite file.
actor SharedStore {
    /// The database's file name in the data folder.
    static let fileName = "ledger.sqlite"

    private let folder: URL
    private let now: @Sendable () -> Date
    private var opened: SQLiteStore?

    init(folder: URL, now: @escaping @Sendable () -> Date) {
        self.folder = folder
        self.now = now
    }

    /// The store, opened on first use.
    func open() async throws(StorageError) -> SQLiteStore {
        if let opened { return opened }
        let store = try await SQLiteStore.open(at: folder.appendingPathComponent(Self.fileName), now: now)
        opened = store
        return store
    }

    func close() async {
        await opened?.close()
        opened = nil
    }
}
