import Registration
import RegistrationTesting
import Testing

@Suite("Registration: appending")
struct AppendingRegistrationServiceTests {
    @Test func runsBothStepsInOrderWhenTheFirstSucceeds() async {
        let log = RegistrationCallLog()
        let first = SpyRegistrationService("first", log: log)
        let second = SpyRegistrationService("second", log: log)
        #expect(await failure(of: first.appending(second), email: "a@example.com") == nil)
        #expect(await log.labels == ["first", "second"])
        #expect(await second.emails == ["a@example.com"])
    }

    @Test(arguments: everyRegistrationError)
    func aFailingFirstStepStopsTheChainWithItsError(error: RegistrationError) async {
        let second = SpyRegistrationService("second")
        let chain = SpyRegistrationService("first", failingWith: error).appending(second)
        #expect(await failure(of: chain, email: "a@example.com") == error)
        #expect(await second.callCount == 0)
    }

    @Test(arguments: everyRegistrationError)
    func aFailingSecondStepIsTheChainsFailure(error: RegistrationError) async {
        let first = SpyRegistrationService("first")
        let chain = first.appending(SpyRegistrationService("second", failingWith: error))
        #expect(await failure(of: chain, email: "a@example.com") == error)
        #expect(await first.outcomes == [.succeeded])
    }

    @Test func longChainsRunEveryStepInTheOrderWritten() async {
        let log = RegistrationCallLog()
        let spies = (0..<50).map { SpyRegistrationService("step \($0)", log: log) }
        var chain: any RegistrationService = spies[0]
        for spy in spies.dropFirst() { chain = chain.appending(spy) }
        #expect(await failure(of: chain, email: "a@example.com") == nil)
        #expect(await log.labels == spies.map(\.label))
    }

    @Test func compositionIsAssociative() async {
        let log = RegistrationCallLog()
        let a = SpyRegistrationService("a", log: log)
        let b = SpyRegistrationService("b", log: log)
        let c = SpyRegistrationService("c", log: log)
        #expect(await failure(of: a.appending(b.appending(c)), email: "x@example.com") == nil)
        #expect(await failure(of: a.appending(b).appending(c), email: "x@example.com") == nil)
        #expect(await log.labels == ["a", "b", "c", "a", "b", "c"])
    }

    @Test func theNextStepIsNotCalledAfterCancelEvenWhenTheFirstIgnoresIt() async {
        let gate = SpySuspendingRegistrationService(honoursCancellation: false)
        let next = SpyRegistrationService("next")
        let chain = gate.appending(next)
        let task = Task { await failure(of: chain, email: "a@example.com") }
        await gate.waitForCalls(1)
        task.cancel()
        #expect(await gate.answerNext())
        #expect(await task.value == .cancelled)
        #expect(await next.callCount == 0)
    }

    @Test func aCancellationHonouredByTheFirstStepStopsTheChain() async {
        let gate = SpySuspendingRegistrationService()
        let next = SpyRegistrationService("next")
        let task = Task { await failure(of: gate.appending(next), email: "a@example.com") }
        await gate.waitForCalls(1)
        task.cancel()
        #expect(await task.value == .cancelled)
        #expect(await gate.cancellationsSeen == 1)
        #expect(await next.callCount == 0)
    }

    @Test func aCancelledTaskStartsNoStepAtAll() async {
        let first = SpyRegistrationService("first")
        let second = SpyRegistrationService("second")
        let chain = first.appending(second)
        let task = Task { () -> RegistrationError? in
            withUnsafeCurrentTask { $0?.cancel() }
            return await failure(of: chain, email: "a@example.com")
        }
        #expect(await task.value == .cancelled)
        #expect(await first.callCount == 0)
        #expect(await second.callCount == 0)
    }

    @Test func concurrentRegistrationsEachGetTheirOwnOutcome() async {
        let first = SpyRegistrationService("first")
        let rejectOdd = AnyRegistrationService { email throws(RegistrationError) in
            if email.hasPrefix("odd") { throw .alreadyRegistered }
        }
        let chain = first.appending(rejectOdd)
        let results = await withTaskGroup(of: (Int, RegistrationError?).self) { group in
            for index in 0..<200 {
                let email = "\(index.isMultiple(of: 2) ? "even" : "odd")\(index)@example.com"
                group.addTask { (index, await failure(of: chain, email: email)) }
            }
            var results: [Int: RegistrationError?] = [:]
            for await (index, error) in group { results[index] = error }
            return results
        }
        #expect(results.count == 200)
        for (index, error) in results {
            #expect(error == (index.isMultiple(of: 2) ? nil : .alreadyRegistered))
        }
        #expect(await first.callCount == 200)
    }
}
