/// One analytics fact about a registration step.
///
/// It carries the address's domain, never the address itself: analytics wants to know which domains sign up
/// or fail, not who, so a sink cannot leak personal data it was never given.
public struct RegistrationEvent: Hashable, Sendable {
    /// What happened.
    public enum Outcome: Hashable, Sendable {
        /// The step was asked to register an address.
        case started
        /// The step succeeded.
        case succeeded
        /// The step failed with `error`.
        case failed(RegistrationError)
    }

    /// The name the composition root gave the recorded step, such as `"registration"` or `"api"`.
    public let name: String
    /// What happened.
    public let outcome: Outcome
    /// The normalized domain of the address, or `nil` when the address has no readable domain.
    public let domain: EmailDomain?

    /// Creates an event.
    public init(name: String, outcome: Outcome, domain: EmailDomain?) {
        self.name = name
        self.outcome = outcome
        self.domain = domain
    }
}

/// Receives registration analytics events; the app supplies one (a logger, a metrics client), so this package
/// keeps no global analytics state.
public protocol RegistrationEventSink: Sendable {
    /// Records `event`; awaited, so an actor sink sees events in the order they happened.
    func record(_ event: RegistrationEvent) async
}
