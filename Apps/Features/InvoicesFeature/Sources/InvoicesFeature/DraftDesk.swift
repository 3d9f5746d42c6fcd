import Essentials
import Foundation
public import Storage

/// Keeps drafts in a document store (`draft.<n>.json`, see ``DraftFiles``): a new draft is a numbered creation of
/// the `invoice-drafts` sequence; an edit and a deletion read the draft under the store's lock (a
/// ``NumberedDocumentUpdating`` creation) and refuse an issued one there, so neither can undo an issue that
/// happens at the same time in another process.
public struct DraftDesk: InvoiceDraftKeeping {
    private let documents:
        any NumberedDocumentCreating & NumberedDocumentUpdating & DocumentLoading & DocumentListing
            & DocumentDeleting

    /// Keeps drafts in `documents`.
    public init(
        documents: any NumberedDocumentCreating & NumberedDocumentUpdating & DocumentLoading & DocumentListing
            & DocumentDeleting
    ) {
        self.documents = documents
    }

    /// See the protocol.
    public func save(_ request: InvoiceRequest) async throws(DraftError) -> SavedDraft {
        let sequence = try DraftFiles.sequence(DraftFiles.sequenceName)
        let created: NumberedDocuments
        do throws(NumberedCreationError<DraftError>) {
            created = try await documents.createNumberedDocuments(in: sequence) { number throws(DraftError) in
                guard let id = DraftID(number: number) else {
                    throw .storage(.invalidNumberedDocuments(.sequenceExhausted))
                }
                return [try DraftFiles.document(.open(request), for: id)]
            }
        } catch {
            throw Self.unwrapped(error)
        }
        guard let id = DraftID(number: created.number) else {
            throw .storage(.invalidNumberedDocuments(.sequenceExhausted))
        }
        return SavedDraft(id: id, state: .open(request), savedAt: created.documents.first?.modifiedAt ?? Date())
    }

    /// See the protocol.
    public func drafts() async throws(DraftError) -> [SavedDraft] {
        let listed: [DocumentMetadata]
        do {
            listed = try await documents.list()
        } catch {
            throw .storage(error)
        }
        var drafts: [SavedDraft] = []
        for metadata in listed where metadata.contentType == DocumentContentType.json {
            guard let id = DraftFiles.draftID(of: metadata.id) else { continue }
            if let draft = try await stored(id) { drafts.append(draft) }
        }
        return drafts.sorted { $0.id < $1.id }
    }

    /// See the protocol.
    public func draft(_ id: DraftID) async throws(DraftError) -> SavedDraft {
        guard let draft = try await stored(id) else { throw .notFound(id) }
        return draft
    }

    /// See the protocol.
    public func edit(
        _ id: DraftID, _ change: @escaping @Sendable (inout InvoiceRequest) -> Void
    ) async throws(DraftError) -> SavedDraft {
        let edited = LockedValue<InvoiceRequest?>(nil)
        let created = try await changeUnderLock(id) { read throws(DraftError) in
            guard var request = try Self.openRequest(id, in: read) else { throw .notFound(id) }
            change(&request)
            edited.withLock { $0 = request }
            return .open(request)
        }
        guard let request = edited.withLock({ $0 }) else { throw .notFound(id) }
        return SavedDraft(id: id, state: .open(request), savedAt: created.documents.first?.modifiedAt ?? Date())
    }

    /// See the protocol. A deletion first replaces the draft with a deleted tombstone under the store's lock (so
    /// an issue at the same moment finds no draft), then removes the document.
    public func delete(_ id: DraftID) async throws(DraftError) -> Bool {
        let documentID = try DraftFiles.documentID(id)
        let wasOpen = LockedValue(false)
        do throws(DraftError) {
            _ = try await changeUnderLock(id) { read throws(DraftError) in
                guard let document = read else { throw .notFound(id) }
                let content = try DraftFiles.content(of: document)
                if case .issued = content.state { throw .issued(id, number: content.issuedAs ?? "?") }
                wasOpen.withLock { $0 = content.state == .open }
                return .deleted
            }
        } catch .notFound {
            return false
        }
        do {
            _ = try await documents.delete(documentID)
        } catch {
            throw .storage(error)
        }
        return wasOpen.withLock { $0 }
    }

    /// Runs `change` on the draft document as stored under the store's lock and saves what it returns in its
    /// place.
    private func changeUnderLock(
        _ id: DraftID, _ change: @escaping @Sendable (Document?) throws(DraftError) -> DraftFiles.Content
    ) async throws(DraftError) -> NumberedDocuments {
        let sequence = try DraftFiles.sequence(DraftFiles.changesSequenceName)
        let documentID = try DraftFiles.documentID(id)
        do throws(NumberedCreationError<DraftError>) {
            return try await documents.createNumberedDocuments(in: sequence, reading: [documentID]) {
                _, read throws(DraftError) in
                [try DraftFiles.document(try change(read[documentID]), for: id)]
            }
        } catch {
            throw Self.unwrapped(error)
        }
    }

    /// The form of the open draft `id` in `document`; nil when there is no document or a deleted one, `issued`
    /// for an issued one.
    static func openRequest(_ id: DraftID, in document: Document?) throws(DraftError) -> InvoiceRequest? {
        guard let document else { return nil }
        let content = try DraftFiles.content(of: document)
        switch content.state {
        case .open: return content.request ?? InvoiceRequest(client: "", items: [], currencyCode: "")
        case .issued: throw .issued(id, number: content.issuedAs ?? "?")
        case .deleted: return nil
        }
    }

    private func stored(_ id: DraftID) async throws(DraftError) -> SavedDraft? {
        let documentID = try DraftFiles.documentID(id)
        let document: Document?
        do {
            document = try await documents.load(documentID)
        } catch {
            throw .storage(error)
        }
        guard let document else { return nil }
        return DraftFiles.saved(id, try DraftFiles.content(of: document), savedAt: document.metadata.modifiedAt)
    }

    static func unwrapped(_ error: NumberedCreationError<DraftError>) -> DraftError {
        switch error {
        case .build(let failure): failure
        case .storage(let failure): .storage(failure)
        }
    }
}
