import Foundation
import Storage
import StorageCSQLite

/// Opening a database: header check, pragmas, integrity check, migrations; damage is refused in place.
enum SQLiteOpening {
    private static let header = Array("SQLite format 3\u{0}".utf8)

    /// A ready connection to the database at `url`, or `corrupted` when the file is damaged.
    ///
    /// Damage is refused where it lies: nothing is moved, changed or created in place of the database, so the next
    /// attempt finds the same damage instead of an empty ledger. The check runs on a read-only connection first,
    /// which leaves the database and its WAL exactly as found (a read-write connection would checkpoint the WAL
    /// into the damaged file).
    static func connect(at url: URL, options: SQLiteStoreOptions) throws(StorageError) -> SQLiteConnection {
        if let reason = try headerProblem(at: url) { throw damaged(url, reason) }
        do throws(StorageError) {
            if options.check != .headerOnly, try hasContent(url) { try check(url, options: options) }
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
            guard case .database(let failure) = error, SQLiteFailure(failure).isCorruption else { throw error }
            let primary = SQLiteFailure(failure).primaryCode
            throw damaged(
                url, primary == SQLITE_NOTADB ? .notADatabase : .databaseDamaged(damage(of: url, [failure.message])))
        }
    }

    /// `PRAGMA quick_check` or `integrity_check` on a read-only connection; throws `corrupted` naming the damaged
    /// tables and indexes when it finds damage.
    private static func check(_ url: URL, options: SQLiteStoreOptions) throws(StorageError) {
        // Without a log the file alone is the database: read it as it is, creating no log beside it.
        let log = URL(fileURLWithPath: url.path + "-wal")
        let hasLog = FileManager.default.fileExists(atPath: log.path) && (try? OpenFile(log).size) ?? 0 > 0
        let connection = try SQLiteConnection(url: url, access: hasLog ? .readOnly : .immutable)
        connection.setBusyTimeout(options.busyTimeout)
        let pragma = options.check == .full ? "PRAGMA integrity_check" : "PRAGMA quick_check"
        // The check returns its findings as rows, and for some damage stops with an error after them: both count.
        var findings: [String] = []
        do throws(SQLiteFailure) {
            let statement = try connection.prepare(pragma)
            defer { statement.reset() }
            while try statement.step() { findings.append(statement.text(0)) }
        } catch {
            guard error.isCorruption else { throw error.storageError }
            findings.append(error.failure.message)
        }
        guard findings == ["ok"] else { throw damaged(url, .databaseDamaged(damage(of: url, findings))) }
    }

    /// The damage `findings` describe: the tables and indexes of the pages they name, or, when they name none
    /// ("database disk image is malformed"), those whose pages the file's own reading finds damaged.
    private static func damage(of url: URL, _ findings: [String]) -> DatabaseDamage {
        var objects = DatabaseFile.objects(damagedIn: findings, of: url)
        if objects.isEmpty, let file = try? DatabaseFile(url: url) { objects = file.damagedObjects() }
        return DatabaseDamage(objects: objects, findings: Array(findings.prefix(10)))
    }

    /// Whether the log beside the database is missing or empty: the database file alone then holds every committed
    /// change.
    static func logIsEmpty(_ url: URL) -> Bool {
        let log = URL(fileURLWithPath: url.path + "-wal")
        guard FileManager.default.fileExists(atPath: log.path) else { return true }
        return (try? OpenFile(log).size) == 0
    }

    /// Runs `body` on a connection that reads the database file alone: no log, no shared-memory index, no lock,
    /// nothing created. Only for a full disk with an empty log, where no writer can commit meanwhile.
    static func readingTheFileAlone<T>(
        _ url: URL, _ body: (SQLiteConnection) throws(StorageError) -> T
    ) throws(StorageError) -> T {
        let connection = try SQLiteConnection(url: url, access: .immutable)
        defer { connection.close() }
        return try body(connection)
    }

    /// Whether the database at `url` can be read as it is, without a writer: it exists and has this build's schema.
    /// A store opened on a full disk, where the writer cannot set up the log, serves reads then.
    static func isReadableWithoutWriter(_ url: URL) -> Bool {
        let version = { (connection: SQLiteConnection) throws(StorageError) -> Int in
            let rows = try checked { () throws(SQLiteFailure) in try connection.execute("PRAGMA user_version") }
            return Int(rows.first ?? "") ?? 0
        }
        guard (try? hasContent(url)) == true else { return false }
        do {
            let connection = try SQLiteConnection(url: url, access: .readOnly)
            defer { connection.close() }
            return try version(connection) == SQLiteSchema.latestVersion
        } catch {
            guard error.isDiskFull, logIsEmpty(url) else { return false }
            return (try? readingTheFileAlone(url, version)) == SQLiteSchema.latestVersion
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
            throw error.storageError
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

    /// `corrupted` for the database at `url`, left where it is.
    private static func damaged(_ url: URL, _ reason: CorruptionReason) -> StorageError {
        .corrupted(CorruptionReport(file: url, movedTo: nil, reason: reason))
    }
}
