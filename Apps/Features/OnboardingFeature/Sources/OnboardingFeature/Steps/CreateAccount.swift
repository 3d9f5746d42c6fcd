public import Networking
public import Registration

extension RegistrationStep {
    /// Creates the account on the server.
    static func createAccount(_ context: OnboardingContext) -> RegistrationStep {
        RegistrationStep("create-account", phase: .account, service: CreateAccountStep(api: context.api))
    }
}

/// Creates the account with `POST /v1/users`; the server's answers become `RegistrationError`s.
public struct CreateAccountStep: RegistrationService {
    private let api: APIClient

    /// Creates the step, sending through `api`.
    public init(api: APIClient) {
        self.api = api
    }

    /// Registers `email` with the server.
    public func register(email: String) async throws(RegistrationError) {
        do throws(APIError) {
            _ = try await api.send(UsersAPI.register(email: email))
        } catch {
            throw RegistrationError(error)
        }
    }
}
