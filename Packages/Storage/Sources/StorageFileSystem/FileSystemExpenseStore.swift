import Essentials
public import Foundation
public import Storage

/// Expense entries in a folder of files, for apps that want no database: small data sets (thousands of entries),
/// human-inspectable JSON, one folder to back up.
///
/// Every commit writes one new `changes-<n>.lrec` file atomically and durably (temporary file, fsync, rename, fsync
/// of the folder), so a crash or power loss at any moment leaves every commit either complete or absent. Writes
/// that arrive together share one commit. After 256 change files the store writes a `snapshot-<n>.lrec` with every
/// entry and removes the change files it replaces. All entries are kept in memory; reports never touch the disk.
///
/// Opening reads and checks every file: a damaged one makes `open` throw `corrupted` naming it, and is left where it
/// is, so every later `open` says the same instead of quietly showing fewer entries.
/// ``repair(in:coding:lockTimeout:)`` moves the damaged files aside (as `<name>.corrupted-<k>`, never deleted) and
/// reports them; opening then continues with every sound file. The folder is locked while the store is open.
public final class FileSystemExpenseStore: ExpenseStore {
    private struct State: Sendable {
        var table = ExpenseTable()
        var nextSequence: UInt64 = 1
        var changeFiles: [UInt64] = []
        var isClosed = false
    }

    /// How many change files trigger a snapshot.
    private static let changesPerSnapshot = 256

    /// The folder the store owns.
    public let folder: URL
    private let coding: any CodingStrategy
    private let state: LockedValue<State>
    private let lock: FolderLock
    private let queue: BlockingQueue
    private let writer: DiskWriter
    private let broadcaster: ChangeBroadcaster<ExpenseChange>
    private let committer: LockedValue<GroupCommitter<ExpenseWrite, ExpenseWriteReply>?> = LockedValue(nil)

    private init(
        folder: URL, coding: any CodingStrategy, state: State, lock: FolderLock, queue: BlockingQueue,
        writer: DiskWriter, changeBufferLimit: Int
    ) {
        self.writer = writer
        self.broadcaster = ChangeBroadcaster(limit: changeBufferLimit, resync: .resync)
        self.folder = folder
        self.coding = coding
        self.state = LockedValue(state)
        self.lock = lock
        self.queue = queue
    }

    /// Opens (creating when missing) the store in `folder`, writing and expecting files in `coding`'s format. Each
    /// observer of ``changes()`` is held at most `changeBufferLimit` changes behind before it gets `.resync`. When
    /// another store has the folder open, opening waits up to `lockTimeout` and then throws `storeInUse`.
    public static func open(
        in folder: URL, coding: any CodingStrategy = JSONCodingStrategy(), changeBufferLimit: Int = 1_024,
        lockTimeout: Duration = .seconds(2)
    ) async throws(StorageError) -> FileSystemExpenseStore {
        try await open(
            in: folder, coding: coding, changeBufferLimit: changeBufferLimit, lockTimeout: lockTimeout,
            writer: .system)
    }

    /// Opens the store with its bytes going through `writer`: tests fill the disk with it.
    static func open(
        in folder: URL, coding: any CodingStrategy = JSONCodingStrategy(), changeBufferLimit: Int = 1_024,
        lockTimeout: Duration = .seconds(2), writer: DiskWriter
    ) async throws(StorageError) -> FileSystemExpenseStore {
        let queue = BlockingQueue(label: "Storage.FileSystemExpenseStore")
        let store = try await queue.run { () throws(StorageError) -> FileSystemExpenseStore in
            try FileIO.createFolder(folder)
            let lock = try FolderLock(folder: folder, timeout: lockTimeout)
            do throws(StorageError) {
                let state = try load(folder: folder, coding: coding)
                return FileSystemExpenseStore(
                    folder: folder, coding: coding, state: state, lock: lock, queue: queue, writer: writer,
                    changeBufferLimit: changeBufferLimit)
            } catch {
                lock.release()
                throw error
            }
        }
        store.committer.withLock { committer in
            committer = GroupCommitter(queue: queue) { [weak store] writes in
                guard let store else { return writes.map { _ in .failure(.closed) } }
                return store.commit(writes)
            }
        }
        return store
    }

    /// Moves every damaged file of the store in `folder` aside as `<name>.corrupted-<k>` (kept, never deleted) so
    /// that the store opens again with every sound file, and reports what was moved and why. The store must be
    /// closed (repair waits up to `lockTimeout` for it, then throws `storeInUse`). A folder without damage is left as
    /// it is and the report is empty.
    public static func repair(
        in folder: URL, coding: any CodingStrategy = JSONCodingStrategy(), lockTimeout: Duration = .seconds(2)
    ) async throws(StorageError) -> FileStoreRepairReport {
        let queue = BlockingQueue(label: "Storage.FileSystemExpenseStore.repair")
        return try await queue.run { () throws(StorageError) -> FileStoreRepairReport in
            let lock = try FolderLock(folder: folder, timeout: lockTimeout)
            defer { lock.release() }
            var moved: [RepairedFile] = []
            let limit = try StoreFiles.names(in: folder).count
            while moved.count <= limit {
                do throws(StorageError) {
                    _ = try load(folder: folder, coding: coding)
                    return FileStoreRepairReport(folder: folder, movedAside: moved)
                } catch {
                    guard case .corrupted(let report) = error, report.movedTo == nil else { throw error }
                    let target = try StoreFiles.moveAside(report.file)
                    moved.append(RepairedFile(file: report.file, movedTo: target, reason: report.reason))
                }
            }
            return FileStoreRepairReport(folder: folder, movedAside: moved)
        }
    }

    /// Releases the folder; later calls throw `closed` and observers' streams end.
    public func close() async {
        _ = try? await queue.run { [self] () throws(StorageError) in
            state.withLock { $0.isClosed = true }
            lock.release()
            broadcaster.finish()
        }
    }

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

    /// The entries of `period`, newest first, with totals per currency.
    public func report(in period: Range<Date>) async throws(StorageError) -> ExpenseReport {
        try currentTable().report(in: period)
    }

    /// The totals per currency of `period`.
    public func totals(in period: Range<Date>) async throws(StorageError) -> [CurrencyTotal] {
        try currentTable().totals(in: period)
    }

    /// Every change committed through this store from now on.
    public func changes() -> AsyncStream<ExpenseChange> {
        broadcaster.stream()
    }

    private func currentTable() throws(StorageError) -> ExpenseTable {
        try state.withLock { (state) throws(StorageError) -> ExpenseTable in
            guard !state.isClosed else { throw .closed }
            return state.table
        }
    }

    private var isClosed: Bool { state.withLock { $0.isClosed } }

    /// An empty batch changes nothing and announces nothing, but a closed store still says so.
    private func emptyReceipt() throws(StorageError) -> SaveReceipt {
        guard committer.withLock({ $0 }) != nil, !isClosed else { throw .closed }
        return SaveReceipt(inserted: 0, replaced: 0)
    }

    private func submit(_ write: ExpenseWrite) async throws(StorageError) -> ExpenseWriteReply {
        guard let committer = committer.withLock({ $0 }) else { throw .closed }
        return try await committer.submit(write)
    }

    /// Runs on the queue: applies a group of writes to a copy of the table, writes one change file, then swaps
    /// the table in so readers see the whole group at once.
    private func commit(_ writes: [ExpenseWrite]) -> [Result<ExpenseWriteReply, StorageError>] {
        let current = state.withLock { $0 }
        guard !current.isClosed else { return writes.map { _ in .failure(.closed) } }
        var table = current.table
        var operations: [ExpenseOperation] = []
        var replies: [ExpenseWriteReply] = []
        for write in writes {
            switch write {
            case .save(let batch):
                replies.append(.saved(table.save(batch)))
                operations.append(.save(batch))
            case .delete(let ids):
                let deleted = table.delete(ids)
                replies.append(.deleted(deleted))
                if !deleted.isEmpty { operations.append(.delete(deleted)) }
            }
        }
        guard !operations.isEmpty else { return replies.map { .success($0) } }
        let sequence = current.nextSequence
        do throws(StorageError) {
            let header = try coding.encode(ExpenseChangeRecord(sequence: sequence, operations: operations))
            let parts = RecordFile.encode(kind: .changes, format: coding.formatName, header: header)
            try StoreFiles.writeAtomically(
                parts, to: folder.appendingPathComponent(FileNames.changes(sequence)), writer: writer)
        } catch {
            return writes.map { _ in .failure(error) }
        }
        let changeCount = state.withLock { state in
            state.table = table
            state.nextSequence = sequence + 1
            state.changeFiles.append(sequence)
            return state.changeFiles.count
        }
        for (write, reply) in zip(writes, replies) {
            switch (write, reply) {
            case (.save(let batch), _): broadcaster.publish(.saved(batch.map(\.id)))
            case (_, .deleted(let ids)) where !ids.isEmpty: broadcaster.publish(.deleted(ids))
            default: break
            }
        }
        if changeCount >= Self.changesPerSnapshot { compact(table: table, through: sequence) }
        return replies.map { .success($0) }
    }

    /// Writes a snapshot of everything up to `sequence` and removes the files it replaces. A failure here loses
    /// nothing (the change files stay), so it is left for the next commit to retry.
    private func compact(table: ExpenseTable, through sequence: UInt64) {
        do throws(StorageError) {
            let snapshot = ExpenseSnapshotRecord(sequence: sequence, entries: Array(table.entries.values))
            let header = try coding.encode(snapshot)
            let parts = RecordFile.encode(kind: .snapshot, format: coding.formatName, header: header)
            try StoreFiles.writeAtomically(
                parts, to: folder.appendingPathComponent(FileNames.snapshot(sequence)), writer: writer)
            let replaced = state.withLock { state in
                defer { state.changeFiles.removeAll { $0 <= sequence } }
                return state.changeFiles.filter { $0 <= sequence }
            }
            let olderSnapshots = try StoreFiles.names(in: folder).filter { name in
                FileNames.snapshotSequence(name).map { $0 < sequence } ?? false
            }
            try StoreFiles.remove(
                replaced.map { folder.appendingPathComponent(FileNames.changes($0)) }
                    + olderSnapshots.map { folder.appendingPathComponent($0) }, in: folder)
        } catch {
            return
        }
    }

    /// Runs at open: the newest snapshot plus every later change file, each checked.
    private static func load(folder: URL, coding: any CodingStrategy) throws(StorageError) -> State {
        try StoreFiles.removeTemporaryFiles(in: folder)
        let names = try StoreFiles.names(in: folder)
        var state = State()
        let snapshots = names.compactMap(FileNames.snapshotSequence).sorted()
        var base: UInt64 = 0
        if let newest = snapshots.last {
            let url = folder.appendingPathComponent(FileNames.snapshot(newest))
            let snapshot = try RecordFile.readRecordInPlace(
                ExpenseSnapshotRecord.self, at: url, kind: .snapshot, coding: coding)
            guard snapshot.sequence == newest else { throw RecordFile.damaged(url, .misplaced) }
            try checkEntries(snapshot.entries, in: url)
            state.table.save(snapshot.entries)
            base = newest
        }
        var last = base
        let changes = names.compactMap(FileNames.changesSequence).sorted()
        // Files already in the snapshot: a compaction stopped before it removed them.
        try StoreFiles.remove(
            changes.filter { $0 <= base }.map { folder.appendingPathComponent(FileNames.changes($0)) }
                + snapshots.dropLast().map { folder.appendingPathComponent(FileNames.snapshot($0)) }, in: folder)
        for sequence in changes where sequence > base {
            let url = folder.appendingPathComponent(FileNames.changes(sequence))
            let record = try RecordFile.readRecordInPlace(
                ExpenseChangeRecord.self, at: url, kind: .changes, coding: coding)
            guard record.sequence == sequence else { throw RecordFile.damaged(url, .misplaced) }
            for operation in record.operations {
                switch operation {
                case .save(let batch):
                    try checkEntries(batch, in: url)
                    state.table.save(batch)
                case .delete(let ids):
                    state.table.delete(ids)
                }
            }
            state.changeFiles.append(sequence)
            last = sequence
        }
        state.nextSequence = last + 1
        return state
    }

    /// Entries that decode but break the store's rules were not written by a store: the file is not trusted.
    private static func checkEntries(_ entries: [StoredExpense], in url: URL) throws(StorageError) {
        for stored in entries {
            do {
                _ = try ExpenseLimits.checked(stored.entry)
            } catch {
                throw RecordFile.damaged(url, .undecodable)
            }
        }
    }
}

/// One operation inside a change file.
private enum ExpenseOperation: Codable {
    case save([StoredExpense])
    case delete([UUID])
}

/// The header of a change file: the operations of one group commit, in order.
private struct ExpenseChangeRecord: Codable {
    var sequence: UInt64
    var operations: [ExpenseOperation]
}

/// The header of a snapshot file: every entry after the change file with this sequence number.
private struct ExpenseSnapshotRecord: Codable {
    var sequence: UInt64
    var entries: [StoredExpense]
}

/// The names of the expense store's files.
private enum FileNames {
    private static let snapshotPrefix = "snapshot-"
    private static let changesPrefix = "changes-"
    private static let suffix = ".lrec"

    static func snapshot(_ sequence: UInt64) -> String { snapshotPrefix + padded(sequence) + suffix }
    static func changes(_ sequence: UInt64) -> String { changesPrefix + padded(sequence) + suffix }
    static func snapshotSequence(_ name: String) -> UInt64? { sequence(in: name, prefix: snapshotPrefix) }
    static func changesSequence(_ name: String) -> UInt64? { sequence(in: name, prefix: changesPrefix) }

    private static func padded(_ sequence: UInt64) -> String {
        let digits = String(sequence)
        return String(repeating: "0", count: max(0, 20 - digits.count)) + digits
    }

    private static func sequence(in name: String, prefix: String) -> UInt64? {
        guard name.hasPrefix(prefix), name.hasSuffix(suffix) else { return nil }
        let digits = name.dropFirst(prefix.count).dropLast(suffix.count)
        guard digits.count == 20, digits.allSatisfy(\.isASCII) else { return nil }
        return UInt64(digits)
    }
}

/// What ``FileSystemExpenseStore/repair(in:coding:lockTimeout:)`` moved aside.
public struct FileStoreRepairReport: Hashable, Sendable, CustomStringConvertible {
    /// The store's folder.
    public var folder: URL
    /// Every damaged file, where it went and why, in the order found.
    public var movedAside: [RepairedFile]

    /// Creates a report.
    public init(folder: URL, movedAside: [RepairedFile]) {
        self.folder = folder
        self.movedAside = movedAside
    }

    /// A sentence for people: what was moved aside, and that the entries in those files are missing.
    public var description: String {
        guard !movedAside.isEmpty else { return "Nothing in \(folder.path) is damaged." }
        let files = movedAside.map { "\($0.file.lastPathComponent) (\($0.reason))" }.joined(separator: ", ")
        return "Moved \(movedAside.count) damaged file(s) of \(folder.path) aside: \(files); "
            + "the changes they held are missing from the store, and the files are kept for inspection."
    }
}

/// One damaged file that a repair moved aside.
public struct RepairedFile: Hashable, Sendable {
    /// Where the file was.
    public var file: URL
    /// Where it is now.
    public var movedTo: URL
    /// What check it failed.
    public var reason: CorruptionReason

    /// Creates a record of a moved file.
    public init(file: URL, movedTo: URL, reason: CorruptionReason) {
        self.file = file
        self.movedTo = movedTo
        self.reason = reason
    }
}
