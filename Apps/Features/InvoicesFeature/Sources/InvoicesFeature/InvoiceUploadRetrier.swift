public import Storage

/// Uploads a stored invoice again, with the idempotency key it was stored with, so the server keeps one copy
/// however often it is sent.
public struct InvoiceUploadRetrier: InvoiceUploadRetrying {
    private let documents: any DocumentLoading
    private let sender: InvoiceSender

    /// Reads the invoice from `documents` and sends it with `sender` (which records the server's id).
    public init(documents: any DocumentLoading, sender: InvoiceSender) {
        self.documents = documents
        self.sender = sender
    }

    /// See the protocol. An invoice the server already has is not sent again.
    public func upload(number: String) async throws(InvoiceError) -> InvoiceSubmission {
        let file = try await InvoiceFiles.invoice(number, in: documents)
        guard file.record.serverID == nil else { return .uploaded(file.record) }
        return await sender.send(file)
    }
}
