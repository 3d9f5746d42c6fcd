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

    /// The name the analytics events of a registration carry.
    static let name = "registration"

    /// The steps in the order they run. The package's declared-step assembly (`RegistrationPipeline`) orders them
    /// by phase, order and name, so the order of the lines above carries no meaning (which the union merge needs),
    /// and refuses an empty list, a blank name or two steps of one name; it is used for that and never run.
    static func ordered(_ context: OnboardingContext) throws(RegistrationPipelineError) -> [RegistrationStep] {
        try RegistrationPipeline(name: name, steps: all(context)).steps
    }

    /// The flow on `context`: the steps chained in their order with the package's `appending`, which starts a
    /// step only after the one before succeeded and never once the task is cancelled, and each observer around
    /// the whole chain with `recording(to:as:)`, so it sees one registration start and end.
    public static func registration(
        _ context: OnboardingContext
    ) throws(RegistrationPipelineError)
        -> any RegistrationService
    {
        let steps = try ordered(context)
        guard let first = steps.first else { throw .noSteps }
        let chain = steps.dropFirst().reduce(first.service) { chain, step -> any RegistrationService in
            chain.appending(step.service)
        }
        return observers(context).reduce(chain) { chain, observer -> any RegistrationService in
            chain.recording(to: observer, as: name)
        }
    }
}
