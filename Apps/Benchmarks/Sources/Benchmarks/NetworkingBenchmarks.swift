import Networking

enum NetworkingBenchmarks {
    static let group = BenchmarkGroup(name: "networking") { [] }
}
