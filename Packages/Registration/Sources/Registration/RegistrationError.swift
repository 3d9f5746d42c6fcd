/// Why a registration did not happen.
///
/// Callers switch over the cases (or compare `kind`), never over text: every case is a stable part of the
/// contract, and the associated values carry what a screen needs to explain the failure.
public enum RegistrationError: Error, Hashable, Sendable {
    /// The address is not acceptable; `codes` are stable validation failure codes, for example
    /// `email.missingAt`. They are plain strings because the codes belong to whichever validator produced them.
    case invalidEmail(codes: [String])
    /// The address's domain may not register; `domain` is the normalized domain (see ``EmailDomain``).
    case domainNotAllowed(domain: String)
    /// The address already has an account.
    case alreadyRegistered
    /// Too many attempts; try again after `retryAfter`, when the server said how long to wait.
    case rateLimited(retryAfter: Duration?)
    /// The server or the connection failed; `underlying` describes the cause for logs and support.
    case server(underlying: ServerFailure)
    /// The caller gave up (its task was cancelled) before an answer arrived.
    case cancelled
}

extension RegistrationError {
    /// The case of a ``RegistrationError`` without its associated values: what ``RegistrationService/fallback(_:on:)``
    /// and analytics select on, because a chosen set of failures must not depend on a server's wording or a retry
    /// delay.
    public enum Kind: String, Hashable, Sendable, CaseIterable {
        /// ``RegistrationError/invalidEmail(codes:)``.
        case invalidEmail
        /// ``RegistrationError/domainNotAllowed(domain:)``.
        case domainNotAllowed
        /// ``RegistrationError/alreadyRegistered``.
        case alreadyRegistered
        /// ``RegistrationError/rateLimited(retryAfter:)``.
        case rateLimited
        /// ``RegistrationError/server(underlying:)``.
        case server
        /// ``RegistrationError/cancelled``.
        case cancelled
    }

    /// The case of this error, for selecting errors by kind.
    public var kind: Kind {
        switch self {
        case .invalidEmail: .invalidEmail
        case .domainNotAllowed: .domainNotAllowed
        case .alreadyRegistered: .alreadyRegistered
        case .rateLimited: .rateLimited
        case .server: .server
        case .cancelled: .cancelled
        }
    }

    /// A server or transport failure kept as a value, so ``RegistrationError`` stays `Hashable` and `Sendable`
    /// while logs still learn what went wrong.
    public struct ServerFailure: Hashable, Sendable, CustomStringConvertible {
        /// The HTTP status the server answered with, when it answered at all.
        public let statusCode: Int?
        /// What went wrong, for logs; never shown to users and never compared by callers.
        public let reason: String

        /// Creates a failure from what the adapter of the API knows.
        public init(statusCode: Int? = nil, reason: String) {
            self.statusCode = statusCode
            self.reason = reason
        }

        /// Captures any error's type and description, so a transport error survives as text without making
        /// ``RegistrationError`` carry a non-`Sendable`, non-`Hashable` existential.
        public init(describing error: any Error) {
            self.init(reason: "\(type(of: error)): \(String(describing: error))")
        }

        /// `reason`, prefixed with the status when there is one.
        public var description: String {
            statusCode.map { "HTTP \($0): \(reason)" } ?? reason
        }
    }

    /// The code ``BlockedDomainsRegistrationService`` reports in ``invalidEmail(codes:)`` when it cannot read a
    /// domain from the address: a security check fails closed rather than letting an unreadable domain through.
    public static let unreadableDomainCode = "registration.unreadableDomain"

    /// Maps any error to a ``RegistrationError``, for adapters whose underlying API throws untyped errors:
    /// a ``RegistrationError`` is kept, `CancellationError` becomes `.cancelled`, anything else `.server`.
    public init(_ error: any Error) {
        switch error {
        case let error as RegistrationError: self = error
        case is CancellationError: self = .cancelled
        default: self = .server(underlying: ServerFailure(describing: error))
        }
    }

    /// Throws `.cancelled` when the current task is cancelled: the typed-throws counterpart of
    /// `Task.checkCancellation()`, used before every step so a cancelled flow calls nothing more.
    public static func checkCancellation() throws(RegistrationError) {
        if Task.isCancelled { throw .cancelled }
    }
}
