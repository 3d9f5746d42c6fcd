import Registration
import RegistrationTesting
import Testing

@Suite("Registration: analytics recording")
struct RecordingRegistrationServiceTests {
    @Test func aSuccessIsRecordedAsStartedThenSucceeded() async throws {
        let sink = SpyRegistrationEventSink()
        let service = SpyRegistrationService().recording(to: sink, as: "api")
        #expect(await failure(of: service, email: "Someone@Example.COM") == nil)
        let domain = try #require(EmailDomain("example.com"))
        #expect(
            await sink.events == [
                RegistrationEvent(name: "api", outcome: .started, domain: domain),
                RegistrationEvent(name: "api", outcome: .succeeded, domain: domain),
            ]
        )
    }

    @Test(arguments: everyRegistrationError.filter { $0 != .cancelled })
    func aFailureIsRecordedAndRethrownUnchanged(error: RegistrationError) async {
        let sink = SpyRegistrationEventSink()
        let service = SpyRegistrationService(failingWith: error).recording(to: sink, as: "api")
        #expect(await failure(of: service, email: "a@example.com") == error)
        #expect(await sink.events.map(\.outcome) == [.started, .failed(error)])
    }

    @Test func eventsNeverCarryTheAddress() async {
        let sink = SpyRegistrationEventSink()
        let service = SpyRegistrationService().recording(to: sink, as: "api")
        _ = await failure(of: service, email: "private.person@example.com")
        for event in await sink.events {
            #expect(!String(describing: event).contains("private.person"))
        }
    }

    @Test(arguments: ["", "no-at-sign", "a@", "a@b..c", String(repeating: "a", count: 100_000) + "@x.test"])
    func unreadableOrHugeAddressesAreRecordedWithoutADomain(email: String) async {
        let sink = SpyRegistrationEventSink()
        let service = SpyRegistrationService().recording(to: sink, as: "api")
        #expect(await failure(of: service, email: email) == nil)
        let domains = await sink.events.map(\.domain)
        #expect(domains.count == 2)
        #expect(domains.allSatisfy { $0 == EmailDomain(ofEmail: email) })
    }

    @Test func nestedRecordersTellStepsApart() async {
        let sink = SpyRegistrationEventSink()
        let service = SpyRegistrationService("validate").recording(to: sink, as: "validate")
            .appending(SpyRegistrationService("api", failingWith: .alreadyRegistered).recording(to: sink, as: "api"))
            .recording(to: sink, as: "flow")
        #expect(await failure(of: service, email: "a@example.com") == .alreadyRegistered)
        let trail = await sink.events.map { RegistrationEvent(name: $0.name, outcome: $0.outcome, domain: nil) }
        #expect(
            trail == [
                RegistrationEvent(name: "flow", outcome: .started, domain: nil),
                RegistrationEvent(name: "validate", outcome: .started, domain: nil),
                RegistrationEvent(name: "validate", outcome: .succeeded, domain: nil),
                RegistrationEvent(name: "api", outcome: .started, domain: nil),
                RegistrationEvent(name: "api", outcome: .failed(.alreadyRegistered), domain: nil),
                RegistrationEvent(name: "flow", outcome: .failed(.alreadyRegistered), domain: nil),
            ]
        )
    }

    @Test func aCancelledRegistrationIsRecordedAsCancelled() async {
        let sink = SpyRegistrationEventSink()
        let gate = SpySuspendingRegistrationService()
        let service = gate.recording(to: sink, as: "api")
        let task = Task { await failure(of: service, email: "a@example.com") }
        await gate.waitForCalls(1)
        task.cancel()
        #expect(await task.value == .cancelled)
        #expect(await sink.events.map(\.outcome) == [.started, .failed(.cancelled)])
    }

    @Test func concurrentRegistrationsRecordEveryEvent() async {
        let sink = SpyRegistrationEventSink()
        let service = AnyRegistrationService { email throws(RegistrationError) in
            if email.hasPrefix("taken") { throw .alreadyRegistered }
        }.recording(to: sink, as: "api")
        await withTaskGroup(of: Void.self) { group in
            for index in 0..<100 {
                group.addTask {
                    _ = await failure(of: service, email: "\(index < 30 ? "taken" : "new")\(index)@x.test")
                }
            }
        }
        let outcomes = await sink.events.map(\.outcome)
        #expect(outcomes.count == 200)
        #expect(outcomes.filter { $0 == .started }.count == 100)
        #expect(outcomes.filter { $0 == .succeeded }.count == 70)
        #expect(outcomes.filter { $0 == .failed(.alreadyRegistered) }.count == 30)
    }
}
