public import Networking

extension UploadFailure {
    /// The upload policy: how each way the invoices resource can fail is told to the person who submitted.
    /// A 401 or a refused refresh means signing in again; 5xx and unreadable answers are the server's fault;
    /// other 4xx answers are a rejection of this invoice; no answer at all means the server is unreachable, an
    /// answer that cannot be used (too large, a redirect that is not followed) is the server's fault.
    public init(_ error: APIError) {
        switch error {
        case .http(let response) where response.status == 401:
            self.init(reason: .notSignedIn, detail: "the server no longer accepts this session")
        case .transport(.refreshRejected), .transport(.excessiveRefresh):
            self.init(reason: .notSignedIn, detail: "the session could not be renewed")
        case .http(let response) where response.status >= 500:
            self.init(reason: .serverError, detail: "the server answered \(response.status)")
        case .http(let response):
            self.init(
                reason: .rejected,
                detail: "the server answered \(response.status) \(response.code ?? "")"
                    + (response.message.map { ": \($0)" } ?? ""))
        case .transport(let failure) where failure.isUnreachable:
            self.init(reason: .unreachable, detail: "the server could not be reached: \(failure)")
        case .transport(let failure):
            self.init(reason: .serverError, detail: "the server's answer could not be used: \(failure)")
        case .decoding, .encoding, .invalidEndpoint:
            self.init(reason: .serverError, detail: "the server's answer could not be read")
        }
    }
}
