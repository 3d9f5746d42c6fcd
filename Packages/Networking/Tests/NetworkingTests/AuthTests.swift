import Foundation
import Networking
import NetworkingTesting
import Testing

@Suite("Networking: auth refresh")
struct AuthTests {
    private let v1 = AuthToken(accessToken: "v1.access", refreshToken: "rt.1", version: "1")
    private let v2 = AuthToken(accessToken: "v2.access", refreshToken: "rt.2", version: "2")
    private let v3 = AuthToken(accessToken: "v3.access", refreshToken: "rt.3", version: "3")

    /// A server double that accepts only `accepted` and answers 401 to every other bearer token.
    private func server(accepting accepted: String) -> ScriptedHTTPClient {
        ScriptedHTTPClient(
            [],
            whenExhausted: .handle { request in
                request.headers["Authorization"] == "Bearer \(accepted)"
                    ? .success(response(200, "ok")) : .success(response(401))
            })
    }

    @Test func addsTheBearerTokenReplacingAnyAuthorizationHeader() async throws {
        let base = ScriptedHTTPClient([.status(200)])
        let client = AuthenticatingHTTPClient(
            wrapping: base, store: InMemoryTokenStore(token: v1), refresher: ScriptedTokenRefresher([]))
        _ = try await client.send(HTTPRequest(url: exampleURL, headers: ["authorization": "Basic forged"]))
        #expect(base.requests.first?.headers.values(for: "Authorization") == ["Bearer v1.access"])
    }

    @Test func withoutATokenRequestsGoOutUnauthenticatedAndA401IsReturned() async throws {
        let base = ScriptedHTTPClient([.status(401)])
        let refresher = ScriptedTokenRefresher([.success(v2)])
        let client = AuthenticatingHTTPClient(wrapping: base, store: InMemoryTokenStore(), refresher: refresher)
        #expect(try await client.send(HTTPRequest(url: exampleURL)).status == 401)
        #expect(base.requests.first?.headers["Authorization"] == nil)
        #expect(refresher.refreshCount == 0)
    }

    @Test func a401RefreshesOnceSavesTheTokenAndReplaysTheRequest() async throws {
        let base = server(accepting: "v2.access")
        let store = InMemoryTokenStore(token: v1)
        let refresher = ScriptedTokenRefresher([.success(v2)])
        let client = AuthenticatingHTTPClient(wrapping: base, store: store, refresher: refresher)
        let request = HTTPRequest(method: .put, url: exampleURL, body: Data("payload".utf8))
        #expect(try await client.send(request).status == 200)
        #expect(refresher.rejectedTokens == [v1])
        #expect(await store.token() == v2)
        #expect(base.requests.map { $0.headers["Authorization"] } == ["Bearer v1.access", "Bearer v2.access"])
        #expect(base.requests.allSatisfy { $0.body == request.body && $0.method == .put })
    }

    @Test func aSecond401AfterTheRefreshIsReturnedToTheCaller() async throws {
        let base = server(accepting: "nothing")
        let refresher = ScriptedTokenRefresher([.success(v2)])
        let client = AuthenticatingHTTPClient(
            wrapping: base, store: InMemoryTokenStore(token: v1), refresher: refresher)
        #expect(try await client.send(HTTPRequest(url: exampleURL)).status == 401)
        #expect(base.requests.count == 2)
        #expect(refresher.refreshCount == 1)
    }

    @Test func hundredConcurrent401sOnOneVersionCauseExactlyOneRefresh() async throws {
        let base = server(accepting: "v2.access")
        let store = InMemoryTokenStore(token: v1)
        let refresher = ScriptedTokenRefresher([.success(v2)])
        let client = AuthenticatingHTTPClient(wrapping: base, store: store, refresher: refresher)
        let statuses = try await withThrowingTaskGroup(of: Int.self) { group in
            for index in 0..<100 {
                group.addTask {
                    try await client.send(HTTPRequest(url: exampleURL.appendingPathComponent("\(index)"))).status
                }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(statuses == Array(repeating: 200, count: 100))
        #expect(refresher.refreshCount == 1)
        #expect(await store.token() == v2)
    }

    @Test func everyWaiterOfOneRefreshJoinsTheSameFlight() async throws {
        let gate = Gate()
        let base = server(accepting: "v2.access")
        let refresher = ScriptedTokenRefresher([.success(v2)], gate: gate)
        let client = AuthenticatingHTTPClient(
            wrapping: base, store: InMemoryTokenStore(token: v1), refresher: refresher)
        let calls = (0..<20).map { _ in Task { try await client.send(HTTPRequest(url: exampleURL)).status } }
        await refresher.waitForRefreshes(1)
        await eventually("19 requests wait for the refresh", within: 1_000_000) {
            client.statistics.requestsWaitedForRefresh == 19
        }
        gate.open()
        for call in calls { #expect(try await call.value == 200) }
        #expect(client.statistics == .init(refreshes: 1, requestsWaitedForRefresh: 19))
        #expect(refresher.refreshCount == 1)
    }

    @Test func aLate401ForAnOldVersionIsReplayedWithoutAnotherRefresh() async throws {
        let slow = Gate()
        let base = ScriptedHTTPClient(
            [
                .status(401),  // the first request, sent with v1
                .handle { _ in
                    await slow.wait()
                    return .success(response(401))
                },  // the second, also v1, late
            ],
            whenExhausted: .handle { request in
                .success(response(request.headers["Authorization"] == "Bearer v2.access" ? 200 : 401))
            })
        let refreshing = Gate()
        let refresher = ScriptedTokenRefresher([.success(v2)], gate: refreshing)
        let client = AuthenticatingHTTPClient(
            wrapping: base, store: InMemoryTokenStore(token: v1), refresher: refresher)
        let first = Task { try await client.send(HTTPRequest(url: exampleURL)).status }
        await refresher.waitForRefreshes(1)
        let late = Task { try await client.send(HTTPRequest(url: exampleURL)).status }
        await base.waitForRequests(2)  // the late request went out with v1 too
        refreshing.open()
        #expect(try await first.value == 200)  // refreshed to v2 while the late request was still out
        slow.open()
        #expect(try await late.value == 200)
        #expect(refresher.refreshCount == 1)
        #expect(base.requests.last?.headers["Authorization"] == "Bearer v2.access")
    }

    @Test func aFailedRefreshFailsEveryWaiterWithTheSameError() async throws {
        let gate = Gate()
        let refresher = ScriptedTokenRefresher([.failure(.refreshRejected(status: 400))], gate: gate)
        let client = AuthenticatingHTTPClient(
            wrapping: server(accepting: "none"), store: InMemoryTokenStore(token: v1), refresher: refresher)
        let calls = (0..<10).map { _ in
            Task {
                await outcome { () async throws(HTTPClientError) in try await client.send(HTTPRequest(url: exampleURL))
                }
            }
        }
        await refresher.waitForRefreshes(1)
        await eventually("9 requests wait for the refresh", within: 1_000_000) {
            client.statistics.requestsWaitedForRefresh == 9
        }
        gate.open()
        for call in calls { #expect(await call.value.failure == .refreshRejected(status: 400)) }
        #expect(refresher.refreshCount == 1)
    }

    @Test func moreRefreshesThanThePolicyAllowsFailWithExcessiveRefresh() async throws {
        let clock = ManualClock()
        let refresher = ScriptedTokenRefresher([.success(v2), .success(v3), .success(v1)])
        let store = InMemoryTokenStore(token: v1)
        let client = AuthenticatingHTTPClient(
            wrapping: server(accepting: "none"), store: store, refresher: refresher,
            policy: RefreshPolicy(maximumRefreshes: 2, window: .seconds(60)), clock: clock)
        let send = { () async -> Result<HTTPResponse, HTTPClientError> in
            await outcome { () async throws(HTTPClientError) in try await client.send(HTTPRequest(url: exampleURL)) }
        }
        #expect(try await send().get().status == 401)  // v1 rejected, refreshed to v2, rejected again
        #expect(try await send().get().status == 401)  // v2 rejected, refreshed to v3
        #expect(await send().failure == .excessiveRefresh)
        #expect(refresher.refreshCount == 2)
        clock.advance(by: .seconds(60))
        #expect(try await send().get().status == 401)  // the window slid: refreshing is allowed again
        #expect(refresher.refreshCount == 3)
    }

    @Test func theRefreshGoesThroughTheUndecoratedClientSoA401ThereCannotRecurse() async throws {
        struct RefreshThroughClient: TokenRefresher {
            func refresh(_ rejected: AuthToken, using client: any HTTPClient) async throws(HTTPClientError) -> AuthToken
            {
                let answer = try await client.send(
                    HTTPRequest(method: .post, url: exampleURL.appendingPathComponent("refresh")))
                throw .refreshRejected(status: answer.status)
            }
        }
        let base = ScriptedHTTPClient([], whenExhausted: .status(401))
        let client = AuthenticatingHTTPClient(
            wrapping: base, store: InMemoryTokenStore(token: v1), refresher: RefreshThroughClient())
        let failure = await outcome { () async throws(HTTPClientError) in
            try await client.send(HTTPRequest(url: exampleURL))
        }
        #expect(failure.failure == .refreshRejected(status: 401))
        #expect(base.requests.count == 2)
        #expect(base.requests.last?.headers["Authorization"] == nil)  // not decorated with the bearer token
    }

    @Test func aCancelledWaiterLeavesAtOnceWhileTheRefreshCompletesForTheOthers() async throws {
        let gate = Gate()
        let store = InMemoryTokenStore(token: v1)
        let refresher = ScriptedTokenRefresher([.success(v2)], gate: gate)
        let client = AuthenticatingHTTPClient(
            wrapping: server(accepting: "v2.access"), store: store, refresher: refresher)
        let patient = Task { try await client.send(HTTPRequest(url: exampleURL)).status }
        let impatient = Task {
            await outcome { () async throws(HTTPClientError) in try await client.send(HTTPRequest(url: exampleURL)) }
        }
        await refresher.waitForRefreshes(1)
        await eventually("the second request waits for the refresh", within: 1_000_000) {
            client.statistics.requestsWaitedForRefresh == 1
        }
        impatient.cancel()
        #expect(await impatient.value.failure == .cancelled)
        gate.open()
        #expect(try await patient.value == 200)
        #expect(await store.token() == v2)
    }

    @Test func aCallerWaitingForARefreshLeavesAtItsDeadlineAndTheRefreshStillCompletes() async throws {
        let clock = ManualClock()
        let gate = Gate()
        let store = InMemoryTokenStore(token: v1)
        let refresher = ScriptedTokenRefresher([.success(v2)], gate: gate)
        let base = server(accepting: "v2.access")
        let client = base.timingOut(after: .seconds(60), sleeper: clock)
            .authenticating(store: store, refresher: refresher)
            .withDeadline(.seconds(1), clock: clock)
        let call = Task {
            await outcome { () async throws(HTTPClientError) in try await client.send(HTTPRequest(url: exampleURL)) }
        }
        await refresher.waitForRefreshes(1)
        await clock.waitForSleeps(2)  // the 401 attempt's timer, then the wait for the refresh
        clock.advance(by: .seconds(1))
        #expect(await call.value.failure == .deadlineExceeded)
        gate.open()
        // The refresh was not cut short by the caller's deadline: the next request gets its token (joining the
        // refresh if it is still finishing) without refreshing again.
        #expect(try await client.send(HTTPRequest(url: exampleURL)).status == 200)
        #expect(await store.token() == v2)
        #expect(refresher.refreshCount == 1)
    }

    @Test func aRefreshSurvivesTheCancellationOfEveryCaller() async throws {
        let gate = Gate()
        let store = InMemoryTokenStore(token: v1)
        let refresher = ScriptedTokenRefresher([.success(v2)], gate: gate)
        let client = AuthenticatingHTTPClient(
            wrapping: server(accepting: "v2.access"), store: store, refresher: refresher)
        let call = Task {
            await outcome { () async throws(HTTPClientError) in try await client.send(HTTPRequest(url: exampleURL)) }
        }
        await refresher.waitForRefreshes(1)
        call.cancel()
        #expect(await call.value.failure == .cancelled)
        gate.open()
        // The rotated token is saved even though nobody waits for it any more; the next request uses it at once.
        #expect(try await client.send(HTTPRequest(url: exampleURL)).status == 200)
        #expect(await store.token() == v2)
        #expect(refresher.refreshCount == 1)
    }

    @Test func signingOutDuringARefreshReturnsThe401() async throws {
        let store = InMemoryTokenStore(token: v1)
        let base = ScriptedHTTPClient(
            [
                .handle { _ in
                    await store.clear()
                    return .success(response(401))
                }
            ], whenExhausted: .status(200))
        let client = AuthenticatingHTTPClient(
            wrapping: base, store: store, refresher: ScriptedTokenRefresher([.success(v2)]))
        #expect(try await client.send(HTTPRequest(url: exampleURL)).status == 401)
        #expect(base.requests.count == 1)
    }

    @Test func transportErrorsPassThroughUntouched() async {
        let base = ScriptedHTTPClient([.fail(.timeout)])
        let client = AuthenticatingHTTPClient(
            wrapping: base, store: InMemoryTokenStore(token: v1), refresher: ScriptedTokenRefresher([]))
        #expect(
            await outcome { () async throws(HTTPClientError) in try await client.send(HTTPRequest(url: exampleURL)) }
                .failure == .timeout)
    }
}
