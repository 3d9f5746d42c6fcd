public import Foundation
public import Storage

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// What a repair recovered of one kind of row, and what it could not read.
public struct SalvagedRows<ID: Hashable & Sendable>: Hashable, Sendable {
    /// Rows copied into the new database.
    public var recovered: Int
    /// Rows known to have existed that could not be read: damaged records, plus rows an index still names. A lower
    /// bound: rows on a page that is damaged beyond recognition, and not named by any index, cannot be counted.
    public var unreadable: Int
    /// The ids of unreadable rows, where an index or the damaged record itself still names them, ascending.
    public var lostIDs: [ID]

    /// Creates a count.
    public init(recovered: Int, unreadable: Int, lostIDs: [ID]) {
        self.recovered = recovered
        self.unreadable = unreadable
        self.lostIDs = lostIDs
    }
}

/// How much of a damaged database a repair could account for: what an app turns into its exit status.
public enum SQLiteRepairOutcome: Hashable, Sendable {
    /// Every row the damaged file still names was recovered.
    case complete
    /// Rows were recovered and some were lost: those the file still names are counted as unreadable, and when pages
    /// are missing more may be lost than counted.
    case incomplete
    /// Nothing could be recovered from a file whose tables are gone or unreadable (cut short, say), so what it held
    /// cannot even be counted. ``SQLiteStore/repairInPlace(_:keepingDamagedAt:)`` then leaves it as it was.
    case nothingRecovered
}

/// What ``SQLiteStore/repair(damaged:into:)`` copied and what it could not read.
public struct SQLiteRepairReport: Hashable, Sendable, CustomStringConvertible {
    /// The damaged database, which was only read.
    public var damaged: URL
    /// The new database holding every row that could be read.
    public var repaired: URL
    /// Expense entries.
    public var expenses: SalvagedRows<UUID>
    /// Documents (a document whose bytes fail their checksum is unreadable, not copied).
    public var documents: SalvagedRows<DocumentID>
    /// Number sequences, by name.
    public var sequences: SalvagedRows<String>
    /// The pages of the damaged file that could not be read as part of a table or index.
    public var damagedPages: [Int]
    /// How many pages the damaged database has (by its header or its log) that its file no longer holds, or that a
    /// table points to beyond its end: the rows on them are lost and cannot be counted.
    public var missingPages: Int

    /// Creates a report.
    public init(
        damaged: URL, repaired: URL, expenses: SalvagedRows<UUID>, documents: SalvagedRows<DocumentID>,
        sequences: SalvagedRows<String>, damagedPages: [Int], missingPages: Int = 0
    ) {
        self.damaged = damaged
        self.repaired = repaired
        self.expenses = expenses
        self.documents = documents
        self.sequences = sequences
        self.damagedPages = damagedPages
        self.missingPages = missingPages
    }

    /// How much the repair could account for: `complete` only when nothing is known lost and no page is missing;
    /// `nothingRecovered` when no row at all came out of a damaged file.
    public var outcome: SQLiteRepairOutcome {
        let unreadable = expenses.unreadable + documents.unreadable + sequences.unreadable
        let recovered = expenses.recovered + documents.recovered + sequences.recovered
        if recovered == 0, unreadable > 0 || missingPages > 0 || !damagedPages.isEmpty { return .nothingRecovered }
        return unreadable == 0 && missingPages == 0 ? .complete : .incomplete
    }

    /// Whether every row that the damaged file still names was recovered and none of its pages is missing.
    public var isComplete: Bool { outcome == .complete }

    /// Sentences for people: what was recovered and what was lost, or that nothing could be.
    public var description: String {
        guard outcome != .nothingRecovered else {
            let why =
                missingPages > 0
                ? "\(missingPages) of its pages are missing (the file was cut short)"
                : "its tables cannot be read"
            let left =
                damaged == repaired
                ? " It was left as it was: restore it from a backup, or move it away to start an empty database."
                : " \(repaired.path) holds nothing."
            return "Nothing could be recovered from \(damaged.path): \(why), so what it held cannot be counted." + left
        }
        func part(_ rows: SalvagedRows<some Hashable & Sendable>, _ noun: String) -> String {
            let lost = rows.unreadable == 0 ? "" : " (\(rows.unreadable) could not be read)"
            return "\(rows.recovered) \(noun)\(rows.recovered == 1 ? "" : "s")\(lost)"
        }
        let missing =
            missingPages == 0
            ? ""
            : " \(missingPages) of its pages are missing (the file was cut short), so more may be lost than counted."
        return "Recovered \(part(expenses, "expense")), \(part(documents, "document")) and "
            + "\(part(sequences, "number sequence")) from \(damaged.path) into \(repaired.path)." + missing
    }
}

extension SQLiteStore {
    /// Copies every row that can still be read from the damaged database at `damaged` (and the committed part of
    /// its write-ahead log) into a new database at `repaired`, and reports what was recovered and what was lost.
    ///
    /// The damaged files are only read, never changed. `repaired` must not exist yet. The new database passes
    /// `PRAGMA integrity_check`; open it with ``open(at:options:now:)`` once the report has been read, and check
    /// its ``SQLiteRepairReport/outcome``: an app exits with an error unless it is `complete`.
    ///
    /// When the header's page size is damaged (or nothing can be read under it), every page size SQLite allows is
    /// tried and the one that reads the most rows is used.
    public static func repair(damaged: URL, into repaired: URL) async throws(StorageError) -> SQLiteRepairReport {
        let queue = BlockingQueue(label: "Storage.SQLiteStore.repair")
        return try await queue.run { () throws(StorageError) -> SQLiteRepairReport in
            for target in [repaired.path, repaired.path + "-wal"] where FileManager.default.fileExists(atPath: target) {
                throw .fileSystem(FileSystemFailure(operation: .open, path: target, errorNumber: EEXIST))
            }
            let salvage = try SQLiteSalvage.best(of: damaged)
            try FileIO.createFolder(repaired.deletingLastPathComponent())
            let connection = try SQLiteOpening.connect(at: repaired, options: SQLiteStoreOptions())
            try write(salvage, to: connection)
            return SQLiteRepairReport(
                damaged: damaged, repaired: repaired, expenses: salvage.expenseRows(),
                documents: salvage.documentRows(), sequences: salvage.sequenceRows(),
                damagedPages: salvage.damagedPages, missingPages: salvage.missingPages)
        }
    }

    /// Writes the salvaged rows in one transaction, documents with their original dates.
    private static func write(_ salvage: SQLiteSalvage, to connection: SQLiteConnection) throws(StorageError) {
        let expenses = salvage.expenses.values.sorted { $0.date < $1.date }
        if !expenses.isEmpty {
            for result in ExpenseQueries.commit([.save(expenses)], connection: connection) {
                if case .failure(let error) = result { throw error }
            }
        }
        _ = try SQLiteOpening.checked { () throws(SQLiteFailure) in try connection.execute("BEGIN IMMEDIATE") }
        do throws(StorageError) {
            for (metadata, bytes) in salvage.documents.values.sorted(by: { $0.metadata.id < $1.metadata.id }) {
                try DocumentQueries.restore(metadata, bytes: bytes, connection: connection)
            }
            for (name, last) in salvage.sequences.sorted(by: { $0.key < $1.key }) {
                try NumberingQueries.restore(name, last: last, connection: connection)
            }
            _ = try SQLiteOpening.checked { () throws(SQLiteFailure) in try connection.execute("COMMIT") }
        } catch {
            _ = try? SQLiteOpening.checked { () throws(SQLiteFailure) in try connection.execute("ROLLBACK") }
            throw error
        }
    }
}

extension SQLiteStore {
    /// Repairs the database at `database` where it lies: salvages every readable row into a new file beside it,
    /// moves the damaged file (with its write-ahead log and shared-memory index) to `keepingDamagedAt` (with the
    /// same suffixes), and puts the new file in its place. The store must be closed in every process.
    ///
    /// When the salvage fails, nothing was moved. When a move fails, the report's files say where things are:
    /// the salvaged database is never deleted. When nothing could be recovered (``SQLiteRepairOutcome/nothingRecovered``)
    /// nothing is moved either: an empty database in its place would hide that the data is gone, so the damaged
    /// one stays where it is (the report's `damaged` and `repaired` both name it) and opening it still refuses it.
    public static func repairInPlace(
        _ database: URL, keepingDamagedAt kept: URL
    ) async throws(StorageError) -> SQLiteRepairReport {
        let salvaged = database.deletingLastPathComponent().appendingPathComponent(
            ".\(database.lastPathComponent).repairing-\(UUID().uuidString)")
        var report = try await repair(damaged: database, into: salvaged)
        if report.outcome == .nothingRecovered {
            for suffix in ["", "-wal", "-shm"] { _ = unlink(salvaged.path + suffix) }
            report.damaged = database
            report.repaired = database
            return report
        }
        for (from, to) in [(database, kept), (salvaged, database)] {
            for suffix in ["", "-wal", "-shm"] where FileManager.default.fileExists(atPath: from.path + suffix) {
                guard rename(from.path + suffix, to.path + suffix) == 0 else {
                    throw .fileSystem(
                        FileSystemFailure(operation: .rename, path: from.path + suffix, errorNumber: errno))
                }
            }
        }
        report.damaged = kept
        report.repaired = database
        return report
    }
}
