import Essentials
import Foundation
public import Rendering
public import Storage
import Validation

/// Submits the invoice form: the Validation package checks the draft, a template of the Rendering package renders
/// the PDF, the store numbers and keeps it, and the sender uploads it.
///
/// The number is reserved and the record and the PDF (which print it) are stored in one operation of the store,
/// so numbers are unique across tasks and processes and a record always has its PDF. Checking, rendering and
/// building the documents are ``InvoiceComposer``'s, which issuing a saved draft shares.
public struct InvoiceSubmitter: InvoiceSubmitting {
    /// What checks, renders and builds the invoice; issuing a draft uses the same one, so it issues what a
    /// submission of the same form would.
    public let composer: InvoiceComposer
    private let documents: any NumberedDocumentCreating & DocumentLoading
    private let sender: InvoiceSender

    /// Submits with `drafting`, renders with the template of the form's id among `templates`, numbers and stores in
    /// `documents` (and reads back what was stored), prints `seller` (read at every submission, so a changed setting
    /// applies at once; `sellerUnavailable` when it cannot be read) and uploads with `sender`; `eInvoices` writes the
    /// XML and the Factur-X PDF of an e-invoice; `numbering` writes the numbers (the settings' pattern; `INV-0001`
    /// upwards in the `invoices` sequence by default).
    public init(
        drafting: InvoiceDrafting, templates: [String: any InvoiceRendering],
        documents: any NumberedDocumentCreating & DocumentLoading,
        seller: @escaping @Sendable () async throws(InvoiceError) -> Seller, sender: InvoiceSender,
        eInvoices: EInvoiceOutput = EInvoiceOutput(), numbering: InvoiceNumbering? = nil
    ) {
        self.init(
            composer: InvoiceComposer(
                drafting: drafting, templates: templates, seller: seller, eInvoices: eInvoices, numbering: numbering),
            documents: documents, sender: sender)
    }

    /// Submits what `composer` builds, numbered and stored in `documents`, uploaded with `sender`.
    public init(
        composer: InvoiceComposer, documents: any NumberedDocumentCreating & DocumentLoading, sender: InvoiceSender
    ) {
        self.composer = composer
        self.documents = documents
        self.sender = sender
    }

    /// Validates, renders, stores, then uploads `request`.
    public func submit(_ request: InvoiceRequest) async throws(InvoiceError) -> InvoiceSubmission {
        let accepted = try await composer.accept(request)
        let sequence = try accepted.sequence()
        let created: NumberedDocuments
        do throws(NumberedCreationError<InvoiceError>) {
            // The number is reserved and the record and the PDF (which print it) are stored in one transaction
            // of the store, across tasks and processes: two submissions never share a number, and a crash
            // leaves both documents or neither.
            created = try await documents.createNumberedDocuments(in: sequence) {
                sequenceNumber throws(InvoiceError) in
                try accepted.documents(number: sequenceNumber)
            }
        } catch {
            switch error {
            case .build(let failure): throw failure
            case .storage(let failure): throw .storage(failure)
            }
        }
        return try await sender.deliver(accepted.number(created.number), from: documents)
    }
}
