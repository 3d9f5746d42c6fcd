/// Registers a user by email: the one protocol a registration screen knows.
///
/// Every behaviour of the flow (validation, domain rules, the API call, signing in) is a ``RegistrationService``
/// of its own, and the composition root assembles them into a ``RegistrationPipeline`` of declared steps (or
/// chains them with ``appending(_:)``, ``fallback(_:on:)``, ``when(_:)`` and ``recording(to:as:)``), so the screen
/// never changes when the flow does.
public protocol RegistrationService: Sendable {
    /// Registers `email`, or throws why it could not.
    ///
    /// Implementations that see their task cancelled should throw ``RegistrationError/cancelled``; the
    /// combinators of this package check for cancellation before every step, so a cancelled chain never starts
    /// its next step even when one step ignores cancellation.
    func register(email: String) async throws(RegistrationError)
}
