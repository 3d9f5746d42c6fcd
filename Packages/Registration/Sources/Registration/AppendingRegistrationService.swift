/// Runs `second` only after `first` succeeds: how a flow grows a step (validation, then a security check,
/// then the API call) without either step knowing about the other.
public struct AppendingRegistrationService: RegistrationService {
    /// The step that runs first; its failure is the chain's failure.
    public let first: any RegistrationService
    /// The step that runs after `first` succeeds.
    public let second: any RegistrationService

    /// Chains `first` and then `second`.
    public init(first: any RegistrationService, then second: any RegistrationService) {
        self.first = first
        self.second = second
    }

    /// Runs `first`, then `second`; throws the first failure, or `.cancelled` when the task is cancelled
    /// before a step starts.
    public func register(email: String) async throws(RegistrationError) {
        try await first.runStep(email: email)
        try await second.runStep(email: email)
    }
}

extension RegistrationService {
    /// This service, then `next` once this one succeeded.
    public func appending(_ next: any RegistrationService) -> AppendingRegistrationService {
        AppendingRegistrationService(first: self, then: next)
    }
}
