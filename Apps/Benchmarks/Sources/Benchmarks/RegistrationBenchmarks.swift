import Registration

enum RegistrationBenchmarks {
    static let group = BenchmarkGroup(name: "registration") {
        let emails = (0..<10_000).map { index in
            switch index % 10 {
            case 0: "qa+\(index)@corp.example"  // rejected by validation, forgiven by the allow-list
            case 1: "bot\(index)@Throwaway.Example"  // blocked
            default: "user\(index)@example\(index % 7).com"
            }
        }
        let expectedFailures = emails.count / 10
        let chain = try composedChain()
        let pipeline = try stepPipeline()
        let inline = try inlineChecks()
        return [
            .compare(
                name: "chain of 5 services vs the same checks inline: 10,000 registrations",
                operations: emails.count,
                baseline: .init(label: "inline") {
                    try await expect(failures: expectedFailures, registering: emails, through: inline)
                },
                candidate: .init(label: "composed") {
                    try await expect(failures: expectedFailures, registering: emails, through: chain)
                }
            ),
            .compare(
                name: "pipeline of 3 steps and an observer vs the same checks chained: 10,000 registrations",
                operations: emails.count,
                baseline: .init(label: "chain") {
                    try await expect(failures: expectedFailures, registering: emails, through: chain)
                },
                candidate: .init(label: "pipeline") {
                    try await expect(failures: expectedFailures, registering: emails, through: pipeline)
                }
            ),
            .measure(name: "flow: 1,000 submissions through the chain", operations: 1_000) {
                try await submitThroughFlow(Array(emails.prefix(1_000)), service: chain)
            },
        ]
    }

    /// Validation, allow-list, blocked domains, the API stand-in and analytics: five services, four combinators.
    private static func composedChain() throws -> any RegistrationService {
        let staff = try DomainList(parsing: ["corp.example"])
        let throwaway = try DomainList(parsing: ["throwaway.example"])
        let validate = EmailCheckRegistrationService(check: { email in
            EmailCheckResult(
                codes: email.contains("+") ? ["email.plusNotAllowed"] : [], policyCodes: ["email.plusNotAllowed"],
                isStructurallySound: true, domain: email.split(separator: "@").last.map(String.init))
        })
        let api = AnyRegistrationService { email throws(RegistrationError) in
            if email.isEmpty { throw .alreadyRegistered }
        }
        return
            validate
            .allowingFailures(forDomainsIn: staff, forgiving: .everyPolicyFailure)
            .appending(BlockedDomainsRegistrationService(blocked: throwaway))
            .appending(api)
            .recording(to: DiscardingSink(), as: "registration")
    }

    /// The same steps as the chain, as a pipeline of self-placing steps with analytics as an observer.
    private static func stepPipeline() throws -> any RegistrationService {
        let staff = try DomainList(parsing: ["corp.example"])
        let throwaway = try DomainList(parsing: ["throwaway.example"])
        let validate = EmailCheckRegistrationService(check: { email in
            EmailCheckResult(
                codes: email.contains("+") ? ["email.plusNotAllowed"] : [], policyCodes: ["email.plusNotAllowed"],
                isStructurallySound: true, domain: email.split(separator: "@").last.map(String.init))
        })
        let api = AnyRegistrationService { email throws(RegistrationError) in
            if email.isEmpty { throw .alreadyRegistered }
        }
        return try RegistrationPipeline(
            steps: [
                RegistrationStep("api", phase: .account, service: api),
                RegistrationStep(
                    "blocked", phase: .policy, service: BlockedDomainsRegistrationService(blocked: throwaway)),
                RegistrationStep(
                    "check", phase: .validation,
                    service: validate.allowingFailures(forDomainsIn: staff, forgiving: .everyPolicyFailure)),
            ],
            observers: [DiscardingSink()]
        )
    }

    /// The same decisions written as one closure, the baseline the composition's overhead is measured against.
    private static func inlineChecks() throws -> any RegistrationService {
        let staff = try DomainList(parsing: ["corp.example"])
        let throwaway = try DomainList(parsing: ["throwaway.example"])
        let sink = DiscardingSink()
        return AnyRegistrationService { email throws(RegistrationError) in
            let domain = EmailDomain(ofEmail: email)
            await sink.record(RegistrationEvent(name: "registration", outcome: .started, domain: domain))
            if email.contains("+"), !(domain.map(staff.includes) ?? false) {
                throw .invalidEmail(codes: ["email.plusNotAllowed"])
            }
            guard let domain else { throw .invalidEmail(codes: [RegistrationError.unreadableDomainCode]) }
            if throwaway.includes(domain) { throw .domainNotAllowed(domain: domain.name) }
            if email.isEmpty { throw .alreadyRegistered }
            await sink.record(RegistrationEvent(name: "registration", outcome: .succeeded, domain: domain))
        }
    }

    private static func expect(
        failures expected: Int,
        registering emails: [String],
        through service: any RegistrationService
    ) async throws {
        var failures = 0
        for email in emails {
            do throws(RegistrationError) {
                try await service.register(email: email)
            } catch {
                failures += 1
            }
        }
        guard failures == expected else { throw BenchmarkFailure.unexpectedFailures(failures) }
    }

    @MainActor
    private static func submitThroughFlow(_ emails: [String], service: any RegistrationService) async throws {
        let flow = RegistrationFlow(service: service)
        for email in emails {
            guard flow.submit(email: email) else { throw BenchmarkFailure.submissionIgnored }
            _ = await flow.settled()
        }
    }
}

/// Analytics that goes nowhere, so the benchmark measures the chain rather than a sink.
private struct DiscardingSink: RegistrationEventSink {
    func record(_ event: RegistrationEvent) async {}
}

private enum BenchmarkFailure: Error {
    case unexpectedFailures(Int)
    case submissionIgnored
}
