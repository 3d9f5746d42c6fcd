import Foundation
import Networking
import NetworkingTesting

/// Networking: what the decorator stack costs. Over loopback against the dev-server, the full stack versus the
/// bare transport (same server, same run, alternating); in memory, the time each layer adds per request.
enum NetworkingBenchmarks {
    static let group = BenchmarkGroup(name: "networking") {
        let server = try await DevServer.start()
        let email = "bench-\(UUID().uuidString.prefix(8))@example.com"
        let token = try await server.signIn(email: email)
        let meURL = server.url("/v1/me")

        let transport = URLSessionHTTPClient()
        let stack = HTTPStack(attemptTimeout: .seconds(10), deadline: .seconds(30)).build(
            on: transport, store: InMemoryTokenStore(token: token),
            refresher: LedgerTokenRefresher(baseURL: server.baseURL), logSink: CountingSink())
        let bareRequest = HTTPRequest(url: meURL, headers: ["Authorization": "Bearer \(token.accessToken)"])
        let stackRequest = HTTPRequest(url: meURL)
        let sequential = 500

        let memory = ConstantClient()
        let memoryToken = AuthToken(accessToken: "v1.bench", refreshToken: "rt.bench", version: "1")
        let memoryStack = HTTPStack().build(
            on: memory, store: InMemoryTokenStore(token: memoryToken), refresher: ScriptedTokenRefresher([]),
            logSink: CountingSink())
        let memoryRequest = HTTPRequest(url: meURL)
        let perLayer: [(String, any HTTPClient)] = [
            ("bare in-memory client", memory),
            ("retry", memory.retrying()),
            (
                "auth",
                memory.authenticating(
                    store: InMemoryTokenStore(token: memoryToken), refresher: ScriptedTokenRefresher([]))
            ),
            ("de-duplication", memory.deduplicating()),
            ("logging", memory.logging(to: CountingSink())),
            ("per-attempt timeout", memory.timingOut(after: .seconds(10))),
            ("overall deadline", memory.withDeadline(.seconds(10))),
            ("full stack", memoryStack),
        ]
        let inMemoryCount = 5_000

        return [
            .compare(
                name: "loopback: \(sequential) sequential GET /v1/me", operations: sequential,
                target: "stack costs < 5% (ratio >= 0.95)",
                baseline: .init(label: "bare transport") {
                    try await run(transport, bareRequest, times: sequential, server: server)
                },
                candidate: .init(label: "full stack") {
                    try await run(stack, stackRequest, times: sequential, server: server)
                }),
            .compare(
                name: "loopback: 8 x 50 concurrent GET /v1/me", operations: 400,
                target: "stack costs < 5% (ratio >= 0.95)",
                baseline: .init(label: "bare transport") {
                    try await runConcurrently(transport, bareRequest, tasks: 8, each: 50)
                },
                candidate: .init(label: "full stack") {
                    try await runConcurrently(stack, stackRequest, tasks: 8, each: 50)
                }),
        ]
            + perLayer.map { name, client in
                .measure(name: "in-memory per request: \(name)", operations: inMemoryCount) {
                    try await run(client, memoryRequest, times: inMemoryCount)
                }
            }
            + [
                .note(name: "in-memory: time the full stack adds per request") {
                    try await addedTime(stack: memoryStack, bare: memory, request: memoryRequest)
                }
            ]
    }

    /// Sends `request` `times` times in a row; any non-200 answer aborts the benchmark.
    private static func run(
        _ client: any HTTPClient, _ request: HTTPRequest, times: Int, server: DevServer? = nil
    ) async throws {
        for _ in 0..<times {
            let response = try await client.send(request)
            guard response.status == 200 else { throw BenchmarkFailure.status(response.status) }
        }
    }

    /// `tasks` concurrent loops; every request has its own URL (a query the server ignores), so de-duplication
    /// cannot merge them and both variants send the same number of requests.
    private static func runConcurrently(
        _ client: any HTTPClient, _ request: HTTPRequest, tasks: Int, each: Int
    ) async throws {
        try await withThrowingTaskGroup(of: Void.self) { group in
            for task in 0..<tasks {
                group.addTask {
                    for index in 0..<each {
                        var distinct = request
                        distinct.url = request.url.appending(queryItems: [
                            URLQueryItem(name: "n", value: "\(task)-\(index)")
                        ])
                        let response = try await client.send(distinct)
                        guard response.status == 200 else { throw BenchmarkFailure.status(response.status) }
                    }
                }
            }
            try await group.waitForAll()
        }
    }

    /// Median of alternating rounds, as microseconds per request.
    private static func addedTime(
        stack: any HTTPClient, bare: any HTTPClient, request: HTTPRequest
    ) async throws
        -> String
    {
        let clock = ContinuousClock()
        let count = 5_000
        var stackTimes: [Double] = []
        var bareTimes: [Double] = []
        for _ in 0..<9 {
            let bareDuration = try await clock.measure { try await run(bare, request, times: count) }
            let stackDuration = try await clock.measure { try await run(stack, request, times: count) }
            bareTimes.append(microseconds(bareDuration) / Double(count))
            stackTimes.append(microseconds(stackDuration) / Double(count))
        }
        let bareMedian = bareTimes.sorted()[bareTimes.count / 2]
        let stackMedian = stackTimes.sorted()[stackTimes.count / 2]
        return String(
            format: "+%.2f µs/request (stack %.2f µs, bare %.2f µs)", stackMedian - bareMedian, stackMedian,
            bareMedian)
    }

    private static func microseconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) * 1e6 + Double(duration.components.attoseconds) / 1e12
    }
}

private enum BenchmarkFailure: Error {
    case status(Int)
}

/// Answers every request at once with the same small response.
private struct ConstantClient: HTTPClient {
    private let response = HTTPResponse(
        status: 200, headers: ["Content-Type": "application/json"], body: Data(#"{"ok": true}"#.utf8))

    func send(_ request: HTTPRequest) async throws(HTTPClientError) -> HTTPResponse {
        response
    }
}

/// A log sink that only counts, so the benchmark measures the decorator, not the output.
private final class CountingSink: HTTPLogSink, @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0

    func record(_ entry: HTTPLogEntry) {
        lock.lock()
        count += 1
        lock.unlock()
    }
}
