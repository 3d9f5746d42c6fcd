import Registration
import RegistrationTesting
import Testing

// The composition the catalog's overview (Registration.docc/Registration.md) shows, compiled here because
// Scripts/docs requires every snippet of a catalog to be code of this package's tests. The README's whole example,
// of which it is a part, is compiled and run by the outside consumer Examples/RegistrationConsumer, whose test also
// checks that the catalog's snippet is a piece of that file.

// Each step is its own definition, with its place in the flow (in the app: one file per step).
extension RegistrationStep {
    /// The email check; staff domains may skip its product rules, never its structural ones.
    static func emailCheck(_ check: EmailCheckRegistrationService, staff: DomainList) -> RegistrationStep {
        RegistrationStep(
            "email-check", phase: .validation,
            service: check.allowingFailures(forDomainsIn: staff, forgiving: .everyPolicyFailure))
    }

    /// The security check: throwaway-mail providers may not register.
    static func blockedDomains(_ blocked: DomainList) -> RegistrationStep {
        RegistrationStep(
            "blocked-domains", phase: .policy, service: BlockedDomainsRegistrationService(blocked: blocked))
    }

    /// The API call, with a backup endpoint for server errors.
    static func createAccount(api: any RegistrationService, backup: any RegistrationService) -> RegistrationStep {
        RegistrationStep("create-account", phase: .account, service: api.fallback(backup, on: [.server]))
    }
}

/// The composition root's factory method: one line per step, in any order; analytics observe the pipeline.
func makeRegistrationService(
    validate: EmailCheckRegistrationService,
    api: any RegistrationService,
    backupAPI: any RegistrationService,
    analytics: any RegistrationEventSink
) throws -> any RegistrationService {
    let staff = try DomainList(parsing: ["corp.example"])
    let throwaway = try DomainList(parsing: ["throwaway.example", "mailinator.com"], matching: .domainAndSubdomains)
    return try RegistrationPipeline(
        steps: [
            .blockedDomains(throwaway),
            .createAccount(api: api, backup: backupAPI),
            .emailCheck(validate, staff: staff),
        ],
        observers: [analytics]
    )
}

@Suite("Registration: the catalog's composition")
struct DocumentationSnippetTests {
    /// Doubles in place of the app's adapters: an email check that refuses `+` tags as a policy rule, and an API.
    static func service(
        api: any RegistrationService, backup: any RegistrationService, analytics: any RegistrationEventSink
    ) throws -> any RegistrationService {
        let check = EmailCheckRegistrationService(check: { email in
            let domain = email.split(separator: "@").last.map(String.init)
            return EmailCheckResult(
                codes: email.contains("+") ? ["email.plusNotAllowed"] : [], policyCodes: ["email.plusNotAllowed"],
                isStructurallySound: true, domain: domain)
        })
        return try makeRegistrationService(validate: check, api: api, backupAPI: backup, analytics: analytics)
    }

    @Test func theStepsRunInTheirDeclaredPhasesWhateverTheListsOrder() throws {
        let service = try Self.service(
            api: SpyRegistrationService(), backup: SpyRegistrationService(), analytics: SpyRegistrationEventSink())
        let pipeline = try #require(service as? RegistrationPipeline)
        #expect(pipeline.stepNames == ["email-check", "blocked-domains", "create-account"])
    }

    @Test func staffSkipTheProductRulesAndThrowawayDomainsAreBlocked() async throws {
        let api = SpyRegistrationService("api")
        let service = try Self.service(
            api: api, backup: SpyRegistrationService(), analytics: SpyRegistrationEventSink())

        try await service.register(email: "qa+1@corp.example")
        await #expect(throws: RegistrationError.invalidEmail(codes: ["email.plusNotAllowed"])) {
            try await service.register(email: "qa+1@example.com")
        }
        await #expect(throws: RegistrationError.domainNotAllowed(domain: "eu.mailinator.com")) {
            try await service.register(email: "bot@eu.mailinator.com")
        }
        #expect(await api.emails == ["qa+1@corp.example"])
    }

    @Test func aServerErrorFallsBackToTheBackupAndAnalyticsSeeOneRegistration() async throws {
        let api = SpyRegistrationService(
            "api", failingWith: .server(underlying: .init(statusCode: 503, reason: "busy")))
        let backup = SpyRegistrationService("backup")
        let analytics = SpyRegistrationEventSink()
        let service = try Self.service(api: api, backup: backup, analytics: analytics)

        try await service.register(email: "ann@example.com")

        #expect(await backup.emails == ["ann@example.com"])
        #expect(await analytics.events.map(\.outcome) == [.started, .succeeded])
    }
}
