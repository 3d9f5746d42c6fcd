public import Foundation
public import Storage

/// Records every call to a document store, numbered creations included, and can make the next call of an
/// operation fail.
public actor SpyDocumentStore: DocumentStore, NumberedDocumentCreating {
    /// A recorded call, with its arguments.
    public enum Call: Hashable, Sendable {
        /// ``save(_:)`` with the draft.
        case save(DocumentDraft)
        /// ``load(_:)`` with the id.
        case load(DocumentID)
        /// ``list()``.
        case list
        /// ``delete(_:)`` with the id.
        case delete(DocumentID)
        /// ``createNumberedDocuments(in:_:)`` with the sequence (the closure cannot be recorded).
        case createNumbered(NumberSequence)
    }

    /// The operations a failure can be queued for.
    public enum Operation: Hashable, Sendable, CaseIterable {
        /// ``save(_:)``.
        case save
        /// ``load(_:)``.
        case load
        /// ``list()``.
        case list
        /// ``delete(_:)``.
        case delete
        /// ``createNumberedDocuments(in:_:)``: a queued failure comes back as `.storage(error)`.
        case createNumbered
    }

    /// Every call so far, in order, including calls that failed.
    public private(set) var calls: [Call] = []
    private var failures: [Operation: [StorageError]] = [:]
    private let wrapped: any DocumentStore & NumberedDocumentCreating

    /// A spy in front of `wrapped`, which does the real work of calls that do not fail.
    public init(wrapping wrapped: any DocumentStore & NumberedDocumentCreating) {
        self.wrapped = wrapped
    }

    /// A spy in front of a new ``FakeDocumentStore``.
    public init(now: @escaping @Sendable () -> Date = Date.init) {
        self.init(wrapping: FakeDocumentStore(now: now))
    }

    /// Makes the next call of `operation` throw `error` (failures queue up in order).
    public func failNext(_ operation: Operation, with error: StorageError) {
        failures[operation, default: []].append(error)
    }

    /// Records the call, then fails or saves.
    @discardableResult
    public func save(_ draft: DocumentDraft) async throws(StorageError) -> DocumentMetadata {
        calls.append(.save(draft))
        try failIfQueued(.save)
        return try await wrapped.save(draft)
    }

    /// Records the call, then fails or loads.
    public func load(_ id: DocumentID) async throws(StorageError) -> Document? {
        calls.append(.load(id))
        try failIfQueued(.load)
        return try await wrapped.load(id)
    }

    /// Records the call, then fails or lists.
    public func list() async throws(StorageError) -> [DocumentMetadata] {
        calls.append(.list)
        try failIfQueued(.list)
        return try await wrapped.list()
    }

    /// Records the call, then fails or deletes.
    public func delete(_ id: DocumentID) async throws(StorageError) -> Bool {
        calls.append(.delete(id))
        try failIfQueued(.delete)
        return try await wrapped.delete(id)
    }

    /// Records the call, then fails or creates.
    public func createNumberedDocuments<BuildFailure: Error>(
        in sequence: NumberSequence,
        _ build: @escaping @Sendable (Int) throws(BuildFailure) -> [DocumentDraft]
    ) async throws(NumberedCreationError<BuildFailure>) -> NumberedDocuments {
        calls.append(.createNumbered(sequence))
        do {
            try failIfQueued(.createNumbered)
        } catch {
            throw .storage(error)
        }
        return try await wrapped.createNumberedDocuments(in: sequence, build)
    }

    private func failIfQueued(_ operation: Operation) throws(StorageError) {
        guard var queued = failures[operation], !queued.isEmpty else { return }
        let error = queued.removeFirst()
        failures[operation] = queued
        throw error
    }
}
