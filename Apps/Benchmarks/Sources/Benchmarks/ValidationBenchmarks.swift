import Validation

enum ValidationBenchmarks {
    static let group = BenchmarkGroup(name: "validation") {
        let validator = EmailValidator()
        let addresses = (0..<1_000).map { "user\($0)@example\($0 % 7).com" }
        return [
            .measure(name: "email: 1,000 addresses", operations: addresses.count) {
                var failures = 0
                for address in addresses { failures += validator.validate(email: address).count }
                precondition(failures == 0)
            }
        ]
    }
}
