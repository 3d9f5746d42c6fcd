public import Foundation
public import Storage

/// A saved draft: a form kept to be finished and issued later, or what is left of one once it was issued.
public struct SavedDraft: Hashable, Sendable {
    /// Where the draft is in its life.
    public enum State: Hashable, Sendable {
        /// Still a draft: the form as saved, complete or not.
        case open(InvoiceRequest)
        /// Issued as the invoice with this number; the form lives on in the invoice's record.
        case issued(number: String)
    }

    /// Its id, `D-3`.
    public var id: DraftID
    /// The form, or the invoice it became.
    public var state: State
    /// When it was last saved.
    public var savedAt: Date

    /// Creates a draft.
    public init(id: DraftID, state: State, savedAt: Date) {
        self.id = id
        self.state = state
        self.savedAt = savedAt
    }

    /// The form while it is a draft; nil once issued.
    public var request: InvoiceRequest? {
        guard case .open(let request) = state else { return nil }
        return request
    }

    /// The number of the invoice it became; nil while it is a draft.
    public var issuedAs: String? {
        guard case .issued(let number) = state else { return nil }
        return number
    }
}

/// Why a draft operation did not happen. Nothing was changed in any case.
public enum DraftError: Error, Hashable, Sendable {
    /// No draft has this id (it was never saved, or it was deleted).
    case notFound(DraftID)
    /// The draft was issued as the invoice `number`: an issued invoice is immutable, so the draft can no longer be
    /// changed, deleted or issued again.
    case issued(DraftID, number: String)
    /// Issuing refused or failed as `invoice new` would have: the form breaks the rules (every problem), the
    /// template is unknown, the PDF or XML could not be written, the seller could not be read.
    case invoice(InvoiceError)
    /// The store failed, or a stored draft could not be read.
    case storage(StorageError)
}

/// Saves, lists, opens, changes and deletes drafts; what a "drafts" screen needs.
public protocol InvoiceDraftKeeping: Sendable {
    /// Saves `request` as a new draft, however incomplete, numbered by the store.
    func save(_ request: InvoiceRequest) async throws(DraftError) -> SavedDraft
    /// Every draft, open or issued, in the order they were saved.
    func drafts() async throws(DraftError) -> [SavedDraft]
    /// The draft `id`, open or issued; `notFound` when there is none.
    func draft(_ id: DraftID) async throws(DraftError) -> SavedDraft
    /// Changes the form of the open draft `id` with `change`, applied to the form as stored at that moment, so two
    /// edits of different fields both hold; an issued draft is refused (`issued`).
    func edit(
        _ id: DraftID, _ change: @escaping @Sendable (inout InvoiceRequest) -> Void
    ) async throws(DraftError)
        -> SavedDraft
    /// Deletes the open draft `id` and says whether there was one; deleting twice is not an error, deleting an
    /// issued draft is refused (`issued`).
    func delete(_ id: DraftID) async throws(DraftError) -> Bool
}

/// Previews a saved draft as `InvoicePreviewing` previews a form: never failing on what it lacks.
public protocol InvoiceDraftPreviewing: Sendable {
    /// The preview of the open draft `id`; `notFound` or `issued` when there is no open draft to preview.
    func preview(_ id: DraftID) async throws(DraftError) -> InvoicePreview
}

/// Issues a saved draft as an invoice.
public protocol InvoiceDraftIssuing: Sendable {
    /// Checks, renders, numbers and stores the draft `id` as `invoice new` does its form, marks the draft as issued
    /// in the same transaction, then uploads; issuing a draft twice, even from two processes at once, issues it
    /// once (the second is refused with `issued`).
    func issue(_ id: DraftID) async throws(DraftError) -> InvoiceSubmission
}

/// The draft flows, bundled for `Invoices`. A draft is previewed with ``DraftPreviewer`` over `desk` and the
/// bundle's `InvoicePreviewing`, so drafts and forms are previewed by the one previewer.
public struct InvoiceDraftFlows: Sendable {
    /// Saves, lists, opens, changes and deletes drafts.
    public let desk: any InvoiceDraftKeeping
    /// Issues a saved draft.
    public let issuer: any InvoiceDraftIssuing

    /// Bundles the parts.
    public init(desk: any InvoiceDraftKeeping, issuer: any InvoiceDraftIssuing) {
        self.desk = desk
        self.issuer = issuer
    }
}
