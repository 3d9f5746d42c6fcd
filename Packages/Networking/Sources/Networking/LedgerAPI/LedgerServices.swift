public import Foundation

/// Refreshes tokens with the Ledger API's `POST /v1/auth/refresh`.
public struct LedgerTokenRefresher: TokenRefresher {
    private let baseURL: URL

    /// Creates a refresher for the API at `baseURL`.
    public init(baseURL: URL) {
        self.baseURL = baseURL
    }

    /// Sends the refresh through `client` (the client under the auth decorator). A token without a refresh token
    /// is `.refreshRejected(status: 401)`, any non-2xx answer `.refreshRejected(status:)` with its status (4xx:
    /// sign in again; 5xx: the server failed even after the retries beneath), an unreadable answer
    /// `.invalidResponse`.
    public func refresh(
        _ rejected: AuthToken, using client: any HTTPClient
    ) async throws(HTTPClientError)
        -> AuthToken
    {
        guard let refreshToken = rejected.refreshToken else { throw .refreshRejected(status: 401) }
        do {
            return try await APIClient(baseURL: baseURL, client: client)
                .send(LedgerAPI.refreshToken(refreshToken)).authToken
        } catch {
            switch error {
            case .transport(let failure): throw failure
            case .http(let response): throw .refreshRejected(status: response.status)
            default: throw .invalidResponse
            }
        }
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
        try await api.send(LedgerAPI.uploadInvoice(invoice))
    }
}
