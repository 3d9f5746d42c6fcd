import Foundation
public import Storage

/// The upload step of credit notes and payments: a stored credit note is sent with its idempotency key and its
/// server id recorded; a payment is posted as an event. A failed upload is not an error: what was stored stays on
/// this machine and the result says why, as for invoices.
public struct SettlementSender: Sendable {
    private let uploader: any SettlementUploading
    private let isSignedIn: @Sendable () async -> Bool
    private let records: any DocumentSaving

    /// Sends through `uploader` when `isSignedIn`, recording a credit note's server id in `records`.
    public init(
        uploader: any SettlementUploading, isSignedIn: @escaping @Sendable () async -> Bool,
        records: any DocumentSaving
    ) {
        self.uploader = uploader
        self.isSignedIn = isSignedIn
        self.records = records
    }

    /// Uploads the stored credit note `file` (XRechnung's XML beside the PDF; a Factur-X PDF carries it); never
    /// throws.
    func send(_ file: CreditNoteFile) async -> (record: CreditNoteRecord, failure: UploadFailure?) {
        let record = file.record
        guard await isSignedIn() else { return (record, Self.notSignedIn) }
        let upload = CreditNoteUpload(
            number: record.number, invoiceNumber: record.invoiceNumber, customer: record.client,
            currency: record.currencyCode, totalCents: Self.minorUnits(record.amount, record.currencyCode),
            issuedOn: record.issuedOn, pdf: file.pdf, format: record.format.rawValue,
            xml: record.format == .xrechnung ? file.xml : nil, idempotencyKey: record.idempotencyKey)
        do {
            let stored = try await uploader.upload(upload)
            var uploaded = record
            uploaded.serverID = stored.id
            do {
                try await records.save(try SettlementFiles.recordDraft(uploaded))
            } catch {
                return (record, UploadFailure(reason: .serverError, detail: "uploaded, but not recorded here"))
            }
            return (uploaded, nil)
        } catch {
            return (record, UploadFailure(error))
        }
    }

    /// Posts `payment` of `invoice` as an event; nil when the server has it.
    func send(_ payment: SettlementPayment, of invoice: InvoiceRecord) async -> UploadFailure? {
        guard await isSignedIn() else { return Self.notSignedIn }
        let code = invoice.request.currencyCode.uppercased()
        let event = PaymentEvent(
            paymentID: payment.id, invoiceNumber: invoice.number, currency: code,
            amountCents: Self.minorUnits(payment.amount, code), paidOn: payment.date, reference: payment.reference,
            idempotencyKey: "\(invoice.idempotencyKey).\(payment.id)")
        do {
            _ = try await uploader.post(event)
            return nil
        } catch {
            return UploadFailure(error)
        }
    }

    private static let notSignedIn = UploadFailure(
        reason: .notSignedIn, detail: "no session on this machine: register or sign in first")

    /// `amount` in the minor units of `code`, as the API counts money.
    static func minorUnits(_ amount: Decimal, _ code: String) -> Int? {
        var scaled = amount * pow(10, SettlementAmount.minorUnits(code))
        var rounded = Decimal()
        NSDecimalRound(&rounded, &scaled, 0, .plain)
        return Int(exactly: NSDecimalNumber(decimal: rounded).int64Value)
    }
}
