/// Previews a saved draft through the same ``InvoicePreviewing`` as a form on the command line, so a draft is
/// checked and drawn exactly as issuing it would check and draw it, titled as a preview and never failing on what
/// it lacks.
public struct DraftPreviewer: InvoiceDraftPreviewing {
    private let drafts: any InvoiceDraftKeeping
    private let previewer: any InvoicePreviewing

    /// Reads drafts from `drafts` and previews them with `previewer`.
    public init(drafts: any InvoiceDraftKeeping, previewer: any InvoicePreviewing) {
        self.drafts = drafts
        self.previewer = previewer
    }

    /// See the protocol.
    public func preview(_ id: DraftID) async throws(DraftError) -> InvoicePreview {
        let draft = try await drafts.draft(id)
        guard let request = draft.request else { throw .issued(id, number: draft.issuedAs ?? "?") }
        return await previewer.preview(request)
    }
}
