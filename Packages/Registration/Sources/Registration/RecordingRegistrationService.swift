/// Reports every registration through `wrapped` to an analytics sink, without changing its outcome: analytics
/// is added by composition, not by editing the screen or the steps.
public struct RecordingRegistrationService: RegistrationService {
    /// The recorded service.
    public let wrapped: any RegistrationService
    /// Where events go.
    public let sink: any RegistrationEventSink
    /// The name events carry, so several recorded steps of one flow can be told apart.
    public let name: String

    /// Records `wrapped`'s registrations to `sink` under `name`.
    public init(_ wrapped: any RegistrationService, to sink: any RegistrationEventSink, as name: String) {
        self.wrapped = wrapped
        self.sink = sink
        self.name = name
    }

    /// Records `started`, runs `wrapped`, records `succeeded` or `failed`, and returns or rethrows its outcome.
    public func register(email: String) async throws(RegistrationError) {
        let domain = EmailDomain(ofEmail: email)
        await sink.record(RegistrationEvent(name: name, outcome: .started, domain: domain))
        do {
            try await wrapped.runStep(email: email)
        } catch {
            await sink.record(RegistrationEvent(name: name, outcome: .failed(error), domain: domain))
            throw error
        }
        await sink.record(RegistrationEvent(name: name, outcome: .succeeded, domain: domain))
    }
}

extension RegistrationService {
    /// This service, with every registration reported to `sink` under `name`.
    public func recording(to sink: any RegistrationEventSink, as name: String) -> RecordingRegistrationService {
        RecordingRegistrationService(self, to: sink, as: name)
    }
}

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
