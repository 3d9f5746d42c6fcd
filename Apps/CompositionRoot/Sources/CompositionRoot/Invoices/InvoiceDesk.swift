import Foundation

/// The invoice form of the case study, end to end: the Validation package checks the draft, the Rendering
/// package renders the PDF, the Storage package keeps it, and the Networking package uploads it.
///
/// An actor, so two submissions from one process never take the same number. Each invoice is two documents:
/// `<number>.json` (the record) and `<number>.pdf`.
actor InvoiceDesk: InvoiceSubmitting, InvoiceArchiving, InvoiceUploadRetrying, InvoiceDuplicating {
    struct Dependencies: Sendable {
        let validator: any InvoiceValidating
        let messages: ValidationMessages
        let templates: InvoiceTemplateRegistry
        let templateIDs: [String]
        let documents: any DocumentStore
        let uploader: any InvoiceUploading
        let isSignedIn: @Sendable () async -> Bool
        let now: @Sendable () -> Date
        let calendar: Calendar
        let locale: RenderingLocale
        let seller: LedgerFactory.Seller
    }

    private let dependencies: Dependencies
    private var days: DayFormat { DayFormat(calendar: dependencies.calendar) }

    init(_ dependencies: Dependencies) {
        self.dependencies = dependencies
    }

    // MARK: Submitting

    func submit(_ request: InvoiceRequest) async throws(InvoiceError) -> InvoiceSubmission {
        guard dependencies.templateIDs.contains(request.template) else {
            throw .unknownTemplate(request.template, available: dependencies.templateIDs)
        }
        let issued = dependencies.now()
        let due = request.dueDate ?? dependencies.calendar.date(byAdding: .day, value: 30, to: issued) ?? issued
        let problems = check(request, issued: issued, due: due)
        guard problems.isEmpty else { throw .invalid(problems) }

        let number = try await nextNumber()
        let document = renderingDocument(request, number: number, issued: issued, due: due)
        let pdf: Data
        let total: Decimal
        do {
            pdf = try dependencies.templates.renderer(for: InvoiceTemplateID(rawValue: request.template))
                .render(document)
            total = try InvoiceTotals(of: document).total
        } catch {
            throw .rendering(error)
        }
        let record = InvoiceRecord(
            number: number, request: request, issuedOn: days.string(from: issued), dueOn: days.string(from: due),
            total: total, serverID: nil, idempotencyKey: UUID().uuidString)
        try await store(record, pdf: pdf)
        return await upload(record, pdf: pdf)
    }

    /// Every problem with the form: the invoice rules of the Validation package plus the tax rate.
    private func check(_ request: InvoiceRequest, issued: Date, due: Date) -> [InputProblem] {
        let draft = InvoiceDraft(
            clientName: request.client,
            lineItems: request.items.enumerated().map { index, item in
                LineItem(
                    id: String(index + 1), description: item.description, quantity: item.quantity,
                    unitPrice: item.unitPrice)
            },
            currencyCode: request.currencyCode, issueDate: issued, dueDate: due)
        var problems = dependencies.validator.validate(invoice: draft).map { dependencies.messages.problem(for: $0) }
        if let tax = request.taxPercent, tax.isNaN || tax < 0 || tax > 100 {
            problems.append(
                InputProblem(
                    code: "invoice.taxRateOutOfRange", path: "taxPercent",
                    message: "The tax rate must be between 0 and 100 percent."))
        }
        return problems
    }

    private func renderingDocument(
        _ request: InvoiceRequest, number: String, issued: Date, due: Date
    ) -> InvoiceDocument {
        let timeZone = dependencies.calendar.timeZone
        let taxRate = TaxRate(percent: request.taxPercent ?? 0)
        return InvoiceDocument(
            number: number,
            issueDate: CalendarDay(issued, in: timeZone),
            dueDate: CalendarDay(due, in: timeZone),
            seller: InvoiceParty(name: dependencies.seller.name, lines: dependencies.seller.address),
            client: InvoiceParty(name: request.client.trimmingCharacters(in: .whitespacesAndNewlines)),
            currency: Currency.named(request.currencyCode.uppercased()),
            lineItems: request.items.map {
                InvoiceLineItem(
                    description: $0.description, quantity: Decimal($0.quantity), unitPrice: $0.unitPrice,
                    taxRate: taxRate)
            },
            notes: request.notes,
            locale: dependencies.locale)
    }

    /// The next free number, `INV-0001` upwards, one past the highest stored.
    private func nextNumber() async throws(InvoiceError) -> String {
        let highest = try await records().compactMap { Int($0.number.dropFirst(Self.prefix.count)) }.max() ?? 0
        return Self.prefix + String(format: "%04d", highest + 1)
    }

    private static let prefix = "INV-"

    // MARK: Storing

    private func store(_ record: InvoiceRecord, pdf: Data) async throws(InvoiceError) {
        do {
            // The PDF first: a record without its PDF would list an invoice that cannot be opened.
            try await dependencies.documents.save(
                DocumentDraft(
                    id: try DocumentID("\(record.number).pdf"), contentType: DocumentContentType.pdf,
                    attributes: ["number": record.number, "client": record.request.client], bytes: pdf))
            try await save(record)
        } catch {
            throw .storage(error)
        }
    }

    private func save(_ record: InvoiceRecord) async throws(StorageError) {
        let data: Data
        do {
            data = try Self.encoder.encode(record)
        } catch {
            throw .coding(CodingFailure(direction: .encoding, typeName: "InvoiceRecord", message: "\(error)"))
        }
        try await dependencies.documents.save(
            DocumentDraft(
                id: try DocumentID("\(record.number).json"), contentType: DocumentContentType.json,
                attributes: ["number": record.number, "uploaded": record.serverID == nil ? "no" : "yes"],
                bytes: data))
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
            totalCents: Self.minorUnits(of: record.total, in: record.request.currencyCode), issuedOn: record.issuedOn,
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
            return .storedLocally(record, Self.failure(error))
        }
    }

    private static func minorUnits(of total: Decimal, in code: String) -> Int? {
        let currency = Currency.named(code.uppercased())
        var scaled = total * pow(10, currency.minorUnits)
        var rounded = Decimal()
        NSDecimalRound(&rounded, &scaled, 0, .plain)
        return Int(exactly: NSDecimalNumber(decimal: rounded).int64Value)
    }

    private static func failure(_ error: APIError) -> UploadFailure {
        switch error {
        case .http(let response) where response.status == 401:
            UploadFailure(reason: .notSignedIn, detail: "the server no longer accepts this session")
        case .transport(.refreshRejected), .transport(.excessiveRefresh):
            UploadFailure(reason: .notSignedIn, detail: "the session could not be renewed")
        case .http(let response) where response.status >= 500:
            UploadFailure(reason: .serverError, detail: "the server answered \(response.status)")
        case .http(let response):
            UploadFailure(
                reason: .rejected,
                detail: "the server answered \(response.status) \(response.code ?? "")"
                    + (response.message.map { ": \($0)" } ?? ""))
        case .transport(let failure):
            UploadFailure(reason: .unreachable, detail: "the server could not be reached (\(failure))")
        case .decoding, .encoding, .invalidEndpoint:
            UploadFailure(reason: .serverError, detail: "the server's answer could not be read (\(error))")
        }
    }

    // MARK: Reading

    func list() async throws(InvoiceError) -> [InvoiceRecord] {
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
        where metadata.contentType == DocumentContentType.json && metadata.id.rawValue.hasPrefix(Self.prefix) {
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

    func invoice(number: String) async throws(InvoiceError) -> InvoiceFile {
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
        guard number.hasPrefix(Self.prefix), let id = try? DocumentID("\(number).\(suffix)") else {
            throw .notFound(number)
        }
        return id
    }

    func upload(number: String) async throws(InvoiceError) -> InvoiceSubmission {
        let file = try await invoice(number: number)
        guard file.record.serverID == nil else { return .uploaded(file.record) }
        return await upload(file.record, pdf: file.pdf)
    }

    func duplicate(number: String) async throws(InvoiceError) -> InvoiceSubmission {
        var request = try await invoice(number: number).record.request
        request.dueDate = nil
        return try await submit(request)
    }
}
