import Foundation
import Storage
import StorageCSQLite

/// Opening a database: header check, pragmas, integrity check, migrations; damage moves the files aside.
enum SQLiteOpening {
    private static let header = Array("SQLite format 3\u{0}".utf8)

    /// A ready connection to the database at `url`, or `corrupted` after moving a damaged file aside.
    ///
    /// The integrity check runs on a read-only connection first: if the file is damaged, closing that connection
    /// leaves the database and its WAL exactly as found (a read-write connection would checkpoint the WAL into
    /// the damaged file and delete it), so both are moved aside intact.
    static func connect(at url: URL, options: SQLiteStoreOptions) throws(StorageError) -> SQLiteConnection {
        if let reason = try headerProblem(at: url) { try quarantine(url, reason: reason) }
        do throws(StorageError) {
            if options.checksAtOpen, try hasContent(url) { try check(url, options: options) }
            let connection = try SQLiteConnection(url: url)
            connection.setBusyTimeout(options.busyTimeout)
            try checked { () throws(SQLiteFailure) in
                try connection.execute("PRAGMA page_size = 16384")
                let mode = try connection.execute("PRAGMA journal_mode = WAL")
                guard mode == ["wal"] else {
                    throw SQLiteFailure(BackendFailure(code: SQLITE_ERROR, message: "journal mode is \(mode)"))
                }
                try connection.execute("PRAGMA synchronous = FULL")
                // Apple systems: fsync leaves data in the drive's cache; F_FULLFSYNC reaches the platter.
                try connection.execute("PRAGMA fullfsync = ON")
                try connection.execute("PRAGMA checkpoint_fullfsync = ON")
                try connection.execute("PRAGMA cache_size = -32768")
            }
            try SQLiteSchema.migrate(connection)
            return connection
        } catch {
            switch error {
            case .corrupted(let report):
                try quarantine(url, reason: report.reason)
            case .database(let failure) where SQLiteFailure(failure).isCorruption:
                let primary = SQLiteFailure(failure).primaryCode
                try quarantine(
                    url, reason: primary == SQLITE_NOTADB ? .notADatabase : .databaseDamaged(details: [failure.message])
                )
            default:
                throw error
            }
        }
    }

    /// `PRAGMA quick_check` on a read-only connection; throws `corrupted` (not yet moved) when it finds damage.
    private static func check(_ url: URL, options: SQLiteStoreOptions) throws(StorageError) {
        let connection = try SQLiteConnection(url: url, readOnly: true)
        connection.setBusyTimeout(options.busyTimeout)
        let findings = try checked { () throws(SQLiteFailure) in try connection.execute("PRAGMA quick_check") }
        guard findings == ["ok"] else {
            throw .corrupted(
                CorruptionReport(
                    file: url, movedTo: nil, reason: .databaseDamaged(details: Array(findings.prefix(10)))))
        }
    }

    private static func hasContent(_ url: URL) throws(StorageError) -> Bool {
        guard FileManager.default.fileExists(atPath: url.path) else { return false }
        return try OpenFile(url).size > 0
    }

    /// Runs SQLite calls, turning their failure into `StorageError.database`.
    static func checked<T>(_ body: () throws(SQLiteFailure) -> T) throws(StorageError) -> T {
        do {
            return try body()
        } catch {
            throw .database(error.failure)
        }
    }

    /// A non-empty file that does not start with SQLite's header is not a database, whatever SQLite would guess.
    private static func headerProblem(at url: URL) throws(StorageError) -> CorruptionReason? {
        guard FileManager.default.fileExists(atPath: url.path) else { return nil }
        let file = try OpenFile(url)
        guard file.size > 0 else { return nil }
        guard file.size >= 100 else { return .truncated }
        let start = try file.readBytes(count: header.count)
        return Array(start) == header ? nil : .notADatabase
    }

    /// Moves the database and its WAL and shared-memory files aside under one number and throws `corrupted`.
    private static func quarantine(_ url: URL, reason: CorruptionReason) throws(StorageError) -> Never {
        let companions = [url] + ["-wal", "-shm"].map { URL(fileURLWithPath: url.path + $0) }
        let moved = try FileIO.moveAside(together: companions)
        throw .corrupted(CorruptionReport(file: url, movedTo: moved.first ?? nil, reason: reason))
    }
}
