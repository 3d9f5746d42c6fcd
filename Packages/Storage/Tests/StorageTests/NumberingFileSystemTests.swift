import Essentials
import Foundation
import Storage
import Testing

@testable import StorageFileSystem

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The file-system store's journal: a numbered creation that stops half-way, because the disk filled up or the
/// process died, leaves no document and no number behind.
@Suite("Storage: numbering in the file-system store")
struct NumberingFileSystemTests {
    private let invoices: NumberSequence

    init() throws {
        invoices = try NumberSequence("invoice")
    }

    /// The disk fills up after every possible number of bytes of one creation: the journal, the record, the PDF,
    /// the sequence. Each time either the whole invoice exists or none of it does, and the number is still free.
    @Test func aDiskThatFillsUpAtAnyByteLeavesAllOrNothing() async throws {
        try await withTemporaryFolder { root in
            var failures = 0
            var budget = 0
            var succeeded = false
            while !succeeded {
                let folder = root.appendingPathComponent("budget-\(budget)")
                let disk = FillingDisk(capacity: budget)
                let store = try await FileSystemDocumentStore.open(in: folder, writer: disk.writer)
                do throws(NumberedCreationError<StorageError>) {
                    let created = try await store.createNumberedDocuments(in: invoices) {
                        (number) throws(StorageError) in try TestInvoices.drafts(number: number, token: "full")
                    }
                    #expect(created.number == 1)
                    succeeded = true
                } catch {
                    guard case .storage(.fileSystem(let failure)) = error else {
                        Issue.record("budget \(budget): expected a file-system error, got \(error)")
                        return
                    }
                    #expect(failure.errorNumber == ENOSPC)
                    failures += 1
                }
                await store.close()

                let reopened = try await FileSystemDocumentStore.open(in: folder)
                let tokens = try await TestInvoices.check(reopened)
                #expect(tokens == (succeeded ? [1: "full"] : [:]), "budget \(budget)")
                let names = try FileFixtures.names(in: folder)
                #expect(!names.contains { $0.hasPrefix(".tmp-") || $0 == ".numbering-journal" }, "\(names)")
                if !succeeded {
                    let next = try await reopened.createNumberedDocuments(in: invoices) {
                        (number) throws(StorageError) in try TestInvoices.drafts(number: number, token: "later")
                    }
                    #expect(next.number == 1, "budget \(budget): a failed creation consumed its number")
                }
                await reopened.close()
                budget += 23
            }
            #expect(failures > 10)
        }
    }

    /// What a process killed just before its commit point leaves: documents and sequence written, the journal still
    /// there. Readers do not see the documents; the next writer removes them and restores the sequence.
    @Test(arguments: ["json", "plist"])
    func anInterruptedCreationIsInvisibleAndUndoneByTheNextWriter(format: String) async throws {
        try await withTemporaryFolder { folder in
            let coding: any CodingStrategy = format == "json" ? JSONCodingStrategy() : PropertyListCodingStrategy()
            let store = try await FileSystemDocumentStore.open(in: folder, coding: coding)
            _ = try await store.createNumberedDocuments(in: invoices) { (number) throws(StorageError) in
                try TestInvoices.drafts(number: number, token: "done")
            }
            let interrupted = try TestInvoices.drafts(number: 2, token: "interrupted")
            try Self.write(
                NumberingJournal(sequence: "invoice", number: 2, previousLast: 1, ids: interrupted.map(\.id)),
                kind: .numberingJournal, to: folder.appendingPathComponent(".numbering-journal"), coding: coding)
            for draft in interrupted {
                let metadata = DocumentMetadata(
                    id: draft.id, contentType: draft.contentType, attributes: draft.attributes,
                    byteCount: draft.bytes.count, createdAt: referenceDate, modifiedAt: referenceDate)
                try StoreFiles.writeAtomically(
                    RecordFile.encode(
                        kind: .document, format: coding.formatName, header: try coding.encode(metadata),
                        body: draft.bytes),
                    to: folder.appendingPathComponent(FileSystemDocumentStore.fileName(of: draft.id)), writer: .system)
            }
            try Self.write(
                SequenceRecord(name: "invoice", last: 2), kind: .sequence,
                to: folder.appendingPathComponent(".sequence-invoice"), coding: coding)

            #expect(try await TestInvoices.check(store) == [1: "done"])
            #expect(try await store.load(interrupted[1].id) == nil)

            let next = try await store.createNumberedDocuments(in: invoices) { (number) throws(StorageError) in
                try TestInvoices.drafts(number: number, token: "after")
            }
            #expect(next.number == 2)
            #expect(try await TestInvoices.check(store) == [1: "done", 2: "after"])
            #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent(".numbering-journal").path))
            await store.close()
        }
    }

    /// The disk fills up after every possible number of bytes of a creation that reads a counter and replaces it:
    /// each time either the payment and the new counter exist, or the counter is as it was (bytes and dates), no
    /// payment exists, the number is free, and no kept file is left.
    @Test func aDiskThatFillsUpAtAnyByteOfAReplacingCreationKeepsTheOldDocument() async throws {
        try await withTemporaryFolder { root in
            let payments = try NumberSequence(TestCounter.sequence)
            var failures = 0
            var budget = 0
            var succeeded = false
            while !succeeded {
                let folder = root.appendingPathComponent("budget-\(budget)")
                let setup = try await FileSystemDocumentStore.open(in: folder, now: { referenceDate })
                let before = try await setup.save(try TestCounter.draft(41))
                await setup.close()
                let disk = FillingDisk(capacity: budget)
                let store = try await FileSystemDocumentStore.open(
                    in: folder, now: { referenceDate + 60 }, writer: disk.writer)
                let counterID = try TestCounter.id
                do throws(NumberedCreationError<StorageError>) {
                    let created = try await store.createNumberedDocuments(in: payments, reading: [counterID]) {
                        (number, read) throws(StorageError) in
                        try TestCounter.increment(number: number, read: read, token: "full")
                    }
                    #expect(created.number == 1)
                    succeeded = true
                } catch {
                    guard case .storage(.fileSystem(let failure)) = error else {
                        Issue.record("budget \(budget): expected a file-system error, got \(error)")
                        return
                    }
                    #expect(failure.errorNumber == ENOSPC)
                    failures += 1
                }
                await store.close()

                let reopened = try await FileSystemDocumentStore.open(in: folder)
                let counter = try #require(try await reopened.load(try TestCounter.id))
                if succeeded {
                    #expect(counter.bytes == Data("42".utf8))
                    #expect(counter.metadata.createdAt == referenceDate)
                    #expect(try await reopened.load(try TestCounter.paymentID(1)) != nil)
                } else {
                    #expect(counter.bytes == Data("41".utf8), "budget \(budget): the counter was changed")
                    #expect(counter.metadata == before, "budget \(budget)")
                    #expect(try await reopened.list().map(\.id) == [try TestCounter.id], "budget \(budget)")
                }
                let names = try FileFixtures.names(in: folder)
                #expect(
                    !names.contains {
                        $0.hasPrefix(".tmp-") || $0.hasPrefix(".replaced-") || $0 == ".numbering-journal"
                    }, "budget \(budget): \(names)")
                if !succeeded {
                    let next = try await reopened.createNumberedDocuments(in: payments, reading: [try TestCounter.id]) {
                        (number, read) throws(StorageError) in
                        try TestCounter.increment(number: number, read: read, token: "later")
                    }
                    #expect(next.number == 1, "budget \(budget): a failed creation consumed its number")
                    #expect(try await reopened.load(try TestCounter.id)?.bytes == Data("42".utf8))
                }
                await reopened.close()
                budget += 23
            }
            #expect(failures > 10)
        }
    }

    /// Where a process may die in a creation that replaces a document: after writing the journal, after renaming
    /// the replaced file to its kept name, after writing every new file (the journal still there), and after the
    /// commit point but before the kept file was removed.
    enum Interruption: String, CaseIterable, Sendable {
        case afterJournal, afterKeeping, beforeCommit, afterCommit
    }

    /// Readers see the replaced document as it was until the creation commits; the next writer puts it back and
    /// removes the new documents, and `open` removes a kept file a committed creation left.
    @Test(arguments: Interruption.allCases, ["json", "plist"])
    func anInterruptedReplacingCreationKeepsTheOldDocument(at interruption: Interruption, format: String) async throws {
        try await withTemporaryFolder { folder in
            let coding: any CodingStrategy = format == "json" ? JSONCodingStrategy() : PropertyListCodingStrategy()
            let payments = try NumberSequence(TestCounter.sequence)
            let store = try await FileSystemDocumentStore.open(in: folder, coding: coding, now: { referenceDate })
            try await store.save(try TestCounter.draft(0))
            let first = try await store.createNumberedDocuments(in: payments, reading: [try TestCounter.id]) {
                (number, read) throws(StorageError) in
                try TestCounter.increment(number: number, read: read, token: "done")
            }
            #expect(first.number == 1)
            let committed = try #require(try await store.load(try TestCounter.id))

            // What a creation of number 2 leaves when its process dies at `interruption`.
            let counterFile = folder.appendingPathComponent(FileSystemDocumentStore.fileName(of: try TestCounter.id))
            let kept = folder.appendingPathComponent(".replaced-token-0")
            let interrupted = try TestCounter.increment(
                number: 2, read: [try TestCounter.id: committed], token: "interrupted")
            try Self.write(
                NumberingJournal(
                    sequence: payments.name, number: 2, previousLast: 1, ids: [try TestCounter.paymentID(2)],
                    replaced: [try TestCounter.id], token: "token"),
                kind: .numberingJournal, to: folder.appendingPathComponent(".numbering-journal"), coding: coding)
            if interruption != .afterJournal {
                try FileManager.default.moveItem(at: counterFile, to: kept)
            }
            if interruption == .beforeCommit || interruption == .afterCommit {
                for draft in interrupted {
                    try Self.writeDocument(draft, in: folder, coding: coding)
                }
                try Self.write(
                    SequenceRecord(name: payments.name, last: 2), kind: .sequence,
                    to: folder.appendingPathComponent(".sequence-payment"), coding: coding)
            }
            if interruption == .afterCommit {
                try FileManager.default.removeItem(at: folder.appendingPathComponent(".numbering-journal"))
            }

            // Readers see the last committed state.
            let visible = interruption == .afterCommit ? 2 : 1
            #expect(try await store.load(try TestCounter.id)?.bytes == Data(String(visible).utf8))
            if interruption != .afterCommit {
                #expect(try await store.load(try TestCounter.id) == committed)
                #expect(try await store.load(try TestCounter.paymentID(2)) == nil)
                #expect(try await store.list().map(\.id.rawValue) == ["P-1.json", "counter.json"])
            }

            // The next writer (here a reopened store) finishes the story.
            await store.close()
            let reopened = try await FileSystemDocumentStore.open(in: folder, coding: coding, now: { referenceDate })
            #expect(!FileManager.default.fileExists(atPath: kept.path), "the kept file was left")
            let next = try await reopened.createNumberedDocuments(in: payments, reading: [try TestCounter.id]) {
                (number, read) throws(StorageError) in
                try TestCounter.increment(number: number, read: read, token: "after")
            }
            #expect(next.number == visible + 1)
            try await TestCounter.check(reopened, total: visible + 1)
            let names = try FileFixtures.names(in: folder)
            #expect(!names.contains { $0.hasPrefix(".replaced-") || $0 == ".numbering-journal" }, "\(names)")
            await reopened.close()
        }
    }

    @Test func aSecondStoreOnTheSameFolderSeesTheFirstOnesDocuments() async throws {
        try await withTemporaryFolder { folder in
            let first = try await FileSystemDocumentStore.open(in: folder)
            let second = try await FileSystemDocumentStore.open(in: folder)
            _ = try await first.createNumberedDocuments(in: invoices) { (number) throws(StorageError) in
                try TestInvoices.drafts(number: number, token: "first")
            }
            let created = try await second.createNumberedDocuments(in: invoices) { (number) throws(StorageError) in
                try TestInvoices.drafts(number: number, token: "second")
            }
            #expect(created.number == 2)
            #expect(try await TestInvoices.check(first) == [1: "first", 2: "second"])
            await first.close()
            await second.close()
        }
    }

    /// Writes a document file as the store does, dated `referenceDate`.
    private static func writeDocument(
        _ draft: DocumentDraft, in folder: URL, coding: any CodingStrategy
    ) throws {
        let metadata = DocumentMetadata(
            id: draft.id, contentType: draft.contentType, attributes: draft.attributes,
            byteCount: draft.bytes.count, createdAt: referenceDate, modifiedAt: referenceDate)
        try StoreFiles.writeAtomically(
            RecordFile.encode(
                kind: .document, format: coding.formatName, header: try coding.encode(metadata), body: draft.bytes),
            to: folder.appendingPathComponent(FileSystemDocumentStore.fileName(of: draft.id)), writer: .system)
    }

    private static func write<Record: Encodable>(
        _ record: Record, kind: RecordFile.Kind, to url: URL, coding: any CodingStrategy
    ) throws {
        let parts = RecordFile.encode(kind: kind, format: coding.formatName, header: try coding.encode(record))
        try StoreFiles.writeAtomically(parts, to: url, writer: .system)
    }
}

/// A disk with room for `capacity` bytes, then `ENOSPC`: the write seam of the file-system stores.
final class FillingDisk: Sendable {
    private let state: LockedValue<(remaining: Int, faults: Int)>

    init(capacity: Int) {
        state = LockedValue((remaining: capacity, faults: 0))
    }

    /// How many writes found the disk full.
    var faults: Int {
        state.withLock { $0.faults }
    }

    /// Empties the disk again, for a store that goes on after the failure.
    func free(_ bytes: Int) {
        state.withLock { $0.remaining += bytes }
    }

    var writer: DiskWriter {
        DiskWriter { [self] descriptor, buffer in
            let allowed = state.withLock { state in
                let allowed = min(state.remaining, buffer.count)
                state.remaining -= allowed
                if allowed == 0 { state.faults += 1 }
                return allowed
            }
            guard allowed > 0 else {
                errno = ENOSPC
                return -1
            }
            return write(descriptor, buffer.baseAddress, allowed)
        }
    }
}
