import Essentials
import Foundation
import Storage
import StorageFileSystem
import StorageSQLite
import StorageTesting
import Testing

/// A counter kept in a document, read and increased by numbered creations as a settlement's balance is: each
/// creation saves a payment `P-<n>.json` that records the counter it wrote, and the counter itself.
enum TestCounter {
    static let sequence = "payment"

    static var id: DocumentID {
        get throws(StorageError) { try DocumentID("counter.json") }
    }

    static func draft(_ value: Int) throws(StorageError) -> DocumentDraft {
        DocumentDraft(
            id: try id, contentType: DocumentContentType.json, attributes: ["value": String(value)],
            bytes: Data(String(value).utf8))
    }

    static func paymentID(_ number: Int) throws(StorageError) -> DocumentID {
        try DocumentID("P-\(number).json")
    }

    /// The value of the counter in `read`: 0 when it was never saved, `nil` when its bytes are no number.
    static func value(in read: [DocumentID: Document]) throws(StorageError) -> Int? {
        guard let document = read[try id] else { return 0 }
        return Int(String(decoding: document.bytes, as: UTF8.self))
    }

    /// Payment `number` and the counter increased by one, from what the creation read.
    static func increment(
        number: Int, read: [DocumentID: Document], token: String
    ) throws(StorageError) -> [DocumentDraft] {
        let next = (try value(in: read) ?? -1_000_000) + 1
        return [
            DocumentDraft(
                id: try paymentID(number), contentType: DocumentContentType.json,
                attributes: ["counter": String(next), "token": token], bytes: Data(#"{"counter":\#(next)}"#.utf8)),
            try draft(next),
        ]
    }

    /// Checks that payments 1 through `total` exist, that payment `n` wrote the counter `n` (so no two creations
    /// read the same counter), and that the counter is `total`.
    static func check(
        _ store: any DocumentStore, total: Int, sourceLocation: SourceLocation = #_sourceLocation
    ) async throws {
        let counter = try #require(try await store.load(try id), sourceLocation: sourceLocation)
        #expect(String(decoding: counter.bytes, as: UTF8.self) == String(total), sourceLocation: sourceLocation)
        let payments = try await store.list().filter { $0.id.rawValue.hasPrefix("P-") }
        #expect(payments.count == total, "one payment per creation", sourceLocation: sourceLocation)
        for number in 1...max(total, 1) where total > 0 {
            let payment = try #require(try await store.load(try paymentID(number)), sourceLocation: sourceLocation)
            #expect(
                payment.metadata.attributes["counter"] == String(number), "payment \(number) read a stale counter",
                sourceLocation: sourceLocation)
        }
    }
}

extension Backend {
    /// Opens the store of this backend that reads and replaces documents in numbered creations.
    func openUpdating(in folder: URL, now: @escaping @Sendable () -> Date) async throws -> OpenedUpdatingStore {
        switch self {
        case .memory:
            return OpenedUpdatingStore(store: FakeDocumentStore(now: now), close: {})
        case .fileSystemJSON, .fileSystemPropertyList:
            let store = try await FileSystemDocumentStore.open(
                in: folder.appendingPathComponent("documents"), coding: coding, now: now)
            return OpenedUpdatingStore(store: store, close: { await store.close() })
        case .sqlite:
            let store = try await SQLiteStore.open(at: folder.appendingPathComponent("ledger.sqlite"), now: now)
            return OpenedUpdatingStore(store: store, close: { await store.close() })
        }
    }
}

/// A store of documents that reads and replaces them in numbered creations, and how to close it.
struct OpenedUpdatingStore: Sendable {
    let store: any DocumentStore & NumberedDocumentCreating & NumberedDocumentUpdating
    let close: @Sendable () async -> Void
}

/// A numbered creation that reads documents gives the same answers on every backend.
@Suite("Storage: numbered updates contract")
struct NumberedUpdateContractTests {
    private let payments: NumberSequence

    init() throws {
        payments = try NumberSequence(TestCounter.sequence)
    }

    @Test(arguments: Backend.allCases)
    func readDocumentsAreReplacedAndKeepTheirCreationDate(backend: Backend) async throws {
        try await withTemporaryFolder { folder in
            let clock = ManualClock()
            let opened = try await backend.openUpdating(in: folder, now: clock.now)
            let store = opened.store
            try await store.save(try TestCounter.draft(41))
            let untouched = DocumentDraft(id: try DocumentID("other"), contentType: "a/b", bytes: Data([9]))
            try await store.save(untouched)
            clock.advance(by: 60)
            let counter = try TestCounter.id
            let absent = try DocumentID("absent.json")
            let seen = LockedDocuments()
            let created = try await store.createNumberedDocuments(in: payments, reading: [counter, absent, counter]) {
                (number, read) throws(StorageError) in
                seen.record(read)
                return try TestCounter.increment(number: number, read: read, token: "first")
            }
            #expect(created.number == 1)
            #expect(created.skipped == [])
            // Absent ids are missing from the dictionary; the read documents are as stored.
            let read = try #require(seen.last)
            #expect(read.keys.sorted() == [counter])
            #expect(read[counter]?.bytes == Data("41".utf8))
            #expect(read[counter]?.metadata.createdAt == referenceDate)
            #expect(created.documents.map(\.id) == [try TestCounter.paymentID(1), counter])
            let replaced = try #require(created.documents.last)
            #expect(replaced.createdAt == referenceDate && replaced.modifiedAt == referenceDate + 60)
            #expect(created.documents[0].createdAt == referenceDate + 60)

            let stored = try #require(try await store.load(counter))
            #expect(stored.bytes == Data("42".utf8))
            #expect(stored.metadata == replaced)
            #expect(try await store.load(absent) == nil)
            #expect(try await store.load(untouched.id)?.bytes == untouched.bytes)
            #expect(try await store.list().map(\.id.rawValue) == ["P-1.json", "counter.json", "other"])
            await opened.close()
        }
    }

    @Test(arguments: Backend.allCases)
    func anAbsentReadIDThatIsReturnedIsCreated(backend: Backend) async throws {
        try await withTemporaryFolder { folder in
            let opened = try await backend.openUpdating(in: folder, now: ManualClock().now)
            let created = try await opened.store.createNumberedDocuments(in: payments, reading: [try TestCounter.id]) {
                (number, read) throws(StorageError) in try TestCounter.increment(number: number, read: read, token: "t")
            }
            #expect(created.number == 1)
            try await TestCounter.check(opened.store, total: 1)
            await opened.close()
        }
    }

    @Test(arguments: Backend.allCases)
    func aFailingBuildLeavesTheNumberAndTheReadDocumentsUnchanged(backend: Backend) async throws {
        try await withTemporaryFolder { folder in
            let clock = ManualClock()
            let opened = try await backend.openUpdating(in: folder, now: clock.now)
            let store = opened.store
            let before = try await store.save(try TestCounter.draft(7))
            clock.advance(by: 60)
            let failure = await numberingError(RenderFailure.self) {
                _ = try await store.createNumberedDocuments(in: payments, reading: [try TestCounter.id]) {
                    (number, _) throws(RenderFailure) -> [DocumentDraft] in throw .fontMissing(number: number)
                }
            }
            #expect(failure == .build(.fontMissing(number: 1)))
            // Refused drafts (a bad content type for the replaced counter) leave everything as it was too.
            let refused = await numberingError(StorageError.self) {
                _ = try await store.createNumberedDocuments(in: payments, reading: [try TestCounter.id]) {
                    (_, _) throws(StorageError) -> [DocumentDraft] in
                    [DocumentDraft(id: try TestCounter.id, contentType: "not a type", bytes: Data("8".utf8))]
                }
            }
            #expect(refused == .storage(.invalidDocument(id: try TestCounter.id, problem: .invalidContentType)))
            let counter = try #require(try await store.load(try TestCounter.id))
            #expect(counter.bytes == Data("7".utf8) && counter.metadata == before)
            #expect(try await store.list().map(\.id) == [try TestCounter.id])
            let created = try await store.createNumberedDocuments(in: payments, reading: [try TestCounter.id]) {
                (number, read) throws(StorageError) in try TestCounter.increment(number: number, read: read, token: "t")
            }
            #expect(created.number == 1, "a failed creation consumed its number")
            await opened.close()
        }
    }

    @Test(arguments: Backend.allCases)
    func otherExistingIDsStillSkipTheNumber(backend: Backend) async throws {
        try await withTemporaryFolder { folder in
            let opened = try await backend.openUpdating(in: folder, now: ManualClock().now)
            let store = opened.store
            let legacy = DocumentDraft(id: try TestCounter.paymentID(1), contentType: "a/b", bytes: Data([1]))
            try await store.save(legacy)
            try await store.save(try TestCounter.draft(0))
            let calls = Counter()
            let created = try await store.createNumberedDocuments(in: payments, reading: [try TestCounter.id]) {
                (number, read) throws(StorageError) in
                calls.increment()
                return try TestCounter.increment(number: number, read: read, token: "t")
            }
            #expect(created.number == 2)
            #expect(created.skipped == [1])
            #expect(calls.value == 2)
            #expect(try await store.load(legacy.id)?.bytes == legacy.bytes, "an existing payment was overwritten")
            #expect(try await store.load(try TestCounter.id)?.bytes == Data("1".utf8))
            // A document that is read may be replaced, one that is not read may not: reading it makes the
            // difference.
            let replacedLegacy = try await store.createNumberedDocuments(
                in: payments, reading: [try TestCounter.paymentID(1)]
            ) { (_, read) throws(StorageError) -> [DocumentDraft] in
                [DocumentDraft(id: try TestCounter.paymentID(1), contentType: "a/b", bytes: Data([2]))]
            }
            #expect(replacedLegacy.number == 3)
            #expect(try await store.load(legacy.id)?.bytes == Data([2]))
            await opened.close()
        }
    }

    @Test(arguments: Backend.allCases)
    func moreReadsThanTheLimitAreRefusedBeforeAnythingRuns(backend: Backend) async throws {
        try await withTemporaryFolder { folder in
            let opened = try await backend.openUpdating(in: folder, now: ManualClock().now)
            let store = opened.store
            let limit = DocumentLimits.maximumDocumentsPerNumber
            let ids = try (0...limit).map { (index) throws(StorageError) in try DocumentID("read-\(index)") }
            let calls = Counter()
            let error = await numberingError(StorageError.self) {
                _ = try await store.createNumberedDocuments(in: payments, reading: ids) {
                    (number, read) throws(StorageError) in
                    calls.increment()
                    return try TestCounter.increment(number: number, read: read, token: "t")
                }
            }
            #expect(error == .storage(.invalidNumberedDocuments(.tooManyReads(count: limit + 1))))
            #expect(calls.value == 0)
            #expect(try await store.list().isEmpty)
            // The limit itself is allowed.
            let created = try await store.createNumberedDocuments(in: payments, reading: Array(ids.prefix(limit))) {
                (number, read) throws(StorageError) in try TestCounter.increment(number: number, read: read, token: "t")
            }
            #expect(created.number == 1)
            await opened.close()
        }
    }

    @Test(arguments: Backend.allCases)
    func hostileAndHugeDraftsAreRefusedAsInAPlainCreation(backend: Backend) async throws {
        try await withTemporaryFolder { folder in
            let opened = try await backend.openUpdating(in: folder, now: ManualClock().now)
            let store = opened.store
            try await store.save(try TestCounter.draft(5))
            let counter = try TestCounter.id
            let tooLarge = Data(count: DocumentLimits.maximumByteCount + 1)
            let cases:
                [(@Sendable (Int, [DocumentID: Document]) throws(StorageError) -> [DocumentDraft], StorageError)] =
                    [
                        ({ _, _ in [] }, .invalidNumberedDocuments(.noDocuments)),
                        (
                            { _, _ in
                                [
                                    DocumentDraft(id: counter, contentType: "a/b", bytes: Data()),
                                    DocumentDraft(id: counter, contentType: "a/b", bytes: Data([1])),
                                ]
                            }, .invalidNumberedDocuments(.duplicateID(counter))
                        ),
                        (
                            { (number, _) throws(StorageError) in
                                try (0..<17).map { (index) throws(StorageError) in
                                    DocumentDraft(
                                        id: try DocumentID("n\(number)-\(index)"), contentType: "a/b", bytes: Data())
                                }
                            }, .invalidNumberedDocuments(.tooManyDocuments(count: 17))
                        ),
                        (
                            { _, _ in [DocumentDraft(id: counter, contentType: "a/b", bytes: tooLarge)] },
                            .invalidDocument(id: counter, problem: .tooLarge(byteCount: tooLarge.count))
                        ),
                        (
                            { _, _ in
                                [
                                    DocumentDraft(
                                        id: counter, contentType: "a/b",
                                        attributes: [
                                            "k": String(repeating: "v", count: DocumentLimits.maximumAttributeBytes)
                                        ],
                                        bytes: Data())
                                ]
                            }, .invalidDocument(id: counter, problem: .invalidAttributes)
                        ),
                    ]
            for (build, expected) in cases {
                let error = await numberingError(StorageError.self) {
                    _ = try await store.createNumberedDocuments(in: payments, reading: [counter], build)
                }
                #expect(error == .storage(expected))
            }
            #expect(try await store.list().map(\.id) == [counter])
            #expect(try await store.load(counter)?.bytes == Data("5".utf8))
            await opened.close()
        }
    }

    /// Twenty tasks each read the counter and write it increased by one with a payment: no update is lost.
    @Test(arguments: Backend.allCases)
    func concurrentReadIncrementReplaceLosesNoUpdate(backend: Backend) async throws {
        try await withTemporaryFolder { folder in
            let opened = try await backend.openUpdating(in: folder, now: ManualClock().now)
            let store = opened.store
            let sequence = payments
            let tasks = 20
            let numbers = try await withThrowingTaskGroup(of: Int.self) { group in
                for task in 0..<tasks {
                    group.addTask {
                        try await store.createNumberedDocuments(in: sequence, reading: [try TestCounter.id]) {
                            (number, read) throws(StorageError) in
                            try TestCounter.increment(number: number, read: read, token: "task \(task)")
                        }.number
                    }
                }
                var numbers: [Int] = []
                for try await number in group { numbers.append(number) }
                return numbers
            }
            #expect(numbers.sorted() == Array(1...tasks))
            try await TestCounter.check(store, total: tasks)
            await opened.close()
        }
    }

    /// A read document whose bytes are damaged fails the creation with the error `load` gives, and changes nothing.
    @Test(arguments: Backend.persistent)
    func aDamagedReadDocumentFailsWithTheErrorOfLoad(backend: Backend) async throws {
        try await withTemporaryFolder { folder in
            let marker = Data((0..<64).map { UInt8(255 - $0) })
            let bytes = Data(repeating: 0x11, count: 20_000) + marker + Data(repeating: 0x22, count: 20_000)
            let counter = try TestCounter.id
            let first = try await backend.openUpdating(in: folder, now: ManualClock().now)
            try await first.store.save(DocumentDraft(id: counter, contentType: "a/b", bytes: bytes))
            await first.close()
            let file =
                backend == .sqlite
                ? folder.appendingPathComponent("ledger.sqlite")
                : folder.appendingPathComponent("documents/counter.json.ldoc")
            let offset = try #require(FileFixtures.offset(of: marker, in: try FileFixtures.bytes(of: file)))
            try FileFixtures.flipBit(in: file, at: offset + 10, bit: 4)

            let opened = try await backend.openUpdating(in: folder, now: ManualClock().now)
            let loading = try #require(await storageError { _ = try await opened.store.load(counter) })
            guard case .corrupted = loading else {
                Issue.record("expected corrupted, got \(loading)")
                return
            }
            let creating = await numberingError(StorageError.self) {
                _ = try await opened.store.createNumberedDocuments(in: payments, reading: [counter]) {
                    (number, read) throws(StorageError) in
                    try TestCounter.increment(number: number, read: read, token: "t")
                }
            }
            #expect(creating == .storage(loading))
            #expect(try await opened.store.list().map(\.id) == [counter])
            let next = try await opened.store.createNumberedDocuments(in: payments) { (number) throws(StorageError) in
                [DocumentDraft(id: try TestCounter.paymentID(number), contentType: "a/b", bytes: Data())]
            }
            #expect(next.number == 1)
            await opened.close()
        }
    }
}

/// The last dictionary a build saw, shared between the build and the test.
final class LockedDocuments: Sendable {
    private let stored = LockedValue<[DocumentID: Document]?>(nil)

    var last: [DocumentID: Document]? {
        stored.withLock { $0 }
    }

    func record(_ read: [DocumentID: Document]) {
        stored.withLock { $0 = read }
    }
}
