public import Foundation
public import Networking

/// The invoices resource of the Ledger API (served for development and tests by `Scripts/dev-server`, whose
/// `invoices.py` is the reference).
public enum InvoicesAPI {
    /// `POST /v1/invoices` (bearer) with the upload's `Idempotency-Key`: 201 with the stored invoice; the same
    /// key and body again replay the first answer, so a retried or repeated upload stores one invoice.
    public static func upload(_ upload: InvoiceUpload) -> Endpoint<StoredInvoice> {
        Endpoint(
            method: .post, path: "/v1/invoices", headers: ["Idempotency-Key": upload.idempotencyKey],
            body: upload.payload)
    }

    /// `GET /v1/invoices/{id}` (bearer): 404 `not_found` for unknown ids and other users' invoices; with
    /// `includingPDF` the PDF, with `includingXML` the XRechnung XML, base64 in the body.
    public static func invoice(
        id: String, includingPDF: Bool = false, includingXML: Bool = false
    ) -> Endpoint<StoredInvoice> {
        let include = (includingPDF ? ["pdf"] : []) + (includingXML ? ["xml"] : [])
        return Endpoint(
            method: .get, path: "/v1/invoices/\(Endpoint<StoredInvoice>.escape(id))",
            query: include.isEmpty ? [] : [(name: "include", value: include.joined(separator: ","))])
    }
}

/// Uploads an invoice and returns it as stored.
public protocol InvoiceUploading: Sendable {
    /// Uploads `invoice`; repeating the same value stores it once.
    func upload(_ invoice: InvoiceUpload) async throws(APIError) -> StoredInvoice
}

/// `InvoiceUploading` over the Ledger API (`POST /v1/invoices` with an `Idempotency-Key`).
public struct APIInvoiceUploader: InvoiceUploading {
    private let api: APIClient

    /// Creates an uploader sending through `api`, whose client should authenticate (and may retry: the
    /// idempotency key makes the POST retryable).
    public init(api: APIClient) {
        self.api = api
    }

    /// Uploads `invoice`.
    public func upload(_ invoice: InvoiceUpload) async throws(APIError) -> StoredInvoice {
        try await api.send(InvoicesAPI.upload(invoice))
    }
}

/// An invoice to upload, with the idempotency key that makes repeating the upload safe.
///
/// The key is minted when the upload value is made, not when it is sent, so sending the same value twice (a
/// retry, a double tap) stores one invoice.
public struct InvoiceUpload: Hashable, Sendable {
    /// The invoice number (required, at most 64 characters).
    public var number: String
    /// The customer's name.
    public var customer: String?
    /// ISO 4217 code, upper case.
    public var currency: String?
    /// The total in minor units.
    public var totalCents: Int?
    /// The issue date as `YYYY-MM-DD`.
    public var issuedOn: String?
    /// The rendered PDF (must start with `%PDF-`); for Factur-X the PDF/A-3 carrying `factur-x.xml`.
    public var pdf: Data?
    /// What the invoice was issued as: `pdf`, `facturx` (the PDF is the e-invoice) or `xrechnung` (`xml` is the
    /// e-invoice); nil for `pdf`.
    public var format: String?
    /// The XRechnung XML, sent beside the PDF.
    public var xml: Data?
    /// Sent as `Idempotency-Key`.
    public var idempotencyKey: String

    /// Creates an upload; a fresh random idempotency key unless one is given.
    public init(
        number: String,
        customer: String? = nil,
        currency: String? = nil,
        totalCents: Int? = nil,
        issuedOn: String? = nil,
        pdf: Data? = nil,
        format: String? = nil,
        xml: Data? = nil,
        idempotencyKey: String = UUID().uuidString
    ) {
        self.format = format
        self.xml = xml
        self.number = number
        self.customer = customer
        self.currency = currency
        self.totalCents = totalCents
        self.issuedOn = issuedOn
        self.pdf = pdf
        self.idempotencyKey = idempotencyKey
    }

    /// The JSON body of `POST /v1/invoices`.
    var payload: Payload {
        Payload(
            number: number, customer: customer, currency: currency, totalCents: totalCents, issuedOn: issuedOn,
            pdfBase64: pdf?.base64EncodedString(), format: format, xmlBase64: xml?.base64EncodedString())
    }

    struct Payload: Encodable, Sendable {
        var number: String
        var customer: String?
        var currency: String?
        var totalCents: Int?
        var issuedOn: String?
        var pdfBase64: String?
        var format: String?
        var xmlBase64: String?

        enum CodingKeys: String, CodingKey {
            case number, customer, currency, format
            case totalCents = "total_cents"
            case issuedOn = "issued_on"
            case pdfBase64 = "pdf_base64"
            case xmlBase64 = "xml_base64"
        }
    }
}

/// An invoice as the server stored it.
public struct StoredInvoice: Hashable, Sendable, Codable {
    /// The server's id (`inv_...`).
    public var id: String
    /// The invoice number.
    public var number: String
    /// The customer.
    public var customer: String?
    /// The currency.
    public var currency: String?
    /// The total in minor units.
    public var totalCents: Int?
    /// The issue date.
    public var issuedOn: String?
    /// Size of the stored PDF (0 without one).
    public var pdfBytes: Int
    /// SHA-256 of the stored PDF, hex.
    public var pdfSHA256: String?
    /// When the server stored it (ISO 8601).
    public var createdAt: String
    /// The PDF, when fetched with `includingPDF`, base64.
    public var pdfBase64: String?
    /// What the invoice was issued as (`pdf`, `facturx`, `xrechnung`); nil from a server that predates formats.
    public var format: String?
    /// Size of the stored XRechnung XML; nil or 0 without one.
    public var xmlBytes: Int?
    /// SHA-256 of the stored XML, hex.
    public var xmlSHA256: String?
    /// The XML, when fetched with `includingXML`, base64.
    public var xmlBase64: String?

    /// Creates a value.
    public init(
        id: String,
        number: String,
        customer: String? = nil,
        currency: String? = nil,
        totalCents: Int? = nil,
        issuedOn: String? = nil,
        pdfBytes: Int = 0,
        pdfSHA256: String? = nil,
        createdAt: String,
        pdfBase64: String? = nil,
        format: String? = nil,
        xmlBytes: Int? = nil,
        xmlSHA256: String? = nil,
        xmlBase64: String? = nil
    ) {
        self.format = format
        self.xmlBytes = xmlBytes
        self.xmlSHA256 = xmlSHA256
        self.xmlBase64 = xmlBase64
        self.id = id
        self.number = number
        self.customer = customer
        self.currency = currency
        self.totalCents = totalCents
        self.issuedOn = issuedOn
        self.pdfBytes = pdfBytes
        self.pdfSHA256 = pdfSHA256
        self.createdAt = createdAt
        self.pdfBase64 = pdfBase64
    }

    /// The PDF bytes, when fetched with `includingPDF` and valid base64.
    public var pdf: Data? {
        pdfBase64.flatMap { Data(base64Encoded: $0) }
    }

    /// The XML bytes, when fetched with `includingXML` and valid base64.
    public var xml: Data? {
        xmlBase64.flatMap { Data(base64Encoded: $0) }
    }

    enum CodingKeys: String, CodingKey {
        case id, number, customer, currency, format
        case totalCents = "total_cents"
        case issuedOn = "issued_on"
        case pdfBytes = "pdf_bytes"
        case pdfSHA256 = "pdf_sha256"
        case createdAt = "created_at"
        case pdfBase64 = "pdf_base64"
        case xmlBytes = "xml_bytes"
        case xmlSHA256 = "xml_sha256"
        case xmlBase64 = "xml_base64"
    }
}
