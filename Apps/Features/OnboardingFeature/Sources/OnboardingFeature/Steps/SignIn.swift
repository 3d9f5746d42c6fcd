public import Networking
public import Registration

extension RegistrationStep {
    /// Signs in with the new account and keeps the session.
    static func signIn(_ context: OnboardingContext) -> RegistrationStep {
        RegistrationStep("sign-in", phase: .session, service: SignInStep(api: context.api, session: context.session))
    }
}

/// Signs in with the new account (`POST /v1/auth/token`) and keeps the session in `session`, so invoices can be
/// uploaded next.
public struct SignInStep: RegistrationService {
    private let api: APIClient
    private let session: any TokenStore

    /// Creates the step, sending through `api` and saving the token in `session`.
    public init(api: APIClient, session: any TokenStore) {
        self.api = api
        self.session = session
    }

    /// Issues a token for `email` and saves it.
    public func register(email: String) async throws(RegistrationError) {
        do throws(APIError) {
            let grant = try await api.send(SessionsAPI.issueToken(email: email))
            await session.save(grant.authToken)
        } catch {
            throw RegistrationError(error)
        }
    }
}
