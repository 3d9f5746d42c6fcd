public import Storage

/// Issues a saved draft: checked, rendered and built by the same ``InvoiceComposer`` as `invoice new`, so a draft
/// issues exactly the invoice its form would; only the store call differs. The invoice's number is reserved, its
/// documents stored and the draft replaced by a tombstone naming the invoice in one
/// ``NumberedDocumentUpdating`` creation that reads the draft under the store's lock, so two issues of one draft
/// (two tasks, two processes) issue it once. Then the invoice is uploaded as a new one is.
public struct DraftIssuer: InvoiceDraftIssuing {
    private let composer: InvoiceComposer
    private let documents: any NumberedDocumentUpdating & DocumentLoading
    private let sender: InvoiceSender

    /// Builds with `composer` (``InvoiceSubmitter/composer`` in the app), reads drafts from and stores invoices in
    /// `documents`, and uploads with `sender`.
    public init(
        composer: InvoiceComposer, documents: any NumberedDocumentUpdating & DocumentLoading, sender: InvoiceSender
    ) {
        self.composer = composer
        self.documents = documents
        self.sender = sender
    }

    /// See the protocol.
    public func issue(_ id: DraftID) async throws(DraftError) -> InvoiceSubmission {
        let documentID = try DraftFiles.documentID(id)
        // A first look outside the lock reports what the form lacks (and a seller that cannot be read) as
        // `invoice new` does, before the store is locked; the build checks again what it reads under the lock.
        let loaded: Document?
        do {
            loaded = try await documents.load(documentID)
        } catch {
            throw .storage(error)
        }
        guard let request = try DraftDesk.openRequest(id, in: loaded) else { throw .notFound(id) }
        let accepted: AcceptedInvoice
        do throws(InvoiceError) {
            accepted = try await composer.accept(request)
        } catch {
            throw .invoice(error)
        }
        let sequence: NumberSequence
        do throws(InvoiceError) {
            sequence = try accepted.sequence()
        } catch {
            throw .invoice(error)
        }
        let created: NumberedDocuments
        do throws(NumberedCreationError<DraftError>) {
            created = try await documents.createNumberedDocuments(in: sequence, reading: [documentID]) {
                [composer] sequenceNumber, read throws(DraftError) in
                guard let current = try DraftDesk.openRequest(id, in: read[documentID]) else { throw .notFound(id) }
                var drafts: [DocumentDraft]
                let invoice: AcceptedInvoice
                do throws(InvoiceError) {
                    // Edited since the first look: the form as stored now is the one issued, checked again.
                    invoice =
                        current == accepted.request ? accepted : try composer.accept(current, seller: accepted.seller)
                    drafts = try invoice.documents(number: sequenceNumber)
                } catch {
                    throw .invoice(error)
                }
                drafts.append(try DraftFiles.document(.issued(as: invoice.number(sequenceNumber)), for: id))
                return drafts
            }
        } catch {
            throw DraftDesk.unwrapped(error)
        }
        do throws(InvoiceError) {
            return try await sender.deliver(accepted.number(created.number), from: documents)
        } catch {
            throw .invoice(error)
        }
    }
}
