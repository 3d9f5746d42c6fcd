/// Runs `wrapped` only when a condition holds for the address, and succeeds without it otherwise: a step behind
/// a feature switch, or one that applies to some addresses only.
public struct ConditionalRegistrationService: RegistrationService {
    /// The step that runs when the condition holds.
    public let wrapped: any RegistrationService
    private let condition: @Sendable (String) async -> Bool

    /// Guards `wrapped` with `condition`, which receives the email and may be asynchronous (a remote flag).
    public init(_ wrapped: any RegistrationService, when condition: @escaping @Sendable (String) async -> Bool) {
        self.wrapped = wrapped
        self.condition = condition
    }

    /// Runs `wrapped` when the condition holds; otherwise returns without calling it.
    public func register(email: String) async throws(RegistrationError) {
        try RegistrationError.checkCancellation()
        guard await condition(email) else { return }
        try await wrapped.runStep(email: email)
    }
}

extension RegistrationService {
    /// This service, run only when `condition` holds for the email; skipped (succeeding) otherwise.
    public func when(_ condition: @escaping @Sendable (String) async -> Bool) -> ConditionalRegistrationService {
        ConditionalRegistrationService(self, when: condition)
    }
}
