/// A ``RegistrationService`` made from a closure: the one-line adapter the composition root uses to turn another
/// package's capability (an email validator, an API client) into a registration step without a new type.
///
/// ```swift
/// let api = AnyRegistrationService { email throws(RegistrationError) in
///     try await client.register(email)
/// }
/// ```
public struct AnyRegistrationService: RegistrationService {
    private let body: @Sendable (String) async throws(RegistrationError) -> Void

    /// Wraps `body`, which registers an email or throws a ``RegistrationError``.
    public init(_ body: @escaping @Sendable (String) async throws(RegistrationError) -> Void) {
        self.body = body
    }

    /// Wraps `body`, whose untyped errors are mapped with ``RegistrationError/init(_:)``: a `CancellationError`
    /// becomes `.cancelled`, a ``RegistrationError`` is kept, anything else becomes `.server`.
    public init(catching body: @escaping @Sendable (String) async throws -> Void) {
        self.body = { email throws(RegistrationError) in
            do {
                try await body(email)
            } catch {
                throw RegistrationError(error)
            }
        }
    }

    /// Runs the closure.
    public func register(email: String) async throws(RegistrationError) {
        try await body(email)
    }
}
