import Foundation
import Storage
import StorageSQLite
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A full disk, made by `SQLiteFullDisk` below a real database file: reading needs no space, so everything that
/// reads keeps working; every write fails with the one typed full-disk error and leaves the data as it was; once
/// there is space again, the same store writes.
@Suite("Storage: a full disk")
struct FullDiskTests {
    /// The typed full-disk error for the database at `url`.
    private func fullDisk(at url: URL) -> StorageError {
        .fileSystem(FileSystemFailure(operation: .write, path: url.path, errorNumber: ENOSPC))
    }

    /// A closed database with two expenses and one invoice: closing removes its log and shared-memory index, so an
    /// open on the full disk finds no index it could read through and none it could create.
    private func closedDatabase(in folder: URL) async throws -> URL {
        let url = folder.appendingPathComponent("ledger.sqlite")
        let store = try await SQLiteStore.open(at: url)
        try await store.save([entry(id: uuid(1)), entry("Lunch", at: 60, id: uuid(2))])
        _ = try await store.createNumberedDocuments(in: try NumberSequence("invoice")) {
            (number) throws(StorageError) in try TestInvoices.drafts(number: number, token: "before")
        }
        await store.close()
        #expect(!FileManager.default.fileExists(atPath: url.path + "-shm"))
        return url
    }

    @Test func aStoreOpenedOnAFullDiskReadsEverythingAndRefusesWritesWithTheTypedError() async throws {
        try await withTemporaryFolder { folder in
            let url = try await closedDatabase(in: folder)
            SQLiteFullDisk.limit(url, to: 0)
            defer { SQLiteFullDisk.limit(url, to: nil) }

            let store = try await SQLiteStore.open(at: url)
            #expect(try await store.report(in: allTime).entries.map(\.id) == [uuid(2), uuid(1)])
            #expect(try await store.totals(in: allTime).first?.entryCount == 2)
            #expect(try await TestInvoices.check(store) == [1: "before"])
            #expect(try await store.list().count == 2)
            #expect(try await store.integrityCheck() == [])

            let saving = await storageError { try await store.save(entry(id: uuid(3))) }
            #expect(saving == fullDisk(at: url))
            let document = await storageError {
                try await store.save(
                    DocumentDraft(id: try DocumentID("note"), contentType: "text/plain", bytes: Data()))
            }
            #expect(document == fullDisk(at: url))
            let numbering = await numberingError(StorageError.self) {
                _ = try await store.createNumberedDocuments(in: try NumberSequence("invoice")) {
                    (number) throws(StorageError) in try TestInvoices.drafts(number: number, token: "full")
                }
            }
            #expect(numbering == .storage(fullDisk(at: url)))
            #expect(SQLiteFullDisk.faults(for: url) > 0)
            #expect(fullDisk(at: url).hint == "Free some disk space, then try again; nothing was half-written.")

            // Space again: the same store writes, and nothing of the failed writes is there.
            SQLiteFullDisk.limit(url, to: nil)
            try await store.save(entry(id: uuid(3)))
            let created = try await store.createNumberedDocuments(in: try NumberSequence("invoice")) {
                (number) throws(StorageError) in try TestInvoices.drafts(number: number, token: "after")
            }
            #expect(created.number == 2)
            #expect(try await store.report(in: allTime).entries.count == 3)
            #expect(try await store.load(try DocumentID("note")) == nil)
            await store.close()
        }
    }

    /// The disk fills up while the store is open: reads go on, and a write fails with the same typed error as at
    /// open (not the database's own `SQLITE_FULL` code).
    @Test func aDiskThatFillsUpWhileOpenKeepsReadingAndRefusesWrites() async throws {
        try await withTemporaryFolder { folder in
            let url = try await closedDatabase(in: folder)
            let store = try await SQLiteStore.open(at: url)
            SQLiteFullDisk.limit(url, to: 0)
            defer { SQLiteFullDisk.limit(url, to: nil) }
            let saving = await storageError { try await store.save(entry(id: uuid(3))) }
            #expect(saving == fullDisk(at: url))
            #expect(try await store.report(in: allTime).entries.count == 2)
            #expect(SQLiteFullDisk.faults(for: url) > 0)
            await store.close()
        }
    }

    /// A new database cannot be created on a full disk: opening says so with the typed error, and nothing half
    /// made is mistaken for a database later.
    @Test func aNewDatabaseOnAFullDiskIsTheTypedError() async throws {
        try await withTemporaryFolder { folder in
            let url = folder.appendingPathComponent("ledger.sqlite")
            SQLiteFullDisk.limit(url, to: 0)
            defer { SQLiteFullDisk.limit(url, to: nil) }
            let opening = await storageError { _ = try await SQLiteStore.open(at: url) }
            #expect(opening == fullDisk(at: url))
            SQLiteFullDisk.limit(url, to: nil)
            let store = try await SQLiteStore.open(at: url)
            try await store.save(entry(id: uuid(1)))
            #expect(try await store.report(in: allTime).entries.count == 1)
            await store.close()
        }
    }
}
