import Foundation
import Networking
import NetworkingTesting
import Registration
import Testing
import Validation

@testable import OnboardingFeature

private func api(_ client: ScriptedHTTPClient) throws -> APIClient {
    APIClient(baseURL: try #require(URL(string: "http://api.test")), client: client)
}

private let grantJSON = #"{"access_token": "v1.abc", "refresh_token": "r1", "token_type": "Bearer", "version": 1}"#

@Suite("Onboarding: the users and sign-in resources as registration steps")
struct RegistrationStepTests {
    @Test(arguments: [
        (
            ScriptedHTTPClient.Step.status(409, body: #"{"error": {"code": "email_taken"}}"#),
            RegistrationError.alreadyRegistered
        ),
        (
            .status(
                422,
                body: #"{"error": {"code": "validation_failed", "fields": [{"field": "email", "code": "blocked"}]}}"#),
            .invalidEmail(codes: ["server.blocked"])
        ),
        (.status(429, headers: ["Retry-After": "7"]), .rateLimited(retryAfter: .seconds(7))),
        (.status(429, headers: ["Retry-After": "soon"]), .rateLimited(retryAfter: nil)),
        (
            .status(500, body: #"{"error": {"code": "boom"}}"#),
            .server(underlying: .init(statusCode: 500, reason: "boom"))
        ),
        (.fail(.cancelled), .cancelled),
    ])
    func everyAnswerOfTheUsersResourceIsATypedFailure(
        step: ScriptedHTTPClient.Step, expected: RegistrationError
    )
        async throws
    {
        let client = ScriptedHTTPClient([step])
        await #expect(throws: expected) {
            try await CreateAccountStep(api: try api(client)).register(email: "a@b.example")
        }
        let request = try #require(client.requests.first)
        #expect(request.method == .post && request.url.path == "/v1/users")
        #expect(request.body.map { String(decoding: $0, as: UTF8.self) } == #"{"email":"a@b.example"}"#)
    }

    @Test func aTransportFailureIsAServerFailureThatSaysTheServerWasNotReached() async throws {
        let client = ScriptedHTTPClient([.fail(.timeout)])
        let error = await #expect(throws: RegistrationError.self) {
            try await CreateAccountStep(api: try api(client)).register(email: "a@b.example")
        }
        guard case .server(let failure) = error else {
            Issue.record("expected a server failure, got \(String(describing: error))")
            return
        }
        #expect(failure.statusCode == nil && failure.reason.contains("could not be reached"))
    }

    @Test func signingInKeepsTheSessionTheServerIssued() async throws {
        let client = ScriptedHTTPClient([.status(200, body: grantJSON)])
        let session = InMemoryTokenStore()
        try await SignInStep(api: try api(client), session: session).register(email: "a@b.example")
        #expect(await session.token() == AuthToken(accessToken: "v1.abc", refreshToken: "r1", version: "1"))
        #expect(client.requests.map(\.url.path) == ["/v1/auth/token"])
    }

    @Test func aRefusedSignInKeepsNoSession() async throws {
        let client = ScriptedHTTPClient([.status(401, body: #"{"error": {"code": "invalid_credentials"}}"#)])
        let session = InMemoryTokenStore()
        await #expect(
            throws: RegistrationError.server(underlying: .init(statusCode: 401, reason: "invalid_credentials"))
        ) {
            try await SignInStep(api: try api(client), session: session).register(email: "a@b.example")
        }
        #expect(await session.token() == nil)
    }
}

@Suite("Onboarding: refreshing the session")
struct SessionRefresherTests {
    private let base = URL(string: "http://api.test") ?? URL(fileURLWithPath: "/")

    @Test func aRefreshRotatesTheToken() async throws {
        let client = ScriptedHTTPClient([.status(200, body: grantJSON)])
        let token = try await SessionRefresher(baseURL: base).refresh(
            AuthToken(accessToken: "v0", refreshToken: "r0", version: "0"), using: client)
        #expect(token.version == "1" && token.refreshToken == "r1")
        #expect(client.requests.first?.body.map { String(decoding: $0, as: UTF8.self) } == #"{"refresh_token":"r0"}"#)
    }

    @Test func aTokenWithoutARefreshTokenIsRejectedWithoutAsking() async throws {
        let client = ScriptedHTTPClient([])
        await #expect(throws: HTTPClientError.refreshRejected(status: 401)) {
            try await SessionRefresher(baseURL: base).refresh(AuthToken(accessToken: "v0"), using: client)
        }
        #expect(client.requests.isEmpty)
    }

    @Test(arguments: [
        (ScriptedHTTPClient.Step.status(401), HTTPClientError.refreshRejected(status: 401)),
        (.status(503), .refreshRejected(status: 503)),
        (.status(200, body: "not json"), .invalidResponse),
        (.fail(.timeout), .timeout),
    ])
    func everyFailedRefreshIsTyped(step: ScriptedHTTPClient.Step, expected: HTTPClientError) async throws {
        await #expect(throws: expected) {
            try await SessionRefresher(baseURL: base).refresh(
                AuthToken(accessToken: "v0", refreshToken: "r0"), using: ScriptedHTTPClient([step]))
        }
    }
}

@Suite("Onboarding: the registration flow")
struct RegistrationFlowTests {
    private func flow(
        _ client: ScriptedHTTPClient, session: InMemoryTokenStore = InMemoryTokenStore()
    ) throws
        -> any RegistrationService
    {
        try RegistrationSteps.registration(
            OnboardingContext(api: try api(client), session: session, emailValidator: EmailValidator(), log: { _ in }))
    }

    @Test func theStepsRunInTheirDeclaredOrderWhateverTheListOrder() throws {
        let context = OnboardingContext(
            api: try api(ScriptedHTTPClient([])), session: InMemoryTokenStore(), emailValidator: EmailValidator(),
            log: { _ in })
        let steps = try RegistrationSteps.ordered(context)
        #expect(steps.map(\.name) == ["email-check", "blocked-domains", "create-account", "sign-in"])
    }

    @Test func aGoodAddressCreatesTheAccountAndSignsIn() async throws {
        let client = ScriptedHTTPClient([
            .status(201, body: #"{"id": "usr_1", "email": "a@b.example"}"#), .status(200, body: grantJSON),
        ])
        let session = InMemoryTokenStore()
        try await flow(client, session: session).register(email: "a@b.example")
        #expect(client.requests.map(\.url.path) == ["/v1/users", "/v1/auth/token"])
        #expect(await session.token() != nil)
    }

    @Test func staffAddressesSkipOnlyPolicyRules() async throws {
        let staff = ScriptedHTTPClient([
            .status(201, body: #"{"id": "usr_1", "email": "x"}"#), .status(200, body: grantJSON),
        ])
        try await flow(staff).register(email: "jürgen@corp.ledger.example")
        #expect(staff.requests.count == 2)
        let outsider = ScriptedHTTPClient([])
        await #expect(throws: RegistrationError.invalidEmail(codes: ["email.internationalizedNotAllowed"])) {
            try await flow(outsider).register(email: "jürgen@example.com")
        }
        #expect(outsider.requests.isEmpty)
    }

    @Test(arguments: [
        ("no-at-sign", RegistrationError.invalidEmail(codes: ["email.missingAt"])),
        ("someone@Mailinator.COM", .domainNotAllowed(domain: "mailinator.com")),
        ("someone@eu.mailinator.com", .domainNotAllowed(domain: "eu.mailinator.com")),
        ("", .invalidEmail(codes: ["email.missingAt"])),
        (
            String(repeating: "a", count: 100_000) + "@b.example",
            .invalidEmail(codes: ["email.addressTooLong", "email.localPartTooLong"])
        ),
        ("victim@gmail.com@corp.ledger.example", .invalidEmail(codes: ["email.multipleAt"])),
        (
            "a\r\nBcc: victim@evil.test@corp.ledger.example",
            .invalidEmail(codes: ["email.multipleAt", "email.whitespace", "email.invalidCharacter"])
        ),
        ("<script>@corp.ledger.example", .invalidEmail(codes: ["email.invalidCharacter"])),
    ])
    func refusedAddressesNeverReachTheServer(email: String, expected: RegistrationError) async throws {
        let client = ScriptedHTTPClient([])
        await #expect(throws: expected) { try await flow(client).register(email: email) }
        #expect(client.requests.isEmpty)
    }
}
