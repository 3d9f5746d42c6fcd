public import Foundation
public import Rendering
public import Storage
public import Validation

/// The invoice form end to end: the Validation package checks the draft, the Rendering package renders the PDF,
/// the Storage package numbers and keeps it, and the invoices resource of the Ledger API receives it.
///
/// Each invoice is two documents, `<number>.json` (the record) and `<number>.pdf`, created together with their
/// number in one operation of the store, so numbers are unique across tasks and processes and a record always
/// has its PDF.
public struct InvoiceDesk: InvoiceSubmitting, InvoiceArchiving, InvoiceUploadRetrying, InvoiceDuplicating {
    /// What the desk works with; the composition root fills it with live parts, tests with fakes.
    public struct Dependencies: Sendable {
        /// The invoice rules.
        public var validator: any InvoiceValidating
        /// The wording of every failure.
        public var messages: ValidationMessages
        /// The templates by id.
        public var templates: InvoiceTemplateRegistry
        /// The ids the form offers.
        public var templateIDs: [String]
        /// Where records and PDFs are kept, numbered by the store.
        public var documents: any DocumentStore & NumberedDocumentCreating
        /// Where invoices are uploaded.
        public var uploader: any InvoiceUploading
        /// Whether a session exists, so an upload is not tried without one.
        public var isSignedIn: @Sendable () async -> Bool
        /// The current time: the issue date.
        public var now: @Sendable () -> Date
        /// The calendar issue and due days are counted in.
        public var calendar: Calendar
        /// How money and dates are printed on the PDF.
        public var locale: RenderingLocale
        /// The wording of the PDF's titles and totals.
        public var labels: InvoiceLabels
        /// Who issues the invoices, read at every submission so a changed setting applies at once; fails with
        /// `sellerUnavailable` when it cannot be read.
        public var seller: @Sendable () async throws(InvoiceError) -> Seller
        /// The currency, with its minor units, for an ISO 4217 code.
        public var currency: @Sendable (String) -> Currency

        /// Creates the dependencies.
        public init(
            validator: any InvoiceValidating, messages: ValidationMessages, templates: InvoiceTemplateRegistry,
            templateIDs: [String], documents: any DocumentStore & NumberedDocumentCreating,
            uploader: any InvoiceUploading,
            isSignedIn: @escaping @Sendable () async -> Bool, now: @escaping @Sendable () -> Date,
            calendar: Calendar, locale: RenderingLocale, labels: InvoiceLabels = .english,
            seller: @escaping @Sendable () async throws(InvoiceError) -> Seller,
            currency: @escaping @Sendable (String) -> Currency
        ) {
            self.validator = validator
            self.messages = messages
            self.templates = templates
            self.templateIDs = templateIDs
            self.documents = documents
            self.uploader = uploader
            self.isSignedIn = isSignedIn
            self.now = now
            self.calendar = calendar
            self.locale = locale
            self.labels = labels
            self.seller = seller
            self.currency = currency
        }
    }

    private let dependencies: Dependencies

    /// Creates a desk.
    public init(_ dependencies: Dependencies) {
        self.dependencies = dependencies
    }

    private func dayText(_ date: Date) -> String {
        CalendarDay(date, in: dependencies.calendar.timeZone).iso8601
    }

    // MARK: Submitting

    /// Validates, renders, stores, then uploads `request`.
    public func submit(_ request: InvoiceRequest) async throws(InvoiceError) -> InvoiceSubmission {
        guard dependencies.templateIDs.contains(request.template) else {
            throw .unknownTemplate(request.template, available: dependencies.templateIDs)
        }
        let issued = dependencies.now()
        let due = request.dueDate ?? dependencies.calendar.date(byAdding: .day, value: 30, to: issued) ?? issued
        let problems = check(request, issued: issued, due: due)
        guard problems.isEmpty else { throw .invalid(problems) }

        let seller = try await dependencies.seller()
        let renderer = dependencies.templates.renderer(for: InvoiceTemplateID(rawValue: request.template))
        let sequence: NumberSequence
        do {
            sequence = try NumberSequence(InvoiceNumber.sequenceName)
        } catch {
            throw .storage(error)
        }
        let created: NumberedDocuments
        do throws(NumberedCreationError<InvoiceError>) {
            // The number is reserved and the record and the PDF (which print it) are stored in one transaction
            // of the store, across tasks and processes: two submissions never share a number, and a crash
            // leaves both documents or neither.
            created = try await dependencies.documents.createNumberedDocuments(in: sequence) {
                [self] sequenceNumber throws(InvoiceError) in
                let number = InvoiceNumber.formatted(sequenceNumber)
                let document = renderingDocument(request, number: number, issued: issued, due: due, seller: seller)
                let pdf: Data
                let totals: InvoiceTotals
                do throws(RenderingError) {
                    pdf = try renderer.render(document)
                    totals = try InvoiceTotals(of: document)
                } catch {
                    throw .rendering(error)
                }
                let record = InvoiceRecord(
                    number: number, request: request, issuedOn: dayText(issued), dueOn: dayText(due),
                    lineAmounts: totals.lineAmounts, subtotal: totals.subtotal,
                    tax: totals.taxes.reduce(Decimal(0)) { $0 + $1.taxAmount }, total: totals.total, serverID: nil,
                    idempotencyKey: UUID().uuidString)
                do throws(StorageError) {
                    return [try Self.pdfDraft(record, pdf: pdf), try Self.recordDraft(record)]
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
        let file = try await invoice(number: InvoiceNumber.formatted(created.number))
        return await upload(file.record, pdf: file.pdf)
    }

    /// Every problem with the form: the invoice rules of the Validation package, which also cover what the
    /// renderer needs (amount limits, decimals, tax, characters the fonts can draw).
    private func check(_ request: InvoiceRequest, issued: Date, due: Date) -> [ValidationProblem] {
        let draft = InvoiceDraft(
            clientName: request.client,
            lineItems: request.items.enumerated().map { index, item in
                LineItem(
                    id: String(index + 1), description: item.description, quantity: item.quantity,
                    unitPrice: item.unitPrice)
            },
            currencyCode: request.currencyCode, issueDate: issued, dueDate: due, taxPercent: request.taxPercent,
            notes: request.notes)
        return dependencies.messages.problems(for: dependencies.validator.validate(invoice: draft))
    }

    private func renderingDocument(
        _ request: InvoiceRequest, number: String, issued: Date, due: Date, seller: Seller
    ) -> InvoiceDocument {
        let timeZone = dependencies.calendar.timeZone
        let taxRate = TaxRate(percent: request.taxPercent ?? 0)
        return InvoiceDocument(
            number: number,
            issueDate: CalendarDay(issued, in: timeZone),
            dueDate: CalendarDay(due, in: timeZone),
            seller: InvoiceParty(name: seller.name, lines: seller.address, taxID: seller.taxID, iban: seller.iban),
            client: InvoiceParty(name: request.client.trimmingCharacters(in: .whitespacesAndNewlines)),
            currency: dependencies.currency(request.currencyCode.uppercased()),
            lineItems: request.items.map {
                InvoiceLineItem(
                    description: $0.description, quantity: $0.quantity, unitPrice: $0.unitPrice,
                    taxRate: taxRate)
            },
            notes: request.notes,
            locale: dependencies.locale,
            labels: dependencies.labels)
    }

    // MARK: Storing

    /// The PDF of an invoice as a document.
    private static func pdfDraft(_ record: InvoiceRecord, pdf: Data) throws(StorageError) -> DocumentDraft {
        DocumentDraft(
            id: try DocumentID("\(record.number).pdf"), contentType: DocumentContentType.pdf,
            attributes: ["number": record.number, "client": record.request.client], bytes: pdf)
    }

    /// The record of an invoice (the form, the totals, the server id, the idempotency key) as a document.
    private static func recordDraft(_ record: InvoiceRecord) throws(StorageError) -> DocumentDraft {
        let data: Data
        do {
            data = try encoder.encode(record)
        } catch {
            throw .coding(CodingFailure(direction: .encoding, typeName: "InvoiceRecord", message: "\(error)"))
        }
        return DocumentDraft(
            id: try DocumentID("\(record.number).json"), contentType: DocumentContentType.json,
            attributes: ["number": record.number, "uploaded": record.serverID == nil ? "no" : "yes"], bytes: data)
    }

    private func save(_ record: InvoiceRecord) async throws(StorageError) {
        try await dependencies.documents.save(try Self.recordDraft(record))
    }

    private static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return encoder
    }()

    // MARK: Uploading

    private func upload(_ record: InvoiceRecord, pdf: Data) async -> InvoiceSubmission {
        guard await dependencies.isSignedIn() else {
            return .storedLocally(
                record,
                UploadFailure(reason: .notSignedIn, detail: "no session on this machine: register or sign in first"))
        }
        let upload = InvoiceUpload(
            number: record.number, customer: record.request.client, currency: record.request.currencyCode.uppercased(),
            totalCents: Self.minorUnits(
                of: record.total, in: dependencies.currency(record.request.currencyCode.uppercased())),
            issuedOn: record.issuedOn,
            pdf: pdf, idempotencyKey: record.idempotencyKey)
        do {
            let stored = try await dependencies.uploader.upload(upload)
            var uploaded = record
            uploaded.serverID = stored.id
            do {
                try await save(uploaded)
            } catch {
                // The server has it; the next upload replays the same key and records the id then.
                return .storedLocally(
                    record, UploadFailure(reason: .serverError, detail: "uploaded, but not recorded here: \(error)"))
            }
            return .uploaded(uploaded)
        } catch {
            return .storedLocally(record, UploadFailure(error))
        }
    }

    private static func minorUnits(of total: Decimal, in currency: Currency) -> Int? {
        var scaled = total * pow(10, currency.minorUnits)
        var rounded = Decimal()
        NSDecimalRound(&rounded, &scaled, 0, .plain)
        return Int(exactly: NSDecimalNumber(decimal: rounded).int64Value)
    }

    // MARK: Reading

    /// See the protocol.
    public func list() async throws(InvoiceError) -> [InvoiceRecord] {
        try await records().sorted { $0.number < $1.number }
    }

    private func records() async throws(InvoiceError) -> [InvoiceRecord] {
        let documents: [DocumentMetadata]
        do {
            documents = try await dependencies.documents.list()
        } catch {
            throw .storage(error)
        }
        var records: [InvoiceRecord] = []
        for metadata in documents
        where metadata.contentType == DocumentContentType.json && metadata.id.rawValue.hasPrefix(InvoiceNumber.prefix) {
            records.append(try await record(metadata.id))
        }
        return records
    }

    private func record(_ id: DocumentID) async throws(InvoiceError) -> InvoiceRecord {
        let document: Document?
        do {
            document = try await dependencies.documents.load(id)
        } catch {
            throw .storage(error)
        }
        guard let document else { throw .notFound(String(id.rawValue.dropLast(5))) }
        do {
            return try JSONDecoder().decode(InvoiceRecord.self, from: document.bytes)
        } catch {
            throw .storage(
                .coding(
                    CodingFailure(direction: .decoding, typeName: "InvoiceRecord", message: "\(id.rawValue): \(error)"))
            )
        }
    }

    /// See the protocol.
    public func invoice(number: String) async throws(InvoiceError) -> InvoiceFile {
        let record = try await record(try id(number, "json"))
        let pdfID = try id(number, "pdf")
        let pdf: Document?
        do {
            pdf = try await dependencies.documents.load(pdfID)
        } catch {
            throw .storage(error)
        }
        guard let pdf else { throw .notFound(number) }
        return InvoiceFile(record: record, pdf: pdf.bytes)
    }

    /// The document id of `number`'s record or PDF; a number that cannot be an id names no invoice.
    private func id(_ number: String, _ suffix: String) throws(InvoiceError) -> DocumentID {
        guard InvoiceNumber.isWellFormed(number), let id = try? DocumentID("\(number).\(suffix)") else {
            throw .notFound(number)
        }
        return id
    }

    /// See the protocol.
    public func upload(number: String) async throws(InvoiceError) -> InvoiceSubmission {
        let file = try await invoice(number: number)
        guard file.record.serverID == nil else { return .uploaded(file.record) }
        return await upload(file.record, pdf: file.pdf)
    }

    /// See the protocol.
    public func duplicate(number: String) async throws(InvoiceError) -> InvoiceSubmission {
        var request = try await invoice(number: number).record.request
        request.dueDate = nil
        return try await submit(request)
    }
}
