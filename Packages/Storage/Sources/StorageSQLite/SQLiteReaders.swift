import Dispatch
import Foundation
import Storage

/// A few read-only connections to the database, so reads never queue behind the writer: in WAL mode a reader sees
/// the last committed state while a write transaction is open, its fsyncs included.
///
/// Each connection serves one read at a time on a concurrent dispatch queue of the pool (never on Swift
/// concurrency's shared threads, since SQLite blocks). Reads beyond the number of connections wait, suspended, for
/// the next free one.
final class SQLiteReaders: Sendable {
    private let idle: Locked<[SQLiteConnection]>
    private let permits: AsyncGate
    private let count: Int
    private let queue = DispatchQueue(
        label: "Storage.SQLiteStore.readers", qos: .userInitiated, attributes: .concurrent)
    private let isOpen = Locked(true)

    /// Opens `count` read-only connections to the database at `url`, which the writer has already opened in WAL
    /// mode.
    init(url: URL, count: Int, options: SQLiteStoreOptions) throws(StorageError) {
        var connections: [SQLiteConnection] = []
        for _ in 0..<max(1, count) {
            let connection = try SQLiteConnection(url: url, access: .readOnly)
            connection.setBusyTimeout(options.busyTimeout)
            _ = try SQLiteOpening.checked { () throws(SQLiteFailure) in
                try connection.execute("PRAGMA cache_size = -32768")
            }
            connections.append(connection)
        }
        self.count = connections.count
        idle = Locked(connections)
        permits = AsyncGate(permits: connections.count)
    }

    /// Runs `body` with a free connection on the pool's queue and returns its result.
    func read<T: Sendable>(
        _ body: @escaping @Sendable (SQLiteConnection) throws(StorageError) -> T
    ) async throws(StorageError) -> T {
        guard isOpen.withLock({ $0 }) else { throw .closed }
        guard await permits.enter() else { throw .cancelled }
        defer { permits.leave() }
        guard let connection = idle.withLock({ $0.popLast() }) else { throw .closed }
        defer { idle.withLock { $0.append(connection) } }
        let lent = Lent(connection)
        let result: Result<T, StorageError> = await withCheckedContinuation { continuation in
            queue.async {
                continuation.resume(returning: Result { () throws(StorageError) -> T in try body(lent.connection) })
            }
        }
        return try result.get()
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
