import Registration
import RegistrationTesting
import Testing

@Suite("Registration: test doubles")
struct TestingKitTests {
    @Test func scriptedServiceAnswersFromTheScriptInOrder() async throws {
        let service = ScriptedRegistrationService(script: [.alreadyRegistered, nil])
        await #expect(throws: RegistrationError.alreadyRegistered) { try await service.register(email: "a@b.c") }
        try await service.register(email: "d@e.f")
        try await service.register(email: "beyond@script.test")
        #expect(await service.registeredEmails == ["a@b.c", "d@e.f", "beyond@script.test"])
    }

    @Test func spyRecordsEmailsOutcomesAndTheSharedLog() async {
        let log = RegistrationCallLog()
        let delegate = ScriptedRegistrationService(script: [.alreadyRegistered])
        let spy = SpyRegistrationService("api", answeringLike: delegate, log: log)
        #expect(await failure(of: spy, email: "a@example.com") == .alreadyRegistered)
        #expect(await failure(of: spy, email: "b@example.com") == nil)
        #expect(await spy.emails == ["a@example.com", "b@example.com"])
        #expect(await spy.outcomes == [.failed(.alreadyRegistered), .succeeded])
        #expect(await spy.callCount == 2)
        #expect(await log.labels == ["api", "api"])
        #expect(await delegate.registeredEmails == ["a@example.com", "b@example.com"])
    }

    @Test func suspendingServiceWaitsForItsAnswer() async {
        let gate = SpySuspendingRegistrationService()
        #expect(await !gate.answerNext())
        let first = Task { await failure(of: gate, email: "a@example.com") }
        let second = Task { await failure(of: gate, email: "b@example.com") }
        await gate.waitForCalls(2)
        #expect(await gate.pendingCount == 2)
        #expect(await gate.answerNext(with: .alreadyRegistered))
        #expect(await gate.answerNext())
        let outcomes = [await first.value, await second.value]
        #expect(outcomes.contains(.alreadyRegistered))
        #expect(outcomes.contains(nil))
        #expect(await gate.pendingCount == 0)
        #expect(Set(await gate.emails) == ["a@example.com", "b@example.com"])
    }

    @Test func suspendingServiceHonoursCancellationWhenAsked() async {
        let gate = SpySuspendingRegistrationService()
        let task = Task { await failure(of: gate, email: "a@example.com") }
        await gate.waitForCalls(1)
        task.cancel()
        #expect(await task.value == .cancelled)
        #expect(await gate.cancellationsSeen == 1)
        #expect(await gate.pendingCount == 0)
    }

    @Test func waitingForCancellationsReturnsOnceTheyWereSeen() async {
        let gate = SpySuspendingRegistrationService(honoursCancellation: false)
        await gate.waitForCancellations(0)
        let tasks = (0..<3).map { index in Task { await failure(of: gate, email: "\(index)@example.com") } }
        await gate.waitForCalls(3)
        for task in tasks { task.cancel() }
        await gate.waitForCancellations(3)
        #expect(await gate.cancellationsSeen == 3)
        #expect(await gate.pendingCount == 3)
        for _ in tasks { await gate.answerNext() }
        for task in tasks { #expect(await task.value == nil) }
    }

    @Test func suspendingServiceCanIgnoreCancellation() async {
        let gate = SpySuspendingRegistrationService(honoursCancellation: false)
        let task = Task { await failure(of: gate, email: "a@example.com") }
        await gate.waitForCalls(1)
        task.cancel()
        await gate.answerNext(with: .alreadyRegistered)
        #expect(await task.value == .alreadyRegistered)
    }

    @Test func waitingForCallsThatAlreadyArrivedReturnsAtOnce() async {
        let gate = SpySuspendingRegistrationService()
        await gate.waitForCalls(0)
        let task = Task { await failure(of: gate, email: "a@example.com") }
        await gate.waitForCalls(1)
        await gate.waitForCalls(1)
        await gate.answerNext()
        #expect(await task.value == nil)
    }

    @Test func inMemorySinkKeepsEventsInOrderAndWakesWaiters() async throws {
        let sink = SpyRegistrationEventSink()
        let domain = try #require(EmailDomain("example.com"))
        let waiter = Task { await sink.waitForEvents(2) }
        await sink.record(RegistrationEvent(name: "a", outcome: .started, domain: domain))
        await sink.record(RegistrationEvent(name: "a", outcome: .succeeded, domain: nil))
        let events = await waiter.value
        #expect(events.map(\.outcome) == [.started, .succeeded])
        #expect(await sink.waitForEvents(1).count == 2)
    }
}

@Suite("Registration: fake account registry")
struct FakeRegistrationServiceTests {
    @Test func theFirstRegistrationWinsAndLaterOnesAreAlreadyRegistered() async {
        let fake = FakeRegistrationService(existing: ["old@example.com", "old@example.com"])
        #expect(await fake.accounts == ["old@example.com"])
        #expect(await failure(of: fake, email: "new@example.com") == nil)
        #expect(await failure(of: fake, email: "new@example.com") == .alreadyRegistered)
        #expect(await failure(of: fake, email: "old@example.com") == .alreadyRegistered)
        #expect(await fake.accounts == ["old@example.com", "new@example.com"])
    }

    @Test func concurrentRegistrationsOfOneAddressCreateOneAccount() async {
        let fake = FakeRegistrationService()
        let successes = await withTaskGroup(of: Bool.self) { group in
            for _ in 0..<100 { group.addTask { await failure(of: fake, email: "a@example.com") == nil } }
            var successes = 0
            for await succeeded in group where succeeded { successes += 1 }
            return successes
        }
        #expect(successes == 1)
        #expect(await fake.accounts == ["a@example.com"])
    }

    @Test(arguments: ["", String(repeating: "x", count: 100_000), "a@b\u{0}"])
    func anyTextIsAnAddressToTheFake(email: String) async {
        let fake = FakeRegistrationService()
        #expect(await failure(of: fake, email: email) == nil)
        #expect(await fake.accounts == [email])
    }
}
