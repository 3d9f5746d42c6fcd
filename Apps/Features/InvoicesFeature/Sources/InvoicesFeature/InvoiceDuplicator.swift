public import Storage

/// Makes a new invoice from a stored one: the same client, lines, currency, tax, notes and template, issued now and
/// due 30 days later, submitted like a new form (validated, numbered, stored, uploaded).
public struct InvoiceDuplicator: InvoiceDuplicating {
    private let documents: any DocumentLoading
    private let form: any InvoiceSubmitting

    /// Reads the original from `documents` and submits the copy to `form`.
    public init(documents: any DocumentLoading, form: any InvoiceSubmitting) {
        self.documents = documents
        self.form = form
    }

    /// See the protocol.
    public func duplicate(number: String) async throws(InvoiceError) -> InvoiceSubmission {
        var request = try await InvoiceFiles.invoice(number, in: documents).record.request
        request.dueDate = nil
        return try await form.submit(request)
    }
}
