import Essentials
import Foundation
public import Rendering
import Storage
import Validation

/// What every way of issuing an invoice shares: checking the form, reading the seller, and, for the number the
/// store reserves, rendering the PDF (and the XML of an e-invoice) and building the record. The store call is the
/// caller's: a new form takes a plain numbered creation (``InvoiceSubmitter``), a draft one that also reads and
/// replaces the draft (``DraftIssuer``), so both issue exactly the same invoice from the same form.
public struct InvoiceComposer: Sendable {
    private let drafting: InvoiceDrafting
    private let templates: [String: any InvoiceRendering]
    private let seller: @Sendable () async throws(InvoiceError) -> Seller
    private let eInvoices: EInvoiceOutput
    private let numbering: InvoiceNumbering

    /// Checks and draws with `drafting`, renders with the template of the form's id among `templates`, prints
    /// `seller` (read at every issue, so a changed setting applies at once), writes e-invoices with `eInvoices` and
    /// numbers with `numbering` (`INV-{seq:4}` when nil).
    public init(
        drafting: InvoiceDrafting, templates: [String: any InvoiceRendering],
        seller: @escaping @Sendable () async throws(InvoiceError) -> Seller,
        eInvoices: EInvoiceOutput = EInvoiceOutput(), numbering: InvoiceNumbering? = nil
    ) {
        self.numbering = numbering ?? .invoices(calendar: drafting.calendar)
        self.drafting = drafting
        self.templates = templates
        self.seller = seller
        self.eInvoices = eInvoices
    }

    /// The form accepted: the template exists, the rules hold, the seller was read. An unknown template comes
    /// before the rules, and the rules before a seller that cannot be read (for a PDF, which states no seller in
    /// its rules), as a submission always reported them.
    func accept(_ request: InvoiceRequest) async throws(InvoiceError) -> AcceptedInvoice {
        let renderer = try renderer(of: request)
        let (issued, due) = drafting.dates(of: request)
        // An e-invoice states the seller, so its rules check the seller too; a PDF is checked as it always was.
        let eInvoiceSeller = request.format.hasXML ? try await seller() : nil
        try check(request, issued: issued, due: due, seller: eInvoiceSeller)
        let seller: Seller
        if let eInvoiceSeller { seller = eInvoiceSeller } else { seller = try await self.seller() }
        return AcceptedInvoice(
            request: request, issued: issued, due: due, seller: seller, renderer: renderer, drafting: drafting,
            eInvoices: eInvoices, numbering: numbering, idempotencyKey: UUID().uuidString)
    }

    /// The form accepted with a seller already read: what a build running under the store's lock uses for a form
    /// it only sees there (a draft edited since it was first checked).
    func accept(_ request: InvoiceRequest, seller: Seller) throws(InvoiceError) -> AcceptedInvoice {
        let renderer = try renderer(of: request)
        let (issued, due) = drafting.dates(of: request)
        try check(request, issued: issued, due: due, seller: request.format.hasXML ? seller : nil)
        return AcceptedInvoice(
            request: request, issued: issued, due: due, seller: seller, renderer: renderer, drafting: drafting,
            eInvoices: eInvoices, numbering: numbering, idempotencyKey: UUID().uuidString)
    }

    private func renderer(of request: InvoiceRequest) throws(InvoiceError) -> any InvoiceRendering {
        guard let renderer = templates[request.template] else {
            throw .unknownTemplate(request.template, available: templates.keys.sorted())
        }
        return renderer
    }

    private func check(_ request: InvoiceRequest, issued: Date, due: Date, seller: Seller?) throws(InvoiceError) {
        let problems = drafting.problems(drafting.failures(of: request, issued: issued, due: due, seller: seller))
        guard problems.isEmpty else { throw .invalid(problems) }
    }
}

/// A form that passed every rule, with everything its documents need but the number.
struct AcceptedInvoice: Sendable {
    let request: InvoiceRequest
    let issued: Date
    let due: Date
    let seller: Seller
    let renderer: any InvoiceRendering
    let drafting: InvoiceDrafting
    let eInvoices: EInvoiceOutput
    let numbering: InvoiceNumbering
    let idempotencyKey: String

    /// The store's sequence the invoice's number comes from (its pattern's period of the issue day).
    func sequence() throws(InvoiceError) -> NumberSequence {
        do {
            return try NumberSequence(numbering.sequenceName(for: issued))
        } catch {
            throw .storage(error)
        }
    }

    /// The number the invoice prints with the sequence's `counter`.
    func number(_ counter: Int) -> String {
        numbering.number(counter: counter, date: issued)
    }

    /// The record, the PDF and the XML of the invoice numbered `sequenceNumber`, as documents for the store.
    func documents(number sequenceNumber: Int) throws(InvoiceError) -> [DocumentDraft] {
        let number = number(sequenceNumber)
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
            number: number, request: request, issuedOn: drafting.dayText(issued), dueOn: drafting.dayText(due),
            lineAmounts: totals.lineAmounts, subtotal: totals.subtotal,
            tax: totals.taxes.reduce(Decimal(0)) { $0 + $1.taxAmount }, total: totals.total, serverID: nil,
            idempotencyKey: idempotencyKey)
        // A discount is a document allowance, which the printed totals do not subtract: the record keeps the
        // figures EN 16931 computes (and the XML states), the subtotal after the discount.
        if request.discount != nil,
            let calculation = drafting.draft(of: request, issued: issued, due: due, seller: seller).calculation()
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
}
