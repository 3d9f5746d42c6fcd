import CommandKit
import CommandKitTesting
import Foundation
import Networking
import NetworkingTesting
import Registration
import RegistrationTesting
import Testing
import Validation

@testable import OnboardingFeature

/// A session kept in memory, for the account commands in process.
private actor MemorySession: SessionStoring {
    private var current: AuthToken?

    init(_ token: AuthToken?) {
        current = token
    }

    func token() async -> AuthToken? { current }
    func save(_ token: AuthToken) async { current = token }
    func clear() async throws(SessionError) { current = nil }
    func saveFailure() async -> SessionError? { nil }
}

/// When the server cannot be reached, the account commands say so, name its address and how to point at another:
/// they never blame the sign-in. A real sign-in failure still says what it is.
@Suite("Onboarding: the account commands with the server down")
struct ServerDownTests {
    private static let server = "http://127.0.0.1:4321"

    private func harness(_ steps: [ScriptedHTTPClient.Step], signedIn: Bool = true) throws -> CommandHarness {
        let api = APIClient(baseURL: try #require(URL(string: Self.server)), client: ScriptedHTTPClient(steps))
        let session = MemorySession(signedIn ? AuthToken(accessToken: "v1.abc", refreshToken: "r1", version: "1") : nil)
        let sessions = SessionManager(api: api, session: session, emailValidator: EmailValidator())
        return CommandHarness(
            AccountCommands(
                sessions: { sessions },
                registration: { @MainActor () throws(RegistrationPipelineError) in
                    RegistrationFlow(service: ScriptedRegistrationService())
                }))
    }

    @Test(arguments: [
        (["whoami"], HTTPClientError.transport(code: -1004)), (["login", "ana@example.com"], .transport(code: -1004)),
        (["whoami"], .timeout), (["login", "ana@example.com"], .deadlineExceeded),
    ])
    func anUnreachableServerIsNamedWithItsAddressAndAHint(words: [String], failure: HTTPClientError) async throws {
        let result = try await harness([.fail(failure)]).run(words)
        #expect(result.status == .unavailable, "\(words): \(result.error)")
        #expect(
            result.error.hasPrefix("ledger: the Ledger API at \(Self.server) could not be reached"), "\(result.error)")
        #expect(!result.error.contains("sign-in") && !result.error.contains("signed in"), "\(result.error)")
        #expect(result.error.contains("hint: Is the server running?"), "\(result.error)")
        #expect(result.error.contains("--api-url"), "\(result.error)")
    }

    @Test func anUnknownAccountIsStillSaidAsSuch() async throws {
        let result = try await harness([.status(401, body: #"{"error": {"code": "invalid_credentials"}}"#)])
            .run(["login", "ana@example.com"])
        #expect(result.status == .dataError && result.error.contains("no account has the address ana@example.com"))
    }

    @Test func anExpiredSessionIsStillSaidAsSuch() async throws {
        let result = try await harness([.status(401), .status(401)]).run(["whoami"])
        #expect(result.status == .dataError && result.error.contains("the session on this machine is over"))
    }

    @Test func aServerThatAnswersWronglyIsNotCalledUnreachable() async throws {
        let result = try await harness([.status(200, body: "<html>")]).run(["whoami"])
        #expect(result.status == .unavailable && result.error.contains("not as the Ledger API does"))
        #expect(!result.error.contains("could not be reached"))
    }
}
