public import Storage

/// Reads stored invoices: what a list screen and an invoice screen need, and nothing that changes the store.
public struct InvoiceArchive: InvoiceArchiving {
    private let documents: any DocumentListing & DocumentLoading

    /// Reads invoices from `documents`.
    public init(documents: any DocumentListing & DocumentLoading) {
        self.documents = documents
    }

    /// See the protocol.
    public func list() async throws(InvoiceError) -> [InvoiceRecord] {
        try await InvoiceFiles.records(in: documents)
    }

    /// See the protocol.
    public func invoice(number: String) async throws(InvoiceError) -> InvoiceFile {
        try await InvoiceFiles.invoice(number, in: documents)
    }
}
