import Foundation
import Storage

/// How a draft is kept in a document store: `draft.<n>.json`, numbered by the store's `invoice-drafts` sequence,
/// holding the form and its state. An issued draft is replaced by a tombstone naming its invoice (in the same
/// transaction that stores the invoice), a deleted one by a tombstone saying so until it is removed, so a draft is
/// never issued twice and an issued one never comes back. Every draft flow reads and writes drafts through here.
enum DraftFiles {
    /// The sequence draft numbers come from.
    static let sequenceName = "invoice-drafts"
    /// The sequence that orders changes to drafts (edits, deletions): each change is a numbered creation that
    /// reads the draft under the store's lock, so it cannot slip between an issue's check and its write. Its
    /// numbers name nothing.
    static let changesSequenceName = "invoice-draft-changes"
    /// What every draft's document id starts with.
    static let prefix = "draft."

    /// What a draft document holds.
    struct Content: Codable, Hashable, Sendable {
        /// Where the draft is in its life.
        enum State: String, Codable, Sendable {
            case open, issued, deleted
        }

        var state: State
        /// The form; nil in a tombstone.
        var request: InvoiceRequest?
        /// The invoice an issued draft became.
        var issuedAs: String?

        static func open(_ request: InvoiceRequest) -> Content { Content(state: .open, request: request) }
        static func issued(as number: String) -> Content { Content(state: .issued, issuedAs: number) }
        static let deleted = Content(state: .deleted)
    }

    static func sequence(_ name: String) throws(DraftError) -> NumberSequence {
        do {
            return try NumberSequence(name)
        } catch {
            throw .storage(error)
        }
    }

    /// `draft.<n>.json`.
    static func documentID(_ id: DraftID) throws(DraftError) -> DocumentID {
        do {
            return try DocumentID("\(prefix)\(id.number).json")
        } catch {
            throw .storage(error)
        }
    }

    /// The draft a document id names, or nil for any other document.
    static func draftID(of documentID: DocumentID) -> DraftID? {
        let raw = documentID.rawValue
        guard raw.hasPrefix(prefix), raw.hasSuffix(".json") else { return nil }
        let digits = raw.dropFirst(prefix.count).dropLast(".json".count)
        guard !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isWholeNumber }), let number = Int(digits)
        else { return nil }
        return DraftID(number: number)
    }

    /// The document of draft `id` holding `content`.
    static func document(_ content: Content, for id: DraftID) throws(DraftError) -> DocumentDraft {
        let data: Data
        do {
            data = try encoder.encode(content)
        } catch {
            throw .storage(.coding(CodingFailure(direction: .encoding, typeName: "draft", message: "\(error)")))
        }
        return DocumentDraft(
            id: try documentID(id), contentType: DocumentContentType.json,
            attributes: ["draft": id.description, "state": content.state.rawValue], bytes: data)
    }

    /// What a stored draft document holds; damaged bytes are a coding failure naming the document.
    static func content(of document: Document) throws(DraftError) -> Content {
        do {
            return try JSONDecoder().decode(Content.self, from: document.bytes)
        } catch {
            throw .storage(
                .coding(
                    CodingFailure(
                        direction: .decoding, typeName: "draft", message: "\(document.metadata.id.rawValue): \(error)"))
            )
        }
    }

    /// The draft as flows hand it out; nil for a deleted one.
    static func saved(_ id: DraftID, _ content: Content, savedAt: Date) -> SavedDraft? {
        switch content.state {
        case .open: SavedDraft(id: id, state: .open(content.request ?? empty), savedAt: savedAt)
        case .issued: SavedDraft(id: id, state: .issued(number: content.issuedAs ?? "?"), savedAt: savedAt)
        case .deleted: nil
        }
    }

    /// Every open draft in `documents` with its form, ordered by id; tombstones (issued, deleted) are left out.
    static func openDrafts(
        in documents: any DocumentListing & DocumentLoading
    ) async throws(DraftError) -> [(id: DraftID, request: InvoiceRequest)] {
        let listed: [DocumentMetadata]
        do {
            listed = try await documents.list()
        } catch {
            throw .storage(error)
        }
        var drafts: [(id: DraftID, request: InvoiceRequest)] = []
        for metadata in listed where metadata.contentType == DocumentContentType.json {
            guard let id = draftID(of: metadata.id) else { continue }
            let document: Document?
            do {
                document = try await documents.load(metadata.id)
            } catch {
                throw .storage(error)
            }
            guard let document else { continue }
            let content = try content(of: document)
            if content.state == .open, let request = content.request { drafts.append((id, request)) }
        }
        return drafts.sorted { $0.id < $1.id }
    }

    /// What an open draft without a form reads as (only a hand-edited file has none).
    private static let empty = InvoiceRequest(client: "", items: [], currencyCode: "")

    private static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return encoder
    }()
}
