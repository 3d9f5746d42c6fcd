import Foundation
import Registration
import RegistrationTesting
import Testing

// The composition example of README.md: the text between the two README markers below, verbatim.

// README begin
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

/// One-line adapters turn other packages' capabilities into steps; these stand in for the real ones.
let validate = EmailCheckRegistrationService(check: { email in
    let parts = email.split(separator: "@", omittingEmptySubsequences: false)
    let sound = parts.count == 2 && !parts[0].isEmpty && !email.contains(where: \.isWhitespace)
    return EmailCheckResult(
        codes: (sound ? [] : ["email.malformed"]) + (email.contains("+") ? ["email.plusNotAllowed"] : []),
        policyCodes: ["email.plusNotAllowed"],
        isStructurallySound: sound,
        domain: sound ? String(parts[1]) : nil)
})
let api = AnyRegistrationService { email throws(RegistrationError) in
    if email == "taken@example.com" { throw .alreadyRegistered }
    if email.hasSuffix("@busy.example") { throw .server(underlying: .init(statusCode: 503, reason: "busy")) }
}
let backupAPI = AnyRegistrationService { _ throws(RegistrationError) in }

@MainActor
func signUp(_ email: String, analytics: any RegistrationEventSink) async throws -> RegistrationFlow.State {
    let service = try makeRegistrationService(validate: validate, api: api, backupAPI: backupAPI, analytics: analytics)
    let flow = RegistrationFlow(service: service)  // all the screen knows
    flow.submit(email: email)  // a button tap; a second tap while in flight is ignored
    return await flow.settled()  // a screen would watch `flow.states()` instead
}
// README end

@MainActor
@Suite("Registration: README example")
struct ReadmeExampleTests {
    @Test(arguments: [
        ("new@example.com", RegistrationFlow.State.succeeded),
        ("qa+1@corp.example", .succeeded),
        ("qa+1@CORP.example.", .succeeded),
        ("qa+1@example.com", .failed(.invalidEmail(codes: ["email.plusNotAllowed"]))),
        ("victim@gmail.com@corp.example", .failed(.invalidEmail(codes: ["email.malformed"]))),
        (
            "qa+1@x.test\r\nBcc: all@corp.example",
            .failed(.invalidEmail(codes: ["email.malformed", "email.plusNotAllowed"]))
        ),
        ("bot@Throwaway.Example", .failed(.domainNotAllowed(domain: "throwaway.example"))),
        ("bot@eu.mailinator.com", .failed(.domainNotAllowed(domain: "eu.mailinator.com"))),
        ("bot@notmailinator.com", .succeeded),
        ("taken@example.com", .failed(.alreadyRegistered)),
        ("someone@busy.example", .succeeded),
    ])
    func theComposedFlowBehavesAsDocumented(email: String, expected: RegistrationFlow.State) async throws {
        let analytics = SpyRegistrationEventSink()
        #expect(try await signUp(email, analytics: analytics) == expected)
        let outcomes = await analytics.events.map(\.outcome)
        if case .failed(let error) = expected {
            #expect(outcomes == [.started, .failed(error)])
        } else {
            #expect(outcomes == [.started, .succeeded])
        }
    }

    @Test func theStepsRunInTheirDeclaredOrder() throws {
        let service = try makeRegistrationService(
            validate: validate, api: api, backupAPI: backupAPI, analytics: SpyRegistrationEventSink())
        let pipeline = try #require(service as? RegistrationPipeline)
        #expect(pipeline.stepNames == ["email-check", "blocked-domains", "create-account"])
    }

    @Test func theReadmeQuotesThisFileVerbatim() throws {
        let testFile = try String(contentsOfFile: #filePath, encoding: .utf8)
        let readmeURL = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("README.md")
        let readme = try String(contentsOf: readmeURL, encoding: .utf8)
        let example = try #require(Self.example(in: testFile))
        #expect(readme.contains(example))
    }

    private static func example(in text: String) -> String? {
        guard let begin = text.range(of: "// README begin\n"),
            let end = text[begin.upperBound...].range(of: "// README end")
        else { return nil }
        return String(text[begin.upperBound..<end.lowerBound])
    }
}
