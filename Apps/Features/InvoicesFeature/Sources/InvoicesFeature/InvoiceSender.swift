import Foundation
public import Rendering
public import Storage

/// The upload step a new invoice and a retry share: send a stored invoice with its idempotency key, then record the
/// server's id. A failed upload is not an error: the invoice stays stored on this machine and the submission says
/// why, so a retry can send it again.
public struct InvoiceSender: Sendable {
    private let uploader: any InvoiceUploading
    private let isSignedIn: @Sendable () async -> Bool
    private let records: any DocumentSaving
    private let currency: @Sendable (String) -> Currency

    /// Sends through `uploader` when `isSignedIn`, records the server's id in `records`, and counts the total's minor
    /// units with `currency`.
    public init(
        uploader: any InvoiceUploading, isSignedIn: @escaping @Sendable () async -> Bool,
        records: any DocumentSaving, currency: @escaping @Sendable (String) -> Currency
    ) {
        self.uploader = uploader
        self.isSignedIn = isSignedIn
        self.records = records
        self.currency = currency
    }

    /// Uploads the stored invoice `file` with its PDF and, for an e-invoice, its format and XML (XRechnung's XML
    /// travels beside the PDF; a Factur-X PDF already carries it); never throws.
    func send(_ file: InvoiceFile) async -> InvoiceSubmission {
        let record = file.record
        guard await isSignedIn() else {
            return .storedLocally(
                record,
                UploadFailure(reason: .notSignedIn, detail: "no session on this machine: register or sign in first"))
        }
        let code = record.request.currencyCode.uppercased()
        let upload = InvoiceUpload(
            number: record.number, customer: record.request.client, currency: code,
            totalCents: Self.minorUnits(of: record.total, in: currency(code)), issuedOn: record.issuedOn, pdf: file.pdf,
            format: record.request.format.rawValue, xml: record.request.format == .xrechnung ? file.xml : nil,
            idempotencyKey: record.idempotencyKey)
        do {
            let stored = try await uploader.upload(upload)
            var uploaded = record
            uploaded.serverID = stored.id
            do {
                try await InvoiceFiles.save(uploaded, to: records)
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
}

extension InvoiceSender {
    /// Reads back the invoice `number` just stored in `documents` and uploads it: the last step of every way of
    /// issuing an invoice.
    func deliver(
        _ number: String, from documents: any DocumentLoading
    ) async throws(InvoiceError)
        -> InvoiceSubmission
    {
        await send(try await InvoiceFiles.invoice(number, in: documents))
    }
}
