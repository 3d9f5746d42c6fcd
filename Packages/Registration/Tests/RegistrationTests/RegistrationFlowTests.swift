import Registration
import RegistrationTesting
import Testing

@MainActor
@Suite("Registration: flow model")
struct RegistrationFlowTests {
    @Test func startsIdle() {
        let flow = RegistrationFlow(service: SpyRegistrationService())
        #expect(flow.state == .idle)
        #expect(!flow.isSubmitting)
    }

    @Test func aSuccessfulSubmissionGoesThroughSubmittingToSucceeded() async throws {
        let gate = SpySuspendingRegistrationService()
        let flow = RegistrationFlow(service: gate)
        var states = flow.states().makeAsyncIterator()
        #expect(await states.next() == .idle)
        #expect(flow.submit(email: "a@example.com"))
        #expect(flow.state == .submitting)
        #expect(flow.isSubmitting)
        #expect(await states.next() == .submitting)
        await gate.waitForCalls(1)
        await gate.answerNext()
        #expect(await flow.settled() == .succeeded)
        #expect(await states.next() == .succeeded)
        #expect(!flow.isSubmitting)
        #expect(await gate.emails == ["a@example.com"])
    }

    @Test(arguments: everyRegistrationError)
    func aFailedSubmissionEndsFailedWithTheError(error: RegistrationError) async {
        let flow = RegistrationFlow(service: SpyRegistrationService(failingWith: error))
        flow.submit(email: "a@example.com")
        #expect(await flow.settled() == .failed(error))
    }

    @Test func aDoubleSubmitWhileInFlightIsIgnored() async {
        let gate = SpySuspendingRegistrationService()
        let flow = RegistrationFlow(service: gate)
        #expect(flow.submit(email: "a@example.com"))
        #expect(!flow.submit(email: "a@example.com"))
        #expect(!flow.submit(email: "other@example.com"))
        await gate.waitForCalls(1)
        await gate.answerNext()
        #expect(await flow.settled() == .succeeded)
        #expect(await gate.emails == ["a@example.com"])
    }

    @Test func concurrentSubmissionsStartExactlyOneRegistration() async {
        let gate = SpySuspendingRegistrationService()
        let flow = RegistrationFlow(service: gate)
        let accepted = await withTaskGroup(of: Bool.self) { group in
            for index in 0..<100 {
                group.addTask { @MainActor in flow.submit(email: "user\(index)@example.com") }
            }
            var accepted = 0
            for await started in group where started { accepted += 1 }
            return accepted
        }
        #expect(accepted == 1)
        await gate.waitForCalls(1)
        await gate.answerNext()
        #expect(await flow.settled() == .succeeded)
        #expect(await gate.emails.count == 1)
    }

    @Test func aNewSubmissionIsAcceptedAfterTheLastOneFinished() async {
        let service = ScriptedRegistrationService(script: [.rateLimited(retryAfter: .seconds(5)), nil])
        let flow = RegistrationFlow(service: service)
        flow.submit(email: "a@example.com")
        #expect(await flow.settled() == .failed(.rateLimited(retryAfter: .seconds(5))))
        #expect(flow.submit(email: "a@example.com"))
        #expect(await flow.settled() == .succeeded)
        #expect(await service.registeredEmails == ["a@example.com", "a@example.com"])
    }

    @Test func cancelMovesToCancelledAndTheNextServiceIsNotCalled() async {
        let gate = SpySuspendingRegistrationService(honoursCancellation: false)
        let next = SpyRegistrationService("next")
        let flow = RegistrationFlow(service: gate.appending(next))
        flow.submit(email: "a@example.com")
        await gate.waitForCalls(1)
        flow.cancel()
        #expect(flow.state == .failed(.cancelled))
        #expect(!flow.isSubmitting)
        await gate.answerNext()
        #expect(await flow.settled() == .failed(.cancelled))
        #expect(await next.callCount == 0)
    }

    @Test func aLateSuccessAfterCancelIsDiscarded() async {
        let gate = SpySuspendingRegistrationService(honoursCancellation: false)
        let flow = RegistrationFlow(service: gate)
        flow.submit(email: "a@example.com")
        await gate.waitForCalls(1)
        flow.cancel()
        await gate.answerNext()
        #expect(await flow.settled() == .failed(.cancelled))
    }

    @Test func aCancelledSubmissionDoesNotOverwriteTheNextOne() async {
        let gate = SpySuspendingRegistrationService(honoursCancellation: false)
        let flow = RegistrationFlow(service: gate)
        flow.submit(email: "first@example.com")
        await gate.waitForCalls(1)
        flow.cancel()
        #expect(flow.submit(email: "second@example.com"))
        await gate.answerNext(with: .alreadyRegistered)  // the cancelled submission's late answer
        await gate.waitForCalls(2)
        #expect(flow.state == .submitting)
        await gate.answerNext()
        #expect(await flow.settled() == .succeeded)
    }

    @Test func cancelWithNothingInFlightChangesNothing() async {
        let flow = RegistrationFlow(service: SpyRegistrationService())
        flow.cancel()
        #expect(flow.state == .idle)
        flow.submit(email: "a@example.com")
        _ = await flow.settled()
        flow.cancel()
        #expect(flow.state == .succeeded)
    }

    @Test func theScreenGoingAwayCancelsTheSubmissionInFlight() async {
        let gate = SpySuspendingRegistrationService(honoursCancellation: false)
        let next = SpyRegistrationService("next")
        let sink = SpyRegistrationEventSink()
        var flow: RegistrationFlow? = RegistrationFlow(service: gate.appending(next).recording(to: sink, as: "flow"))
        flow?.submit(email: "a@example.com")
        await gate.waitForCalls(1)
        flow = nil
        await gate.answerNext()
        let events = await sink.waitForEvents(2)
        #expect(events.map(\.outcome) == [.started, .failed(.cancelled)])
        #expect(await next.callCount == 0)
    }

    @Test func statesFinishWhenTheFlowGoesAway() async {
        var flow: RegistrationFlow? = RegistrationFlow(service: SpyRegistrationService())
        let states = flow?.states()
        flow = nil
        var seen: [RegistrationFlow.State] = []
        if let states {
            for await state in states { seen.append(state) }
        }
        #expect(seen == [.idle])
    }

    @Test func everyObserverSeesEveryChange() async {
        let gate = SpySuspendingRegistrationService()
        let flow = RegistrationFlow(service: gate)
        var first = flow.states().makeAsyncIterator()
        #expect(await first.next() == .idle)
        flow.submit(email: "a@example.com")
        var second = flow.states().makeAsyncIterator()
        #expect(await second.next() == .submitting)
        await gate.waitForCalls(1)
        await gate.answerNext(with: .alreadyRegistered)
        _ = await flow.settled()
        #expect(await first.next() == .submitting)
        #expect(await first.next() == .failed(.alreadyRegistered))
        #expect(await second.next() == .failed(.alreadyRegistered))
    }

    @Test func hostileInputReachesTheServiceUnchanged() async {
        let spy = SpyRegistrationService()
        let flow = RegistrationFlow(service: spy)
        let hostile = String(repeating: "\u{202E}@\u{0}", count: 50_000)
        flow.submit(email: hostile)
        #expect(await flow.settled() == .succeeded)
        #expect(await spy.emails == [hostile])
    }
}
