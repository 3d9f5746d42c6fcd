public import Foundation
public import Storage

/// A document store in memory, for previews and other teams' tests: it checks, saves, lists and dates documents
/// exactly like the file and SQLite stores and forgets everything when it goes away.
public actor FakeDocumentStore: DocumentStore, NumberedDocumentCreating, NumberedDocumentUpdating {
    private var documents: [DocumentID: Document] = [:]
    private var sequences: [NumberSequence: Int] = [:]
    private let now: @Sendable () -> Date

    /// Creates an empty store; `now` dates saves.
    public init(now: @escaping @Sendable () -> Date = Date.init) {
        self.now = now
    }

    /// Stores the draft under its id, replacing a document with the same id.
    @discardableResult
    public func save(_ draft: DocumentDraft) throws(StorageError) -> DocumentMetadata {
        try DocumentLimits.check(draft)
        let date = now()
        let metadata = DocumentMetadata(
            id: draft.id, contentType: draft.contentType, attributes: draft.attributes, byteCount: draft.bytes.count,
            createdAt: documents[draft.id]?.metadata.createdAt ?? date, modifiedAt: date)
        documents[draft.id] = Document(metadata: metadata, bytes: draft.bytes)
        return metadata
    }

    /// The document with this id, or `nil`.
    public func load(_ id: DocumentID) -> Document? {
        documents[id]
    }

    /// The metadata of every document, ordered by id.
    public func list() -> [DocumentMetadata] {
        documents.values.map(\.metadata).sorted { $0.id < $1.id }
    }

    /// Deletes the document; says whether it existed.
    public func delete(_ id: DocumentID) -> Bool {
        documents.removeValue(forKey: id) != nil
    }

    /// Reserves the next number of `sequence` and stores the documents `build` returns for it, or nothing; the
    /// actor runs one creation at a time, as the real stores' locks do across processes.
    public func createNumberedDocuments<BuildFailure: Error>(
        in sequence: NumberSequence,
        _ build: @escaping @Sendable (Int) throws(BuildFailure) -> [DocumentDraft]
    ) throws(NumberedCreationError<BuildFailure>) -> NumberedDocuments {
        try createNumbered(in: sequence, reading: []) { (number, _) throws(BuildFailure) in try build(number) }
    }

    /// Reads `ids`, reserves the next number of `sequence` and stores the documents `build` returns for them, or
    /// nothing; the actor runs one creation at a time, as the real stores' locks do across processes.
    public func createNumberedDocuments<BuildFailure: Error>(
        in sequence: NumberSequence, reading ids: [DocumentID],
        _ build: @escaping @Sendable (Int, [DocumentID: Document]) throws(BuildFailure) -> [DocumentDraft]
    ) throws(NumberedCreationError<BuildFailure>) -> NumberedDocuments {
        try createNumbered(in: sequence, reading: ids, build)
    }

    private func createNumbered<BuildFailure: Error>(
        in sequence: NumberSequence, reading ids: [DocumentID],
        _ build: (Int, [DocumentID: Document]) throws(BuildFailure) -> [DocumentDraft]
    ) throws(NumberedCreationError<BuildFailure>) -> NumberedDocuments {
        do throws(StorageError) {
            try NumberedCreation.check(reading: ids)
        } catch {
            throw .storage(error)
        }
        let stored = documents
        let read = Dictionary(ids.compactMap { id in stored[id].map { (id, $0) } }, uniquingKeysWith: { a, _ in a })
        let plan = try NumberedCreation.plan(
            after: sequences[sequence] ?? 0, replacing: Set(ids),
            build: { (number) throws(BuildFailure) in try build(number, read) }, exists: { stored[$0] != nil })
        let date = now()
        let metadata = plan.drafts.map { draft in
            DocumentMetadata(
                id: draft.id, contentType: draft.contentType, attributes: draft.attributes,
                byteCount: draft.bytes.count, createdAt: stored[draft.id]?.metadata.createdAt ?? date,
                modifiedAt: date)
        }
        for (draft, metadata) in zip(plan.drafts, metadata) {
            documents[draft.id] = Document(metadata: metadata, bytes: draft.bytes)
        }
        sequences[sequence] = plan.number
        return NumberedDocuments(number: plan.number, documents: metadata, skipped: plan.skipped)
    }

    /// The last number `sequence` issued, 0 when it never issued one, so a test can check that a failed creation
    /// consumed nothing.
    public func lastNumber(of sequence: NumberSequence) -> Int {
        sequences[sequence] ?? 0
    }
}
