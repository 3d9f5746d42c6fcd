import Foundation
import Storage
import StorageFileSystem
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

@Suite("Storage: file-system stores")
struct FileSystemStoreTests {
    private func changeFile(_ sequence: Int, in folder: URL) -> URL {
        let digits = String(sequence)
        return folder.appendingPathComponent(
            "changes-" + String(repeating: "0", count: 20 - digits.count) + digits + ".lrec")
    }

    /// Three commits, three change files, the store closed.
    private func threeCommits(in folder: URL, coding: any CodingStrategy = JSONCodingStrategy()) async throws {
        let store = try await FileSystemExpenseStore.open(in: folder, coding: coding)
        for batch in 1...3 {
            try await store.save((0..<3).map { entry("batch \(batch)", at: Double(batch), id: uuid(batch, $0)) })
        }
        await store.close()
    }

    private func titles(in folder: URL) async throws -> [String] {
        let store = try await FileSystemExpenseStore.open(in: folder)
        let report = try await store.report(in: allTime)
        await store.close()
        return Set(report.entries.map(\.title)).sorted()
    }

    @Test func writesLeaveOnlyTheirOwnFilesAndRemoveLeftoverTemporaryFiles() async throws {
        try await withTemporaryFolder { folder in
            try await threeCommits(in: folder)
            let expected = [".lock"] + (1...3).map { changeFile($0, in: folder).lastPathComponent }
            #expect(try FileFixtures.names(in: folder) == expected)
            let leftover = folder.appendingPathComponent(".tmp-\(UUID().uuidString)-changes-00000000000000000004.lrec")
            try FileFixtures.replace(leftover, with: Data("half a write".utf8))
            #expect(try await titles(in: folder) == ["batch 1", "batch 2", "batch 3"])
            #expect(!FileManager.default.fileExists(atPath: leftover.path))
        }
    }

    @Test(arguments: [
        ("truncated", CorruptionReason.truncated),
        ("flipped header bit", .checksumMismatch),
        ("flipped preamble bit", .checksumMismatch),
        ("garbage", .unrecognizedHeader),
        ("tiny", .unrecognizedHeader),
        ("empty", .truncated),
        ("invalid JSON", .undecodable),
        ("JSON of the wrong shape", .undecodable),
        ("entry the store would refuse", .undecodable),
        ("wrong sequence", .misplaced),
        ("wrong kind", .misplaced),
    ])
    func aDamagedChangeFileIsRefusedInPlaceUntilRepairMovesItAside(
        damage: String, reason: CorruptionReason
    ) async throws {
        try await withTemporaryFolder { folder in
            try await threeCommits(in: folder)
            let victim = changeFile(2, in: folder)
            let original = try FileFixtures.bytes(of: victim)
            switch damage {
            case "truncated": try FileFixtures.truncate(victim, to: original.count - 7)
            case "flipped header bit": try FileFixtures.flipBit(in: victim, at: 60, bit: 3)
            case "flipped preamble bit": try FileFixtures.flipBit(in: victim, at: 9, bit: 1)
            case "garbage": try FileFixtures.replace(victim, with: Data((0..<300).map { UInt8($0 % 251) }))
            case "tiny": try FileFixtures.replace(victim, with: Data("{}".utf8))
            case "empty": try FileFixtures.replace(victim, with: Data())
            case "invalid JSON":
                try FileFixtures.replace(
                    victim, with: FileFixtures.record(kind: 2, format: "json", header: Data("{\"sequence\": 2, ".utf8)))
            case "JSON of the wrong shape":
                try FileFixtures.replace(
                    victim, with: FileFixtures.record(kind: 2, format: "json", header: Data("[1, 2, 3]".utf8)))
            case "entry the store would refuse":
                let header =
                    #"{"operations":[{"save":{"_0":[{"comment":"","currencyCode":"euro","date":0,"#
                    + #""id":"00000000-0000-0000-0000-000000000001","priceMicros":1,"title":"x"}]}}],"sequence":2}"#
                try FileFixtures.replace(
                    victim, with: FileFixtures.record(kind: 2, format: "json", header: Data(header.utf8)))
            case "wrong sequence":
                try FileFixtures.replace(victim, with: try FileFixtures.bytes(of: changeFile(3, in: folder)))
            default:
                let header = original.dropFirst(52)
                try FileFixtures.replace(
                    victim, with: FileFixtures.record(kind: 3, format: "json", header: Data(header)))
            }
            let damaged = try FileFixtures.bytes(of: victim)

            // Every open says the same: the store never quietly shows fewer entries.
            for _ in 0..<2 {
                let error = await storageError { _ = try await FileSystemExpenseStore.open(in: folder) }
                #expect(error == .corrupted(CorruptionReport(file: victim, movedTo: nil, reason: reason)))
                #expect(try FileFixtures.bytes(of: victim) == damaged)
            }
            let report = try await FileSystemExpenseStore.repair(in: folder)
            let movedTo = folder.appendingPathComponent(victim.lastPathComponent + ".corrupted-1")
            #expect(report.movedAside == [RepairedFile(file: victim, movedTo: movedTo, reason: reason)])
            #expect(report.description.contains(victim.lastPathComponent))
            #expect(try FileFixtures.bytes(of: movedTo) == damaged)
            #expect(!FileManager.default.fileExists(atPath: victim.path))
            #expect(try await titles(in: folder) == ["batch 1", "batch 3"])
            #expect(try await FileSystemExpenseStore.repair(in: folder).movedAside == [])
        }
    }

    @Test func aPropertyListStoreLeavesJSONFilesAlone() async throws {
        try await withTemporaryFolder { folder in
            try await threeCommits(in: folder)
            let before = try FileFixtures.names(in: folder)
            let error = await storageError {
                _ = try await FileSystemExpenseStore.open(in: folder, coding: PropertyListCodingStrategy())
            }
            #expect(error == .unexpectedFormat(file: changeFile(1, in: folder), found: "json", expected: "plist"))
            #expect(try FileFixtures.names(in: folder) == before)
            #expect(try await titles(in: folder).count == 3)
        }
    }

    @Test func aSecondExpenseStoreOnTheSameFolderIsRefusedUntilTheFirstCloses() async throws {
        try await withTemporaryFolder { folder in
            let first = try await FileSystemExpenseStore.open(in: folder)
            let contended = await storageError {
                _ = try await FileSystemExpenseStore.open(in: folder, lockTimeout: .milliseconds(20))
            }
            #expect(contended == .storeInUse(folder))
            // A document store shares its folder with other document stores, not with an expense store: it waits
            // for the lock file as long as it was told to, then says who holds it.
            let documents = await storageError {
                _ = try await FileSystemDocumentStore.open(in: folder, lockTimeout: .milliseconds(20))
            }
            #expect(documents == .storeInUse(folder))
            await first.close()
            let second = try await FileSystemExpenseStore.open(in: folder)
            await second.close()
        }
    }

    @Test func repairWaitsForNoStoreAndRefusesAMissingFolder() async throws {
        try await withTemporaryFolder { folder in
            let store = try await FileSystemExpenseStore.open(in: folder)
            let busy = await storageError {
                _ = try await FileSystemExpenseStore.repair(in: folder, lockTimeout: .milliseconds(20))
            }
            #expect(busy == .storeInUse(folder))
            await store.close()
            #expect(try await FileSystemExpenseStore.repair(in: folder).movedAside == [])
            let missing = folder.appendingPathComponent("missing")
            let absent = await storageError { _ = try await FileSystemExpenseStore.repair(in: missing) }
            guard case .fileSystem(let failure) = absent else {
                Issue.record("expected a file-system error, got \(String(describing: absent))")
                return
            }
            #expect(failure.errorNumber == ENOENT)
            #expect(!FileManager.default.fileExists(atPath: missing.path))
        }
    }

    @Test func aFileWhereTheFolderShouldBeIsAFileSystemError() async throws {
        try await withTemporaryFolder { folder in
            let blocker = folder.appendingPathComponent("expenses")
            try FileFixtures.replace(blocker, with: Data("not a folder".utf8))
            let error = await storageError { _ = try await FileSystemExpenseStore.open(in: blocker) }
            guard case .fileSystem(let failure) = error else {
                Issue.record("expected a file-system error, got \(String(describing: error))")
                return
            }
            #expect(failure.operation == .createFolder)
            #expect(try FileFixtures.bytes(of: blocker) == Data("not a folder".utf8))
        }
    }

    @Test(arguments: ["json", "plist"])
    func manyCommitsAreCompactedIntoASnapshotWithoutLosingAnything(format: String) async throws {
        try await withTemporaryFolder { folder in
            let coding: any CodingStrategy = format == "json" ? JSONCodingStrategy() : PropertyListCodingStrategy()
            let store = try await FileSystemExpenseStore.open(in: folder, coding: coding)
            for number in 0..<300 {
                try await store.save(
                    entry("n\(number)", price: Decimal(number), at: Double(number), id: uuid(1, number)))
                if number % 10 == 9 { _ = try await store.delete(id: uuid(1, number - 5)) }
            }
            let before = try await store.report(in: allTime)
            await store.close()
            let names = try FileFixtures.names(in: folder)
            let snapshots = names.filter { $0.hasPrefix("snapshot-") }
            let changes = names.filter { $0.hasPrefix("changes-") }
            #expect(snapshots == ["snapshot-00000000000000000256.lrec"])
            #expect(changes.count == 330 - 256)
            #expect(before.entries.count == 270)

            // A compaction interrupted after its snapshot: the files it replaced are still there.
            let stale = [
                changeFile(100, in: folder), folder.appendingPathComponent("snapshot-00000000000000000010.lrec"),
            ]
            for url in stale { try FileFixtures.replace(url, with: Data("superseded".utf8)) }
            let reopened = try await FileSystemExpenseStore.open(in: folder, coding: coding)
            #expect(try await reopened.report(in: allTime) == before)
            await reopened.close()
            #expect(try FileFixtures.names(in: folder) == names)

            let snapshot = folder.appendingPathComponent("snapshot-00000000000000000256.lrec")
            try FileFixtures.flipBit(in: snapshot, at: 100)
            let error = await storageError { _ = try await FileSystemExpenseStore.open(in: folder, coding: coding) }
            #expect(error == .corrupted(CorruptionReport(file: snapshot, movedTo: nil, reason: .checksumMismatch)))
        }
    }

    @Test func documentFileNamesKeepCaseApartAndHideNothing() async throws {
        try await withTemporaryFolder { folder in
            let store = try await FileSystemDocumentStore.open(in: folder)
            try await store.save(DocumentDraft(id: try DocumentID("Invoice-A.pdf"), contentType: "a/b", bytes: Data()))
            try await store.save(DocumentDraft(id: try DocumentID("invoice-a.pdf"), contentType: "a/b", bytes: Data()))
            await store.close()
            #expect(try FileFixtures.names(in: folder) == [".lock", "^invoice-^a.pdf.ldoc", "invoice-a.pdf.ldoc"])
        }
    }

    @Test func damagedDocumentBytesAreReportedAtLoadAndLeftInPlace() async throws {
        try await withTemporaryFolder { folder in
            let store = try await FileSystemDocumentStore.open(in: folder)
            let id = try DocumentID("scan")
            let bytes = Data((0..<10_000).map { UInt8($0 % 256) })
            try await store.save(DocumentDraft(id: id, contentType: "a/b", bytes: bytes))
            try await store.save(DocumentDraft(id: try DocumentID("other"), contentType: "a/b", bytes: Data([1])))
            let file = folder.appendingPathComponent("scan.ldoc")
            try FileFixtures.flipBit(in: file, at: try FileFixtures.bytes(of: file).count - 5_000, bit: 7)
            let damaged = try FileFixtures.bytes(of: file)

            let error = await storageError { _ = try await store.load(id) }
            #expect(error == .corrupted(CorruptionReport(file: file, movedTo: nil, reason: .checksumMismatch)))
            #expect(try FileFixtures.bytes(of: file) == damaged)
            #expect(try await store.list().map(\.id.rawValue) == ["other", "scan"])
            // Saving the id again replaces the damaged document.
            try await store.save(DocumentDraft(id: id, contentType: "a/b", bytes: bytes))
            #expect(try await store.load(id)?.bytes == bytes)
            await store.close()
        }
    }

    @Test(arguments: ["flipped metadata", "truncated body", "misplaced", "invalid JSON metadata", "garbage"])
    func damagedDocumentFilesAreReportedByListAndLeftInPlace(damage: String) async throws {
        try await withTemporaryFolder { folder in
            let store = try await FileSystemDocumentStore.open(in: folder)
            try await store.save(DocumentDraft(id: try DocumentID("a"), contentType: "a/b", bytes: Data(count: 1_000)))
            try await store.save(DocumentDraft(id: try DocumentID("b"), contentType: "a/b", bytes: Data(count: 1_000)))
            await store.close()
            var victim = folder.appendingPathComponent("a.ldoc")
            let expected: CorruptionReason
            switch damage {
            case "flipped metadata":
                try FileFixtures.flipBit(in: victim, at: 70)
                expected = .checksumMismatch
            case "truncated body":
                try FileFixtures.truncate(victim, to: 600)
                expected = .truncated
            case "misplaced":
                let renamed = folder.appendingPathComponent("c.ldoc")
                try FileManager.default.moveItem(at: victim, to: renamed)
                victim = renamed
                expected = .misplaced
            case "invalid JSON metadata":
                try FileFixtures.replace(
                    victim, with: FileFixtures.record(kind: 3, format: "json", header: Data("{".utf8)))
                expected = .undecodable
            default:
                try FileFixtures.replace(victim, with: Data(repeating: 0x41, count: 500))
                expected = .unrecognizedHeader
            }
            let damaged = try FileFixtures.bytes(of: victim)
            let reopened = try await FileSystemDocumentStore.open(in: folder)
            let error = await storageError { _ = try await reopened.list() }
            #expect(error == .corrupted(CorruptionReport(file: victim, movedTo: nil, reason: expected)))
            #expect(try FileFixtures.bytes(of: victim) == damaged)
            #expect(try await reopened.load(try DocumentID("b"))?.bytes == Data(count: 1_000))
            let victimID = try DocumentID(String(victim.lastPathComponent.dropLast(".ldoc".count)))
            #expect(try await reopened.delete(victimID))
            #expect(try await reopened.list().map(\.id.rawValue) == ["b"])
            await reopened.close()
        }
    }
}
