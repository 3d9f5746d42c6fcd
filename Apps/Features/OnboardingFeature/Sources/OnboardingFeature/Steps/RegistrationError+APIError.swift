public import Networking
public import Registration

extension RegistrationError {
    /// How the users and sign-in resources fail, as registration failures: 409 is `alreadyRegistered`, 422 the
    /// server's field codes (prefixed `server.`), 429 `rateLimited` with its `Retry-After`, a cancelled request
    /// `cancelled`, anything else `server`.
    public init(_ error: APIError) {
        switch error {
        case .http(let response) where response.status == 409:
            self = .alreadyRegistered
        case .http(let response) where response.status == 422:
            self = .invalidEmail(codes: response.fields.map { "server.\($0.code)" })
        case .http(let response) where response.status == 429:
            let seconds = response.headers["Retry-After"].flatMap { Int($0) }
            self = .rateLimited(retryAfter: seconds.map { .seconds($0) })
        case .http(let response):
            self = .server(
                underlying: .init(statusCode: response.status, reason: response.code ?? response.message ?? "error"))
        case .transport(.cancelled):
            self = .cancelled
        case .transport(let failure):
            self = .server(underlying: .init(reason: "the server could not be reached: \(failure)"))
        case .decoding, .encoding, .invalidEndpoint:
            self = .server(underlying: .init(describing: error))
        }
    }
}
