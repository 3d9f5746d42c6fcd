import EssentialsTesting
import Foundation
import Storage
import StorageSQLite
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A database with expenses, documents (one spanning overflow pages) and a number sequence, closed, so that every
/// page is in the main file.
enum DamageFixture {
    static let entryCount = 2_000

    static func entries() -> [ExpenseEntry] {
        (0..<entryCount).map { number in
            let digits = String(number)
            let padded = String(repeating: "0", count: 5 - digits.count) + digits
            return ExpenseEntry(
                id: uuid(7, number), title: "entry-\(padded)-end", price: Decimal(number) / 100,
                currencyCode: number % 3 == 0 ? "CHF" : "EUR", comment: number % 10 == 0 ? "with a comment" : "",
                date: referenceDate.addingTimeInterval(Double(number * 60)))
        }
    }

    static func documents() throws -> [DocumentDraft] {
        [
            DocumentDraft(
                id: try DocumentID("scan.pdf"), contentType: DocumentContentType.pdf, attributes: ["marker": "scan"],
                bytes: Data((0..<100_000).map { UInt8(truncatingIfNeeded: $0 &* 7) })),
            DocumentDraft(
                id: try DocumentID("home-sections"), contentType: DocumentContentType.json,
                attributes: ["marker": "document-marker-home"], bytes: Data("[]".utf8)),
        ]
    }

    /// Builds the database and returns what it holds.
    static func build(at url: URL) async throws -> (report: ExpenseReport, documents: [DocumentMetadata]) {
        let store = try await SQLiteStore.open(at: url, now: { referenceDate })
        try await store.save(entries())
        for draft in try documents() { try await store.save(draft) }
        let invoices = try NumberSequence("invoice")
        for _ in 0..<2 {
            _ = try await store.createNumberedDocuments(in: invoices) { (number) throws(StorageError) in
                try TestInvoices.drafts(number: number, token: "fixture")
            }
        }
        let report = try await store.report(in: allTime)
        let documents = try await store.list()
        await store.close()
        return (report, documents)
    }

    static func pageSize(of url: URL) throws -> Int {
        let header = try FileFixtures.bytes(of: url).prefix(18)
        let raw = Int(header[16]) << 8 | Int(header[17])
        return raw == 1 ? 65_536 : raw
    }

    /// The number (1-based) of the page holding `marker`.
    static func page(holding marker: String, in url: URL) throws -> Int {
        let data = try FileFixtures.bytes(of: url)
        let offset = try #require(FileFixtures.offset(of: Data(marker.utf8), in: data))
        return offset / (try pageSize(of: url)) + 1
    }

    /// Overwrites the first bytes of a page (its b-tree header) with 0xFF, so SQLite cannot read the page at all.
    static func wreck(page: Int, of url: URL, bytes: Int = 16) throws {
        var data = try FileFixtures.bytes(of: url)
        let start = (page - 1) * (try pageSize(of: url)) + (page == 1 ? 100 : 0)
        data.replaceSubrange(start..<(start + bytes), with: Data(repeating: 0xFF, count: bytes))
        try FileFixtures.replace(url, with: data)
    }

    /// The `PRAGMA integrity_check` findings of the database at `url`, and what it holds.
    static func contents(of url: URL) async throws -> (problems: [String], report: ExpenseReport, documents: [Document])
    {
        let store = try await SQLiteStore.open(at: url, options: SQLiteStoreOptions(check: .full))
        let problems = try await store.integrityCheck()
        let report = try await store.report(in: allTime)
        var documents: [Document] = []
        for metadata in try await store.list() {
            if let document = try await store.load(metadata.id) { documents.append(document) }
        }
        await store.close()
        return (problems, report, documents)
    }
}

@Suite("Storage: damaged databases")
struct SQLiteDamageTests {
    private func database(in folder: URL) -> URL {
        folder.appendingPathComponent("ledger.sqlite")
    }

    /// Whatever the damage, opening says what is damaged and leaves everything as it was, every time: a damaged
    /// ledger never turns into an empty one.
    @Test(arguments: [
        "garbage", "tiny", "flipped header", "truncated", "expense page", "expense root", "document page",
        "schema page",
    ])
    func aDamagedDatabaseIsRefusedInPlaceEveryTime(damage: String) async throws {
        try await withTemporaryFolder { folder in
            let url = database(in: folder)
            _ = try await DamageFixture.build(at: url)
            var objects: [String]?
            switch damage {
            case "garbage":
                var generator = SeededGenerator(seed: 1)
                try FileFixtures.replace(
                    url, with: Data((0..<8_192).map { _ in UInt8.random(in: 0...255, using: &generator) }))
            case "tiny":
                try FileFixtures.replace(url, with: Data("SQLite".utf8))
            case "flipped header":
                try FileFixtures.flipBit(in: url, at: 3, bit: 2)
            case "truncated":
                try FileFixtures.truncate(url, to: try FileFixtures.bytes(of: url).count / 2)
            case "expense page":
                try DamageFixture.wreck(page: try DamageFixture.page(holding: "entry-01000-end", in: url), of: url)
                objects = ["expense"]
            case "expense root":
                try DamageFixture.wreck(page: 2, of: url)
                objects = ["expense"]
            case "document page":
                try DamageFixture.wreck(page: try DamageFixture.page(holding: "document-marker-home", in: url), of: url)
                objects = ["document"]
            default:
                try DamageFixture.wreck(page: 1, of: url)
            }
            let damaged = try FileFixtures.bytes(of: url)
            let namesBefore = try FileFixtures.names(in: folder)

            for attempt in 0..<2 {
                let error = await storageError { _ = try await SQLiteStore.open(at: url) }
                guard case .corrupted(let report) = error else {
                    Issue.record("attempt \(attempt): expected corrupted, got \(String(describing: error))")
                    return
                }
                #expect(report.file == url)
                #expect(report.movedTo == nil)
                switch (damage, report.reason) {
                case ("garbage", .notADatabase), ("flipped header", .notADatabase), ("tiny", .truncated): break
                case (_, .databaseDamaged(let found)):
                    #expect(!found.findings.isEmpty)
                    if let objects { #expect(found.objects == objects, "\(found.findings)") }
                default: Issue.record("\(damage): unexpected reason \(report.reason)")
                }
                let text = String(describing: error)
                #expect(text.contains(url.path))
                #expect(!text.contains("Storage.") && !text.contains("CorruptionReport("), "\(text)")
                #expect(try FileFixtures.bytes(of: url) == damaged)
                let names = try FileFixtures.names(in: folder)
                #expect(Set(names).subtracting(namesBefore).isSubset(of: ["ledger.sqlite-shm"]), "\(names)")
            }
        }
    }

    @Test func repairCopiesAnUndamagedDatabaseCompletely() async throws {
        try await withTemporaryFolder { folder in
            let url = database(in: folder)
            let original = try await DamageFixture.build(at: url)
            let repaired = folder.appendingPathComponent("repaired.sqlite")
            let report = try await SQLiteStore.repair(damaged: url, into: repaired)
            #expect(report.isComplete)
            #expect(report.expenses == SalvagedRows(recovered: DamageFixture.entryCount, unreadable: 0, lostIDs: []))
            #expect(report.documents == SalvagedRows(recovered: 6, unreadable: 0, lostIDs: []))
            #expect(report.sequences == SalvagedRows(recovered: 1, unreadable: 0, lostIDs: []))
            #expect(report.damagedPages == [])
            let contents = try await DamageFixture.contents(of: repaired)
            #expect(contents.problems == [])
            #expect(contents.report == original.report)
            #expect(contents.documents.map(\.metadata) == original.documents)
            #expect(try await nextInvoiceNumber(in: repaired) == 3)
        }
    }

    /// One leaf page of the expense table is unreadable: exactly its rows are lost, and the id index names them.
    @Test func repairSalvagesEverythingButTheRowsOfADamagedLeafPage() async throws {
        try await withTemporaryFolder { folder in
            let url = database(in: folder)
            let original = try await DamageFixture.build(at: url)
            let page = try DamageFixture.page(holding: "entry-01000-end", in: url)
            try DamageFixture.wreck(page: page, of: url)
            let repaired = folder.appendingPathComponent("repaired.sqlite")
            let report = try await SQLiteStore.repair(damaged: url, into: repaired)
            try await expectSalvage(report, of: original, repaired: repaired)
            #expect(report.expenses.lostIDs.contains(uuid(7, 1_000)))
            #expect(report.damagedPages == [page])
            #expect(report.documents.unreadable == 0)
            #expect(report.sequences.unreadable == 0)
            #expect(try await nextInvoiceNumber(in: repaired) == 3)
        }
    }

    /// The header's page size is changed (SQLite then calls the file no database, or reads it wrong): every page size
    /// SQLite allows is tried, the one that reads the rows wins, and everything is recovered.
    @Test(arguments: [0x0000, 0x0007, 0x0100, 0x3000, 0x1000, 0x8000])
    func repairRecoversEveryRowWhenTheHeadersPageSizeIsChanged(raw: Int) async throws {
        try await withTemporaryFolder { folder in
            let url = database(in: folder)
            let original = try await DamageFixture.build(at: url)
            var data = try FileFixtures.bytes(of: url)
            data[16] = UInt8(raw >> 8)
            data[17] = UInt8(raw & 0xFF)
            try FileFixtures.replace(url, with: data)
            let refused = await storageError { _ = try await SQLiteStore.open(at: url) }
            guard case .corrupted(let damage) = refused else {
                Issue.record("expected the changed header to be refused, got \(String(describing: refused))")
                return
            }
            #expect(damage.file == url)

            let repaired = folder.appendingPathComponent("repaired.sqlite")
            let report = try await SQLiteStore.repair(damaged: url, into: repaired)
            #expect(report.outcome == .complete && report.isComplete)
            #expect(report.expenses == SalvagedRows(recovered: DamageFixture.entryCount, unreadable: 0, lostIDs: []))
            #expect(report.documents == SalvagedRows(recovered: 6, unreadable: 0, lostIDs: []))
            #expect(report.sequences == SalvagedRows(recovered: 1, unreadable: 0, lostIDs: []))
            let contents = try await DamageFixture.contents(of: repaired)
            #expect(contents.problems == [])
            #expect(contents.report == original.report)
            #expect(try await nextInvoiceNumber(in: repaired) == 3)
        }
    }

    /// Cut to its first page, the file still declares its tables but holds none of them: nothing can be recovered
    /// or counted, and the report says so (an app exits with an error) instead of "recovered 0 expenses".
    @Test func repairOfAFileCutToItsFirstPageSaysNothingCouldBeRecovered() async throws {
        try await withTemporaryFolder { folder in
            let url = database(in: folder)
            _ = try await DamageFixture.build(at: url)
            let pages = try FileFixtures.bytes(of: url).count / 16_384
            try FileFixtures.truncate(url, to: 16_384)
            let repaired = folder.appendingPathComponent("repaired.sqlite")
            let report = try await SQLiteStore.repair(damaged: url, into: repaired)
            #expect(report.outcome == .nothingRecovered && !report.isComplete)
            #expect(report.missingPages == pages - 1)
            #expect(
                report.description
                    == "Nothing could be recovered from \(url.path): \(pages - 1) of its pages are missing (the file was "
                    + "cut short), so what it held cannot be counted. \(repaired.path) holds nothing.")
        }
    }

    /// Cut in half: the rows of the first half are recovered, and the missing pages keep the report from calling
    /// itself complete.
    @Test func repairOfAFileCutInHalfRecoversWhatIsThereAndCountsTheMissingPages() async throws {
        try await withTemporaryFolder { folder in
            let url = database(in: folder)
            let original = try await DamageFixture.build(at: url)
            let size = try FileFixtures.bytes(of: url).count
            try FileFixtures.truncate(url, to: size / 2 / 16_384 * 16_384)
            let repaired = folder.appendingPathComponent("repaired.sqlite")
            let report = try await SQLiteStore.repair(damaged: url, into: repaired)
            #expect(report.outcome == .incomplete && !report.isComplete)
            #expect(report.missingPages == size / 16_384 - size / 2 / 16_384)
            #expect(report.expenses.recovered > 0 && report.expenses.recovered < DamageFixture.entryCount)
            #expect(report.description.hasSuffix("so more may be lost than counted."))
            let contents = try await DamageFixture.contents(of: repaired)
            let originals = Set(original.report.entries)
            #expect(contents.report.entries.allSatisfy(originals.contains))
        }
    }

    /// Nothing recoverable: repairing in place moves nothing and creates nothing, so the damage is not replaced by
    /// an empty database that the next open would call sound.
    @Test func repairInPlaceWithNothingRecoverableLeavesTheDatabaseWhereItIs() async throws {
        try await withTemporaryFolder { folder in
            let url = database(in: folder)
            _ = try await DamageFixture.build(at: url)
            try FileFixtures.truncate(url, to: 16_384)
            let before = try FileFixtures.bytes(of: url)
            let kept = folder.appendingPathComponent("ledger.damaged.sqlite")
            let report = try await SQLiteStore.repairInPlace(url, keepingDamagedAt: kept)
            #expect(report.outcome == .nothingRecovered)
            #expect(report.damaged == url && report.repaired == url)
            #expect(
                report.description.hasSuffix(
                    "It was left as it was: restore it from a backup, or move it away to start an empty database."))
            #expect(try FileFixtures.names(in: folder) == ["ledger.sqlite"])
            #expect(try FileFixtures.bytes(of: url) == before)
            let reopened = await storageError { _ = try await SQLiteStore.open(at: url) }
            guard case .corrupted(let damage) = reopened else {
                Issue.record("expected the database to be refused still, got \(String(describing: reopened))")
                return
            }
            #expect(damage.file == url && damage.movedTo == nil)
        }
    }

    /// Repairing in place keeps the damaged file beside the database and puts the salvaged one where the store opens
    /// it, so the next open works and shows every readable row.
    @Test func repairInPlaceKeepsTheDamagedFileAndOpensTheSalvagedOne() async throws {
        try await withTemporaryFolder { folder in
            let url = database(in: folder)
            _ = try await DamageFixture.build(at: url)
            let page = try DamageFixture.page(holding: "entry-01000-end", in: url)
            try DamageFixture.wreck(page: page, of: url)
            let refused = await storageError { _ = try await SQLiteStore.open(at: url) }
            guard case .corrupted(let damage) = refused, case .databaseDamaged(let found) = damage.reason else {
                Issue.record("expected the damaged expense table to be refused, got \(String(describing: refused))")
                return
            }
            #expect(damage.file == url && damage.movedTo == nil && found.objects == ["expense"])
            let kept = folder.appendingPathComponent("ledger.damaged.sqlite")
            let report = try await SQLiteStore.repairInPlace(url, keepingDamagedAt: kept)
            #expect(report.repaired == url && report.damaged == kept)
            #expect(FileManager.default.fileExists(atPath: kept.path))
            let store = try await SQLiteStore.open(at: url)
            let entries = try await store.report(in: Date.distantPast..<Date.distantFuture).entries
            #expect(entries.count == DamageFixture.entryCount - report.expenses.unreadable)
            await store.close()
            let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter {
                $0.contains("repairing")
            }
            #expect(leftovers.isEmpty)
        }
    }

    /// The root of the expense tree is unreadable: the pages below it are found anyway, so only the rows stored in
    /// the root itself are lost.
    @Test func repairRecoversTheRowsBelowADamagedInteriorPage() async throws {
        try await withTemporaryFolder { folder in
            let url = database(in: folder)
            let original = try await DamageFixture.build(at: url)
            try DamageFixture.wreck(page: 2, of: url)
            let repaired = folder.appendingPathComponent("repaired.sqlite")
            let report = try await SQLiteStore.repair(damaged: url, into: repaired)
            try await expectSalvage(report, of: original, repaired: repaired)
            #expect(report.expenses.recovered > DamageFixture.entryCount - 100)
        }
    }

    /// The schema page is unreadable: tables are recognised by the shape of their rows.
    @Test func repairRecognisesTablesWhenTheSchemaIsUnreadable() async throws {
        try await withTemporaryFolder { folder in
            let url = database(in: folder)
            let original = try await DamageFixture.build(at: url)
            try DamageFixture.wreck(page: 1, of: url)
            let repaired = folder.appendingPathComponent("repaired.sqlite")
            let report = try await SQLiteStore.repair(damaged: url, into: repaired)
            try await expectSalvage(report, of: original, repaired: repaired)
            #expect(report.expenses.recovered == DamageFixture.entryCount)
            #expect(report.documents.recovered == 6)
            #expect(report.sequences.recovered == 1)
        }
    }

    /// Rows committed to the write-ahead log but not yet copied into the database file are recovered too.
    @Test func repairReadsCommittedRowsStillInTheWriteAheadLog() async throws {
        try await withTemporaryFolder { folder in
            let url = database(in: folder)
            _ = try await DamageFixture.build(at: url)
            let store = try await SQLiteStore.open(at: url)
            let late = (0..<50).map { entry("late \($0)", price: 1, at: -Double($0 + 1), id: uuid(9, $0)) }
            try await store.save(late)
            // A copy of the files as a crash would leave them: the late rows live only in the log.
            let copy = folder.appendingPathComponent("copy", isDirectory: true)
            try FileManager.default.createDirectory(at: copy, withIntermediateDirectories: true)
            for suffix in ["", "-wal"] {
                try FileManager.default.copyItem(
                    atPath: url.path + suffix, toPath: copy.appendingPathComponent("ledger.sqlite" + suffix).path)
            }
            await store.close()
            let damaged = copy.appendingPathComponent("ledger.sqlite")
            try DamageFixture.wreck(page: try DamageFixture.page(holding: "entry-01000-end", in: damaged), of: damaged)
            let repaired = folder.appendingPathComponent("repaired.sqlite")
            let report = try await SQLiteStore.repair(damaged: damaged, into: repaired)
            let contents = try await DamageFixture.contents(of: repaired)
            let ids = Set(contents.report.entries.map(\.id))
            #expect(late.allSatisfy { ids.contains($0.id) })
            #expect(report.expenses.recovered + report.expenses.lostIDs.count == DamageFixture.entryCount + 50)
        }
    }

    @Test func repairNeverOverwritesAndSaysWhatIsMissing() async throws {
        try await withTemporaryFolder { folder in
            let url = database(in: folder)
            _ = try await DamageFixture.build(at: url)
            let taken = folder.appendingPathComponent("taken.sqlite")
            try FileFixtures.replace(taken, with: Data("mine".utf8))
            let overwrite = await storageError { _ = try await SQLiteStore.repair(damaged: url, into: taken) }
            #expect(
                overwrite == .fileSystem(FileSystemFailure(operation: .open, path: taken.path, errorNumber: EEXIST)))
            #expect(try FileFixtures.bytes(of: taken) == Data("mine".utf8))
            let missing = folder.appendingPathComponent("missing.sqlite")
            let absent = await storageError {
                _ = try await SQLiteStore.repair(damaged: missing, into: folder.appendingPathComponent("new.sqlite"))
            }
            #expect(absent == .fileSystem(FileSystemFailure(operation: .open, path: missing.path, errorNumber: ENOENT)))
            #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("new.sqlite").path))
        }
    }

    /// Bytes flipped at seeded random offsets: opening either succeeds with a sound database, or refuses in place
    /// with `corrupted`, and then repair salvages into a sound database. Rows are lost only around the flipped
    /// bytes, and at most one row per flipped byte comes back altered.
    @Test(arguments: 1...12)
    func randomDamageIsRefusedOrHarmlessAndRepairSalvages(seed: UInt64) async throws {
        try await withTemporaryFolder { folder in
            let url = database(in: folder)
            let original = try await DamageFixture.build(at: url)
            var generator = SeededGenerator(seed: seed)
            let size = try FileFixtures.bytes(of: url).count
            let flips = Int.random(in: 1...6, using: &generator)
            for _ in 0..<flips {
                try FileFixtures.flipBit(
                    in: url, at: Int.random(in: 0..<size, using: &generator),
                    bit: UInt8.random(in: 0...7, using: &generator))
            }
            let damaged = try FileFixtures.bytes(of: url)
            let salvaged: (problems: [String], report: ExpenseReport, documents: [Document])
            do {
                salvaged = try await DamageFixture.contents(of: url)
            } catch let error as StorageError {
                guard case .corrupted(let report) = error, report.movedTo == nil else {
                    Issue.record("seed \(seed): expected corrupted, got \(error)")
                    return
                }
                #expect(try FileFixtures.bytes(of: url) == damaged)
                let repaired = folder.appendingPathComponent("repaired.sqlite")
                let repair = try await SQLiteStore.repair(damaged: url, into: repaired)
                salvaged = try await DamageFixture.contents(of: repaired)
                #expect(repair.expenses.recovered == salvaged.report.entries.count)
            }
            #expect(salvaged.problems == [], "seed \(seed)")
            let originals = Dictionary(uniqueKeysWithValues: original.report.entries.map { ($0.id, $0) })
            let altered = salvaged.report.entries.filter { originals[$0.id] != $0 }.count
            #expect(altered <= flips, "seed \(seed): \(altered) rows altered by \(flips) flipped bits")
            let maximumRowsPerPage = try DamageFixture.pageSize(of: url) / 40
            #expect(
                salvaged.report.entries.count - altered >= DamageFixture.entryCount - flips * maximumRowsPerPage,
                "seed \(seed)")
            for document in salvaged.documents {
                let before = try #require(original.documents.first { $0.id == document.metadata.id })
                #expect(document.metadata.byteCount == before.byteCount)
            }
        }
    }

    private func expectSalvage(
        _ report: SQLiteRepairReport, of original: (report: ExpenseReport, documents: [DocumentMetadata]),
        repaired: URL, sourceLocation: SourceLocation = #_sourceLocation
    ) async throws {
        let contents = try await DamageFixture.contents(of: repaired)
        #expect(contents.problems == [], sourceLocation: sourceLocation)
        let originals = Dictionary(uniqueKeysWithValues: original.report.entries.map { ($0.id, $0) })
        for entry in contents.report.entries {
            #expect(originals[entry.id] == entry, "recovered \(entry.id) differs", sourceLocation: sourceLocation)
        }
        #expect(report.expenses.recovered == contents.report.entries.count, sourceLocation: sourceLocation)
        let recovered = Set(contents.report.entries.map(\.id))
        #expect(
            Set(report.expenses.lostIDs).isDisjoint(with: recovered)
                && report.expenses.lostIDs.allSatisfy {
                    originals[$0] != nil
                }, sourceLocation: sourceLocation)
        #expect(
            report.expenses.recovered + report.expenses.lostIDs.count == DamageFixture.entryCount,
            "every row is either recovered or named as lost", sourceLocation: sourceLocation)
        #expect(report.expenses.unreadable == report.expenses.lostIDs.count, sourceLocation: sourceLocation)
        for document in contents.documents {
            let before = original.documents.first { $0.id == document.metadata.id }
            #expect(document.metadata == before, sourceLocation: sourceLocation)
        }
        #expect(!report.description.contains("Storage."), sourceLocation: sourceLocation)
    }

    private func nextInvoiceNumber(in url: URL) async throws -> Int {
        let store = try await SQLiteStore.open(at: url)
        let created = try await store.createNumberedDocuments(in: try NumberSequence("invoice")) {
            (number) throws(StorageError) in try TestInvoices.drafts(number: number, token: "after repair")
        }
        await store.close()
        return created.number
    }
}
