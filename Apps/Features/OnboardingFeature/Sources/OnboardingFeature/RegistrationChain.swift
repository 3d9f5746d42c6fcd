public import Networking
public import Registration
public import Validation

/// The registration flow, in order: the email check (staff domains forgiven), the blocked domains, creating the
/// account, signing in with it, and analytics around all of it.
public enum RegistrationChain {
    /// The chain on `api`, keeping the session in `session`, checking addresses with `validator`, reporting
    /// events to `events`.
    public static func make(
        configuration: OnboardingConfiguration, validator: any EmailValidating, api: APIClient,
        session: any TokenStore, events: any RegistrationEventSink
    ) -> any RegistrationService {
        EmailCheckRegistrationService { validator.validate(email: $0).map(\.code.rawValue) }
            .allowingFailures(forDomainsIn: configuration.staffDomains, forgiving: [.invalidEmail])
            .appending(BlockedDomainsRegistrationService(blocked: configuration.blockedDomains))
            .appending(CreateAccountStep(api: api))
            .appending(SignInStep(api: api, session: session))
            .recording(to: events, as: "registration")
    }
}
