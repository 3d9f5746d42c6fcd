import Foundation
import Networking
import NetworkingTesting
import NetworkingURLSession

/// Networking: what the decorator stack costs. Over loopback against a scripted loopback server, the full stack
/// versus the bare transport (same server, same run, alternating); in memory, the time each layer adds per request.
enum NetworkingBenchmarks {
    static let group = BenchmarkGroup(name: "networking") {
        let server = try ScriptedLoopbackServer.start()
        let token = AuthToken(accessToken: "bench-access", refreshToken: "bench-refresh", version: "1")
        let answer = ScriptedLoopbackServer.Reply.status(
            200, headers: ["Content-Type": "application/json"], body: #"{"id": "usr_1", "version": 1}"#)
        server.route(.get, "/me") { request in
            request.headers["Authorization"] == "Bearer bench-access" ? answer : .status(401)
        }
        let meURL = server.url("/me")

        let transport = URLSessionHTTPClient()
        let stack = HTTPStack(attemptTimeout: .seconds(10), deadline: .seconds(30)).build(
            on: transport, store: InMemoryTokenStore(token: token), refresher: ScriptedTokenRefresher([]),
            logSink: CountingSink())
        let bareRequest = HTTPRequest(url: meURL, headers: ["Authorization": "Bearer \(token.accessToken)"])
        let stackRequest = HTTPRequest(url: meURL)
        let sequential = 500

        let memory = ConstantClient()
        let memoryStack = HTTPStack().build(
            on: memory, store: InMemoryTokenStore(token: token), refresher: ScriptedTokenRefresher([]),
            logSink: CountingSink())
        let memoryRequest = HTTPRequest(url: meURL)
        let perLayer: [(String, any HTTPClient)] = [
            ("bare in-memory client", memory),
            ("retry", memory.retrying()),
            (
                "auth",
                memory.authenticating(store: InMemoryTokenStore(token: token), refresher: ScriptedTokenRefresher([]))
            ),
            ("de-duplication", memory.deduplicating()),
            ("redirects (none to follow)", memory.followingRedirects()),
            ("logging", memory.logging(to: CountingSink())),
            // Over an in-memory client the timeout runs each attempt in a task of its own (the URLSession
            // transport ends attempts itself and needs none), and a deadline with no timeout beneath does too.
            ("per-attempt timeout (one task)", memory.timingOut(after: .seconds(10))),
            ("overall deadline alone (one task)", memory.withDeadline(.seconds(10))),
            (
                "timeout under a deadline (one task for both)",
                memory.timingOut(after: .seconds(10)).withDeadline(.seconds(30))
            ),
            ("full stack", memoryStack),
        ]
        let inMemoryCount = 5_000

        return [
            .compare(
                name: "loopback: \(sequential) sequential GET /me", operations: sequential,
                target: "stack costs < 5% (ratio >= 0.95)",
                baseline: .init(label: "bare transport") {
                    try await run(transport, bareRequest, times: sequential, server: server)
                },
                candidate: .init(label: "full stack") {
                    try await run(stack, stackRequest, times: sequential, server: server)
                }),
            .compare(
                name: "loopback: 8 x 50 concurrent GET /me", operations: 400,
                target: "stack costs < 5% (ratio >= 0.95)",
                baseline: .init(label: "bare transport") {
                    try await runConcurrently(transport, bareRequest, tasks: 8, each: 50, server: server)
                },
                candidate: .init(label: "full stack") {
                    try await runConcurrently(stack, stackRequest, tasks: 8, each: 50, server: server)
                }),
            .note(name: "loopback: bare/stack, median of 31 alternating rounds", target: "both >= 0.95") {
                let sequentialRatio = try await pairedRatio(rounds: 31) {
                    try await run(transport, bareRequest, times: sequential, server: server)
                } stack: {
                    try await run(stack, stackRequest, times: sequential, server: server)
                }
                let concurrentRatio = try await pairedRatio(rounds: 31) {
                    try await runConcurrently(transport, bareRequest, tasks: 8, each: 50, server: server)
                } stack: {
                    try await runConcurrently(stack, stackRequest, tasks: 8, each: 50, server: server)
                }
                return String(format: "sequential %.3fx, 8 concurrent loops %.3fx", sequentialRatio, concurrentRatio)
            },
            .note(name: "loopback: median latency, 4000 sequential requests alternating", target: "ratio >= 0.95") {
                try await interleavedLatency(
                    bare: (transport, bareRequest), stack: (stack, stackRequest), pairs: 4_000, loops: 1,
                    server: server)
            },
            .note(name: "loopback: median latency, 8 concurrent loops alternating", target: "ratio >= 0.95") {
                try await interleavedLatency(
                    bare: (transport, bareRequest), stack: (stack, stackRequest), pairs: 4_000, loops: 8,
                    server: server)
            },
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

    /// Runs `bare` and `stack` alternately for `rounds` rounds (one warm-up round first) and returns the median of
    /// the per-round ratios `bare time / stack time`: pairing each stack run with the bare run next to it cancels
    /// most of the drift of a shared machine.
    private static func pairedRatio(
        rounds: Int, bare: @Sendable () async throws -> Void, stack: @Sendable () async throws -> Void
    ) async throws -> Double {
        let clock = ContinuousClock()
        try await bare()
        try await stack()
        var ratios: [Double] = []
        for round in 0..<rounds {
            // Alternate which variant goes first, so neither always runs on a warmer machine.
            let first = round.isMultiple(of: 2)
            var bareTime = Duration.zero
            var stackTime = Duration.zero
            if first { bareTime = try await clock.measure(bare) }
            stackTime = try await clock.measure(stack)
            if !first { bareTime = try await clock.measure(bare) }
            ratios.append(microseconds(bareTime) / microseconds(stackTime))
        }
        return ratios.sorted()[ratios.count / 2]
    }

    /// Sends one bare and one stack request in turn (the order swapping each pair), in `loops` concurrent loops
    /// with distinct URLs, and compares the medians of their latencies: a burst of load on a shared machine hits
    /// both alike, and the median ignores the bursts.
    private static func interleavedLatency(
        bare: (client: any HTTPClient, request: HTTPRequest),
        stack: (client: any HTTPClient, request: HTTPRequest),
        pairs: Int,
        loops: Int,
        server: ScriptedLoopbackServer
    ) async throws -> String {
        let latencies = try await withThrowingTaskGroup(of: ([Double], [Double]).self) { group in
            for loop in 0..<loops {
                group.addTask {
                    let clock = ContinuousClock()
                    var bareTimes: [Double] = []
                    var stackTimes: [Double] = []
                    for pair in 0..<pairs / loops {
                        let query = URLQueryItem(name: "n", value: "\(loop)-\(pair)")
                        var distinctBare = bare.request
                        distinctBare.url = bare.request.url.appending(queryItems: [query])
                        var distinctStack = stack.request
                        distinctStack.url = stack.request.url.appending(queryItems: [query])
                        let (bareRequest, stackRequest) = (distinctBare, distinctStack)
                        let measureBare = { @Sendable () async throws -> Double in
                            microseconds(
                                try await clock.measure {
                                    try await run(bare.client, bareRequest, times: 1, server: server)
                                })
                        }
                        let measureStack = { @Sendable () async throws -> Double in
                            microseconds(
                                try await clock.measure {
                                    try await run(stack.client, stackRequest, times: 1, server: server)
                                })
                        }
                        if pair.isMultiple(of: 2) {
                            bareTimes.append(try await measureBare())
                            stackTimes.append(try await measureStack())
                        } else {
                            stackTimes.append(try await measureStack())
                            bareTimes.append(try await measureBare())
                        }
                    }
                    return (bareTimes, stackTimes)
                }
            }
            return try await group.reduce(into: ([Double](), [Double]())) {
                $0.0 += $1.0
                $0.1 += $1.1
            }
        }
        let bareMedian = latencies.0.sorted()[latencies.0.count / 2]
        let stackMedian = latencies.1.sorted()[latencies.1.count / 2]
        return String(
            format: "bare %.0f µs, stack %.0f µs: %.3fx (+%.1f µs)", bareMedian, stackMedian, bareMedian / stackMedian,
            stackMedian - bareMedian)
    }

    /// Sends `request` `times` times in a row; any non-200 answer aborts the benchmark. A loopback case passes its
    /// `server`, which keeps it alive (and listening) for as long as the case runs.
    private static func run(
        _ client: any HTTPClient, _ request: HTTPRequest, times: Int, server: ScriptedLoopbackServer? = nil
    ) async throws {
        for _ in 0..<times {
            let response = try await client.send(request)
            guard response.status == 200 else { throw BenchmarkFailure.status(response.status) }
        }
    }

    /// `tasks` concurrent loops; every request has its own URL (a query the server ignores), so de-duplication
    /// cannot merge them and both variants send the same number of requests.
    private static func runConcurrently(
        _ client: any HTTPClient, _ request: HTTPRequest, tasks: Int, each: Int, server: ScriptedLoopbackServer
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
