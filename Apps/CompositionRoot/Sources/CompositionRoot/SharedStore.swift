import Foundation
import Storage
import StorageSQLite

/// The data folder's store, opened on first use, once, and shared by every feature of one factory.
///
/// The backend is one line: `SQLiteStore.open` keeps expenses and documents in one SQLite file. The data folder is
/// the app's, so the store creates it when it is missing (owner-only, as every file in it).
actor SharedStore {
    /// The database's file name in the data folder.
    static let fileName = "ledger.sqlite"

    private let folder: URL
    private let now: @Sendable () -> Date
    private let warn: @Sendable (String) -> Void
    private var opened: SQLiteStore?

    init(folder: URL, now: @escaping @Sendable () -> Date, warn: @escaping @Sendable (String) -> Void) {
        self.folder = folder
        self.now = now
        self.warn = warn
    }

    /// The store, opened on first use; a data folder that others can write in is opened, with a warning.
    func open() async throws(StorageError) -> SQLiteStore {
        if let opened { return opened }
        if let warning = try? FolderPermissions.of(folder).warning { warn(warning) }
        let store = try await SQLiteStore.open(
            at: folder.appendingPathComponent(Self.fileName), options: SQLiteStoreOptions(createsMissingFolders: true),
            now: now)
        opened = store
        return store
    }

    func close() async {
        await opened?.close()
        opened = nil
    }
}
