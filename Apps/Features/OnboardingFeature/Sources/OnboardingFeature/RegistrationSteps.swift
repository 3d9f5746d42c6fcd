public import Registration

/// The registration flow: every step one line, in any order. Each step declares its own phase (validation,
/// policy, account, session), so where a line sits never changes the flow; this file is merged by union
/// (`.gitattributes`), so two teams adding a step each never conflict. Changing a step edits its own file under
/// `Steps/`; adding one adds a file and a line here.
public enum RegistrationSteps {
    /// The steps of registration.
    static func all(_ context: OnboardingContext) -> [RegistrationStep] {
        [
            .blockedDomains(context),
            .createAccount(context),
            .emailCheck(context),
            .signIn(context),
        ]
    }

    /// Whoever observes every registration (analytics), one line each.
    static func observers(_ context: OnboardingContext) -> [any RegistrationEventSink] {
        [
            LogRegistrationEvents(log: context.log)
        ]
    }

    /// The flow on `context`.
    public static func registration(
        _ context: OnboardingContext
    ) throws(RegistrationPipelineError)
        -> any RegistrationService
    {
        try RegistrationPipeline(name: "registration", steps: all(context), observers: observers(context))
    }
}
