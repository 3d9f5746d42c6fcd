/// Registers a user by email: the one protocol a registration screen knows.
public protocol RegistrationService: Sendable {
    /// Registers `email`, or throws why it could not.
    func register(email: String) async throws(RegistrationError)
}

/// Why a registration did not happen.
public enum RegistrationError: Error, Hashable, Sendable {
    /// The address is not acceptable; `codes` are the validation failure codes, for example `email.missingAt`.
    case invalidEmail(codes: [String])
    /// The address's domain is not allowed to register.
    case domainNotAllowed(domain: String)
    /// The address already has an account.
    case alreadyRegistered
    /// Too many attempts; try again after `retryAfter` seconds, if the server said.
    case rateLimited(retryAfter: Double?)
    /// The server or the connection failed; `underlying` describes the cause for logs.
    case server(underlying: String)
    /// The caller gave up before an answer arrived.
    case cancelled
}
