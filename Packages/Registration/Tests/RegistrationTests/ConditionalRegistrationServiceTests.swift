import Registration
import RegistrationTesting
import Testing

@Suite("Registration: when guard")
struct ConditionalRegistrationServiceTests {
    @Test func runsTheStepWhenTheConditionHolds() async {
        let step = SpyRegistrationService("step", failingWith: .alreadyRegistered)
        #expect(await failure(of: step.when { _ in true }, email: "a@example.com") == .alreadyRegistered)
        #expect(await step.callCount == 1)
    }

    @Test func skipsTheStepAndSucceedsWhenTheConditionFails() async {
        let step = SpyRegistrationService("step", failingWith: .alreadyRegistered)
        #expect(await failure(of: step.when { _ in false }, email: "a@example.com") == nil)
        #expect(await step.callCount == 0)
    }

    @Test(arguments: ["staff@corp.test", "guest@public.test", "", "@", String(repeating: "x", count: 10_000)])
    func theConditionSeesTheEmail(email: String) async {
        let step = SpyRegistrationService("step")
        let guarded = step.when { $0.hasSuffix("@corp.test") }
        #expect(await failure(of: guarded, email: email) == nil)
        #expect(await step.emails == (email.hasSuffix("@corp.test") ? [email] : []))
    }

    @Test func anAsynchronousConditionIsAwaited() async {
        let flag = ScriptedRegistrationService(script: [nil])
        let step = SpyRegistrationService("step")
        let guarded = step.when { email in
            await failure(of: flag, email: email) == nil
        }
        #expect(await failure(of: guarded, email: "a@example.com") == nil)
        #expect(await flag.registeredEmails == ["a@example.com"])
        #expect(await step.callCount == 1)
    }

    @Test func aCancelledTaskEvaluatesNothing() async {
        let step = SpyRegistrationService("step")
        let evaluated = ScriptedRegistrationService()
        let guarded = step.when { email in
            try? await evaluated.register(email: email)
            return true
        }
        let task = Task { () -> RegistrationError? in
            withUnsafeCurrentTask { $0?.cancel() }
            return await failure(of: guarded, email: "a@example.com")
        }
        #expect(await task.value == .cancelled)
        #expect(await evaluated.registeredEmails.isEmpty)
        #expect(await step.callCount == 0)
    }

    @Test func cancellationDuringTheConditionStopsTheStep() async {
        let gate = SpySuspendingRegistrationService(honoursCancellation: false)
        let step = SpyRegistrationService("step")
        let guarded = step.when { email in
            await failure(of: gate, email: email) == nil
        }
        let task = Task { await failure(of: guarded, email: "a@example.com") }
        await gate.waitForCalls(1)
        task.cancel()
        await gate.answerNext()
        #expect(await task.value == .cancelled)
        #expect(await step.callCount == 0)
    }
}
