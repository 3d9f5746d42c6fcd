import Foundation
import Networking
import NetworkingTesting
import Testing

@Suite("Networking: timeouts and deadlines")
struct TimeLimitTests {
    private func call(_ client: some HTTPClient) -> Task<Result<HTTPResponse, HTTPClientError>, Never> {
        Task {
            await outcome { () async throws(HTTPClientError) in try await client.send(HTTPRequest(url: exampleURL)) }
        }
    }

    @Test func anAttemptThatNeverAnswersTimesOutAndIsCancelled() async {
        let clock = ManualClock()
        let base = ScriptedHTTPClient([.hang])
        let running = call(TimeoutHTTPClient(wrapping: base, timeout: .seconds(2), sleeper: clock))
        await clock.waitForSleeps(1)
        await base.waitForRequests(1)
        clock.advance(by: .milliseconds(1_999))
        #expect(clock.sleeperCount == 1)
        clock.advance(by: .milliseconds(1))
        #expect(await running.value.failure == .timeout)
        await base.waitForCancellations(1)
    }

    @Test func anAnswerBeforeTheTimeoutWinsAndStopsTheTimer() async throws {
        let clock = ManualClock()
        let client = TimeoutHTTPClient(
            wrapping: ScriptedHTTPClient([.status(200)]), timeout: .seconds(5), sleeper: clock)
        #expect(try await client.send(HTTPRequest(url: exampleURL)).status == 200)
        #expect(clock.sleeperCount == 0)
    }

    @Test(arguments: [Duration.zero, .seconds(-1)])
    func aLimitOfZeroOrLessFailsWithoutSending(limit: Duration) async {
        let base = ScriptedHTTPClient([.status(200)])
        #expect(await call(TimeoutHTTPClient(wrapping: base, timeout: limit)).value.failure == .timeout)
        #expect(await call(DeadlineHTTPClient(wrapping: base, budget: limit)).value.failure == .deadlineExceeded)
        #expect(base.requests.isEmpty)
    }

    @Test func theOverallDeadlineCoversRetriesAndBackoff() async {
        let clock = ManualClock()
        let base = ScriptedHTTPClient([], whenExhausted: .status(503))
        let retrying = RetryingHTTPClient(
            wrapping: base, policy: RetryPolicy(maximumAttempts: 10, baseDelay: .milliseconds(400)), sleeper: clock,
            random: ScriptedRandomSource(fractions: [1]))
        let running = call(DeadlineHTTPClient(wrapping: retrying, budget: .seconds(1), sleeper: clock))
        await clock.waitForSleeps(2)  // the deadline and the first backoff (just under 400 ms)
        clock.advance(by: .milliseconds(400))
        await clock.waitForSleeps(3)  // the second backoff (just under 800 ms), ending after the deadline
        clock.advance(by: .milliseconds(600))
        #expect(await running.value.failure == .deadlineExceeded)
        #expect(base.requests.count == 2)
        #expect(clock.sleeperCount == 0)  // the pending backoff was cancelled, not left behind
    }

    @Test func deadlineAndPerAttemptTimeoutsCompose() async {
        let clock = ManualClock()
        let base = ScriptedHTTPClient([], whenExhausted: .hang)
        let client = base.timingOut(after: .seconds(1), sleeper: clock)
            .retrying(policy: RetryPolicy(maximumAttempts: 5, baseDelay: .zero), sleeper: clock)
            .withDeadline(.milliseconds(2_500), sleeper: clock)
        let running = call(client)
        for attempt in 1...2 {
            await base.waitForRequests(attempt)
            await clock.waitForSleeps(2 * attempt)  // deadline + attempt timeout, then each backoff and timeout
            clock.advance(by: .seconds(1))
            await base.waitForCancellations(attempt)
        }
        await base.waitForRequests(3)
        clock.advance(by: .milliseconds(500))
        #expect(await running.value.failure == .deadlineExceeded)
        await base.waitForCancellations(3)
    }

    @Test func callerCancellationIsNotATimeout() async {
        let clock = ManualClock()
        let base = ScriptedHTTPClient([.hang])
        let running = call(
            DeadlineHTTPClient(
                wrapping: TimeoutHTTPClient(wrapping: base, timeout: .seconds(1), sleeper: clock), budget: .seconds(9),
                sleeper: clock))
        await base.waitForRequests(1)
        running.cancel()
        #expect(await running.value.failure == .cancelled)
        #expect(clock.elapsed == .zero)
    }
}
