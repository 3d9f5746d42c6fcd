import Dispatch
import Essentials
import Foundation
import Storage

/// A few read-only connections to the database, so reads never queue behind the writer: in WAL mode a reader sees
/// the last committed state while a write transaction is open, its fsyncs included.
///
/// Each connection serves one read at a time on a concurrent dispatch queue of the pool (never on Swift
/// concurrency's shared threads, since SQLite blocks). Reads beyond the number of connections wait, suspended, for
/// the next free one.
final class SQLiteReaders: Sendable {
    private let idle: LockedValue<[SQLiteConnection]>
    private let permits: AsyncGate
    private let count: Int
    private let queue = DispatchQueue(
        label: "Storage.SQLiteStore.readers", qos: .userInitiated, attributes: .concurrent)
    private let isOpen = LockedValue(true)
    private let url: URL

    /// Opens `count` read-only connections to the database at `url`, which the writer has already opened in WAL
    /// mode (or could not open, because the disk is full).
    init(url: URL, count: Int, options: SQLiteStoreOptions) throws(StorageError) {
        self.url = url
        var connections: [SQLiteConnection] = []
        for _ in 0..<max(1, count) {
            let connection = try SQLiteConnection(url: url, access: .readOnly)
            connection.setBusyTimeout(options.busyTimeout)
            try Self.configure(connection)
            connections.append(connection)
        }
        self.count = connections.count
        idle = LockedValue(connections)
        permits = AsyncGate(permits: connections.count)
    }

    /// Runs `body` with a free connection on the pool's queue and returns its result.
    ///
    /// On a full disk a read-only connection fails when it has to create or grow the log's shared-memory index
    /// (after the last connection closed, none is left). When the log is empty the database file alone holds every
    /// committed change, and nothing can be committed without space, so the read runs again on a connection that
    /// reads the file alone and creates nothing: reading works on a full disk.
    func read<T: Sendable>(
        _ body: @escaping @Sendable (SQLiteConnection) throws(StorageError) -> T
    ) async throws(StorageError) -> T {
        guard isOpen.withLock({ $0 }) else { throw .closed }
        guard await permits.enter() else { throw .cancelled }
        defer { permits.leave() }
        guard let connection = idle.withLock({ $0.popLast() }) else { throw .closed }
        defer { idle.withLock { $0.append(connection) } }
        let lent = Lent(connection)
        let url = url
        let result: Result<T, StorageError> = await withCheckedContinuation { continuation in
            queue.async {
                var result = Result { () throws(StorageError) -> T in
                    try Self.configure(lent.connection)
                    return try body(lent.connection)
                }
                if case .failure(let error) = result, error.isDiskFull, SQLiteOpening.logIsEmpty(url) {
                    result = Result { () throws(StorageError) -> T in try SQLiteOpening.readingTheFileAlone(url, body) }
                }
                continuation.resume(returning: result)
            }
        }
        return try result.get()
    }

    /// Sets the connection's cache size, once. The setting reads the schema, which on a full disk needs the log's
    /// index that cannot be created; the connection is then set up by its first read after space came back.
    private static func configure(_ connection: SQLiteConnection) throws(StorageError) {
        guard !connection.isConfigured else { return }
        do throws(StorageError) {
            _ = try SQLiteOpening.checked { () throws(SQLiteFailure) in
                try connection.execute("PRAGMA cache_size = -32768")
            }
            connection.isConfigured = true
        } catch {
            guard error.isDiskFull else { throw error }
        }
    }

    /// Waits for the reads in progress and closes every connection; later reads, and reads still waiting for a
    /// connection, throw `closed`.
    func close() async {
        isOpen.withLock { $0 = false }
        var held = 0
        for _ in 0..<count where await permits.enter() { held += 1 }
        let connections = idle.withLock { idle in
            defer { idle = [] }
            return idle.map(Lent.init)
        }
        for connection in connections { connection.connection.close() }
        for _ in 0..<held { permits.leave() }
    }
}

/// A connection handed to one read on another thread: the pool lends each connection to one read at a time.
private struct Lent: @unchecked Sendable {
    let connection: SQLiteConnection

    init(_ connection: SQLiteConnection) {
        self.connection = connection
    }
}
