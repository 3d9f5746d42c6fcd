import Storage

enum StorageBenchmarks {
    static let group = BenchmarkGroup(name: "storage") { [] }
}
