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
        let base = ScriptedHTTPClient([.status(503)], whenExhausted: .hang)
        let retrying = RetryingHTTPClient(
            wrapping: base, policy: RetryPolicy(maximumAttempts: 10, baseDelay: .milliseconds(400)), sleeper: clock,
            random: ScriptedRandomSource(fractions: [1]))
        let running = call(DeadlineHTTPClient(wrapping: retrying, budget: .seconds(1), clock: clock))
        await base.waitForRequests(1)
        await clock.waitForSleeps(2)  // the deadline and the first backoff (just under 400 ms)
        clock.advance(by: .milliseconds(400))
        await base.waitForRequests(2)  // the retry, which hangs
        clock.advance(by: .milliseconds(600))  // the deadline passes: 400 ms of backoff counted against it
        #expect(await running.value.failure == .deadlineExceeded)
        await base.waitForCancellations(1)
        #expect(clock.sleeperCount == 0)  // nothing left behind
    }

    @Test func aBackoffThatWouldEndAfterTheDeadlineIsNotWaitedForAndTheLastResponseIsReturned() async throws {
        // The deadline's clock moves only inside the attempts (300 ms each); the backoff sleeps on a clock of its
        // own that jumps at once, so waiting for a backoff the deadline cannot fit shows as a third request.
        let deadlineClock = ManualClock()
        let backoffClock = ManualClock(advancesOnSleep: true)
        let slow503 = ScriptedHTTPClient.Step.handle { _ in
            deadlineClock.advance(by: .milliseconds(300))
            return .success(response(503))
        }
        let base = ScriptedHTTPClient([slow503, slow503], whenExhausted: .status(200))
        let retrying = RetryingHTTPClient(
            wrapping: base, policy: RetryPolicy(maximumAttempts: 10, baseDelay: .milliseconds(400)),
            sleeper: backoffClock, random: ScriptedRandomSource(fractions: [1]))
        let client = DeadlineHTTPClient(wrapping: retrying, budget: .seconds(1), clock: deadlineClock)
        // Attempt 1 ends at 300 ms; a backoff of just under 400 ms ends before the deadline. Attempt 2 ends at
        // 600 ms; a backoff of just under 800 ms would end after it, so its 503 is the answer.
        #expect(try await client.send(HTTPRequest(url: exampleURL)).status == 503)
        #expect(base.requests.count == 2)
        #expect(backoffClock.sleeps.count == 1)
    }

    @Test(arguments: [(29, 200, 2), (30, 503, 1), (31, 503, 1)])
    func aRetryAfterIsWaitedForOnlyWhenItEndsBeforeTheDeadline(
        seconds: Int, status: Int, requests: Int
    )
        async throws
    {
        let deadlineClock = ManualClock()
        let retryClock = ManualClock(advancesOnSleep: true)
        let base = ScriptedHTTPClient(
            [.status(503, headers: ["Retry-After": "\(seconds)"])], whenExhausted: .status(200))
        let retrying = RetryingHTTPClient(
            wrapping: base, policy: RetryPolicy(maximumRetryAfter: .seconds(60)), sleeper: retryClock,
            wallClock: retryClock)
        let client = DeadlineHTTPClient(wrapping: retrying, budget: .seconds(30), clock: deadlineClock)
        let answer = try await client.send(HTTPRequest(url: exampleURL))
        #expect(answer.status == status)
        #expect(base.requests.count == requests)
        #expect(retryClock.sleeps == (requests == 2 ? [.seconds(seconds)] : []))
    }

    @Test func aDeadlineThatAlreadyPassedWhenARetryIsDueReturnsTheLastResponse() async throws {
        let deadlineClock = ManualClock()
        let base = ScriptedHTTPClient(
            [
                .handle { _ in
                    deadlineClock.advance(by: .seconds(2))
                    return .success(response(503, headers: ["Retry-After": "0"]))
                }
            ], whenExhausted: .status(200))
        let retrying = RetryingHTTPClient(wrapping: base, sleeper: ManualClock(advancesOnSleep: true))
        let client = DeadlineHTTPClient(wrapping: retrying, budget: .seconds(1), clock: deadlineClock)
        let answer = await outcome { () async throws(HTTPClientError) in
            try await client.send(HTTPRequest(url: exampleURL))
        }
        // The deadline passed during the attempt, but the attempt finished: its answer stands.
        #expect(try answer.get().status == 503)
        #expect(base.requests.count == 1)
    }

    @Test func theStackClampsRetryAfterBelowTheDeadlineLeavingRoomForAnAttempt() {
        let stack = HTTPStack(
            attemptTimeout: .seconds(10), deadline: .seconds(30), retry: RetryPolicy(maximumRetryAfter: .seconds(60)))
        #expect(stack.effectiveRetry.maximumRetryAfter == .seconds(20))
        #expect(
            HTTPStack(attemptTimeout: .seconds(10), deadline: .seconds(30)).effectiveRetry.maximumRetryAfter
                == .seconds(20))
        let roomy = HTTPStack(attemptTimeout: .seconds(5), deadline: .seconds(600))
        #expect(roomy.effectiveRetry.maximumRetryAfter == RetryPolicy().maximumRetryAfter)
        let cramped = HTTPStack(attemptTimeout: .seconds(30), deadline: .seconds(10))
        #expect(cramped.effectiveRetry.maximumRetryAfter == .zero)
        #expect(stack.effectiveRetry.maximumAttempts == stack.retry.maximumAttempts)
    }

    @Test(arguments: [(25, 503, 1), (15, 200, 2)])
    func aStackWithA30SecondDeadlineNeverWaitsAThirtySecondRetryAfter(
        seconds: Int, status: Int, requests: Int
    )
        async throws
    {
        let clock = ManualClock()
        let base = ScriptedHTTPClient(
            [.status(503, headers: ["Retry-After": "\(seconds)"])], whenExhausted: .status(200))
        let client = HTTPStack(attemptTimeout: .seconds(10), deadline: .seconds(30)).build(on: base, clock: clock)
        let finished = LockedBox(false)
        let running = Task {
            defer { finished.mutate { $0 = true } }
            return await outcome { () async throws(HTTPClientError) in
                try await client.send(HTTPRequest(url: exampleURL))
            }
        }
        await eventually("the call returns or waits for the Retry-After", within: 1_000_000) {
            finished.value || clock.sleeps.contains(.seconds(seconds))
        }
        if clock.sleeps.contains(.seconds(seconds)) { clock.advance(by: .seconds(seconds)) }
        #expect(try await running.value.get().status == status)
        #expect(base.requests.count == requests)
    }

    @Test func deadlineAndPerAttemptTimeoutsCompose() async {
        let clock = ManualClock()
        let base = ScriptedHTTPClient([], whenExhausted: .hang)
        let client = base.timingOut(after: .seconds(1), sleeper: clock)
            .retrying(policy: RetryPolicy(maximumAttempts: 5, baseDelay: .zero), sleeper: clock)
            .withDeadline(.milliseconds(2_500), clock: clock)
        let running = call(client)
        // One timer per attempt, at its timeout or at the deadline, whichever comes first; a zero backoff between.
        for attempt in 1...2 {
            await base.waitForRequests(attempt)
            await clock.waitForSleeps(2 * attempt - 1)
            clock.advance(by: .seconds(1))
            await base.waitForCancellations(attempt)
        }
        await base.waitForRequests(3)
        await clock.waitForSleeps(5)  // the third attempt's timer: the deadline, 500 ms away
        #expect(clock.sleeps.last == .milliseconds(500))
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
                clock: clock))
        await base.waitForRequests(1)
        running.cancel()
        #expect(await running.value.failure == .cancelled)
        #expect(clock.elapsed == .zero)
    }
}
