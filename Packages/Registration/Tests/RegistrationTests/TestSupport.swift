import Essentials
import Foundation
import Registration

/// The error a registration ended with, or `nil` when it succeeded: lets a test compare outcomes as values.
func failure(of service: any RegistrationService, email: String) async -> RegistrationError? {
    do throws(RegistrationError) {
        try await service.register(email: email)
        return nil
    } catch {
        return error
    }
}

/// A non-registration error, as a transport would throw.
struct TransportFailure: Error, CustomStringConvertible {
    var description: String { "connection reset" }
}

/// One example of every case of `RegistrationError`.
let everyRegistrationError: [RegistrationError] = [
    .invalidEmail(codes: ["email.missingAt"]),
    .domainNotAllowed(domain: "blocked.test"),
    .alreadyRegistered,
    .rateLimited(retryAfter: .seconds(30)),
    .server(underlying: .init(statusCode: 500, reason: "boom")),
    .cancelled,
]

/// Counts calls from any thread.
final class CallCounter: Sendable {
    private let value = LockedValue(0)

    /// Adds one call.
    func increment() {
        value.withLock { $0 += 1 }
    }

    /// The calls so far.
    var count: Int { value.withLock { $0 } }
}
