import Foundation
import Storage
import StorageCSQLite

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// One SQLite connection with a cache of prepared statements. Not thread-safe: `SQLiteStore` uses it only on its
/// serial queue, inside its lock.
final class SQLiteConnection {
    private let handle: OpaquePointer
    private var statements: [String: SQLiteStatement] = [:]
    let url: URL

    /// How a connection may touch the files.
    enum Access {
        /// Reads and writes, creating the database when missing.
        case readWrite
        /// Reads only; never changes the files, not even by checkpointing or removing the WAL when it closes.
        case readOnly
        /// Reads only the database file as it is, ignoring (and never creating) a WAL or shared-memory file.
        case immutable
    }

    /// Opens the database at `url` with `access`.
    init(url: URL, access: Access = .readWrite) throws(StorageError) {
        var handle: OpaquePointer?
        let code: Int32
        switch access {
        case .readWrite:
            // SQLite would create the file `0644` less the umask; created here first, it is `0600`, and SQLite gives
            // the log and the shared-memory index the database's own permissions.
            FileIO.createPrivateFileIfMissing(url.path)
            code = sqlite3_open_v2(
                url.path, &handle, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX, nil)
        case .readOnly:
            code = sqlite3_open_v2(url.path, &handle, SQLITE_OPEN_READONLY | SQLITE_OPEN_NOMUTEX, nil)
        case .immutable:
            code = sqlite3_open_v2(
                url.absoluteURL.absoluteString + "?immutable=1", &handle,
                SQLITE_OPEN_READONLY | SQLITE_OPEN_URI | SQLITE_OPEN_NOMUTEX, nil)
        }
        guard code == SQLITE_OK, let handle else {
            let message = handle.map { String(cString: sqlite3_errmsg($0)) } ?? "out of memory"
            sqlite3_close_v2(handle)
            throw .database(BackendFailure(code: code, message: message))
        }
        self.handle = handle
        self.url = url
        sqlite3_extended_result_codes(handle, 1)
    }

    private var isClosed = false
    /// Whether the connection's own settings were applied (see `SQLiteReaders`).
    var isConfigured = false

    deinit {
        close()
    }

    /// Closes the connection now (the last connection to close checkpoints the WAL into the database and removes
    /// it), instead of whenever the last reference goes away.
    func close() {
        guard !isClosed else { return }
        isClosed = true
        for statement in statements.values { statement.finalize() }
        statements = [:]
        sqlite3_close_v2(handle)
    }

    /// Waits up to `timeout` for another connection's write lock instead of failing with `SQLITE_BUSY`.
    func setBusyTimeout(_ timeout: Duration) {
        let milliseconds = timeout.components.seconds * 1_000 + timeout.components.attoseconds / 1_000_000_000_000_000
        sqlite3_busy_timeout(handle, Int32(clamping: milliseconds))
    }

    /// The last error of this connection.
    func failure(_ code: Int32) -> BackendFailure {
        BackendFailure(code: sqlite3_extended_errcode(handle), message: String(cString: sqlite3_errmsg(handle)))
    }

    /// The last error of this connection with the operating system's error number behind it (`ENOSPC` when an
    /// I/O error was a full disk) and the database it happened to.
    func fault(_ code: Int32) -> SQLiteFailure {
        SQLiteFailure(failure(code), path: url.path, systemErrorNumber: sqlite3_system_errno(handle))
    }

    /// Runs a fixed statement (no values) and returns every row's first column as text.
    @discardableResult
    func execute(_ sql: String) throws(SQLiteFailure) -> [String] {
        let statement = try prepare(sql)
        defer { statement.reset() }
        var rows: [String] = []
        while try statement.step() { rows.append(statement.text(0)) }
        return rows
    }

    /// The cached prepared statement for `sql`; values are always bound, never pasted into the text.
    func prepare(_ sql: String) throws(SQLiteFailure) -> SQLiteStatement {
        if let cached = statements[sql] { return cached }
        var pointer: OpaquePointer?
        let code = sqlite3_prepare_v3(handle, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &pointer, nil)
        guard code == SQLITE_OK, let pointer else { throw fault(code) }
        let statement = SQLiteStatement(pointer: pointer, connection: self)
        statements[sql] = statement
        return statement
    }

    /// Runs `body` inside `BEGIN IMMEDIATE` ... `COMMIT`, rolling back when it throws. `IMMEDIATE` takes the write
    /// lock up front, where the busy timeout applies, so a writer never fails half-way with `SQLITE_BUSY`.
    func writeTransaction<T>(_ body: () throws(SQLiteFailure) -> T) throws(SQLiteFailure) -> T {
        try execute("BEGIN IMMEDIATE")
        do throws(SQLiteFailure) {
            let result = try body()
            try execute("COMMIT")
            return result
        } catch {
            _ = try? execute("ROLLBACK")
            throw error
        }
    }

    /// Runs `body` inside a savepoint, so its changes are undone alone when it throws.
    func savepoint<T>(_ body: () throws(SQLiteFailure) -> T) throws(SQLiteFailure) -> T {
        try execute("SAVEPOINT batch")
        do throws(SQLiteFailure) {
            let result = try body()
            try execute("RELEASE batch")
            return result
        } catch {
            _ = try? execute("ROLLBACK TO batch")
            _ = try? execute("RELEASE batch")
            throw error
        }
    }

    /// Rows changed by the last statement.
    var changes: Int { Int(sqlite3_changes(handle)) }
}

/// A failed SQLite call: the connection's extended result code and message, and what the operating system said.
struct SQLiteFailure: Error {
    var failure: BackendFailure
    /// The database the call was about, when known.
    var path: String?
    /// `errno` of the system call that failed behind an I/O error; 0 when there was none.
    var systemErrorNumber: Int32

    init(_ failure: BackendFailure, path: String? = nil, systemErrorNumber: Int32 = 0) {
        self.failure = failure
        self.path = path
        self.systemErrorNumber = systemErrorNumber
    }

    /// The primary result code (the low byte of the extended code).
    var primaryCode: Int32 { failure.code & 0xFF }

    /// Damage or a file that is not a database, as opposed to a busy lock or a full disk.
    var isCorruption: Bool { primaryCode == SQLITE_CORRUPT || primaryCode == SQLITE_NOTADB }

    /// The disk (or the user's quota) is full: SQLite's own `SQLITE_FULL`, or an I/O error whose system call said
    /// so, as when the shared-memory index of the log cannot grow (`SQLITE_IOERR_SHMSIZE`).
    var isDiskFull: Bool {
        primaryCode == SQLITE_FULL
            || (primaryCode == SQLITE_IOERR && (systemErrorNumber == ENOSPC || systemErrorNumber == EDQUOT))
    }

    /// The error callers get: a full disk is the same `fileSystem` error with `ENOSPC` that every backend reports
    /// for it (naming the database, whichever of its files was written); anything else is `database`.
    var storageError: StorageError {
        guard isDiskFull else { return .database(failure) }
        return .fileSystem(FileSystemFailure(operation: .write, path: path ?? "", errorNumber: ENOSPC))
    }
}

/// A prepared statement owned by a connection's cache.
final class SQLiteStatement {
    private let pointer: OpaquePointer
    private unowned let connection: SQLiteConnection

    /// SQLite's `SQLITE_TRANSIENT`: copy the bound bytes, which Swift may free right after the call.
    private static var transient: sqlite3_destructor_type {
        unsafeBitCast(-1 as Int, to: sqlite3_destructor_type.self)
    }

    init(pointer: OpaquePointer, connection: SQLiteConnection) {
        self.pointer = pointer
        self.connection = connection
    }

    func finalize() {
        sqlite3_finalize(pointer)
    }

    /// Clears the statement for its next use.
    func reset() {
        sqlite3_reset(pointer)
        sqlite3_clear_bindings(pointer)
    }

    /// Advances to the next row; `false` when done.
    func step() throws(SQLiteFailure) -> Bool {
        let code = sqlite3_step(pointer)
        switch code {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        default: throw connection.fault(code)
        }
    }

    /// Runs a statement that returns no rows.
    func run() throws(SQLiteFailure) {
        defer { reset() }
        while try step() {}
    }

    func bind(_ value: Int64, at index: Int32) throws(SQLiteFailure) {
        try check(sqlite3_bind_int64(pointer, index, value))
    }

    func bind(_ value: Double, at index: Int32) throws(SQLiteFailure) {
        try check(sqlite3_bind_double(pointer, index, value))
    }

    func bind(_ value: String, at index: Int32) throws(SQLiteFailure) {
        let count = UInt64(value.utf8.count)
        try check(
            value.withCString { sqlite3_bind_text64(pointer, index, $0, count, Self.transient, UInt8(SQLITE_UTF8)) })
    }

    /// Binds text, or NULL for nil.
    func bind(_ value: String?, at index: Int32) throws(SQLiteFailure) {
        guard let value else { return try check(sqlite3_bind_null(pointer, index)) }
        try bind(value, at: index)
    }

    func bind(_ value: UUID, at index: Int32) throws(SQLiteFailure) {
        try check(
            withUnsafeBytes(of: value.uuid) { sqlite3_bind_blob(pointer, index, $0.baseAddress, 16, Self.transient) })
    }

    func bind(_ value: Data, at index: Int32) throws(SQLiteFailure) {
        let code = value.withUnsafeBytes { buffer in
            guard let base = buffer.baseAddress, !buffer.isEmpty else {
                return sqlite3_bind_zeroblob(pointer, index, 0)
            }
            return sqlite3_bind_blob64(pointer, index, base, UInt64(buffer.count), Self.transient)
        }
        try check(code)
    }

    func int64(_ column: Int32) -> Int64 {
        sqlite3_column_int64(pointer, column)
    }

    func double(_ column: Int32) -> Double {
        sqlite3_column_double(pointer, column)
    }

    /// Text of any length, including NUL characters.
    func text(_ column: Int32) -> String {
        guard let bytes = sqlite3_column_text(pointer, column) else { return "" }
        let count = Int(sqlite3_column_bytes(pointer, column))
        return String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self)
    }

    /// Text, or nil for NULL.
    func optionalText(_ column: Int32) -> String? {
        sqlite3_column_type(pointer, column) == SQLITE_NULL ? nil : text(column)
    }

    func data(_ column: Int32) -> Data {
        guard let bytes = sqlite3_column_blob(pointer, column) else { return Data() }
        return Data(bytes: bytes, count: Int(sqlite3_column_bytes(pointer, column)))
    }

    /// A 16-byte blob as a UUID; `nil` for anything else (a damaged row).
    func uuid(_ column: Int32) -> UUID? {
        guard sqlite3_column_bytes(pointer, column) == 16, let bytes = sqlite3_column_blob(pointer, column) else {
            return nil
        }
        // Not `UUID().uuid` as a scratch buffer: making a random UUID reads the system's random source.
        return UUID(uuid: UnsafeRawBufferPointer(start: bytes, count: 16).loadUnaligned(as: uuid_t.self))
    }

    private func check(_ code: Int32) throws(SQLiteFailure) {
        guard code == SQLITE_OK else { throw connection.fault(code) }
    }
}

// A connection is opened `SQLITE_OPEN_NOMUTEX`, so it must never be used by two threads at once; it crosses
// threads only as the one value a lock box or the readers' pool hands out: the writer's is used while its lock is
// held, a reader's only while it is checked out of the pool. That discipline, not the compiler, makes this sound.
extension SQLiteConnection: @unchecked Sendable {}
