public import Foundation
public import Storage

/// A document store in memory, for previews and other teams' tests: it checks, saves, lists and dates documents
/// exactly like the file and SQLite stores and forgets everything when it goes away.
public actor InMemoryDocumentStore: DocumentStore {
    private var documents: [DocumentID: Document] = [:]
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
}
