import Essentials
public import Foundation
public import Storage
import StorageCSQLite

/// Expense entries and documents in one SQLite database file: the backend for real apps and large data sets.
///
/// - WAL journal with `synchronous = FULL`: a save that returned survives a crash of the process and a power loss;
///   readers never block writers.
/// - Prepared statements only; values are always bound, never pasted into SQL.
/// - Writes take the lock with `BEGIN IMMEDIATE` under a busy timeout, so several stores or processes sharing the
///   file wait for each other instead of failing with `SQLITE_BUSY`. Concurrent saves share one commit.
/// - Entries are stored in date order (the table's primary key is the date), so a range report reads consecutive
///   pages and never scans the table (``queryPlans()`` shows it). A unique index on ids serves replaces and deletes.
/// - A batch of 10,000 entries or more that is at least as large as the table (an import) rebuilds the id index
///   after appending instead of updating it a million times, inside the same transaction.
/// - Opening runs the schema migrations in one transaction and refuses a database from a newer schema.
/// - A file that is not a database, or fails the check at open (`quick_check` by default), is refused: `open`
///   throws `corrupted` naming the file and the damaged tables, and moves, changes or creates nothing, every time,
///   so damage never turns into an empty ledger. ``repair(damaged:into:)`` copies every readable row into a new
///   database.
///
/// Writes run on one connection on a serial queue of the store; reads (reports, totals, documents) run on a small
/// pool of read-only connections (`readerCount`), so a report never waits for a save's transaction or its fsyncs:
/// in WAL mode a reader sees the last committed state. No SQLite call runs on Swift concurrency's shared threads,
/// because SQLite blocks (disk flushes, busy waits).
///
/// A full disk stops writes, never reads: every write fails with `fileSystem` and `ENOSPC`
/// (``/Storage/StorageError/isDiskFull``) and keeps nothing of itself, reads go on, and a store opened on a full
/// disk (where the log's shared-memory index cannot be created) reads the database file and connects its writer
/// with the first write after space came back.
public final class SQLiteStore: ExpenseStore, DocumentStore, NumberedDocumentCreating, NumberedDocumentUpdating {
    /// The database file.
    public let url: URL
    /// The writing connection; `nil` once closed, or while a full disk kept it from opening.
    private let connection: LockedValue<SQLiteConnection?>
    private let options: SQLiteStoreOptions
    private let readers: SQLiteReaders
    private let queue: BlockingQueue
    private let now: @Sendable () -> Date
    private let broadcaster: ChangeBroadcaster<ExpenseChange>
    private let committer: LockedValue<GroupCommitter<ExpenseWrite, ExpenseWriteReply>?> = LockedValue(nil)
    /// Separate from `connection`, whose lock is held for a whole commit: checking it never waits.
    private let isOpen = LockedValue(true)

    private init(
        url: URL, connection: SQLiteConnection?, readers: SQLiteReaders, queue: BlockingQueue,
        options: SQLiteStoreOptions, now: @escaping @Sendable () -> Date
    ) {
        self.url = url
        self.connection = LockedValue(connection)
        self.options = options
        self.readers = readers
        self.broadcaster = ChangeBroadcaster(limit: options.changeBufferLimit, resync: .resync)
        self.queue = queue
        self.now = now
    }

    /// The schema version this build writes (`PRAGMA user_version`).
    public static var schemaVersion: Int { SQLiteSchema.latestVersion }

    /// Opens the database at `url`, creating the file when it is missing; `now` dates document saves.
    ///
    /// The folder that holds it must exist, or opening throws ``/Storage/StorageError/missingFolder(_:)`` naming
    /// it: a mistyped path never becomes a new, empty database. An app that owns its data folder passes
    /// ``SQLiteStoreOptions/createsMissingFolders`` to have it created (readable by its owner only).
    public static func open(
        at url: URL, options: SQLiteStoreOptions = SQLiteStoreOptions(), now: @escaping @Sendable () -> Date = Date.init
    ) async throws(StorageError) -> SQLiteStore {
        let queue = BlockingQueue(label: "Storage.SQLiteStore")
        let store = try await queue.run { () throws(StorageError) -> SQLiteStore in
            let folder = url.deletingLastPathComponent()
            if !FileIO.isFolder(folder) {
                guard options.createsMissingFolders else { throw .missingFolder(URL(fileURLWithPath: folder.path)) }
                try FileIO.createFolder(folder)
            }
            let connection: SQLiteConnection?
            do throws(StorageError) {
                connection = try SQLiteOpening.connect(at: url, options: options)
            } catch {
                // The writer sets up the log and its index, which needs space; reading the database does not.
                guard error.isDiskFull, SQLiteOpening.isReadableWithoutWriter(url) else { throw error }
                connection = nil
            }
            let readers = try SQLiteReaders(url: url, count: options.readerCount, options: options)
            return SQLiteStore(
                url: url, connection: connection, readers: readers, queue: queue, options: options, now: now)
        }
        store.committer.withLock { committer in
            committer = GroupCommitter(queue: queue) { [weak store] writes in
                guard let store else { return writes.map { _ in .failure(.closed) } }
                return store.commit(writes)
            }
        }
        return store
    }

    /// Closes the database (checkpointing the WAL into the file); later calls throw `closed`, observers' streams
    /// end.
    public func close() async {
        isOpen.withLock { $0 = false }
        await readers.close()
        _ = try? await queue.run { [self] () throws(StorageError) in
            connection.withLock { open in
                open?.close()
                open = nil
            }
            broadcaster.finish()
        }
    }

    // MARK: Expenses

    /// Stores every entry of `batch` or none of them, durably, replacing entries with the same ids.
    @discardableResult
    public func save(_ batch: [ExpenseEntry]) async throws(StorageError) -> SaveReceipt {
        let stored = try ExpenseLimits.checked(batch)
        guard !stored.isEmpty else { return try emptyReceipt() }
        guard case .saved(let receipt) = try await submit(.save(stored)) else { throw .closed }
        return receipt
    }

    /// Deletes the entries with these ids, all or none, durably; returns how many existed.
    public func delete(_ ids: [UUID]) async throws(StorageError) -> Int {
        guard case .deleted(let deleted) = try await submit(.delete(ids)) else { throw .closed }
        return deleted.count
    }

    /// The entries of `period`, newest first, with totals per currency, read in one statement.
    public func report(in period: Range<Date>) async throws(StorageError) -> ExpenseReport {
        try await read { (connection) throws(StorageError) -> ExpenseReport in
            try ExpenseQueries.report(in: period, connection: connection)
        }
    }

    /// The totals per currency of `period`, summed by SQLite over the period's consecutive rows.
    public func totals(in period: Range<Date>) async throws(StorageError) -> [CurrencyTotal] {
        try await read { (connection) throws(StorageError) -> [CurrencyTotal] in
            try ExpenseQueries.totals(in: period, connection: connection)
        }
    }

    /// Every change committed through this store from now on. Changes written by other connections to the same
    /// file are not seen.
    public func changes() -> AsyncStream<ExpenseChange> {
        broadcaster.stream()
    }

    // MARK: Documents

    /// Stores the draft durably under its id, replacing a document with the same id.
    @discardableResult
    public func save(_ draft: DocumentDraft) async throws(StorageError) -> DocumentMetadata {
        try DocumentLimits.check(draft)
        let date = now()
        return try await perform { (connection) throws(StorageError) -> DocumentMetadata in
            try DocumentQueries.save(draft, date: date, connection: connection)
        }
    }

    /// The document with this id, or `nil`; bytes that fail their checksum throw `corrupted`.
    public func load(_ id: DocumentID) async throws(StorageError) -> Document? {
        try await read { (connection) throws(StorageError) -> Document? in
            try DocumentQueries.load(id, connection: connection)
        }
    }

    /// The metadata of every document, ordered by id.
    public func list() async throws(StorageError) -> [DocumentMetadata] {
        try await read { (connection) throws(StorageError) -> [DocumentMetadata] in
            try DocumentQueries.list(connection: connection)
        }
    }

    /// Deletes the document durably; says whether it existed.
    public func delete(_ id: DocumentID) async throws(StorageError) -> Bool {
        try await perform { (connection) throws(StorageError) -> Bool in
            try DocumentQueries.delete(id, connection: connection)
        }
    }

    // MARK: Numbered documents

    /// Reserves the next number of `sequence` and saves the documents `build` returns for it in one
    /// `BEGIN IMMEDIATE` transaction: other connections and processes wait (busy timeout) for it to end, so no two
    /// creations share a number, and a failure anywhere rolls back the documents and the number together.
    public func createNumberedDocuments<BuildFailure: Error>(
        in sequence: NumberSequence,
        _ build: @escaping @Sendable (Int) throws(BuildFailure) -> [DocumentDraft]
    ) async throws(NumberedCreationError<BuildFailure>) -> NumberedDocuments {
        try await createNumbered(in: sequence, reading: []) { (number, _) throws(BuildFailure) in try build(number) }
    }

    /// Reads `ids`, reserves the next number of `sequence` and saves the documents `build` returns for them in one
    /// `BEGIN IMMEDIATE` transaction: the documents are read after the write lock is taken, so no connection or
    /// process changes them before the commit, and a draft with a read id replaces that document (keeping the
    /// date it was first saved).
    public func createNumberedDocuments<BuildFailure: Error>(
        in sequence: NumberSequence, reading ids: [DocumentID],
        _ build:
            @escaping @Sendable (_ number: Int, _ read: [DocumentID: Document]) throws(BuildFailure) ->
            [DocumentDraft]
    ) async throws(NumberedCreationError<BuildFailure>) -> NumberedDocuments {
        do throws(StorageError) {
            try NumberedCreation.check(reading: ids)
        } catch {
            throw .storage(error)
        }
        return try await createNumbered(in: sequence, reading: ids, build)
    }

    private func createNumbered<BuildFailure: Error>(
        in sequence: NumberSequence, reading ids: [DocumentID],
        _ build: @escaping @Sendable (Int, [DocumentID: Document]) throws(BuildFailure) -> [DocumentDraft]
    ) async throws(NumberedCreationError<BuildFailure>) -> NumberedDocuments {
        let date = now()
        let url = url
        let result: Result<NumberedDocuments, NumberedCreationError<BuildFailure>>
        do {
            result = try await perform { (connection) throws(StorageError) in
                NumberingQueries.create(in: sequence, reading: ids, build: build, date: date, connection: connection)
            }
        } catch {
            throw .storage(error)
        }
        switch result {
        case .success(let created): return created
        case .failure(.storage(let error)): throw .storage(Self.typed(error, file: url))
        case .failure(let error): throw error
        }
    }

    // MARK: Diagnostics

    /// SQLite's full `PRAGMA integrity_check`: an empty list when the database is sound, otherwise its findings.
    public func integrityCheck() async throws(StorageError) -> [String] {
        try await read { (connection) throws(StorageError) -> [String] in
            let rows = try SQLiteOpening.checked { () throws(SQLiteFailure) in
                try connection.execute("PRAGMA integrity_check")
            }
            return rows == ["ok"] ? [] : rows
        }
    }

    /// How SQLite runs the range queries of reports (`EXPLAIN QUERY PLAN`), to confirm they search the date key.
    public func queryPlans() async throws(StorageError) -> [SQLiteQueryPlan] {
        try await read { (connection) throws(StorageError) -> [SQLiteQueryPlan] in
            try ExpenseQueries.plans(connection: connection)
        }
    }

    // MARK: Plumbing

    /// Runs a read on a reader connection: it sees the last committed state and never waits for the writer.
    private func read<T: Sendable>(
        _ body: @escaping @Sendable (SQLiteConnection) throws(StorageError) -> T
    ) async throws(StorageError) -> T {
        let url = url
        do {
            return try await readers.read(body)
        } catch {
            throw Self.typed(error, file: url)
        }
    }

    private func perform<T: Sendable>(
        _ body: @escaping @Sendable (SQLiteConnection) throws(StorageError) -> T
    ) async throws(StorageError) -> T {
        let url = url
        return try await queue.run { [self] () throws(StorageError) -> T in
            do throws(StorageError) {
                return try connection.withLock { (open) throws(StorageError) -> T in
                    try body(try writer(&open))
                }
            } catch {
                throw Self.typed(error, file: url)
            }
        }
    }

    /// The writing connection, connected now when a full disk kept it from opening with the store; on the queue,
    /// inside the connection's lock.
    private func writer(_ open: inout SQLiteConnection?) throws(StorageError) -> SQLiteConnection {
        if let open { return open }
        guard !isClosed else { throw .closed }
        var checked = options
        checked.check = .headerOnly  // the database was checked when the store opened
        let connection = try SQLiteOpening.connect(at: url, options: checked)
        open = connection
        return connection
    }

    /// Damage found while the database is open is `corrupted` (not moved: the open database cannot be), like damage
    /// found at open, so callers handle one case.
    private static func typed(_ error: StorageError, file: URL) -> StorageError {
        guard case .database(let failure) = error, SQLiteFailure(failure).isCorruption else { return error }
        return .corrupted(
            CorruptionReport(
                file: file, movedTo: nil,
                reason: .databaseDamaged(DatabaseDamage(objects: [], findings: [failure.message])))
        )
    }

    private var isClosed: Bool { !isOpen.withLock { $0 } }

    /// An empty batch changes nothing and announces nothing, but a closed store still says so.
    private func emptyReceipt() throws(StorageError) -> SaveReceipt {
        guard committer.withLock({ $0 }) != nil, !isClosed else { throw .closed }
        return SaveReceipt(inserted: 0, replaced: 0)
    }

    private func submit(_ write: ExpenseWrite) async throws(StorageError) -> ExpenseWriteReply {
        guard let committer = committer.withLock({ $0 }) else { throw .closed }
        return try await committer.submit(write)
    }

    /// Runs on the queue: one transaction for the whole group, one savepoint per write, so a failing write is
    /// undone alone and the others still commit.
    private func commit(_ writes: [ExpenseWrite]) -> [Result<ExpenseWriteReply, StorageError>] {
        let results = connection.withLock { open -> [Result<ExpenseWriteReply, StorageError>] in
            let writer: SQLiteConnection
            do throws(StorageError) {
                writer = try self.writer(&open)
            } catch {
                return writes.map { _ in .failure(Self.typed(error, file: url)) }
            }
            return ExpenseQueries.commit(writes, connection: writer).map { result in
                result.mapError { Self.typed($0, file: url) }
            }
        }
        for (write, result) in zip(writes, results) {
            switch (write, result) {
            case (.save(let batch), .success): broadcaster.publish(.saved(batch.map(\.id)))
            case (_, .success(.deleted(let ids))) where !ids.isEmpty: broadcaster.publish(.deleted(ids))
            default: break
            }
        }
        return results
    }
}

/// How ``SQLiteStore`` opens its database.
public struct SQLiteStoreOptions: Sendable {
    /// How long a write waits for another connection's lock before it fails with `SQLITE_BUSY`.
    public var busyTimeout: Duration
    /// What opening checks before it hands out the store; damage it finds is refused, never moved or replaced.
    public var check: SQLiteOpenCheck
    /// How many read-only connections serve reads side by side with the writer.
    public var readerCount: Int
    /// How many changes each observer of ``SQLiteStore/changes()`` may fall behind before it gets `.resync` instead.
    public var changeBufferLimit: Int
    /// Whether opening creates the database's folder (and its parents) when missing, each readable by its owner
    /// only (`0700`). Off by default, so that a mistyped path is refused with `missingFolder` instead of becoming a
    /// new, empty database; an app turns it on for the data folder it owns.
    public var createsMissingFolders: Bool

    /// Creates options; the defaults suit apps.
    public init(
        busyTimeout: Duration = .seconds(10), check: SQLiteOpenCheck = .quick, readerCount: Int = 2,
        changeBufferLimit: Int = 1_024, createsMissingFolders: Bool = false
    ) {
        self.busyTimeout = busyTimeout
        self.check = check
        self.readerCount = readerCount
        self.changeBufferLimit = changeBufferLimit
        self.createsMissingFolders = createsMissingFolders
    }
}

/// How thoroughly opening checks an existing database.
public enum SQLiteOpenCheck: Hashable, Sendable {
    /// Only the file's header: damage inside shows up when a query reaches it.
    case headerOnly
    /// `PRAGMA quick_check`: reads every page once (roughly a second per few hundred megabytes) and finds damaged
    /// pages and records, but not an index that disagrees with its table.
    case quick
    /// `PRAGMA integrity_check`: also compares every index with its table; slower on large databases.
    case full
}

/// How SQLite runs one query.
public struct SQLiteQueryPlan: Hashable, Sendable {
    /// Which query: `report` or `totals`.
    public var query: String
    /// The `detail` lines of `EXPLAIN QUERY PLAN`, for example
    /// `SEARCH expense USING PRIMARY KEY (date>? AND date<?)`.
    public var details: [String]

    /// Creates a plan.
    public init(query: String, details: [String]) {
        self.query = query
        self.details = details
    }
}
