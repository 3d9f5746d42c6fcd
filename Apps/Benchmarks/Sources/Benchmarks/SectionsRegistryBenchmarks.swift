import SectionsRegistry

enum SectionsRegistryBenchmarks {
    static let group = BenchmarkGroup(name: "sectionsregistry") { [] }
}
