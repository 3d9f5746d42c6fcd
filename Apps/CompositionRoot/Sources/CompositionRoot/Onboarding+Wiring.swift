public import CommandKit
import Foundation
import Networking
public import OnboardingFeature
public import Registration
import Validation

extension LedgerFactory {
    /// Registration: the onboarding feature's steps on the HTTP stack, keeping the session in the data folder,
    /// with analytics in the log.
    public func makeRegistration() throws(RegistrationPipelineError) -> any RegistrationService {
        try RegistrationSteps.registration(onboarding)
    }

    /// The model a registration screen drives: the flow behind a state machine that ignores double submits and
    /// waits for a cancelled submission before starting the next.
    @MainActor public func makeRegistrationFlow() throws(RegistrationPipelineError) -> RegistrationFlow {
        RegistrationFlow(service: try makeRegistration())
    }

    /// Signing in and out, and who is signed in, with the session in the data folder.
    public func makeSessions() -> any SessionManaging {
        SessionManager(api: network.api, session: network.session, emailValidator: EmailValidator())
    }

    /// The account commands.
    public func accountCommands() -> any CommandGroup {
        AccountCommands(
            sessions: makeSessions,
            registration: { @MainActor () throws(RegistrationPipelineError) in try makeRegistrationFlow() })
    }

    private var onboarding: OnboardingContext {
        OnboardingContext(
            api: network.api, session: network.session, emailValidator: EmailValidator(), log: environment.log)
    }
}
