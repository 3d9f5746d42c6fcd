import Foundation

// Every package's cases, one file each (`<Package>Benchmarks.swift`), so teams never edit the same file.
let groups: [BenchmarkGroup] = [
    ValidationBenchmarks.group,
    RenderingBenchmarks.group,
    StorageBenchmarks.group,
    NetworkingBenchmarks.group,
    RegistrationBenchmarks.group,
    NavigationBenchmarks.group,
    SectionsRegistryBenchmarks.group,
    EInvoiceBenchmarks.group,
]

let usage = """
    USAGE: Benchmarks [--filter NAME] [--json] [--quick] [--list]

      --filter NAME   a group name (validation, storage, ...) runs that group; any other text runs the
                      cases whose name contains it (case-insensitive; repeatable)
      --json          print the results as JSON instead of a table
      --quick         one warm-up and three runs per case, for a smoke test
      --list          list the groups and exit

    """

/// What the command line asked for.
struct Options {
    var filters: [String] = []
    var asJSON = false
    var policy = RunPolicy()

    static func parse(_ commandLine: [String]) -> Options {
        var options = Options()
        var arguments = commandLine[...]
        while let argument = arguments.popFirst() {
            switch argument {
            case "--filter":
                guard let value = arguments.popFirst() else { fail("--filter needs a name") }
                options.filters.append(value.lowercased())
            case "--json":
                options.asJSON = true
            case "--quick":
                options.policy = RunPolicy(warmUpRuns: 1, minimumRuns: 3, maximumRuns: 3, timeBudget: .zero)
            case "--list":
                for group in groups { print(group.name) }
                exit(0)
            case "-h", "--help":
                print(usage, terminator: "")
                exit(0)
            default:
                fail("unknown option '\(argument)'")
            }
        }
        return options
    }

    private static func fail(_ message: String) -> Never {
        FileHandle.standardError.write(Data("Benchmarks: \(message)\n\(usage)".utf8))
        exit(64)
    }
}

// A child process asked to measure one Factur-X invoice's peak memory answers and exits here.
EInvoiceBenchmarks.answerPeakMemoryRequest()
let options = Options.parse(Array(CommandLine.arguments.dropFirst()))
let filters = options.filters
let asJSON = options.asJSON
let groupNames = groups.map(\.name)
/// Filters that name no group select cases by name, across every group.
let caseFilters = filters.filter { filter in !groupNames.contains { $0.contains(filter) } }

/// The cases of `group` to run: all of them when no filter is given or a filter names the group,
/// otherwise those whose name contains a case filter.
func cases(of group: BenchmarkGroup) async throws -> [BenchmarkCase] {
    if filters.isEmpty || filters.contains(where: { group.name.contains($0) }) {
        return try await group.makeCases()
    }
    guard !caseFilters.isEmpty else { return [] }
    return try await group.makeCases().filter { benchmark in
        caseFilters.contains { benchmark.name.lowercased().contains($0) }
    }
}

let runner = BenchmarkRunner(policy: options.policy)
var results: [BenchmarkResult] = []
if !asJSON { print(Report.header()) }
for group in groups {
    let selected: [BenchmarkCase]
    do {
        selected = try await cases(of: group)
    } catch {
        let failed = BenchmarkResult(
            group: group.name, name: "setup", target: nil, error: "\(error)", peakMemoryBytes: PeakMemory.bytes())
        results.append(failed)
        if !asJSON { print(Report.line(failed)) }
        continue
    }
    for benchmark in selected {
        let result = await runner.run(benchmark, group: group.name)
        results.append(result)
        if !asJSON { print(Report.line(result)) }
    }
}
if asJSON { print(Report.json(results)) }
exit(results.contains { $0.error != nil } ? 1 : 0)
