import Navigation

enum NavigationBenchmarks {
    static let group = BenchmarkGroup(name: "navigation") { [] }
}
