import Essentials
import Foundation
public import Rendering
public import Storage
import Validation

/// Submits the invoice form: the Validation package checks the draft, a template of the Rendering package renders
/// the PDF, the store numbers and keeps it, and the sender uploads it.
///
/// The number is reserved and the record and the PDF (which print it) are stored in one operation of the store,
/// so numbers are unique across tasks and processes and a record always has its PDF.
public struct InvoiceSubmitter: InvoiceSubmitting {
    private let drafting: InvoiceDrafting
    private let templates: [String: any InvoiceRendering]
    private let documents: any NumberedDocumentCreating & DocumentLoading
    private let seller: @Sendable () async throws(InvoiceError) -> Seller
    private let sender: InvoiceSender
    private let eInvoices: EInvoiceOutput
    private let numbering: InvoiceNumbering

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
        self.numbering = numbering ?? .invoices(calendar: drafting.calendar)
        self.eInvoices = eInvoices
        self.drafting = drafting
        self.templates = templates
        self.documents = documents
        self.seller = seller
        self.sender = sender
    }

    /// Validates, renders, stores, then uploads `request`.
    public func submit(_ request: InvoiceRequest) async throws(InvoiceError) -> InvoiceSubmission {
        guard let renderer = templates[request.template] else {
            throw .unknownTemplate(request.template, available: templates.keys.sorted())
        }
        let (issued, due) = drafting.dates(of: request)
        // An e-invoice states the seller, so its rules check the seller too; a PDF is checked as it always was.
        let eInvoiceSeller = request.format.hasXML ? try await seller() : nil
        let problems = drafting.problems(
            drafting.failures(of: request, issued: issued, due: due, seller: eInvoiceSeller))
        guard problems.isEmpty else { throw .invalid(problems) }

        let seller: Seller
        if let eInvoiceSeller { seller = eInvoiceSeller } else { seller = try await self.seller() }
        let sequence: NumberSequence
        do {
            sequence = try NumberSequence(numbering.sequenceName(for: issued))
        } catch {
            throw .storage(error)
        }
        let idempotencyKey = UUID().uuidString
        let created: NumberedDocuments
        do throws(NumberedCreationError<InvoiceError>) {
            // The number is reserved and the record and the PDF (which print it) are stored in one transaction
            // of the store, across tasks and processes: two submissions never share a number, and a crash
            // leaves both documents or neither.
            created = try await documents.createNumberedDocuments(in: sequence) {
                [drafting, eInvoices, numbering] sequenceNumber throws(InvoiceError) in
                let number = numbering.number(counter: sequenceNumber, date: issued)
                let document = drafting.document(request, number: number, issued: issued, due: due, seller: seller)
                let totals: InvoiceTotals
                do throws(RenderingError) {
                    totals = try InvoiceTotals(of: document)
                } catch {
                    throw .rendering(error)
                }
                let (pdf, xml) = try eInvoices.files(
                    of: document, format: request.format, template: request.template, issued: issued
                ) { () throws(RenderingError) -> Data in try renderer.render(document) }
                var record = InvoiceRecord(
                    number: number, request: request, issuedOn: drafting.dayText(issued),
                    dueOn: drafting.dayText(due), lineAmounts: totals.lineAmounts, subtotal: totals.subtotal,
                    tax: totals.taxes.reduce(Decimal(0)) { $0 + $1.taxAmount }, total: totals.total, serverID: nil,
                    idempotencyKey: idempotencyKey)
                // A discount is a document allowance, which the printed totals do not subtract: the record keeps the
                // figures EN 16931 computes (and the XML states), the subtotal after the discount.
                if request.discount != nil,
                    let calculation = drafting.draft(of: request, issued: issued, due: due, seller: seller)
                        .calculation()
                {
                    record.lineAmounts = calculation.lineNetAmounts
                    record.subtotal = calculation.totalWithoutVAT
                    record.tax = calculation.vatTotal
                    record.total = calculation.totalWithVAT
                }
                do throws(StorageError) {
                    return try InvoiceFiles.drafts(record, pdf: pdf, xml: xml)
                } catch {
                    throw .storage(error)
                }
            }
        } catch {
            switch error {
            case .build(let failure): throw failure
            case .storage(let failure): throw .storage(failure)
            }
        }
        let file = try await InvoiceFiles.invoice(
            numbering.number(counter: created.number, date: issued), in: documents)
        return await sender.send(file)
    }
}
