import Essentials
public import Foundation
public import Rendering
public import Storage

/// What a credit note credits.
public enum CreditSelection: Hashable, Sendable {
    /// Every line not yet credited (with the invoice's discount when nothing was credited before, so a full credit
    /// note mirrors the invoice to the cent).
    case all
    /// These lines, counted from 1 as `invoice show` prints them.
    case lines([Int])
}

/// A credit note as a user asked for it.
public struct CreditRequest: Hashable, Sendable {
    /// The invoice number it corrects.
    public var invoice: String
    /// What it credits.
    public var selection: CreditSelection

    /// Creates a request.
    public init(invoice: String, selection: CreditSelection) {
        self.invoice = invoice
        self.selection = selection
    }
}

/// A stored credit note: which invoice it corrects, which lines, what it came to, and whether the server has it.
public struct CreditNoteRecord: Hashable, Sendable, Codable {
    /// The credit note's number (`CN-0001`), also its id on this machine.
    public var number: String
    /// The invoice it corrects.
    public var invoiceNumber: String
    /// The day that invoice was issued, `YYYY-MM-DD`.
    public var invoiceIssuedOn: String
    /// The day it was issued, `YYYY-MM-DD`.
    public var issuedOn: String
    /// Who is credited (the invoice's client).
    public var client: String
    /// The invoice lines it credits, counted from 1.
    public var lines: [Int]
    /// The amount credited, with VAT, positive.
    public var amount: Decimal
    /// ISO 4217 code, upper case.
    public var currencyCode: String
    /// What it was issued as (the invoice's format).
    public var format: InvoiceFormat
    /// The template it was printed with (the invoice's).
    public var template: String
    /// The server's id once uploaded; nil while it exists only on this machine.
    public var serverID: String?
    /// The key that makes repeated uploads store one credit note on the server.
    public var idempotencyKey: String

    /// Creates a record.
    public init(
        number: String, invoiceNumber: String, invoiceIssuedOn: String, issuedOn: String, client: String,
        lines: [Int], amount: Decimal, currencyCode: String, format: InvoiceFormat, template: String,
        serverID: String? = nil, idempotencyKey: String
    ) {
        self.number = number
        self.invoiceNumber = invoiceNumber
        self.invoiceIssuedOn = invoiceIssuedOn
        self.issuedOn = issuedOn
        self.client = client
        self.lines = lines
        self.amount = amount
        self.currencyCode = currencyCode
        self.format = format
        self.template = template
        self.serverID = serverID
        self.idempotencyKey = idempotencyKey
    }

    /// Amounts are stored as text, so they read back exactly.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        number = try container.decode(String.self, forKey: .number)
        invoiceNumber = try container.decode(String.self, forKey: .invoiceNumber)
        invoiceIssuedOn = try container.decode(String.self, forKey: .invoiceIssuedOn)
        issuedOn = try container.decode(String.self, forKey: .issuedOn)
        client = try container.decode(String.self, forKey: .client)
        lines = try container.decode([Int].self, forKey: .lines)
        amount = try SettlementAmount.decode(container, .amount)
        currencyCode = try container.decode(String.self, forKey: .currencyCode)
        format = try container.decodeIfPresent(InvoiceFormat.self, forKey: .format) ?? .pdf
        template = try container.decodeIfPresent(String.self, forKey: .template) ?? "standard"
        serverID = try container.decodeIfPresent(String.self, forKey: .serverID)
        idempotencyKey = try container.decode(String.self, forKey: .idempotencyKey)
    }

    /// Writes the amount as text.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(number, forKey: .number)
        try container.encode(invoiceNumber, forKey: .invoiceNumber)
        try container.encode(invoiceIssuedOn, forKey: .invoiceIssuedOn)
        try container.encode(issuedOn, forKey: .issuedOn)
        try container.encode(client, forKey: .client)
        try container.encode(lines, forKey: .lines)
        try container.encode("\(amount)", forKey: .amount)
        try container.encode(currencyCode, forKey: .currencyCode)
        try container.encode(format, forKey: .format)
        try container.encode(template, forKey: .template)
        try container.encodeIfPresent(serverID, forKey: .serverID)
        try container.encode(idempotencyKey, forKey: .idempotencyKey)
    }

    private enum CodingKeys: String, CodingKey {
        case number, invoiceNumber, invoiceIssuedOn, issuedOn, client, lines, amount, currencyCode, format, template
        case serverID, idempotencyKey
    }
}

/// A stored credit note with its PDF and, for an e-invoice, its XML.
public struct CreditNoteFile: Hashable, Sendable {
    /// The record.
    public var record: CreditNoteRecord
    /// The rendered PDF (for Factur-X, the PDF/A-3 that carries the XML).
    public var pdf: Data
    /// The XML exactly as issued (document type 381); nil for a PDF-only credit note.
    public var xml: Data?
}

/// An issued credit note and what the invoice comes to after it.
public struct CreditNoteIssue: Hashable, Sendable {
    /// The credit note as stored (with the server's id when the upload succeeded).
    public var creditNote: CreditNoteRecord
    /// The invoice it corrects.
    public var invoice: InvoiceRecord
    /// The invoice's balance after it.
    public var balance: InvoiceBalance
    /// Why the upload failed, when it did; the credit note is stored on this machine either way.
    public var uploadFailure: UploadFailure?
}

/// Issues credit notes against issued invoices.
public protocol CreditNoteIssuing: Sendable {
    /// Issues a credit note for `request`, refusing (with nothing stored) an unknown invoice, lines out of range or
    /// already credited, and a credit beyond what is still due.
    func credit(_ request: CreditRequest) async throws(SettlementError) -> CreditNoteIssue
}

/// Issues a credit note in one transaction of the store: the invoice and its account are read under the lock that
/// takes the credit note's number, the lines and the amount are checked against the account at that moment, and the
/// credit note's record, PDF and XML are stored with the replaced account, all or nothing.
///
/// The credit note is the invoice's own form restricted to the credited lines, rendered with the invoice's template
/// as document type 381 with the invoice as its preceding invoice (BG-3); an e-invoice's XML is written through the
/// same ``EInvoiceOutput`` as invoices.
public struct CreditNoteIssuer: CreditNoteIssuing {
    private let drafting: InvoiceDrafting
    private let templates: [String: any InvoiceRendering]
    private let documents: any NumberedDocumentUpdating & DocumentLoading
    private let seller: @Sendable () async throws(InvoiceError) -> Seller
    private let eInvoices: EInvoiceOutput
    private let sender: SettlementSender?
    private let numbering: InvoiceNumbering

    /// Renders with `templates` by id, issues on `drafting`'s clock and calendar, stores in `documents`, prints
    /// `seller` (as set now), writes e-invoices with `eInvoices`, uploads with `sender` when given, and numbers
    /// with `numbering` (the setting `credit-note.number-pattern`; `CN-0001` upwards when nil).
    public init(
        drafting: InvoiceDrafting, templates: [String: any InvoiceRendering],
        documents: any NumberedDocumentUpdating & DocumentLoading,
        seller: @escaping @Sendable () async throws(InvoiceError) -> Seller,
        eInvoices: EInvoiceOutput = EInvoiceOutput(),
        sender: SettlementSender? = nil, numbering: InvoiceNumbering? = nil
    ) {
        self.numbering = numbering ?? .creditNotes(calendar: drafting.calendar)
        self.drafting = drafting
        self.templates = templates
        self.documents = documents
        self.seller = seller
        self.eInvoices = eInvoices
        self.sender = sender
    }

    /// See the protocol.
    public func credit(_ request: CreditRequest) async throws(SettlementError) -> CreditNoteIssue {
        let ids = try SettlementFiles.ids(of: request.invoice)
        if case .lines(let lines) = request.selection, lines.isEmpty { throw .noLines }
        let seller: Seller
        do throws(InvoiceError) {
            seller = try await self.seller()
        } catch {
            throw .invoice(error)
        }
        let issued = drafting.now()
        let today = CalendarDay(issued, in: drafting.calendar.timeZone)
        let sequence: NumberSequence
        do {
            sequence = try NumberSequence(numbering.sequenceName(for: issued))
        } catch {
            throw .invoice(.storage(error))
        }
        let idempotencyKey = UUID().uuidString
        let result = LockedValue<CreditNoteIssue?>(nil)
        do throws(NumberedCreationError<SettlementError>) {
            _ = try await documents.createNumberedDocuments(in: sequence, reading: [ids.record, ids.settlement]) {
                [drafting, templates, eInvoices, numbering] sequenceNumber, read throws(SettlementError) in
                let record = try SettlementFiles.record(request.invoice, id: ids.record, in: read)
                var settlement = try SettlementFiles.settlement(request.invoice, id: ids.settlement, in: read)
                let lines = try Self.lines(request.selection, of: record, settlement: settlement)
                let number = numbering.number(counter: sequenceNumber, date: issued)
                let document = try Self.document(
                    record, lines: lines,
                    fullCredit: settlement.creditNotes.isEmpty
                        && lines.count == record.request.items.count,
                    number: number, issued: issued, seller: seller, drafting: drafting)
                let code = record.request.currencyCode.uppercased()
                let amount: Decimal
                do throws(RenderingError) {
                    amount = try InvoiceTotals(of: document).total
                } catch {
                    throw .invoice(.rendering(error))
                }
                let before = InvoiceBalance(record, settlement: settlement, today: today, calendar: drafting.calendar)
                guard amount <= before.due else {
                    throw .creditExceedsDue(credit: amount, due: before.due, currency: code)
                }
                guard let renderer = templates[record.request.template] ?? templates["standard"] else {
                    throw .invoice(.unknownTemplate(record.request.template, available: templates.keys.sorted()))
                }
                let files: (pdf: Data, xml: Data?)
                do throws(InvoiceError) {
                    files = try eInvoices.files(
                        of: document, format: record.request.format, template: record.request.template,
                        issued: issued
                    ) { () throws(RenderingError) -> Data in try renderer.render(document) }
                } catch {
                    throw .invoice(error)
                }
                let creditNote = CreditNoteRecord(
                    number: number, invoiceNumber: record.number, invoiceIssuedOn: record.issuedOn,
                    issuedOn: today.iso8601, client: record.request.client, lines: lines, amount: amount,
                    currencyCode: code, format: record.request.format, template: record.request.template,
                    idempotencyKey: idempotencyKey)
                settlement.creditNotes.append(
                    SettlementCreditNote(number: number, amount: amount, date: today.iso8601, lines: lines))
                result.withLock {
                    $0 = CreditNoteIssue(
                        creditNote: creditNote, invoice: record,
                        balance: InvoiceBalance(
                            record, settlement: settlement, today: today, calendar: drafting.calendar),
                        uploadFailure: nil)
                }
                return try SettlementFiles.drafts(creditNote, pdf: files.pdf, xml: files.xml)
                    + [try SettlementFiles.draft(settlement)]
            }
        } catch {
            switch error {
            case .build(let failure): throw failure
            case .storage(let failure): throw .invoice(.storage(failure))
            }
        }
        guard var issue = result.withLock({ $0 }) else { throw .unknownInvoice(request.invoice) }
        if let sender {
            let file = try await SettlementFiles.creditNote(issue.creditNote.number, in: documents)
            let sent = await sender.send(file)
            issue.creditNote = sent.record
            issue.uploadFailure = sent.failure
        }
        return issue
    }

    /// The lines `selection` credits, ascending: checked against the invoice's lines and those already credited.
    static func lines(
        _ selection: CreditSelection, of record: InvoiceRecord, settlement: InvoiceSettlement
    ) throws(SettlementError) -> [Int] {
        let count = record.request.items.count
        let credited = settlement.creditedLines
        switch selection {
        case .all:
            let left = (1...max(count, 1)).filter { $0 <= count && credited[$0] == nil }
            guard !left.isEmpty else { throw .nothingToCredit(invoice: record.number) }
            return left
        case .lines(let lines):
            guard !lines.isEmpty else { throw .noLines }
            for line in lines where !(1...count).contains(line) {
                throw .lineOutOfRange(line: line, lineCount: count)
            }
            for line in lines {
                if let note = credited[line] { throw .lineAlreadyCredited(line: line, creditNote: note) }
            }
            return Array(Set(lines)).sorted()
        }
    }

    /// The credit note's document: the invoice's form with only `lines`, the discount only on a full credit, issued
    /// now as a credit note that refers to the invoice.
    static func document(
        _ record: InvoiceRecord, lines: [Int], fullCredit: Bool, number: String, issued: Date, seller: Seller,
        drafting: InvoiceDrafting
    ) throws(SettlementError) -> InvoiceDocument {
        var request = record.request
        request.items = lines.map { record.request.items[$0 - 1] }
        if !fullCredit { request.discount = nil }
        var document = drafting.document(request, number: number, issued: issued, due: issued, seller: seller)
        document.kind = .creditNote
        guard let issuedOn = try? CalendarDay(parsing: record.issuedOn) else {
            throw .invoice(
                .storage(
                    .coding(
                        CodingFailure(
                            direction: .decoding, typeName: "InvoiceRecord",
                            message: "\(record.number): the issue day '\(record.issuedOn)' is not YYYY-MM-DD"))))
        }
        document.precedingInvoice = PrecedingInvoice(number: record.number, issueDate: issuedOn)
        // Nothing is to be paid on a credit note: no due date; the terms say what it corrects (EN 16931 asks for
        // terms or a due date when the amount is positive, BR-CO-25).
        document.dueDate = nil
        document.paymentTerms = drafting.labels(for: record.request)[.correctsInvoice]
            .replacingOccurrences(of: "{number}", with: record.number)
            .replacingOccurrences(of: "{date}", with: record.issuedOn)
        document.paidAmount = 0
        return document
    }
}
