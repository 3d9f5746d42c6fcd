import Registration
import RegistrationTesting
import Testing

@Suite("Registration: fallback")
struct FallbackRegistrationServiceTests {
    @Test func aSucceedingPrimaryNeverCallsTheFallback() async {
        let backup = SpyRegistrationService("backup")
        let service = SpyRegistrationService("primary").fallback(backup, on: [.server])
        #expect(await failure(of: service, email: "a@example.com") == nil)
        #expect(await backup.callCount == 0)
    }

    @Test(arguments: everyRegistrationError.filter { $0 != .cancelled })
    func aSelectedFailureGoesToTheFallback(error: RegistrationError) async {
        let backup = SpyRegistrationService("backup")
        let service = SpyRegistrationService("primary", failingWith: error).fallback(backup, on: [error.kind])
        #expect(await failure(of: service, email: "a@example.com") == nil)
        #expect(await backup.emails == ["a@example.com"])
    }

    @Test(arguments: everyRegistrationError)
    func anUnselectedFailureIsThrownUnchanged(error: RegistrationError) async {
        let backup = SpyRegistrationService("backup")
        let others = Set(RegistrationError.Kind.allCases).subtracting([error.kind])
        let unselected = SpyRegistrationService("primary", failingWith: error).fallback(backup, on: [])
        let selectedOthers = SpyRegistrationService("primary", failingWith: error).fallback(backup, on: others)
        #expect(await failure(of: unselected, email: "a@example.com") == error)
        #expect(await failure(of: selectedOthers, email: "a@example.com") == error)
        #expect(await backup.callCount == 0)
    }

    @Test func theFallbacksFailureIsTheOutcome() async {
        let service = SpyRegistrationService("primary", failingWith: .server(underlying: .init(reason: "down")))
            .fallback(SpyRegistrationService("backup", failingWith: .alreadyRegistered), on: [.server])
        #expect(await failure(of: service, email: "a@example.com") == .alreadyRegistered)
    }

    @Test func cancellationNeverFallsBackEvenWhenSelected() async {
        let backup = SpyRegistrationService("backup")
        let service = SpyRegistrationService("primary", failingWith: .cancelled)
            .fallback(backup, on: Set(RegistrationError.Kind.allCases))
        #expect(await failure(of: service, email: "a@example.com") == .cancelled)
        #expect(await backup.callCount == 0)
    }

    @Test func aCancelledFlowDoesNotFallBackWhenThePrimaryFailsLate() async {
        let gate = SpySuspendingRegistrationService(honoursCancellation: false)
        let backup = SpyRegistrationService("backup")
        let service = gate.fallback(backup, on: [.server])
        let task = Task { await failure(of: service, email: "a@example.com") }
        await gate.waitForCalls(1)
        task.cancel()
        await gate.answerNext(with: .server(underlying: .init(reason: "late")))
        #expect(await task.value == .cancelled)
        #expect(await backup.callCount == 0)
    }

    @Test func fallbacksChainLeftToRight() async {
        let log = RegistrationCallLog()
        let down = RegistrationError.server(underlying: .init(statusCode: 503, reason: "down"))
        let service = SpyRegistrationService("a", failingWith: down, log: log)
            .fallback(SpyRegistrationService("b", failingWith: down, log: log), on: [.server])
            .fallback(SpyRegistrationService("c", log: log), on: [.server])
        #expect(await failure(of: service, email: "a@example.com") == nil)
        #expect(await log.labels == ["a", "b", "c"])
    }
}
