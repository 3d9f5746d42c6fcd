public import Foundation
public import Networking

/// The credit notes and payments resources of the Ledger API (served for development and tests by
/// `Scripts/dev-server`, whose `settlements.py` is the reference).
public enum SettlementsAPI {
    /// `POST /v1/credit-notes` (bearer) with the upload's `Idempotency-Key`: 201 with the stored credit note; the
    /// same key and body again replay the first answer.
    public static func upload(_ upload: CreditNoteUpload) -> Endpoint<StoredSettlementItem> {
        Endpoint(
            method: .post, path: "/v1/credit-notes", headers: ["Idempotency-Key": upload.idempotencyKey],
            body: upload.payload)
    }

    /// `POST /v1/payments` (bearer) with the event's `Idempotency-Key` (its payment id): 201 with the stored
    /// event.
    public static func post(_ event: PaymentEvent) -> Endpoint<StoredSettlementItem> {
        Endpoint(
            method: .post, path: "/v1/payments", headers: ["Idempotency-Key": event.idempotencyKey],
            body: event.payload)
    }
}

/// Uploads credit notes and payment events.
public protocol SettlementUploading: Sendable {
    /// Uploads a credit note; repeating the same value stores it once.
    func upload(_ creditNote: CreditNoteUpload) async throws(APIError) -> StoredSettlementItem
    /// Posts a payment event; repeating the same value stores it once.
    func post(_ payment: PaymentEvent) async throws(APIError) -> StoredSettlementItem
}

/// `SettlementUploading` over the Ledger API.
public struct APISettlementUploader: SettlementUploading {
    private let api: APIClient

    /// Creates an uploader sending through `api`, whose client should authenticate.
    public init(api: APIClient) {
        self.api = api
    }

    /// Uploads `creditNote`.
    public func upload(_ creditNote: CreditNoteUpload) async throws(APIError) -> StoredSettlementItem {
        try await api.send(SettlementsAPI.upload(creditNote))
    }

    /// Posts `payment`.
    public func post(_ payment: PaymentEvent) async throws(APIError) -> StoredSettlementItem {
        try await api.send(SettlementsAPI.post(payment))
    }
}

/// A credit note to upload, with the idempotency key minted when it was issued.
public struct CreditNoteUpload: Hashable, Sendable {
    /// The credit note's number.
    public var number: String
    /// The invoice it corrects.
    public var invoiceNumber: String
    /// The customer's name.
    public var customer: String
    /// ISO 4217 code, upper case.
    public var currency: String
    /// The amount credited in minor units, positive.
    public var totalCents: Int?
    /// The issue date as `YYYY-MM-DD`.
    public var issuedOn: String
    /// The rendered PDF.
    public var pdf: Data
    /// `pdf`, `facturx` or `xrechnung`.
    public var format: String
    /// The XRechnung XML, sent beside the PDF.
    public var xml: Data?
    /// Sent as `Idempotency-Key`.
    public var idempotencyKey: String

    /// Creates an upload.
    public init(
        number: String, invoiceNumber: String, customer: String, currency: String, totalCents: Int?,
        issuedOn: String, pdf: Data, format: String, xml: Data?, idempotencyKey: String
    ) {
        self.number = number
        self.invoiceNumber = invoiceNumber
        self.customer = customer
        self.currency = currency
        self.totalCents = totalCents
        self.issuedOn = issuedOn
        self.pdf = pdf
        self.format = format
        self.xml = xml
        self.idempotencyKey = idempotencyKey
    }

    var payload: Payload {
        Payload(
            number: number, invoiceNumber: invoiceNumber, customer: customer, currency: currency,
            totalCents: totalCents, issuedOn: issuedOn, pdfBase64: pdf.base64EncodedString(), format: format,
            xmlBase64: xml?.base64EncodedString())
    }

    struct Payload: Encodable, Sendable {
        var number: String
        var invoiceNumber: String
        var customer: String
        var currency: String
        var totalCents: Int?
        var issuedOn: String
        var pdfBase64: String
        var format: String
        var xmlBase64: String?

        enum CodingKeys: String, CodingKey {
            case number, customer, currency, format
            case invoiceNumber = "invoice_number"
            case totalCents = "total_cents"
            case issuedOn = "issued_on"
            case pdfBase64 = "pdf_base64"
            case xmlBase64 = "xml_base64"
        }
    }
}

/// A payment received, as the server keeps it: the event of one recorded payment.
public struct PaymentEvent: Hashable, Sendable {
    /// The payment's id on this machine (`P-3`).
    public var paymentID: String
    /// The invoice it pays.
    public var invoiceNumber: String
    /// ISO 4217 code, upper case.
    public var currency: String
    /// The amount in minor units.
    public var amountCents: Int?
    /// The day it was paid, `YYYY-MM-DD`.
    public var paidOn: String
    /// What the payer quoted.
    public var reference: String?
    /// Sent as `Idempotency-Key`: stable for the payment, so a repeated post stores one event.
    public var idempotencyKey: String

    /// Creates an event.
    public init(
        paymentID: String, invoiceNumber: String, currency: String, amountCents: Int?, paidOn: String,
        reference: String?, idempotencyKey: String
    ) {
        self.paymentID = paymentID
        self.invoiceNumber = invoiceNumber
        self.currency = currency
        self.amountCents = amountCents
        self.paidOn = paidOn
        self.reference = reference
        self.idempotencyKey = idempotencyKey
    }

    var payload: Payload {
        Payload(
            paymentID: paymentID, invoiceNumber: invoiceNumber, currency: currency, amountCents: amountCents,
            paidOn: paidOn, reference: reference)
    }

    struct Payload: Encodable, Sendable {
        var paymentID: String
        var invoiceNumber: String
        var currency: String
        var amountCents: Int?
        var paidOn: String
        var reference: String?

        enum CodingKeys: String, CodingKey {
            case currency, reference
            case paymentID = "payment_id"
            case invoiceNumber = "invoice_number"
            case amountCents = "amount_cents"
            case paidOn = "paid_on"
        }
    }
}

/// A credit note or a payment event as the server stored it.
public struct StoredSettlementItem: Hashable, Sendable, Codable {
    /// The server's id (`cn_...` or `pay_...`).
    public var id: String
    /// When the server stored it (ISO 8601).
    public var createdAt: String

    /// Creates a value.
    public init(id: String, createdAt: String) {
        self.id = id
        self.createdAt = createdAt
    }

    enum CodingKeys: String, CodingKey {
        case id
        case createdAt = "created_at"
    }
}
