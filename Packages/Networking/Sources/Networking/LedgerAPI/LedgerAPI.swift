public import Foundation

/// The endpoints of the Ledger API (served for development and tests by `Scripts/dev-server`, version 1).
public enum LedgerAPI {
    /// `POST /v1/users`: 201 with the user; 409 `email_taken`; 422 `validation_failed` with field codes.
    public static func registerUser(email: String) -> Endpoint<RegisteredUser> {
        Endpoint(method: .post, path: "/v1/users", body: ["email": email])
    }

    /// `POST /v1/auth/token`: a first token for a registered user; 401 `invalid_credentials`.
    public static func issueToken(email: String) -> Endpoint<TokenGrant> {
        Endpoint(method: .post, path: "/v1/auth/token", body: ["email": email])
    }

    /// `POST /v1/auth/refresh`: the next token (the version goes up, the refresh token rotates);
    /// 401 `invalid_refresh_token`.
    public static func refreshToken(_ refreshToken: String) -> Endpoint<TokenGrant> {
        Endpoint(method: .post, path: "/v1/auth/refresh", body: ["refresh_token": refreshToken])
    }

    /// `GET /v1/me` (bearer): who the token belongs to and which token version the server saw.
    public static func currentUser() -> Endpoint<CurrentUser> {
        Endpoint(method: .get, path: "/v1/me")
    }

    /// `POST /v1/invoices` (bearer) with the upload's `Idempotency-Key`: 201 with the stored invoice; the same
    /// key and body again replay the first answer, so a retried or repeated upload stores one invoice.
    public static func uploadInvoice(_ upload: InvoiceUpload) -> Endpoint<StoredInvoice> {
        Endpoint(
            method: .post, path: "/v1/invoices", headers: ["Idempotency-Key": upload.idempotencyKey],
            body: upload.payload)
    }

    /// `GET /v1/invoices/{id}` (bearer): 404 `not_found` for unknown ids and other users' invoices.
    public static func invoice(id: String, includingPDF: Bool = false) -> Endpoint<StoredInvoice> {
        Endpoint(
            method: .get, path: "/v1/invoices/\(Endpoint<StoredInvoice>.escape(id))",
            query: includingPDF ? [(name: "include", value: "pdf")] : [])
    }

    /// `GET /v1/home/sections`: the raw JSON (`{"version": 1, "sections": [...]}`), left for the sections layer
    /// to parse, since one malformed section must not break the others.
    public static func homeSections() -> Endpoint<Data> {
        Endpoint<Data>.raw(method: .get, path: "/v1/home/sections")
    }
}

/// A registered user.
public struct RegisteredUser: Hashable, Sendable, Codable {
    /// The server's id (`usr_...`).
    public var id: String
    /// The email as registered.
    public var email: String

    /// Creates a user.
    public init(id: String, email: String) {
        self.id = id
        self.email = email
    }
}

/// The user a token belongs to.
public struct CurrentUser: Hashable, Sendable, Codable {
    /// The server's id.
    public var id: String
    /// The email.
    public var email: String
    /// The version of the token the request carried.
    public var tokenVersion: Int

    /// Creates a value.
    public init(id: String, email: String, tokenVersion: Int) {
        self.id = id
        self.email = email
        self.tokenVersion = tokenVersion
    }

    enum CodingKeys: String, CodingKey {
        case id, email
        case tokenVersion = "token_version"
    }
}

/// A token answer of `/v1/auth/token` or `/v1/auth/refresh`.
public struct TokenGrant: Hashable, Sendable, Codable, CustomStringConvertible {
    /// The bearer token (`v<version>.<random>`).
    public var accessToken: String
    /// The token for the next refresh.
    public var refreshToken: String
    /// `Bearer`.
    public var tokenType: String
    /// The session's token version, starting at 1.
    public var version: Int

    /// Creates a grant.
    public init(accessToken: String, refreshToken: String, tokenType: String = "Bearer", version: Int) {
        self.accessToken = accessToken
        self.refreshToken = refreshToken
        self.tokenType = tokenType
        self.version = version
    }

    /// The grant as the token the auth decorator stores.
    public var authToken: AuthToken {
        AuthToken(accessToken: accessToken, refreshToken: refreshToken, version: String(version))
    }

    /// Without the secrets.
    public var description: String { "TokenGrant(version: \(version))" }

    enum CodingKeys: String, CodingKey {
        case accessToken = "access_token"
        case refreshToken = "refresh_token"
        case tokenType = "token_type"
        case version
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
    /// The rendered PDF (must start with `%PDF-`).
    public var pdf: Data?
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
        idempotencyKey: String = UUID().uuidString
    ) {
        self.number = number
        self.customer = customer
        self.currency = currency
        self.totalCents = totalCents
        self.issuedOn = issuedOn
        self.pdf = pdf
        self.idempotencyKey = idempotencyKey
    }

    var payload: Payload {
        Payload(
            number: number, customer: customer, currency: currency, totalCents: totalCents, issuedOn: issuedOn,
            pdfBase64: pdf?.base64EncodedString())
    }

    struct Payload: Encodable, Sendable {
        var number: String
        var customer: String?
        var currency: String?
        var totalCents: Int?
        var issuedOn: String?
        var pdfBase64: String?

        enum CodingKeys: String, CodingKey {
            case number, customer, currency
            case totalCents = "total_cents"
            case issuedOn = "issued_on"
            case pdfBase64 = "pdf_base64"
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
        pdfBase64: String? = nil
    ) {
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

    enum CodingKeys: String, CodingKey {
        case id, number, customer, currency
        case totalCents = "total_cents"
        case issuedOn = "issued_on"
        case pdfBytes = "pdf_bytes"
        case pdfSHA256 = "pdf_sha256"
        case createdAt = "created_at"
        case pdfBase64 = "pdf_base64"
    }
}
