import Foundation
import Networking
import NetworkingTesting
import Testing

/// The scenarios, each against its own real dev-server over loopback (they change its control switches
/// or read its request counts).
@Suite("Networking: decorators against the dev-server")
struct IntegrationTests {
    private let transport = URLSessionHTTPClient()

    @Test func aPostAnswered503ReachesTheServerExactlyOnce() async throws {
        try await DevServer.run { server in
            try await server.control(DevServerControl(fail: .init(count: 5, status: 503, path: "/_echo")))
            let client = transport.retrying(sleeper: ManualClock(advancesOnSleep: true))
            let answer = try await client.send(
                HTTPRequest(method: .post, url: server.url("/_echo"), body: Data("{}".utf8)))
            #expect(answer.status == 503)
            #expect(try await server.stats().count("/_echo") == 1)
        }
    }

    @Test func aGetIsRetriedUntilItSucceedsWithinTheConfiguredAttempts() async throws {
        try await DevServer.run { server in
            let clock = ManualClock(advancesOnSleep: true)
            let policy = RetryPolicy(maximumAttempts: 3, baseDelay: .milliseconds(100))
            let client = transport.retrying(
                policy: policy, sleeper: clock, random: ScriptedRandomSource(fractions: [0.5]))
            try await server.control(DevServerControl(fail: .init(count: 2, status: 502, path: "/v1/health")))
            #expect(try await client.send(HTTPRequest(url: server.url("/v1/health"))).status == 200)
            #expect(try await server.stats().count("/v1/health") == 3)
            #expect(clock.sleeps == [.milliseconds(50), .milliseconds(100)])

            try await server.control(DevServerControl(fail: .init(count: 10, status: 503, path: "/v1/health")))
            #expect(try await client.send(HTTPRequest(url: server.url("/v1/health"))).status == 503)
            #expect(try await server.stats().count("/v1/health") == 6)  // at most the three configured attempts
        }
    }

    @Test func theServersRetryAfterIsHonoured() async throws {
        try await DevServer.run { server in
            let clock = ManualClock(advancesOnSleep: true)
            try await server.control(DevServerControl(fail: .init(count: 1, status: 429, retryAfter: "7")))
            let answer = try await transport.retrying(sleeper: clock).send(HTTPRequest(url: server.url("/v1/health")))
            #expect(answer.status == 200)
            #expect(clock.sleeps == [.seconds(7)])
        }
    }

    @Test func hundredConcurrent401sOnV1CauseExactlyOneRefreshAndAllSucceedWithV2() async throws {
        try await DevServer.run { server in
            let store = InMemoryTokenStore(token: try await server.signIn(email: "hundred@example.com"))
            let client = transport.authenticating(
                store: store, refresher: LedgerTokenRefresher(baseURL: server.baseURL))
            let api = APIClient(baseURL: server.baseURL, client: client)
            try await server.control(DevServerControl(latencyMilliseconds: 20, expireTokens: true))
            try await server.reset()  // counts from here; keeps the expired tokens
            try await server.control(DevServerControl(latencyMilliseconds: 20))
            let versions = try await withThrowingTaskGroup(of: Int.self) { group in
                for _ in 0..<100 { group.addTask { try await api.send(LedgerAPI.currentUser()).tokenVersion } }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(versions == Array(repeating: 2, count: 100))
            let stats = try await server.stats()
            #expect(stats.count("/v1/auth/refresh") == 1)
            #expect(stats.routes["GET /v1/me"] == 100 + stats.statuses["401", default: 0])
            #expect(await store.token()?.version == "2")
        }
    }

    @Test func aRejectedRefreshFailsTheRequestWithRefreshRejected() async throws {
        try await DevServer.run { server in
            var token = try await server.signIn(email: "rejected@example.com")
            token.refreshToken = "rt.forged"
            let client = transport.authenticating(
                store: InMemoryTokenStore(token: token), refresher: LedgerTokenRefresher(baseURL: server.baseURL))
            try await server.control(DevServerControl(expireTokens: true))
            let failure = await outcome { () async throws(HTTPClientError) in
                try await client.send(HTTPRequest(url: server.url("/v1/me")))
            }
            #expect(failure.failure == .refreshRejected(status: 401))
        }
    }

    @Test func fiftyConcurrentIdenticalGetsReachTheServerOnceWithIdenticalBytes() async throws {
        try await DevServer.run { server in
            let client = transport.deduplicating()
            try await server.control(DevServerControl(hang: true))
            let calls = (0..<50).map { _ in
                Task { try await client.send(HTTPRequest(url: server.url("/v1/home/sections"))) }
            }
            await eventually("49 callers share the first request") { client.statistics.requestsShared == 49 }
            await waitUntilServerCounts(server, "/v1/home/sections", 1)
            try await server.control(DevServerControl(hang: false))
            let bodies = try await calls.asyncMap { try await $0.value.body }
            #expect(Set(bodies).count == 1)
            #expect(bodies.first?.isEmpty == false)
            #expect(try await server.stats().count("/v1/home/sections") == 1)
            #expect(client.statistics.inFlight == 0)
        }
    }

    @Test func aServerThatNeverAnswersHitsThePerAttemptTimeout() async throws {
        try await DevServer.run { server in
            try await server.control(DevServerControl(hang: true))
            let client = transport.timingOut(after: .milliseconds(200))
            let failure = await outcome { () async throws(HTTPClientError) in
                try await client.send(HTTPRequest(url: server.url("/v1/health")))
            }
            #expect(failure.failure == .timeout)
            #expect(try await server.stats().count("/v1/health") <= 1)  // one attempt, if it got there in time
            try await server.control(DevServerControl(hang: false))
        }
    }

    @Test func theOverallDeadlineHoldsAcrossRetriesOfTimedOutAttempts() async throws {
        try await DevServer.run { server in
            try await server.control(DevServerControl(hang: true))
            let policy = RetryPolicy(maximumAttempts: 50, baseDelay: .milliseconds(10))
            let client = transport.timingOut(after: .milliseconds(150)).retrying(policy: policy)
                .withDeadline(.milliseconds(600))
            let failure = await outcome { () async throws(HTTPClientError) in
                try await client.send(HTTPRequest(url: server.url("/v1/health")))
            }
            #expect(failure.failure == .deadlineExceeded)
            let attempts = try await server.stats().count("/v1/health")
            // At most the attempts that fit in 600 ms of 150 ms timeouts; on a very slow machine none may even have
            // reached the server before the deadline, which still held.
            #expect(attempts <= 5, "\(attempts) attempts")
            try await server.control(DevServerControl(hang: false))
        }
    }

    @Test func logsOfAFullStackWithARefreshNeverContainAToken() async throws {
        try await DevServer.run { server in
            let sink = RecordingLogSink()
            let first = try await server.signIn(email: "logs@example.com")
            let store = InMemoryTokenStore(token: first)
            let stack = HTTPStack(attemptTimeout: .seconds(10), deadline: .seconds(30))
            let client = stack.build(
                on: transport, store: store, refresher: LedgerTokenRefresher(baseURL: server.baseURL), logSink: sink)
            let api = APIClient(baseURL: server.baseURL, client: client)
            try await server.control(DevServerControl(expireTokens: true))
            try await server.control(
                DevServerControl(fail: .init(count: 1, status: 503, retryAfter: "0", path: "/v1/me")))
            #expect(try await api.send(LedgerAPI.currentUser()).tokenVersion == 2)
            let second = try #require(await store.token())
            let secrets = [first.accessToken, first.refreshToken, second.accessToken, second.refreshToken].compactMap {
                $0
            }
            let logged = sink.entries.map { "\($0.line) \(String(reflecting: $0))" }
            #expect(sink.entries.map(\.url).contains { $0.hasSuffix("/v1/auth/refresh") })
            #expect(sink.entries.map(\.attempt).contains(2))  // the first GET was retried after its 503
            #expect(sink.entries.map(\.status) == [503, 401, 200, 200])
            for secret in secrets {
                #expect(!logged.contains { $0.contains(secret) })
                #expect(!logged.contains { $0.contains(String(secret.dropFirst(3).prefix(12))) })
            }
            #expect(logged.contains { $0.contains("redacted") })
        }
    }
}

extension Array {
    func asyncMap<T>(_ transform: (Element) async throws -> T) async rethrows -> [T] {
        var results: [T] = []
        for element in self { results.append(try await transform(element)) }
        return results
    }
}
