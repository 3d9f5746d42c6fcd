import EssentialsTesting
import Foundation
import Storage
import StorageSQLite
import Testing

@Suite("Storage: SQLite store")
struct SQLiteStoreTests {
    private func database(in folder: URL) -> URL {
        folder.appendingPathComponent("ledger.sqlite")
    }

    /// A closed database holding `count` entries, one a minute.
    private func filledDatabase(in folder: URL, count: Int = 2_000) async throws -> URL {
        let url = database(in: folder)
        let store = try await SQLiteStore.open(at: url)
        try await store.save(
            (0..<count).map { entry("n\($0)", price: Decimal($0), at: Double($0 * 60), id: uuid(1, $0)) })
        await store.close()
        return url
    }

    /// `PRAGMA user_version`, read straight from the file header (offset 60, big-endian).
    private func userVersion(of url: URL) throws -> UInt32 {
        let header = try FileFixtures.bytes(of: url).prefix(64)
        return header.suffix(4).reduce(0) { $0 << 8 | UInt32($1) }
    }

    private func setUserVersion(_ version: UInt32, of url: URL) throws {
        var data = try FileFixtures.bytes(of: url)
        withUnsafeBytes(of: version.bigEndian) { data.replaceSubrange(60..<64, with: $0) }
        try FileFixtures.replace(url, with: data)
    }

    @Test func savesGoThroughAWriteAheadLog() async throws {
        try await withTemporaryFolder { folder in
            let url = database(in: folder)
            let store = try await SQLiteStore.open(at: url)
            try await store.save(entry(id: uuid(1)))
            #expect(FileManager.default.fileExists(atPath: url.path + "-wal"))
            // Reads use their own connections; closing closes them first, so the writer is the last connection and
            // folds the log into the database.
            for _ in 0..<20 {
                async let report = store.report(in: allTime)
                async let totals = store.totals(in: allTime)
                _ = try await (report, totals)
            }
            await store.close()
            #expect(!FileManager.default.fileExists(atPath: url.path + "-wal"))
            #expect(try userVersion(of: url) == UInt32(SQLiteStore.schemaVersion))
        }
    }

    @Test func rangeQueriesSearchTheDateIndexInsteadOfScanningTheTable() async throws {
        try await withTemporaryFolder { folder in
            let store = try await SQLiteStore.open(at: try await filledDatabase(in: folder, count: 100))
            let plans = try await store.queryPlans()
            #expect(plans.map(\.query) == ["report", "totals"])
            for plan in plans {
                // The table is stored in date order: its primary key is the date index.
                let searchesIndex = plan.details.contains { $0.contains("USING PRIMARY KEY (date>? AND date<?)") }
                let scansTable = plan.details.contains { $0.hasPrefix("SCAN") }
                #expect(searchesIndex, "\(plan)")
                #expect(!scansTable, "\(plan)")
            }
            let report = try #require(plans.first)
            let sortsAgain = report.details.contains { $0.contains("TEMP B-TREE") }
            #expect(!sortsAgain, "the report's order comes from the key: \(report)")
            #expect(try await store.integrityCheck() == [])
            await store.close()
        }
    }

    @Test func aBulkSaveReplacesExistingEntriesAndKeepsTheIDIndex() async throws {
        try await withTemporaryFolder { folder in
            let store = try await SQLiteStore.open(at: database(in: folder))
            try await store.save((0..<100).map { entry("old", price: 1, at: Double($0), id: uuid(1, $0)) })
            var generator = SeededGenerator(seed: 7)
            let batch = (0..<12_000).map { number in
                entry("new", price: 2, at: Double.random(in: -1e6...1e6, using: &generator), id: uuid(1, number))
            }
            let receipt = try await store.save(batch)
            #expect(receipt == SaveReceipt(inserted: 11_900, replaced: 100))
            let report = try await store.report(in: allTime)
            #expect(report.entries.count == 12_000)
            #expect(report.totals == [CurrencyTotal(currencyCode: "EUR", amount: 24_000, entryCount: 12_000)])
            let sortedDates = report.entries.map(\.date).sorted(by: >)
            #expect(report.entries.map(\.date) == sortedDates)
            // The id index is back: replacing and deleting by id still work, and a duplicate cannot slip in.
            #expect(try await store.save(entry("again", price: 3, id: uuid(1, 5))) == .replaced)
            #expect(try await store.delete([uuid(1, 6), uuid(1, 7)]) == 2)
            let again = try await store.save(batch.prefix(10_500).map { $0 })
            #expect(again == SaveReceipt(inserted: 2, replaced: 10_498))
            #expect(try await store.totals(in: allTime).first?.entryCount == 12_000)
            #expect(try await store.integrityCheck() == [])
            await store.close()
        }
    }

    @Test func aDatabaseFromANewerSchemaIsRefusedAndLeftUntouched() async throws {
        try await withTemporaryFolder { folder in
            let url = try await filledDatabase(in: folder, count: 10)
            try setUserVersion(99, of: url)
            let before = try FileFixtures.bytes(of: url)
            let error = await storageError { _ = try await SQLiteStore.open(at: url) }
            #expect(error == .newerSchema(found: 99, supported: SQLiteStore.schemaVersion))
            #expect(try FileFixtures.bytes(of: url) == before)
            #expect(try FileFixtures.names(in: folder) == ["ledger.sqlite"])
        }
    }

    @Test func aFailingMigrationRollsBackCompletely() async throws {
        try await withTemporaryFolder { folder in
            let url = try await filledDatabase(in: folder, count: 10)
            // Pretend the database is at version 1: migration 2 then meets the table it wants to create.
            try setUserVersion(1, of: url)
            let error = await storageError { _ = try await SQLiteStore.open(at: url) }
            guard case .migrationFailed(let version, let failure) = error else {
                Issue.record("expected migrationFailed, got \(String(describing: error))")
                return
            }
            #expect(version == 2)
            #expect(failure.code & 0xFF == 1)  // SQLITE_ERROR: "table document already exists"
            #expect(try userVersion(of: url) == 1)
            try setUserVersion(UInt32(SQLiteStore.schemaVersion), of: url)
            let store = try await SQLiteStore.open(at: url)
            #expect(try await store.report(in: allTime).entries.count == 10)
            await store.close()
        }
    }

    @Test func damageFoundWhileOpenIsTypedCorruption() async throws {
        try await withTemporaryFolder { folder in
            let url = try await filledDatabase(in: folder)
            let data = try FileFixtures.bytes(of: url)
            let pageSize = Int(data[16]) << 8 | Int(data[17])
            // Page 2 is the root of the expense table.
            try FileFixtures.replace(
                url, with: data.prefix(pageSize) + Data(repeating: 0xFF, count: 16) + data.dropFirst(pageSize + 16))
            let store = try await SQLiteStore.open(at: url, options: SQLiteStoreOptions(check: .headerOnly))
            let error = await storageError { _ = try await store.report(in: allTime) }
            guard case .corrupted(let report) = error, case .databaseDamaged = report.reason else {
                Issue.record("expected corrupted, got \(String(describing: error))")
                return
            }
            #expect(report.file == url)
            #expect(report.movedTo == nil)
            let saving = await storageError { try await store.save(entry(id: uuid(9))) }
            guard case .corrupted = saving else {
                Issue.record("expected corrupted, got \(String(describing: saving))")
                return
            }
            // The full check either lists the damage or cannot even walk the tree.
            do {
                #expect(try await store.integrityCheck() != [])
            } catch {
                guard case .corrupted = error as? StorageError else {
                    Issue.record("expected corrupted, got \(error)")
                    return
                }
            }
            await store.close()
        }
    }

    @Test func damagedDocumentBytesInsideTheDatabaseAreReportedNotReturned() async throws {
        try await withTemporaryFolder { folder in
            let url = database(in: folder)
            let store = try await SQLiteStore.open(at: url)
            let marker = Data((0..<64).map { UInt8(255 - $0) })
            let bytes = Data(repeating: 0x11, count: 20_000) + marker + Data(repeating: 0x22, count: 20_000)
            let id = try DocumentID("scan")
            try await store.save(DocumentDraft(id: id, contentType: "a/b", bytes: bytes))
            try await store.save(DocumentDraft(id: try DocumentID("fine"), contentType: "a/b", bytes: Data([1])))
            await store.close()

            let data = try FileFixtures.bytes(of: url)
            let offset = try #require(FileFixtures.offset(of: marker, in: data))
            try FileFixtures.flipBit(in: url, at: offset + 10, bit: 4)

            let reopened = try await SQLiteStore.open(at: url)
            let error = await storageError { _ = try await reopened.load(id) }
            #expect(error == .corrupted(CorruptionReport(file: url, movedTo: nil, reason: .checksumMismatch)))
            #expect(try await reopened.load(try DocumentID("fine"))?.bytes == Data([1]))
            #expect(try await reopened.list().count == 2)
            await reopened.close()
        }
    }

    @Test func twoStoresOnOneFileWaitForEachOtherInsteadOfFailingBusy() async throws {
        try await withTemporaryFolder { folder in
            let url = database(in: folder)
            let first = try await SQLiteStore.open(at: url)
            let second = try await SQLiteStore.open(at: url)
            try await withThrowingTaskGroup(of: Void.self) { group in
                for (index, store) in [first, second, first, second].enumerated() {
                    group.addTask {
                        for batch in 0..<50 {
                            try await store.save(
                                (0..<5).map { entry(at: Double(batch), id: uuid(index * 1_000 + batch, $0)) })
                        }
                    }
                }
                group.addTask {
                    for _ in 0..<50 { _ = try await second.totals(in: allTime) }
                }
                try await group.waitForAll()
            }
            #expect(try await first.report(in: allTime).entries.count == 1_000)
            #expect(try await second.totals(in: allTime).first?.entryCount == 1_000)
            #expect(try await first.integrityCheck() == [])
            await first.close()
            await second.close()
        }
    }

    /// A mistyped path must not start a new, empty ledger: a missing folder is refused, named, and nothing is
    /// created; creating it is an option the caller asks for.
    @Test func aMissingFolderIsRefusedUnlessCreatingItIsAsked() async throws {
        try await withTemporaryFolder { folder in
            let missing = folder.appendingPathComponent("Ledgre").appendingPathComponent("data")
            let url = missing.appendingPathComponent("ledger.sqlite")
            let error = await storageError { _ = try await SQLiteStore.open(at: url) }
            #expect(error == .missingFolder(missing))
            #expect(
                error?.description
                    == "The folder \(missing.path) does not exist, so no database was opened or created in it. "
                    + "Check the path, or create the folder first.")
            #expect(try FileFixtures.names(in: folder) == [])

            let store = try await SQLiteStore.open(at: url, options: SQLiteStoreOptions(createsMissingFolders: true))
            try await store.save(entry(id: uuid(1)))
            await store.close()
            let reopened = try await SQLiteStore.open(at: url)
            #expect(try await reopened.report(in: allTime).entries.count == 1)
            await reopened.close()
        }
    }

    @Test func aFolderWhereTheDatabaseShouldBeIsNotMovedAside() async throws {
        try await withTemporaryFolder { folder in
            let url = database(in: folder)
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
            let error = await storageError { _ = try await SQLiteStore.open(at: url) }
            switch error {
            case .fileSystem, .database: break
            default: Issue.record("expected a file-system or database error, got \(String(describing: error))")
            }
            var isFolder: ObjCBool = false
            #expect(FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder) && isFolder.boolValue)
        }
    }

    @Test func openingWithoutTheIntegrityCheckStillRefusesForeignFiles() async throws {
        try await withTemporaryFolder { folder in
            let url = database(in: folder)
            try FileFixtures.replace(url, with: Data(repeating: 0x41, count: 4_096))
            let error = await storageError {
                _ = try await SQLiteStore.open(at: url, options: SQLiteStoreOptions(check: .headerOnly))
            }
            #expect(error == .corrupted(CorruptionReport(file: url, movedTo: nil, reason: .notADatabase)))
            #expect(try FileFixtures.names(in: folder) == ["ledger.sqlite"])
        }
    }
}
