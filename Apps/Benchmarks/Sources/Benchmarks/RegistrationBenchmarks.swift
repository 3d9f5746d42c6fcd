import Registration

enum RegistrationBenchmarks {
    static let group = BenchmarkGroup(name: "registration") { [] }
}
