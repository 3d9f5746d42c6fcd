import Registration
import RegistrationTesting
import Testing

/// Bridges a completion handler back to `async` for assertions; `nil` means success.
private func completionOutcome(
    _ start: (@escaping @Sendable (Result<Void, RegistrationError>) -> Void) -> RegistrationRequest
) async -> RegistrationError? {
    await withCheckedContinuation { continuation in
        _ = start { result in
            switch result {
            case .success: continuation.resume(returning: nil)
            case .failure(let error): continuation.resume(returning: error)
            }
        }
    }
}

@Suite("Registration: completion handler variant")
struct CompletionHandlerTests {
    @Test func reportsSuccess() async {
        let spy = SpyRegistrationService()
        #expect(await completionOutcome { spy.register(email: "a@example.com", completion: $0) } == nil)
        #expect(await spy.emails == ["a@example.com"])
    }

    @Test(arguments: everyRegistrationError)
    func reportsEveryFailure(error: RegistrationError) async {
        let spy = SpyRegistrationService(failingWith: error)
        #expect(await completionOutcome { spy.register(email: "a@example.com", completion: $0) } == error)
    }

    @Test func cancellingTheRequestStopsTheChainAndReportsCancelled() async {
        let gate = SpySuspendingRegistrationService(honoursCancellation: false)
        let next = SpyRegistrationService("next")
        let chain = gate.appending(next)
        let calls = ScriptedRegistrationService()
        let outcome = await withCheckedContinuation { (continuation: CheckedContinuation<RegistrationError?, Never>) in
            let request = chain.register(email: "a@example.com") { result in
                Task {
                    try? await calls.register(email: "completion")
                    if case .failure(let error) = result {
                        continuation.resume(returning: error)
                    } else {
                        continuation.resume(returning: nil)
                    }
                }
            }
            Task {
                await gate.waitForCalls(1)
                request.cancel()
                #expect(request.isCancelled)
                await gate.answerNext()
            }
        }
        #expect(outcome == .cancelled)
        #expect(await next.callCount == 0)
        #expect(await calls.registeredEmails == ["completion"])
    }

    @Test func aRequestIsNotCancelledUntilAsked() async {
        let gate = SpySuspendingRegistrationService()
        let request = gate.register(email: "a@example.com") { _ in }
        await gate.waitForCalls(1)
        #expect(!request.isCancelled)
        await gate.answerNext()
    }
}
