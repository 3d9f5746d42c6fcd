/// Sends one HTTP request and returns the response, whatever its status.
///
/// The single capability every transport and decorator provides. Status codes are data here, not errors: a 503
/// is a response a retry decorator may act on, and only the JSON layer (``APIClient``) turns a 4xx or 5xx into an
/// error. Implementations must honour task cancellation promptly (throwing `.cancelled`), because timeouts,
/// deadlines and de-duplication cancel the requests they no longer need.
public protocol HTTPClient: Sendable {
    /// Sends `request` and returns the server's response.
    func send(_ request: HTTPRequest) async throws(HTTPClientError) -> HTTPResponse
}

extension HTTPClient {
    /// Runs `send` and captures its outcome, so decorators can inspect it without a `do`/`catch` at every step.
    @inline(__always)
    func outcome(of request: HTTPRequest) async -> Result<HTTPResponse, HTTPClientError> {
        do throws(HTTPClientError) {
            return .success(try await send(request))
        } catch {
            return .failure(error)
        }
    }
}
