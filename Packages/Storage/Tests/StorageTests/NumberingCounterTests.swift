import Essentials
import Foundation
import Storage
import Testing

@testable import StorageSQLite

/// The counter of a number sequence as an edited database holds it (a real SQLite file changed with SQL, as
/// someone with the `sqlite3` shell would): numbers beyond 32 bits are issued and handed to `build` as they are,
/// and a counter that is no whole number from 0 up is refused with a typed error, never read as 0 (which would give
/// numbers out again) or as "the sequence is exhausted".
@Suite("Storage: number sequence counters in an edited database")
struct NumberingCounterTests {
    /// A database with invoices 1 and 2, closed, whose counter is then set to `value` (SQL) by another connection.
    private func database(in folder: URL, counter value: String) async throws -> URL {
        let url = folder.appendingPathComponent("ledger.sqlite")
        let store = try await SQLiteStore.open(at: url)
        for _ in 0..<2 {
            _ = try await store.createNumberedDocuments(in: try NumberSequence("invoice")) {
                (number) throws(StorageError) in try TestInvoices.drafts(number: number, token: "before")
            }
        }
        await store.close()
        let editor = try SQLiteConnection(url: url)
        _ = try SQLiteOpening.checked { () throws(SQLiteFailure) in
            // The shell's way past the table's CHECK (last >= 0), for the negative counter.
            try editor.execute("PRAGMA ignore_check_constraints = ON")
            try editor.execute("UPDATE number_sequence SET last = \(value) WHERE name = 'invoice'")
        }
        editor.close()
        return url
    }

    @Test(arguments: [
        ("2147483647", 2_147_483_648), ("4294967295", 4_294_967_296),
        ("9007199254740993", 9_007_199_254_740_994),
    ])
    func numbersBeyondThirtyTwoBitsAreIssuedAsTheyAre(counter: String, next: Int) async throws {
        try await withTemporaryFolder { folder in
            let store = try await SQLiteStore.open(at: try await database(in: folder, counter: counter))
            let built = LockedValue<[Int]>([])
            let created = try await store.createNumberedDocuments(in: try NumberSequence("invoice")) {
                (number) throws(StorageError) in
                built.withLock { $0.append(number) }
                return try TestInvoices.drafts(number: number, token: "after")
            }
            #expect(created.number == next)
            #expect(built.withLock { $0 } == [next])
            #expect(created.documents.map(\.id.rawValue) == ["INV-\(next).json", "INV-\(next).pdf"])
            let again = try await store.createNumberedDocuments(in: try NumberSequence("invoice")) {
                (number) throws(StorageError) in try TestInvoices.drafts(number: number, token: "again")
            }
            #expect(again.number == next + 1)
            await store.close()
        }
    }

    @Test(arguments: [
        ("'abc'", "the text 'abc'"), ("2.5", "2.5"), ("-5", "-5"), ("x'0102'", "2 bytes of binary data"),
    ])
    func aCounterThatIsNoWholeNumberFromZeroUpIsRefused(counter: String, shown: String) async throws {
        try await withTemporaryFolder { folder in
            let url = try await database(in: folder, counter: counter)
            let store = try await SQLiteStore.open(at: url)
            let failed = await numberingError(StorageError.self) {
                _ = try await store.createNumberedDocuments(in: try NumberSequence("invoice")) {
                    (number) throws(StorageError) in try TestInvoices.drafts(number: number, token: "after")
                }
            }
            let reason = CorruptionReason.invalidSequenceNumber(sequence: "invoice", found: shown)
            #expect(failed == .storage(.corrupted(CorruptionReport(file: url, movedTo: nil, reason: reason))))
            #expect(
                failed?.description
                    == "The database \(url.path) is damaged: the last number of the sequence invoice is \(shown), "
                    + "not a whole number from 0 up. Nothing was moved or changed. Repairing copies every row that "
                    + "can still be read into a new database.")
            #expect(try await TestInvoices.check(store) == [1: "before", 2: "before"])
            await store.close()

            // What the hint says: a repair leaves the counter out, and numbering goes on after the invoices there.
            let repaired = folder.appendingPathComponent("repaired.sqlite")
            let report = try await SQLiteStore.repair(damaged: url, into: repaired)
            #expect(report.sequences == SalvagedRows(recovered: 0, unreadable: 1, lostIDs: []))
            let fixed = try await SQLiteStore.open(at: repaired)
            let next = try await fixed.createNumberedDocuments(in: try NumberSequence("invoice")) {
                (number) throws(StorageError) in try TestInvoices.drafts(number: number, token: "repaired")
            }
            #expect(next.number == 3)
            await fixed.close()
        }
    }

    /// The largest counter a store can hold: the next creation says the sequence is exhausted.
    @Test func theLargestCounterIsAnExhaustedSequence() async throws {
        try await withTemporaryFolder { folder in
            let store = try await SQLiteStore.open(
                at: try await database(in: folder, counter: String(Int64.max)))
            let failed = await numberingError(StorageError.self) {
                _ = try await store.createNumberedDocuments(in: try NumberSequence("invoice")) {
                    (number) throws(StorageError) in try TestInvoices.drafts(number: number, token: "after")
                }
            }
            #expect(failed == .storage(.invalidNumberedDocuments(.sequenceExhausted)))
            await store.close()
        }
    }
}
