import Foundation
import Networking
import OnboardingFeature
public import Registration
import Validation

extension LedgerFactory {
    /// Registration: the chain of steps of the onboarding feature on the HTTP stack, keeping the session in the
    /// data folder, with analytics in the log.
    public func makeRegistration() -> any RegistrationService {
        RegistrationChain.make(
            configuration: .standard, validator: EmailValidator(), api: network.api, session: network.session,
            events: LogRegistrationEvents(log: environment.log))
    }

    /// The model a registration screen drives: the chain behind a state machine that ignores double submits and
    /// cancels when the screen goes away.
    @MainActor public func makeRegistrationFlow() -> RegistrationFlow {
        RegistrationFlow(service: makeRegistration())
    }
}
