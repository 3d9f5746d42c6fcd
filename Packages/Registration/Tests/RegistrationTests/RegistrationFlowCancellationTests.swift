import Registration
import RegistrationTesting
import Testing

/// Records when each registration starts and ends, to show that two submissions never overlap.
actor Timeline {
    private(set) var entries: [String] = []

    func append(_ entry: String) {
        entries.append(entry)
    }

    /// `service`, with its start and end written to this timeline.
    nonisolated func around(_ service: any RegistrationService) -> AnyRegistrationService {
        AnyRegistrationService { email throws(RegistrationError) in
            await self.append("start \(email)")
            do throws(RegistrationError) {
                try await service.register(email: email)
            } catch {
                await self.append("end \(email)")
                throw error
            }
            await self.append("end \(email)")
        }
    }
}

@MainActor
@Suite("Registration: submitting again after cancel")
struct RegistrationFlowCancellationTests {
    @Test func aNewSubmissionReportsTheSuccessOfTheCancelledOneItWaitedFor() async {
        let accounts = FakeRegistrationService()
        let wire = SpySuspendingRegistrationService(honoursCancellation: false)  // the answer is still on its way
        let flow = RegistrationFlow(service: accounts.appending(wire))
        flow.submit(email: "a@example.com")
        await wire.waitForCalls(1)
        flow.cancel()
        #expect(flow.submit(email: "a@example.com"))
        #expect(flow.state == .submitting)
        #expect(flow.isSubmitting)
        await wire.answerNext()  // the cancelled request did create the account
        #expect(await flow.settled() == .succeeded)
        #expect(await accounts.accounts == ["a@example.com"])
        #expect(await wire.emails == ["a@example.com"])
    }

    @Test func theNewSubmissionStartsOnlyAfterTheCancelledOneFinished() async {
        let wire = SpySuspendingRegistrationService(honoursCancellation: false)
        let timeline = Timeline()
        let flow = RegistrationFlow(service: timeline.around(wire))
        flow.submit(email: "first@example.com")
        await wire.waitForCalls(1)
        flow.cancel()
        flow.submit(email: "first@example.com")
        await wire.answerNext(with: .server(underlying: .init(statusCode: 502, reason: "bad gateway")))
        await wire.waitForCalls(2)
        await wire.answerNext()
        #expect(await flow.settled() == .succeeded)
        let entries = await timeline.entries
        #expect(
            Array(entries.prefix(3)) == ["start first@example.com", "end first@example.com", "start first@example.com"])
    }

    @Test(arguments: [
        RegistrationError.cancelled, .server(underlying: .init(statusCode: 503, reason: "down")), .alreadyRegistered,
        .rateLimited(retryAfter: nil),
    ])
    func aCancelledSubmissionThatFailedLetsTheNewOneRun(error: RegistrationError) async {
        let wire = SpySuspendingRegistrationService(honoursCancellation: false)
        let flow = RegistrationFlow(service: wire)
        flow.submit(email: "a@example.com")
        await wire.waitForCalls(1)
        flow.cancel()
        flow.submit(email: "a@example.com")
        await wire.answerNext(with: error)
        await wire.waitForCalls(2)
        await wire.answerNext()
        #expect(await flow.settled() == .succeeded)
        #expect(await wire.emails == ["a@example.com", "a@example.com"])
    }

    @Test func aCancelledSuccessForAnotherAddressDoesNotCountForTheNewOne() async {
        let wire = SpySuspendingRegistrationService(honoursCancellation: false)
        let flow = RegistrationFlow(service: wire)
        flow.submit(email: "typo@example.con")
        await wire.waitForCalls(1)
        flow.cancel()
        flow.submit(email: "right@example.com")
        await wire.answerNext()
        await wire.waitForCalls(2)
        await wire.answerNext(with: .alreadyRegistered)
        #expect(await flow.settled() == .failed(.alreadyRegistered))
        #expect(await wire.emails == ["typo@example.con", "right@example.com"])
    }

    @Test func aWaitingSubmissionCanBeCancelledAndNeverCallsTheService() async {
        let accounts = FakeRegistrationService()
        let wire = SpySuspendingRegistrationService(honoursCancellation: false)
        let flow = RegistrationFlow(service: accounts.appending(wire))
        flow.submit(email: "a@example.com")
        await wire.waitForCalls(1)
        flow.cancel()
        flow.submit(email: "a@example.com")
        flow.cancel()
        #expect(flow.state == .failed(.cancelled))
        #expect(!flow.isSubmitting)
        await wire.answerNext(with: .server(underlying: .init(reason: "lost")))
        #expect(await flow.settled() == .failed(.cancelled))
        #expect(await accounts.accounts == ["a@example.com"])
        #expect(await wire.emails == ["a@example.com"])
    }

    @Test func aChainOfCancelledSubmissionsCarriesTheFirstSuccessToTheLast() async {
        let accounts = FakeRegistrationService()
        let wire = SpySuspendingRegistrationService(honoursCancellation: false)
        let flow = RegistrationFlow(service: accounts.appending(wire))
        flow.submit(email: "a@example.com")
        await wire.waitForCalls(1)
        flow.cancel()
        flow.submit(email: "a@example.com")
        flow.cancel()
        flow.submit(email: "a@example.com")
        #expect(flow.state == .submitting)
        await wire.answerNext()
        #expect(await flow.settled() == .succeeded)
        #expect(await wire.emails == ["a@example.com"])
    }

    @Test func aResubmissionAfterACompletedSuccessStillCallsTheService() async {
        let accounts = FakeRegistrationService()
        let flow = RegistrationFlow(service: accounts)
        flow.submit(email: "a@example.com")
        #expect(await flow.settled() == .succeeded)
        flow.submit(email: "a@example.com")
        #expect(await flow.settled() == .failed(.alreadyRegistered))
    }
}
