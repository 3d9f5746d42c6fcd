import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A set of benchmark cases owned by one package. Its cases are made only when the group is selected, so a
/// group's setup (generating data, opening files, starting a server) never slows down another group's run.
struct BenchmarkGroup: Sendable {
    /// Lower-case package name, used by `--filter`.
    let name: String
    /// Builds the cases; may prepare data, which is not timed.
    let makeCases: @Sendable () async throws -> [BenchmarkCase]
}

/// One line of the report.
enum BenchmarkCase: Sendable {
    /// Times `body`, which performs `operations` operations per run.
    case measure(name: String, operations: Int = 1, target: String? = nil, body: @Sendable () async throws -> Void)
    /// Times two variants doing the same work in one run, alternating them, and prints `baseline / candidate`:
    /// how many times faster the candidate is.
    case compare(
        name: String,
        operations: Int = 1,
        target: String? = nil,
        baseline: Variant,
        candidate: Variant
    )
    /// A number or fact that is not a timing (a growth ratio, a query plan), computed once.
    case note(name: String, target: String? = nil, compute: @Sendable () async throws -> String)

    /// One side of a comparison.
    struct Variant: Sendable {
        let label: String
        let body: @Sendable () async throws -> Void
    }

    var name: String {
        switch self {
        case .measure(let name, _, _, _), .compare(let name, _, _, _, _), .note(let name, _, _): name
        }
    }
}

/// How many times each case runs.
struct RunPolicy: Sendable {
    var warmUpRuns = 1
    var minimumRuns = 5
    var maximumRuns = 50
    /// Stop adding runs after this much measured time, once `minimumRuns` are done.
    var timeBudget: Duration = .seconds(2)
}

/// Timing statistics of one variant.
struct Sample: Sendable, Codable {
    let runs: Int
    let medianSeconds: Double
    let minimumSeconds: Double
    let maximumSeconds: Double
    /// Half the distance between the 10th and 90th percentile, relative to the median.
    let spread: Double
    let operationsPerSecond: Double

    init(durations: [Duration], operations: Int) {
        let seconds = durations.map(\.seconds).sorted()
        let median = Self.percentile(seconds, 0.5)
        runs = seconds.count
        medianSeconds = median
        minimumSeconds = seconds.first ?? 0
        maximumSeconds = seconds.last ?? 0
        spread = median > 0 ? (Self.percentile(seconds, 0.9) - Self.percentile(seconds, 0.1)) / 2 / median : 0
        operationsPerSecond = median > 0 ? Double(operations) / median : 0
    }

    private static func percentile(_ sorted: [Double], _ fraction: Double) -> Double {
        guard !sorted.isEmpty else { return 0 }
        let position = fraction * Double(sorted.count - 1)
        let lower = Int(position.rounded(.down))
        let upper = min(lower + 1, sorted.count - 1)
        let weight = position - Double(lower)
        return sorted[lower] * (1 - weight) + sorted[upper] * weight
    }
}

/// The outcome of one case, as printed and as written with `--json`.
struct BenchmarkResult: Sendable, Codable {
    let group: String
    let name: String
    let target: String?
    var sample: Sample?
    var baselineLabel: String?
    var baseline: Sample?
    var candidateLabel: String?
    /// `baseline median / candidate median` for comparisons.
    var ratio: Double?
    var note: String?
    var error: String?
    /// The process's peak resident memory after this case, in bytes.
    var peakMemoryBytes: Int
}

/// Runs cases and measures them with the monotonic clock.
struct BenchmarkRunner: Sendable {
    let policy: RunPolicy
    private let clock = ContinuousClock()

    init(policy: RunPolicy) {
        self.policy = policy
    }

    func run(_ benchmark: BenchmarkCase, group: String) async -> BenchmarkResult {
        var result = BenchmarkResult(group: group, name: benchmark.name, target: nil, peakMemoryBytes: 0)
        do {
            switch benchmark {
            case .measure(_, let operations, let target, let body):
                result = BenchmarkResult(group: group, name: benchmark.name, target: target, peakMemoryBytes: 0)
                result.sample = Sample(durations: try await measure([body]).first ?? [], operations: operations)
            case .compare(_, let operations, let target, let baseline, let candidate):
                result = BenchmarkResult(group: group, name: benchmark.name, target: target, peakMemoryBytes: 0)
                let durations = try await measure([baseline.body, candidate.body])
                let base = Sample(durations: durations[0], operations: operations)
                let cand = Sample(durations: durations[1], operations: operations)
                result.baselineLabel = baseline.label
                result.baseline = base
                result.candidateLabel = candidate.label
                result.sample = cand
                result.ratio = cand.medianSeconds > 0 ? base.medianSeconds / cand.medianSeconds : nil
            case .note(_, let target, let compute):
                result = BenchmarkResult(group: group, name: benchmark.name, target: target, peakMemoryBytes: 0)
                result.note = try await compute()
            }
        } catch {
            result.error = String(describing: error)
        }
        result.peakMemoryBytes = PeakMemory.bytes()
        return result
    }

    /// Runs the bodies alternately (warm-up first) so both variants of a comparison see the same machine state.
    private func measure(_ bodies: [@Sendable () async throws -> Void]) async throws -> [[Duration]] {
        for _ in 0..<policy.warmUpRuns {
            for body in bodies { try await body() }
        }
        var durations = Array(repeating: [Duration](), count: bodies.count)
        var spent = Duration.zero
        var runs = 0
        while runs < policy.minimumRuns || (runs < policy.maximumRuns && spent < policy.timeBudget) {
            for (index, body) in bodies.enumerated() {
                let elapsed = try await clock.measure { try await body() }
                durations[index].append(elapsed)
                spent += elapsed
            }
            runs += 1
        }
        return durations
    }
}

/// The process's peak resident set size.
enum PeakMemory {
    static func bytes() -> Int {
        var usage = rusage()
        #if canImport(Glibc)
        let who = __rusage_who_t(RUSAGE_SELF.rawValue)
        #else
        let who = RUSAGE_SELF
        #endif
        guard getrusage(who, &usage) == 0 else { return 0 }
        #if canImport(Darwin)
        return Int(usage.ru_maxrss)  // bytes on Darwin
        #else
        return Int(usage.ru_maxrss) * 1024  // kilobytes on Linux
        #endif
    }
}

extension Duration {
    var seconds: Double {
        let parts = components
        return Double(parts.seconds) + Double(parts.attoseconds) / 1e18
    }
}
