import Foundation
import Registration
import RegistrationTesting
import Testing

// The composition example of README.md: the text between the two README markers below, verbatim.

// README begin
/// The composition root's factory method: the whole flow, in order, in one expression.
func makeRegistrationService(
    validate: EmailCheckRegistrationService,
    api: any RegistrationService,
    backupAPI: any RegistrationService,
    analytics: any RegistrationEventSink
) throws(DomainPolicyError) -> any RegistrationService {
    let staff = try DomainList(parsing: ["corp.example"])
    let throwaway = try DomainList(parsing: ["throwaway.example"])
    return
        validate
        .allowingFailures(forDomainsIn: staff, forgiving: .everyPolicyFailure)  // 1. the domain allow-list
        .appending(BlockedDomainsRegistrationService(blocked: throwaway))  // 3. a security check
        .appending(api.fallback(backupAPI, on: [.server]))  // 4. the API call, with a backup
        .recording(to: analytics, as: "registration")  // 2. analytics
}

/// One-line adapters turn other packages' capabilities into steps; these stand in for the real ones.
let validate = EmailCheckRegistrationService(check: { email in
    EmailCheckResult(
        codes: email.contains("+") ? ["email.plusNotAllowed"] : [], policyCodes: ["email.plusNotAllowed"],
        isStructurallySound: true, domain: email.split(separator: "@").last.map(String.init))
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
        ("qa+1@example.com", .failed(.invalidEmail(codes: ["email.plusNotAllowed"]))),
        ("bot@Throwaway.Example", .failed(.domainNotAllowed(domain: "throwaway.example"))),
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
