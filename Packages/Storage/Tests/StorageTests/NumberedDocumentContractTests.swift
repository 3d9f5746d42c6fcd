import Essentials
import Foundation
import Storage
import StorageTesting
import Testing

/// An invoice as a test builds it: a record and a PDF that both carry the number and a token naming who built them,
/// so a test sees at once when a record is paired with another invoice's PDF.
enum TestInvoices {
    static func label(_ number: Int) -> String {
        let digits = String(number)
        return "INV-" + String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }

    static func drafts(number: Int, token: String) throws(StorageError) -> [DocumentDraft] {
        let label = label(number)
        let pdf = Data("%PDF-1.7 invoice \(label) token \(token)".utf8)
        let record = Data(#"{"number":"\#(label)","token":"\#(token)","pdf":\#(FileFixtures.crc32(pdf))}"#.utf8)
        return [
            DocumentDraft(
                id: try DocumentID("\(label).json"), contentType: DocumentContentType.json,
                attributes: ["number": label, "token": token], bytes: record),
            DocumentDraft(
                id: try DocumentID("\(label).pdf"), contentType: DocumentContentType.pdf,
                attributes: ["number": label, "token": token], bytes: pdf),
        ]
    }

    /// Every invoice in `store`: number to token, after checking that each number has exactly its record and its
    /// PDF, that both name the number, and that both were built by the same call.
    static func check(
        _ store: any DocumentStore, sourceLocation: SourceLocation = #_sourceLocation
    ) async throws
        -> [Int: String]
    {
        var tokens: [Int: String] = [:]
        let listed = try await store.list().filter { $0.id.rawValue.hasPrefix("INV-") }
        let numbers = Set(listed.compactMap { Int($0.id.rawValue.dropFirst(4).prefix(while: \.isNumber)) })
        #expect(
            listed.count == numbers.count * 2, "every number has a record and a PDF", sourceLocation: sourceLocation)
        for number in numbers.sorted() {
            let label = label(number)
            let record = try #require(try await store.load(try DocumentID("\(label).json")))
            let pdf = try #require(try await store.load(try DocumentID("\(label).pdf")))
            let token = try #require(pdf.metadata.attributes["token"])
            #expect(record.metadata.attributes["token"] == token, sourceLocation: sourceLocation)
            #expect(
                String(decoding: pdf.bytes, as: UTF8.self) == "%PDF-1.7 invoice \(label) token \(token)",
                sourceLocation: sourceLocation)
            #expect(
                String(decoding: record.bytes, as: UTF8.self)
                    == #"{"number":"\#(label)","token":"\#(token)","pdf":\#(FileFixtures.crc32(pdf.bytes))}"#,
                "record \(label) is paired with its own PDF", sourceLocation: sourceLocation)
            tokens[number] = token
        }
        return tokens
    }
}

/// A failure of the caller's own work inside a numbered creation.
enum RenderFailure: Error, Equatable {
    case fontMissing(number: Int)
}

/// Numbered creation gives the same answers on every backend.
@Suite("Storage: numbered document contract")
struct NumberedDocumentContractTests {
    private let invoices: NumberSequence
    private let quotes: NumberSequence

    init() throws {
        invoices = try NumberSequence("invoice")
        quotes = try NumberSequence("quote")
    }

    @Test(arguments: Backend.allCases)
    func creationsGetConsecutiveNumbersAndTheirDocumentsBelongTogether(backend: Backend) async throws {
        try await withTemporaryFolder { folder in
            let opened = try await backend.openNumbered(in: folder, now: ManualClock().now)
            for call in 1...3 {
                let created = try await opened.store.createNumberedDocuments(in: invoices) {
                    (number) throws(StorageError) in try TestInvoices.drafts(number: number, token: "call \(call)")
                }
                #expect(created.number == call)
                #expect(created.skipped == [])
                #expect(
                    created.documents.map(\.id.rawValue)
                        == ["\(TestInvoices.label(call)).json", "\(TestInvoices.label(call)).pdf"])
                #expect(
                    created.documents.allSatisfy { $0.createdAt == referenceDate && $0.modifiedAt == referenceDate })
            }
            // Another sequence counts on its own.
            let quote = try await opened.store.createNumberedDocuments(in: quotes) { (number) throws(StorageError) in
                [DocumentDraft(id: try DocumentID("Q-\(number)"), contentType: "text/plain", bytes: Data("q".utf8))]
            }
            #expect(quote.number == 1)
            let tokens = try await TestInvoices.check(opened.store)
            #expect(tokens == [1: "call 1", 2: "call 2", 3: "call 3"])
            await opened.close()
        }
    }

    @Test(arguments: Backend.allCases)
    func aFailingBuildSavesNothingAndConsumesNoNumber(backend: Backend) async throws {
        try await withTemporaryFolder { folder in
            let opened = try await backend.openNumbered(in: folder, now: ManualClock().now)
            let failure = await numberingError(RenderFailure.self) {
                _ = try await opened.store.createNumberedDocuments(in: invoices) {
                    (number) throws(RenderFailure) -> [DocumentDraft] in throw .fontMissing(number: number)
                }
            }
            #expect(failure == .build(.fontMissing(number: 1)))
            #expect(try await opened.store.list().isEmpty)
            let created = try await opened.store.createNumberedDocuments(in: invoices) {
                (number) throws(StorageError) in try TestInvoices.drafts(number: number, token: "after")
            }
            #expect(created.number == 1)
            #expect(try await TestInvoices.check(opened.store) == [1: "after"])
            await opened.close()
        }
    }

    @Test(arguments: Backend.allCases)
    func numbersWhoseDocumentsExistAreSkippedNeverOverwritten(backend: Backend) async throws {
        try await withTemporaryFolder { folder in
            let clock = ManualClock()
            let opened = try await backend.openNumbered(in: folder, now: clock.now)
            // Written before numbering existed: number 1 complete, number 2 only its PDF.
            let legacy =
                try TestInvoices.drafts(number: 1, token: "legacy") + [
                    try TestInvoices.drafts(number: 2, token: "legacy")[1]
                ]
            for draft in legacy { try await opened.store.save(draft) }
            clock.advance(by: 60)
            let created = try await opened.store.createNumberedDocuments(in: invoices) {
                (number) throws(StorageError) in try TestInvoices.drafts(number: number, token: "new")
            }
            #expect(created.number == 3)
            #expect(created.skipped == [1, 2])
            for draft in legacy {
                let stored = try #require(try await opened.store.load(draft.id))
                #expect(stored.bytes == draft.bytes, "\(draft.id) was overwritten")
                #expect(stored.metadata.modifiedAt == referenceDate)
            }
            let next = try await opened.store.createNumberedDocuments(in: invoices) {
                (number) throws(StorageError) in try TestInvoices.drafts(number: number, token: "next")
            }
            #expect(next.number == 4)
            #expect(next.skipped == [])
            await opened.close()
        }
    }

    @Test(arguments: Backend.allCases)
    func badDocumentListsAreRefusedWithoutConsumingANumber(backend: Backend) async throws {
        try await withTemporaryFolder { folder in
            let opened = try await backend.openNumbered(in: folder, now: ManualClock().now)
            let store = opened.store
            let sequence = invoices
            let one = try DocumentID("one")
            let cases: [(@Sendable (Int) throws(StorageError) -> [DocumentDraft], StorageError)] = [
                ({ _ in [] }, .invalidNumberedDocuments(.noDocuments)),
                (
                    { _ in
                        [
                            DocumentDraft(id: one, contentType: "a/b", bytes: Data()),
                            DocumentDraft(id: one, contentType: "a/b", bytes: Data([1])),
                        ]
                    }, .invalidNumberedDocuments(.duplicateID(one))
                ),
                (
                    { (number) throws(StorageError) in
                        try (0..<17).map { (index) throws(StorageError) in
                            DocumentDraft(id: try DocumentID("n\(number)-\(index)"), contentType: "a/b", bytes: Data())
                        }
                    }, .invalidNumberedDocuments(.tooManyDocuments(count: 17))
                ),
                (
                    { _ in [DocumentDraft(id: one, contentType: "not a type", bytes: Data())] },
                    .invalidDocument(id: one, problem: .invalidContentType)
                ),
            ]
            for (build, expected) in cases {
                let error = await numberingError(StorageError.self) {
                    _ = try await store.createNumberedDocuments(in: sequence, build)
                }
                #expect(error == .storage(expected))
            }
            #expect(try await store.list().isEmpty)
            #expect(
                try await store.createNumberedDocuments(in: sequence) { (number) throws(StorageError) in
                    try TestInvoices.drafts(number: number, token: "t")
                }.number == 1)
            await opened.close()
        }
    }

    @Test(arguments: Backend.allCases)
    func idsThatIgnoreTheNumberEndTheSkippingWithATypedError(backend: Backend) async throws {
        try await withTemporaryFolder { folder in
            let opened = try await backend.openNumbered(in: folder, now: ManualClock().now)
            let fixed = try DocumentID("always-the-same")
            try await opened.store.save(DocumentDraft(id: fixed, contentType: "a/b", bytes: Data([7])))
            let calls = Counter()
            let error = await numberingError(StorageError.self) {
                _ = try await opened.store.createNumberedDocuments(in: invoices) {
                    (_: Int) throws(StorageError) -> [DocumentDraft] in
                    calls.increment()
                    return [DocumentDraft(id: fixed, contentType: "a/b", bytes: Data([8]))]
                }
            }
            let skips = 10_001
            #expect(error == .storage(.invalidNumberedDocuments(.tooManyTaken(startingAt: 1, count: skips))))
            #expect(calls.value == skips)
            #expect(try await opened.store.load(fixed)?.bytes == Data([7]))
            await opened.close()
        }
    }

    /// Twenty tasks create at once: twenty distinct numbers, 1 through 20, each with its own documents.
    @Test(arguments: Backend.allCases)
    func concurrentCreationsGetDistinctConsecutiveNumbers(backend: Backend) async throws {
        try await withTemporaryFolder { folder in
            let opened = try await backend.openNumbered(in: folder, now: ManualClock().now)
            let store = opened.store
            let sequence = invoices
            let created = try await withThrowingTaskGroup(of: (Int, String).self) { group in
                for task in 0..<20 {
                    group.addTask {
                        let result = try await store.createNumberedDocuments(in: sequence) {
                            (number) throws(StorageError) in
                            try TestInvoices.drafts(number: number, token: "task \(task)")
                        }
                        return (result.number, "task \(task)")
                    }
                }
                var created: [Int: String] = [:]
                for try await (number, token) in group {
                    #expect(created[number] == nil, "number \(number) was given twice")
                    created[number] = token
                }
                return created
            }
            #expect(created.keys.sorted() == Array(1...20))
            #expect(try await TestInvoices.check(store) == created)
            await opened.close()
        }
    }

    @Test(arguments: Backend.persistent)
    func numbersContinueAfterAReopen(backend: Backend) async throws {
        try await withTemporaryFolder { folder in
            let first = try await backend.openNumbered(in: folder, now: ManualClock().now)
            for _ in 0..<2 {
                _ = try await first.store.createNumberedDocuments(in: invoices) { (number) throws(StorageError) in
                    try TestInvoices.drafts(number: number, token: "first")
                }
            }
            // Deleting the newest invoice does not give its number out again.
            for draft in try TestInvoices.drafts(number: 2, token: "first") {
                #expect(try await first.store.delete(draft.id))
            }
            await first.close()
            let second = try await backend.openNumbered(in: folder, now: ManualClock().now)
            let created = try await second.store.createNumberedDocuments(in: invoices) {
                (number) throws(StorageError) in try TestInvoices.drafts(number: number, token: "second")
            }
            #expect(created.number == 3)
            await second.close()
        }
    }

    @Test(arguments: Backend.persistent)
    func aClosedStoreRefusesToCreate(backend: Backend) async throws {
        try await withTemporaryFolder { folder in
            let opened = try await backend.openNumbered(in: folder, now: ManualClock().now)
            await opened.close()
            let error = await numberingError(StorageError.self) {
                _ = try await opened.store.createNumberedDocuments(in: invoices) { (number) throws(StorageError) in
                    try TestInvoices.drafts(number: number, token: "late")
                }
            }
            #expect(error == .storage(.closed))
        }
    }

    @Test(arguments: [
        ("", DocumentIDProblem.empty), ("../up", .pathSeparator), (".hidden", .leadingDot),
        ("a b", .unsupportedCharacter(0x20)), (String(repeating: "s", count: 101), .tooLong(length: 101)),
    ])
    func sequenceNamesThatCouldEscapeAreRefused(name: String, problem: DocumentIDProblem) {
        #expect(throws: StorageError.invalidSequenceName(problem)) { try NumberSequence(name) }
    }

    @Test func theFakeReportsTheLastNumberOfASequence() async throws {
        let store = FakeDocumentStore(now: { referenceDate })
        #expect(await store.lastNumber(of: invoices) == 0)
        _ = try await store.createNumberedDocuments(in: invoices) { (number) throws(StorageError) in
            try TestInvoices.drafts(number: number, token: "fake")
        }
        #expect(await store.lastNumber(of: invoices) == 1)
        #expect(await store.lastNumber(of: quotes) == 0)
    }
}

/// Expects `body` to throw a `NumberedCreationError` and returns it; like `storageError`, call it outside
/// `#expect(...)`.
func numberingError<BuildFailure: Error>(
    _ type: BuildFailure.Type, sourceLocation: SourceLocation = #_sourceLocation, _ body: () async throws -> Void
) async -> NumberedCreationError<BuildFailure>? {
    do {
        try await body()
        Issue.record("expected a NumberedCreationError, nothing was thrown", sourceLocation: sourceLocation)
    } catch let error as NumberedCreationError<BuildFailure> {
        return error
    } catch {
        Issue.record("expected a NumberedCreationError, got \(error)", sourceLocation: sourceLocation)
    }
    return nil
}

/// A count shared between tasks.
final class Counter: Sendable {
    private let stored = LockedValue(0)

    var value: Int {
        stored.withLock { $0 }
    }

    func increment() {
        stored.withLock { $0 += 1 }
    }
}
