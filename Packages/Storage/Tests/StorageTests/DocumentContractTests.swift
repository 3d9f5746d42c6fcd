import EssentialsTesting
import Foundation
import Storage
import Testing

/// The same inputs must give the same answers on every document backend.
@Suite("Storage: document contract")
struct DocumentContractTests {
    private func id(_ raw: String) throws -> DocumentID {
        try DocumentID(raw)
    }

    @Test(arguments: Backend.allCases)
    func savedDocumentsLoadListAndDelete(backend: Backend) async throws {
        try await withTemporaryFolder { folder in
            let clock = ManualClock()
            let opened = try await backend.openDocuments(in: folder, now: clock.now)
            let store = opened.store
            let pdf = DocumentDraft(
                id: try id("invoice-2024-001"), contentType: DocumentContentType.pdf,
                attributes: ["number": "2024-001", "customer": "ACME"], bytes: Data("%PDF-1.7 ...".utf8))
            let saved = try await store.save(pdf)
            #expect(
                saved
                    == DocumentMetadata(
                        id: pdf.id, contentType: "application/pdf", attributes: pdf.attributes, byteCount: 12,
                        createdAt: referenceDate, modifiedAt: referenceDate))
            clock.advance(by: 60)
            let sections = DocumentDraft(
                id: try id("home-sections"), contentType: DocumentContentType.json, bytes: Data("[]".utf8))
            try await store.save(sections)

            let loaded = try #require(try await store.load(pdf.id))
            #expect(loaded == Document(metadata: saved, bytes: pdf.bytes))
            #expect(try await store.list().map(\.id.rawValue) == ["home-sections", "invoice-2024-001"])
            #expect(try await store.load(try id("missing")) == nil)
            #expect(try await store.delete(pdf.id))
            #expect(try await store.delete(pdf.id) == false)
            #expect(try await store.load(pdf.id) == nil)
            #expect(try await store.list().map(\.id) == [sections.id])
            await opened.close()
        }
    }

    @Test(arguments: Backend.allCases)
    func replacingKeepsTheCreationDate(backend: Backend) async throws {
        try await withTemporaryFolder { folder in
            let clock = ManualClock()
            let opened = try await backend.openDocuments(in: folder, now: clock.now)
            let documentID = try id("report")
            try await opened.store.save(
                DocumentDraft(id: documentID, contentType: "text/plain", bytes: Data("v1".utf8)))
            clock.advance(by: 3_600)
            let second = try await opened.store.save(
                DocumentDraft(id: documentID, contentType: "text/csv", attributes: ["v": "2"], bytes: Data("v2!".utf8)))
            #expect(second.createdAt == referenceDate)
            #expect(second.modifiedAt == referenceDate.addingTimeInterval(3_600))
            let loaded = try #require(try await opened.store.load(documentID))
            #expect(loaded.metadata == second)
            #expect(loaded.bytes == Data("v2!".utf8))
            #expect(try await opened.store.list() == [second])
            await opened.close()
        }
    }

    @Test(arguments: Backend.allCases)
    func idsThatDifferOnlyInCaseAreDifferentDocuments(backend: Backend) async throws {
        try await withTemporaryFolder { folder in
            let opened = try await backend.openDocuments(in: folder, now: ManualClock().now)
            let upper = try id("Invoice-A.pdf")
            let lower = try id("invoice-a.pdf")
            try await opened.store.save(DocumentDraft(id: upper, contentType: "a/b", bytes: Data([1])))
            try await opened.store.save(DocumentDraft(id: lower, contentType: "a/b", bytes: Data([2])))
            #expect(try await opened.store.load(upper)?.bytes == Data([1]))
            #expect(try await opened.store.load(lower)?.bytes == Data([2]))
            #expect(try await opened.store.list().map(\.id) == [upper, lower])
            await opened.close()
        }
    }

    @Test(arguments: Backend.allCases)
    func emptyAndTenMegabyteDocumentsRoundTripByteForByte(backend: Backend) async throws {
        try await withTemporaryFolder { folder in
            let opened = try await backend.openDocuments(in: folder, now: ManualClock().now)
            let large = try id("scan.pdf")
            let empty = try id("empty")
            let bytes = TenMegabytes.bytes
            try await opened.store.save(DocumentDraft(id: large, contentType: DocumentContentType.pdf, bytes: bytes))
            try await opened.store.save(
                DocumentDraft(id: empty, contentType: DocumentContentType.binary, bytes: Data()))
            let loaded = try #require(try await opened.store.load(large))
            #expect(loaded.bytes.count == 10 * 1_024 * 1_024)
            #expect(loaded.metadata.byteCount == bytes.count)
            #expect(SHA256.hex(loaded.bytes) == TenMegabytes.digest)
            #expect(try await opened.store.load(empty)?.bytes == Data())
            await opened.close()
        }
    }

    @Test(arguments: Backend.allCases)
    func documentsBeyondTheLimitsAreRejected(backend: Backend) async throws {
        try await withTemporaryFolder { folder in
            let opened = try await backend.openDocuments(in: folder, now: ManualClock().now)
            let documentID = try id("big")
            let tooLarge = Data(count: DocumentLimits.maximumByteCount + 1)
            let cases: [(DocumentDraft, DocumentProblem)] = [
                (
                    DocumentDraft(id: documentID, contentType: "a/b", bytes: tooLarge),
                    .tooLarge(byteCount: tooLarge.count)
                ),
                (DocumentDraft(id: documentID, contentType: "", bytes: Data()), .invalidContentType),
                (
                    DocumentDraft(id: documentID, contentType: "text/plain; charset=utf-8", bytes: Data()),
                    .invalidContentType
                ),
                (DocumentDraft(id: documentID, contentType: "a/\u{0}", bytes: Data()), .invalidContentType),
                (
                    DocumentDraft(id: documentID, contentType: String(repeating: "a", count: 256), bytes: Data()),
                    .invalidContentType
                ),
                (
                    DocumentDraft(id: documentID, contentType: "a/b", attributes: ["": "x"], bytes: Data()),
                    .invalidAttributes
                ),
                (
                    DocumentDraft(
                        id: documentID, contentType: "a/b",
                        attributes: ["k": String(repeating: "v", count: DocumentLimits.maximumAttributeBytes)],
                        bytes: Data()), .invalidAttributes
                ),
            ]
            for (draft, problem) in cases {
                let error = await storageError { _ = try await opened.store.save(draft) }
                #expect(error == .invalidDocument(id: documentID, problem: problem))
            }
            #expect(try await opened.store.list().isEmpty)
            await opened.close()
        }
    }

    @Test(arguments: Backend.allCases)
    func hostileAttributesRoundTrip(backend: Backend) async throws {
        try await withTemporaryFolder { folder in
            let opened = try await backend.openDocuments(in: folder, now: ManualClock().now)
            let attributes = [
                "nul": "a\u{0}b", "quote\"key": "'; DROP TABLE document; --", "emoji 👩‍👩‍👧": "\u{202E}rtl",
                "json": #"{"total":"12.50","lines":[1,2]}"#, "empty": "",
            ]
            let draft = DocumentDraft(
                id: try id("A.b_c-9"), contentType: "application/x.y+json", attributes: attributes,
                bytes: Data([0, 255, 0]))
            try await opened.store.save(draft)
            let loaded = try #require(try await opened.store.load(draft.id))
            #expect(loaded.metadata.attributes == attributes)
            #expect(try await opened.store.list().first?.attributes == attributes)
            await opened.close()
        }
    }

    @Test(arguments: Backend.allCases)
    func concurrentSavesOfDifferentDocumentsAllLand(backend: Backend) async throws {
        try await withTemporaryFolder { folder in
            let opened = try await backend.openDocuments(in: folder, now: ManualClock().now)
            let store = opened.store
            try await withThrowingTaskGroup(of: Void.self) { group in
                for number in 0..<40 {
                    group.addTask {
                        let draft = DocumentDraft(
                            id: try DocumentID("doc-\(number)"), contentType: "a/b",
                            bytes: Data(repeating: UInt8(number), count: number * 100))
                        try await store.save(draft)
                    }
                }
                try await group.waitForAll()
            }
            let listed = try await store.list()
            #expect(listed.count == 40)
            for metadata in listed {
                let number = try #require(Int(metadata.id.rawValue.dropFirst(4)))
                #expect(try await store.load(metadata.id)?.bytes == Data(repeating: UInt8(number), count: number * 100))
            }
            await opened.close()
        }
    }

    @Test(arguments: Backend.persistent)
    func documentsSurviveAReopen(backend: Backend) async throws {
        try await withTemporaryFolder { folder in
            let clock = ManualClock()
            let first = try await backend.openDocuments(in: folder, now: clock.now)
            for number in 0..<5 {
                try await first.store.save(
                    DocumentDraft(
                        id: try id("d\(number)"), contentType: "a/b", attributes: ["n": "\(number)"],
                        bytes: Data([UInt8(number)])))
            }
            _ = try await first.store.delete(try id("d3"))
            let before = try await first.store.list()
            await first.close()
            let second = try await backend.openDocuments(in: folder, now: clock.now)
            #expect(try await second.store.list() == before)
            #expect(try await second.store.load(try id("d4"))?.bytes == Data([4]))
            await second.close()
        }
    }

    @Test(arguments: Backend.persistent)
    func aClosedStoreRefusesWork(backend: Backend) async throws {
        try await withTemporaryFolder { folder in
            let opened = try await backend.openDocuments(in: folder, now: ManualClock().now)
            await opened.close()
            let documentID = try id("x")
            // Each call gets its own `let`: a closure written inside `#expect(...)` can be confused with a sibling
            // closure by the compiler (it then runs the wrong one), so closures never go inside the macro here.
            let saving = await storageError {
                _ = try await opened.store.save(DocumentDraft(id: documentID, contentType: "a/b", bytes: Data()))
            }
            let loading = await storageError { _ = try await opened.store.load(documentID) }
            let listing = await storageError { _ = try await opened.store.list() }
            let deleting = await storageError { _ = try await opened.store.delete(documentID) }
            #expect([saving, loading, listing, deleting] == [.closed, .closed, .closed, .closed])
        }
    }
}

/// Ten megabytes of seeded pseudo-random bytes and their SHA-256, computed once for every backend's test.
enum TenMegabytes {
    static let bytes: Data = {
        var generator = SeededGenerator(seed: 10)
        var data = Data(count: 10 * 1_024 * 1_024)
        data.withUnsafeMutableBytes { buffer in
            let words = buffer.bindMemory(to: UInt64.self)
            for index in words.indices { words[index] = generator.next() }
        }
        return data
    }()

    static let digest = SHA256.hex(bytes)
}

@Suite("Storage: document ids")
struct DocumentIDTests {
    @Test(
        arguments: [
            ("", DocumentIDProblem.empty),
            ("../x", .pathSeparator),
            ("..", .parentReference),
            ("a..b", .parentReference),
            ("/etc/passwd", .pathSeparator),
            ("a/b", .pathSeparator),
            ("a\\b", .pathSeparator),
            ("a\u{0}b", .controlCharacter),
            ("line\nbreak", .controlCharacter),
            (".hidden", .leadingDot),
            (".", .leadingDot),
            ("with space", .unsupportedCharacter(0x20)),
            ("ümlaut", .unsupportedCharacter(0xFC)),
            ("a^b", .unsupportedCharacter(0x5E)),
            ("a:b", .unsupportedCharacter(0x3A)),
            ("a*b", .unsupportedCharacter(0x2A)),
            (String(repeating: "a", count: 101), .tooLong(length: 101)),
            (String(repeating: "../", count: 10_000), .tooLong(length: 30_000)),
        ])
    func idsThatCouldEscapeTheFolderAreRejected(raw: String, problem: DocumentIDProblem) {
        #expect(throws: StorageError.invalidDocumentID(problem)) { try DocumentID(raw) }
    }

    @Test(arguments: ["a", "A", "invoice-2024-001.pdf", "x_y.z", String(repeating: "b", count: 100), "9"])
    func plainIDsAreAccepted(raw: String) throws {
        #expect(try DocumentID(raw).rawValue == raw)
    }

    @Test func decodingRejectsATamperedID() throws {
        let json = Data(#"["../../etc/passwd"]"#.utf8)
        do {
            _ = try JSONDecoder().decode([DocumentID].self, from: json)
            Issue.record("a tampered id was decoded")
        } catch DecodingError.dataCorrupted(let context) {
            #expect(context.debugDescription == "invalid document id: it contains / or \\")
        }
        let good = try JSONDecoder().decode([DocumentID].self, from: Data(#"["ok-1"]"#.utf8))
        #expect(good == [try DocumentID("ok-1")])
    }
}
