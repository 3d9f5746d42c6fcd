import Foundation
import Networking
import NetworkingTesting
import Testing

@Suite("Networking: retry")
struct RetryTests {
    private let clock = ManualClock(advancesOnSleep: true)

    private func retrying(
        _ base: ScriptedHTTPClient,
        policy: RetryPolicy = RetryPolicy(),
        fractions: [Double] = [0.5]
    ) -> RetryingHTTPClient {
        RetryingHTTPClient(
            wrapping: base, policy: policy, sleeper: clock, wallClock: clock,
            random: ScriptedRandomSource(fractions: fractions))
    }

    @Test func aPostAnswered503IsSentExactlyOnce() async throws {
        let base = ScriptedHTTPClient([.status(503)], whenExhausted: .status(200))
        let answer = try await retrying(base).send(HTTPRequest(method: .post, url: exampleURL, body: Data("x".utf8)))
        #expect(answer.status == 503)
        #expect(base.requests.count == 1)
        #expect(clock.sleeps.isEmpty)
    }

    @Test(arguments: [HTTPMethod.post, .patch])
    func aNonIdempotentRequestWithAnIdempotencyKeyIsRetried(method: HTTPMethod) async throws {
        let base = ScriptedHTTPClient([.status(503), .status(502)], whenExhausted: .status(201))
        let request = HTTPRequest(method: method, url: exampleURL, headers: ["Idempotency-Key": "k-1"])
        let answer = try await retrying(base).send(request)
        #expect(answer.status == 201)
        #expect(base.requests == [request, request, request])
    }

    @Test func anEmptyIdempotencyKeyDoesNotCount() async throws {
        let base = ScriptedHTTPClient([.status(503)], whenExhausted: .status(201))
        let request = HTTPRequest(method: .post, url: exampleURL, headers: ["Idempotency-Key": ""])
        #expect(try await retrying(base).send(request).status == 503)
        #expect(base.requests.count == 1)
    }

    @Test(arguments: [HTTPMethod.get, .head, .options, .put, .delete, .trace])
    func idempotentMethodsGetAtMostTheConfiguredAttempts(method: HTTPMethod) async throws {
        let base = ScriptedHTTPClient([], whenExhausted: .status(503))
        let policy = RetryPolicy(maximumAttempts: 4)
        let answer = try await retrying(base, policy: policy).send(HTTPRequest(method: method, url: exampleURL))
        #expect(answer.status == 503)
        #expect(base.requests.count == 4)
        #expect(clock.sleeps.count == 3)
    }

    @Test(arguments: [408, 429, 500, 502, 503, 504])
    func retryableStatusesAreRetried(status: Int) async throws {
        let base = ScriptedHTTPClient([.status(status)], whenExhausted: .status(200))
        #expect(try await retrying(base).send(HTTPRequest(url: exampleURL)).status == 200)
        #expect(base.requests.count == 2)
    }

    @Test(arguments: [200, 201, 301, 400, 401, 403, 404, 409, 422, 501, 505])
    func otherStatusesAreReturnedAtOnce(status: Int) async throws {
        let base = ScriptedHTTPClient([.status(status)], whenExhausted: .status(200))
        #expect(try await retrying(base).send(HTTPRequest(url: exampleURL)).status == status)
        #expect(base.requests.count == 1)
    }

    @Test func exactFullJitterDelaysFromScriptedFractions() async throws {
        let base = ScriptedHTTPClient([], whenExhausted: .status(503))
        let policy = RetryPolicy(maximumAttempts: 5, baseDelay: .milliseconds(100), maximumDelay: .seconds(1))
        _ = try await retrying(base, policy: policy, fractions: [0.5, 0.25, 0.75, 0.5]).send(
            HTTPRequest(url: exampleURL))
        // Ceilings 100, 200, 400, 800 ms times the scripted fractions.
        #expect(clock.sleeps == [.milliseconds(50), .milliseconds(50), .milliseconds(300), .milliseconds(400)])
    }

    @Test func theBackoffCeilingIsCapped() async throws {
        let base = ScriptedHTTPClient([], whenExhausted: .status(503))
        let policy = RetryPolicy(maximumAttempts: 8, baseDelay: .milliseconds(100), maximumDelay: .seconds(1))
        _ = try await retrying(base, policy: policy).send(HTTPRequest(url: exampleURL))
        let expected: [Duration] = [50, 100, 200, 400, 500, 500, 500].map { .milliseconds($0) }
        #expect(clock.sleeps == expected)
    }

    @Test func aSeededSourceGivesExactReproducibleDelays() async throws {
        let policy = RetryPolicy(maximumAttempts: 6, baseDelay: .milliseconds(100), maximumDelay: .seconds(2))
        func delays(seed: UInt64) async throws -> [Duration] {
            let clock = ManualClock(advancesOnSleep: true)
            let client = RetryingHTTPClient(
                wrapping: ScriptedHTTPClient([], whenExhausted: .status(503)), policy: policy, sleeper: clock,
                wallClock: clock, random: SeededRandomSource(seed: seed))
            _ = try await client.send(HTTPRequest(url: exampleURL))
            return clock.sleeps
        }
        // SplitMix64 from seed 42, each fraction (top 53 bits / 2^53) times the ceiling of its attempt (100 ms,
        // 200 ms, 400 ms, 800 ms, 1.6 s), rounded down: computed outside Swift, from the algorithms' definitions.
        let expected: [Duration] = [74_156_487, 31_982_078, 111_440_452, 275_352_573, 60_848_269].map {
            .nanoseconds($0)
        }
        #expect(try await delays(seed: 42) == expected)
        #expect(try await delays(seed: 42) == expected)
        #expect(
            try await delays(seed: 7)
                == [38_982_974, 3_357_658, 360_304_272, 466_344_234, 723_907_032].map { .nanoseconds($0) })
    }

    @Test func backoffNeverOverflowsForAbsurdAttemptsOrDelays() {
        let policy = RetryPolicy(baseDelay: .seconds(Int64.max / 4), maximumDelay: .seconds(10))
        #expect(policy.backoff(afterAttempt: 10_000, fraction: 0.5) == .seconds(5))
        #expect(policy.backoff(afterAttempt: Int.min, fraction: 2) == .seconds(10))
        #expect(policy.backoff(afterAttempt: 3, fraction: -1) == .zero)
        let clamped = RetryPolicy(maximumAttempts: -3, baseDelay: .seconds(-1), maximumDelay: .seconds(-1))
        #expect(clamped.maximumAttempts == 1)
        #expect(clamped.baseDelay == .zero)
        #expect(clamped.backoff(afterAttempt: 2, fraction: 0.9) == .zero)
    }

    @Test func retryAfterSecondsReplacesTheBackoff() async throws {
        let base = ScriptedHTTPClient([.status(503, headers: ["Retry-After": "2"])], whenExhausted: .status(200))
        #expect(try await retrying(base).send(HTTPRequest(url: exampleURL)).status == 200)
        #expect(clock.sleeps == [.seconds(2)])
    }

    @Test(arguments: [
        "Sun, 06 Nov 1994 08:49:40 GMT", "Sunday, 06-Nov-94 08:49:40 GMT", "Sun Nov  6 08:49:40 1994",
    ])
    func retryAfterAcceptsEveryHTTPDateFormat(date: String) async throws {
        // RFC 9110's example date, 08:49:37, is "now"; the header asks for three seconds later.
        let clock = ManualClock(startDate: Date(timeIntervalSince1970: 784_111_777), advancesOnSleep: true)
        let base = ScriptedHTTPClient([.status(429, headers: ["Retry-After": date])], whenExhausted: .status(200))
        let client = RetryingHTTPClient(wrapping: base, sleeper: clock, wallClock: clock)
        #expect(try await client.send(HTTPRequest(url: exampleURL)).status == 200)
        #expect(clock.sleeps == [.seconds(3)])
    }

    /// RFC 9110 §5.6.7: a two-digit year that would be more than 50 years in the future is the most recent past
    /// year with those digits, judged against the injected wall clock.
    @Test(arguments: [
        // now (seconds since 1970), the RFC 850 date, the delay it asks for (nil: a past date, retry at once)
        (3_313_526_400, "Tuesday, 01-Jan-75 00:00:10 GMT", 10),  // now 2075-01-01: 75 is this year, not 1975
        (4_102_358_400, "Friday, 01-Jan-00 00:00:05 GMT", 86_405),  // now 2099-12-31: 00 is 2100, one day ahead
        (1_717_200_000, "Saturday, 01-Jun-74 00:00:05 GMT", nil),  // now 2024-06-01: 50 years and 5 s ahead: 1974
        (784_111_777, "Sunday, 06-Nov-94 08:49:40 GMT", 3),  // RFC 9110's own example, read in 1994
        (946_684_800, "Saturday, 01-Jan-00 00:00:07 GMT", 7),  // now 2000-01-01
        (946_684_800, "Friday, 31-Dec-99 23:59:59 GMT", nil),  // 1999, a second ago
    ])
    func twoDigitYearsAreReadAgainstTheInjectedClock(now: Int, date: String, seconds: Int?) async throws {
        let clock = ManualClock(startDate: Date(timeIntervalSince1970: TimeInterval(now)), advancesOnSleep: true)
        let base = ScriptedHTTPClient([.status(503, headers: ["Retry-After": date])], whenExhausted: .status(200))
        let policy = RetryPolicy(maximumRetryAfter: .seconds(2 * 86_400))
        let client = RetryingHTTPClient(wrapping: base, policy: policy, sleeper: clock, wallClock: clock)
        #expect(try await client.send(HTTPRequest(url: exampleURL)).status == 200)
        #expect(clock.sleeps == [.seconds(seconds ?? 0)])
    }

    @Test func aTwoDigitYearExactlyFiftyYearsAheadIsInTheFuture() async throws {
        // now 2024-06-01 00:00:00; 01-Jun-74 00:00:00 is exactly 50 years ahead, not more: it is 2074, far beyond
        // the longest Retry-After the policy waits for, so the response comes back without a retry.
        let clock = ManualClock(startDate: Date(timeIntervalSince1970: 1_717_200_000), advancesOnSleep: true)
        let base = ScriptedHTTPClient(
            [.status(503, headers: ["Retry-After": "Saturday, 01-Jun-74 00:00:00 GMT"])], whenExhausted: .status(200))
        let client = RetryingHTTPClient(wrapping: base, sleeper: clock, wallClock: clock)
        #expect(try await client.send(HTTPRequest(url: exampleURL)).status == 503)
        #expect(clock.sleeps.isEmpty)
    }

    @Test func aRetryAfterDateInThePastMeansRetryNow() async throws {
        let clock = ManualClock(startDate: Date(timeIntervalSince1970: 784_111_777), advancesOnSleep: true)
        let past: HTTPHeaders = ["Retry-After": "Sat, 05 Nov 1994 08:49:37 GMT"]
        let base = ScriptedHTTPClient([.status(503, headers: past)], whenExhausted: .status(200))
        let client = RetryingHTTPClient(wrapping: base, sleeper: clock, wallClock: clock)
        #expect(try await client.send(HTTPRequest(url: exampleURL)).status == 200)
        #expect(clock.sleeps == [.zero])
    }

    @Test(arguments: ["3601", "Sun, 06 Nov 2094 08:49:37 GMT", "99999999999999999999999"])
    func aRetryAfterBeyondTheMaximumReturnsTheResponseWithoutWaiting(value: String) async throws {
        let base = ScriptedHTTPClient([.status(503, headers: ["Retry-After": value])], whenExhausted: .status(200))
        let policy = RetryPolicy(maximumRetryAfter: .seconds(3600))
        let answer = try await retrying(base, policy: policy).send(HTTPRequest(url: exampleURL))
        #expect(answer.status == 503)
        #expect(answer.headers["retry-after"] == value)
        #expect(base.requests.count == 1)
        #expect(clock.sleeps.isEmpty)
    }

    @Test(arguments: [
        "soon", "-5", "1.5", "", " ", "Sun, 32 Nov 1994 08:49:37 GMT", "Sun, 06 Nov 1994 25:00:00 GMT",
        "Sun, 29 Feb 1995 08:49:37 GMT", "Sun, 06 Nov 1994 08:49:37 UTC", String(repeating: "9,", count: 10_000),
        "Sun, 06 Xyz 1994 08:49:37 GMT", "Sunday, 06-Nov-1994 08:49:37 GMT", "\u{0}",
    ])
    func anUnreadableRetryAfterFallsBackToTheBackoff(value: String) async throws {
        let base = ScriptedHTTPClient([.status(503, headers: ["Retry-After": value])], whenExhausted: .status(200))
        #expect(try await retrying(base).send(HTTPRequest(url: exampleURL)).status == 200)
        #expect(clock.sleeps == [.milliseconds(50)])
    }

    @Test func leapDaysAndOldDatesParse() async throws {
        let clock = ManualClock(startDate: Date(timeIntervalSince1970: 951_782_400), advancesOnSleep: true)
        let base = ScriptedHTTPClient(
            [.status(503, headers: ["Retry-After": "Tue, 29 Feb 2000 00:00:05 GMT"])], whenExhausted: .status(200))
        _ = try await RetryingHTTPClient(wrapping: base, sleeper: clock, wallClock: clock).send(
            HTTPRequest(url: exampleURL))
        #expect(clock.sleeps == [.seconds(5)])
    }

    @Test func transientTransportFailuresAreRetriedOthersAreNot() async throws {
        let transient = ScriptedHTTPClient([.fail(.transport(code: -1004))], whenExhausted: .status(200))
        #expect(try await retrying(transient).send(HTTPRequest(url: exampleURL)).status == 200)
        #expect(transient.requests.count == 2)

        let permanent = ScriptedHTTPClient([.fail(.transport(code: -1202))], whenExhausted: .status(200))
        let failure = await outcome { () async throws(HTTPClientError) in
            try await retrying(permanent).send(HTTPRequest(url: exampleURL))
        }.failure
        #expect(failure == .transport(code: -1202))
        #expect(permanent.requests.count == 1)
    }

    @Test(arguments: [
        HTTPClientError.cancelled, .deadlineExceeded, .invalidResponse, .invalidRequest(.invalidMethod("X Y")),
        .refreshRejected(status: 401), .excessiveRefresh,
    ])
    func finalErrorsAreNeverRetried(error: HTTPClientError) async {
        let base = ScriptedHTTPClient([.fail(error)], whenExhausted: .status(200))
        let failure = await outcome { () async throws(HTTPClientError) in
            try await retrying(base).send(HTTPRequest(url: exampleURL))
        }.failure
        #expect(failure == error)
        #expect(base.requests.count == 1)
    }

    @Test func perAttemptTimeoutsAreRetriedUnlessTheRetryPolicySaysNo() async throws {
        let base = ScriptedHTTPClient([.fail(.timeout)], whenExhausted: .status(200))
        #expect(try await retrying(base).send(HTTPRequest(url: exampleURL)).status == 200)
        let strict = ScriptedHTTPClient([.fail(.timeout)], whenExhausted: .status(200))
        let failure = await outcome { () async throws(HTTPClientError) in
            try await retrying(strict, policy: RetryPolicy(retriesTimeouts: false)).send(HTTPRequest(url: exampleURL))
        }.failure
        #expect(failure == .timeout)
    }

    @Test func theLastOutcomeIsReturnedWhenAttemptsRunOut() async {
        let base = ScriptedHTTPClient([.status(503), .fail(.transport(code: -1005))])
        let failure = await outcome { () async throws(HTTPClientError) in
            try await retrying(base, policy: RetryPolicy(maximumAttempts: 2)).send(HTTPRequest(url: exampleURL))
        }.failure
        #expect(failure == .transport(code: -1005))
    }

    @Test func everyAttemptIsNumberedForTheClientsInside() async throws {
        let sink = SpyLogSink()
        let base = ScriptedHTTPClient([.status(500), .status(503)], whenExhausted: .status(200))
        let client = LoggingHTTPClient(wrapping: base, sink: sink, clock: clock)
        _ = try await RetryingHTTPClient(wrapping: client, sleeper: clock, wallClock: clock).send(
            HTTPRequest(url: exampleURL))
        #expect(sink.entries.map(\.attempt) == [1, 2, 3])
        #expect(sink.entries.map(\.status) == [500, 503, 200])
        #expect(RequestAttempt.number == 1)
    }

    @Test func cancellingDuringBackoffThrowsAtOnceAndSendsNothingMore() async {
        let manual = ManualClock()
        let base = ScriptedHTTPClient([], whenExhausted: .status(503))
        let client = RetryingHTTPClient(wrapping: base, policy: RetryPolicy(baseDelay: .seconds(30)), sleeper: manual)
        let call = Task {
            await outcome { () async throws(HTTPClientError) in try await client.send(HTTPRequest(url: exampleURL)) }
        }
        await manual.waitForSleeps(1)
        call.cancel()
        #expect(await call.value.failure == .cancelled)
        #expect(base.requests.count == 1)
        #expect(manual.elapsed == .zero)  // no time had to pass on the injected clock
        #expect(manual.sleeperCount == 0)
    }

    @Test(.timeLimit(.minutes(1)))
    func cancellingDuringARealOneHourBackoffReturnsPromptly() async {
        let sleeper = SignallingSleeper()
        let base = ScriptedHTTPClient([], whenExhausted: .status(503, headers: ["Retry-After": "3600"]))
        let policy = RetryPolicy(maximumRetryAfter: .seconds(7200))
        let client = RetryingHTTPClient(wrapping: base, policy: policy, sleeper: sleeper)
        let call = Task {
            await outcome { () async throws(HTTPClientError) in try await client.send(HTTPRequest(url: exampleURL)) }
        }
        await sleeper.started.wait()
        call.cancel()
        // Finishing at all proves the hour-long sleep was interrupted; the time limit turns a hang into a failure.
        #expect(await call.value.failure == .cancelled)
        #expect(base.requests.count == 1)
    }

    @Test func aCancelledCallerIsNotRetriedEvenAfterARetryableAnswer() async {
        let gate = Gate()
        let base = ScriptedHTTPClient(
            [
                .handle { _ in
                    await gate.wait()
                    return .success(response(503))
                }
            ], whenExhausted: .status(200))
        let client = retrying(base)
        let call = Task {
            await outcome { () async throws(HTTPClientError) in try await client.send(HTTPRequest(url: exampleURL)) }
        }
        await base.waitForRequests(1)
        call.cancel()
        gate.open()
        #expect(await call.value.failure == .cancelled)
        #expect(base.requests.count == 1)
    }
}
