import Foundation
import Networking
import NetworkingTesting
import Testing

/// De-duplication over a chain whose attempts are time-limited (as in `HTTPStack`): the first caller carries the
/// shared request in its own task. The timeout here is a minute on a manual clock, so it never fires unless told.
@Suite("Networking: de-duplication carried by the first caller")
struct CarriedDeduplicationTests {
    private let clock = ManualClock()

    private func send(
        _ client: some HTTPClient, _ request: HTTPRequest = HTTPRequest(url: exampleURL)
    ) -> Task<Result<HTTPResponse, HTTPClientError>, Never> {
        Task { await outcome { () async throws(HTTPClientError) in try await client.send(request) } }
    }

    private func held(_ gate: Gate, _ body: String) -> ScriptedHTTPClient.Step {
        .handle { _ in
            await gate.wait()
            return .success(response(200, body))
        }
    }

    @Test func identicalGetsShareTheFirstCallersRequest() async throws {
        let gate = Gate()
        let base = ScriptedHTTPClient([held(gate, "shared body")], whenExhausted: .status(500))
        let client = base.timingOut(after: .seconds(60), sleeper: clock).deduplicating()
        let calls = (0..<10).map { _ in send(client) }
        await eventually("9 callers wait for the first one's request", within: 1_000_000) {
            client.statistics.requestsShared == 9
        }
        gate.open()
        for call in calls { #expect(try await call.value.get().body == Data("shared body".utf8)) }
        #expect(base.requests.count == 1)
        #expect(client.statistics == .init(requestsSent: 1, requestsShared: 9, inFlight: 0))
    }

    @Test func whenTheCarrierIsCancelledItLeavesAtOnceAndTheNextCallerSendsTheRequest() async throws {
        let gate = Gate()
        let base = ScriptedHTTPClient([.hang, held(gate, "sent again")], whenExhausted: .status(500))
        let client = base.timingOut(after: .seconds(60), sleeper: clock).deduplicating()
        let carrier = send(client)
        await base.waitForRequests(1)
        let waiter = send(client)
        await eventually("the second caller waits", within: 1_000_000) { client.statistics.requestsShared == 1 }
        carrier.cancel()
        #expect(await carrier.value.failure == .cancelled)
        await base.waitForCancellations(1)  // the carrier's request ended with it
        await base.waitForRequests(2)  // and the waiting caller sent it again
        gate.open()
        #expect(try await waiter.value.get().body == Data("sent again".utf8))
        #expect(client.statistics == .init(requestsSent: 2, requestsShared: 1, inFlight: 0))
    }

    @Test func whenTheCarriersDeadlinePassesTheNextCallerCarriesOnWithItsOwn() async throws {
        let gate = Gate()
        let base = ScriptedHTTPClient([.hang, held(gate, "for the patient")], whenExhausted: .status(500))
        let shared = base.timingOut(after: .seconds(60), sleeper: clock).deduplicating()
        let impatient = shared.withDeadline(.seconds(1), clock: clock)
        let patient = shared.withDeadline(.seconds(10), clock: clock)
        let carrier = send(impatient)
        await base.waitForRequests(1)
        let waiter = send(patient)
        await eventually("the patient caller waits", within: 1_000_000) { shared.statistics.requestsShared == 1 }
        await clock.waitForSleeps(2)  // the carrier's attempt ends at its deadline; the waiter watches its own
        clock.advance(by: .seconds(1))
        #expect(await carrier.value.failure == .deadlineExceeded)
        await base.waitForRequests(2)
        gate.open()
        #expect(try await waiter.value.get().body == Data("for the patient".utf8))
    }

    @Test func aWaiterLeavesAtItsDeadlineWhileTheCarrierGoesOn() async throws {
        let gate = Gate()
        let base = ScriptedHTTPClient([held(gate, "for the carrier")], whenExhausted: .status(500))
        let shared = base.timingOut(after: .seconds(60), sleeper: clock).deduplicating()
        let carrier = send(shared.withDeadline(.seconds(10), clock: clock))
        await base.waitForRequests(1)
        let waiter = send(shared.withDeadline(.seconds(1), clock: clock))
        await eventually("the second caller waits", within: 1_000_000) { shared.statistics.requestsShared == 1 }
        await clock.waitForSleeps(2)
        clock.advance(by: .seconds(1))
        #expect(await waiter.value.failure == .deadlineExceeded)
        gate.open()
        #expect(try await carrier.value.get().body == Data("for the carrier".utf8))
        #expect(base.requests.count == 1)
    }

    @Test func aCancelledWaiterLeavesAtOnceAndTheCarrierIsUntouched() async throws {
        let gate = Gate()
        let base = ScriptedHTTPClient([held(gate, "done")], whenExhausted: .status(500))
        let client = base.timingOut(after: .seconds(60), sleeper: clock).deduplicating()
        let carrier = send(client)
        await base.waitForRequests(1)
        let waiters = (0..<2).map { _ in send(client) }
        await eventually("two callers wait", within: 1_000_000) { client.statistics.requestsShared == 2 }
        waiters[0].cancel()
        #expect(await waiters[0].value.failure == .cancelled)
        #expect(!gate.isOpen)
        gate.open()
        #expect(try await carrier.value.get().body == Data("done".utf8))
        #expect(try await waiters[1].value.get().body == Data("done".utf8))
        #expect(base.requests.count == 1)
        #expect(base.cancellations == 0)
    }

    @Test func manyWavesOfCallersLeaveNothingBehind() async throws {
        let base = ScriptedHTTPClient([], whenExhausted: .status(200))
        let client = base.timingOut(after: .seconds(60), sleeper: clock).deduplicating()
        try await withThrowingTaskGroup(of: Void.self) { group in
            for index in 0..<2_000 {
                group.addTask {
                    let call = Task {
                        try await client.send(HTTPRequest(url: exampleURL.appendingPathComponent("\(index % 7)")))
                    }
                    if index % 3 == 0 { call.cancel() }
                    _ = try? await call.value
                }
            }
            try await group.waitForAll()
        }
        #expect(client.statistics.inFlight == 0)
        // A carrier cancelled before its attempt started counts as sent without reaching the client beneath.
        #expect(base.requests.count <= client.statistics.requestsSent)
        // A call cancelled before it reached the decorator is never counted; every other call is sent or shared.
        let counted = client.statistics.requestsSent + client.statistics.requestsShared
        #expect((1_333...2_000).contains(counted))
    }
}
