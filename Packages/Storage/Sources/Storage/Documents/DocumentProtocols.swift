/// Saves documents: what an "export invoice" action or a cache writer needs.
public protocol DocumentSaving: Sendable {
    /// Stores the draft under its id, replacing a document with the same id, and returns what was stored.
    /// When it returns, the document survives a crash of the process (see each backend for power loss).
    @discardableResult
    func save(_ draft: DocumentDraft) async throws(StorageError) -> DocumentMetadata
}

/// Loads one document: what a viewer or a cache reader needs.
public protocol DocumentLoading: Sendable {
    /// The document with this id, or `nil` when there is none. Damaged bytes throw `corrupted`, never come back.
    func load(_ id: DocumentID) async throws(StorageError) -> Document?
}

/// Lists documents without their bytes: what a list screen needs.
public protocol DocumentListing: Sendable {
    /// The metadata of every document, ordered by id.
    func list() async throws(StorageError) -> [DocumentMetadata]
}

/// Deletes documents.
public protocol DocumentDeleting: Sendable {
    /// Deletes the document and says whether it existed. Deleting twice is not an error.
    func delete(_ id: DocumentID) async throws(StorageError) -> Bool
}

/// Everything a document backend offers, for the one place that creates backends and hands out the parts.
public typealias DocumentStore = DocumentSaving & DocumentLoading & DocumentListing & DocumentDeleting
