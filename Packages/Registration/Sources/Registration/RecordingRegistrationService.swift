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
