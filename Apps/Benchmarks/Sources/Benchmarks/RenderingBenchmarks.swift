import Rendering

enum RenderingBenchmarks {
    static let group = BenchmarkGroup(name: "rendering") { [] }
}
