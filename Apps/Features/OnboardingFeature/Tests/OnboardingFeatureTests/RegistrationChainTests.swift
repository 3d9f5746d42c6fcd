import Foundation
import Networking
import NetworkingTesting
import Registration
import Testing
import Validation

@testable import OnboardingFeature

/// The lines a context's `log` received; the log is a synchronous closure, so a lock (not an actor) keeps the
/// lines in the order they were written.
private final class LogLines: @unchecked Sendable {
    private let lock = NSLock()
    private var lines: [String] = []

    var all: [String] { lock.withLock { lines } }

    /// The lines of the observer around the whole registration; a step's own analytics lines are its tests'.
    var registration: [String] { all.filter { $0.hasPrefix("analytics: registration ") } }

    func append(_ line: String) {
        lock.withLock { lines.append(line) }
    }
}

private let grantJSON = #"{"access_token": "v1.abc", "refresh_token": "r1", "token_type": "Bearer", "version": 1}"#

/// Runs `registration` in a task that is cancelled before it starts (or not), and returns how it ended.
private func outcome(
    of registration: any RegistrationService, email: String, cancelledFirst: Bool = false
) async -> Result<Void, RegistrationError> {
    await Task {
        if cancelledFirst { withUnsafeCurrentTask { $0?.cancel() } }
        do throws(RegistrationError) {
            try await registration.register(email: email)
            return .success(())
        } catch {
            return .failure(error)
        }
    }.value
}

/// What the whole registration promises beyond each step: the order the steps run in, the analytics lines every
/// registration leaves in the log, and that a cancelled registration starts no further step.
@Suite("Onboarding: the registration flow's order, analytics and cancellation")
struct RegistrationChainTests {
    private func registration(
        _ client: ScriptedHTTPClient, log: LogLines, session: InMemoryTokenStore = InMemoryTokenStore()
    ) throws -> any RegistrationService {
        try RegistrationSteps.registration(
            OnboardingContext(
                api: APIClient(baseURL: try #require(URL(string: "http://api.test")), client: client),
                session: session, emailValidator: EmailValidator(), log: { log.append($0) }))
    }

    @Test func aRegistrationLeavesAStartedAndASucceededLineWithTheDomainNeverTheAddress() async throws {
        let log = LogLines()
        let client = ScriptedHTTPClient([
            .status(201, body: #"{"id": "usr_1", "email": "ana@b.example"}"#), .status(200, body: grantJSON),
        ])
        try await registration(client, log: log).register(email: "ana@B.Example")
        #expect(
            log.registration == [
                "analytics: registration started domain=b.example",
                "analytics: registration succeeded domain=b.example",
            ])
    }

    @Test func aRefusalLeavesAFailedLineWithTheReason() async throws {
        let log = LogLines()
        let client = ScriptedHTTPClient([.status(409, body: #"{"error": {"code": "email_taken"}}"#)])
        await #expect(throws: RegistrationError.alreadyRegistered) {
            try await registration(client, log: log).register(email: "ana@b.example")
        }
        #expect(
            log.registration == [
                "analytics: registration started domain=b.example",
                "analytics: registration failed(This email address already has an account. Sign in instead.) "
                    + "domain=b.example",
            ])
    }

    @Test func anAddressWithoutADomainIsLoggedWithAQuestionMark() async throws {
        let log = LogLines()
        await #expect(throws: RegistrationError.self) {
            try await registration(ScriptedHTTPClient([]), log: log).register(email: "no-at-sign")
        }
        #expect(
            log.registration == [
                "analytics: registration started domain=?",
                "analytics: registration failed(This email address is not accepted. Check it for typos; an address "
                    + "looks like name@example.com.) domain=?",
            ])
    }

    @Test func theEmailCheckRunsBeforeTheBlockList() async throws {
        // A policy failure of the email check at a blocked domain: whichever check runs first names the error.
        let client = ScriptedHTTPClient([])
        let error = await #expect(throws: RegistrationError.self) {
            try await registration(client, log: LogLines()).register(email: "jürgen@mailinator.com")
        }
        #expect(error?.kind == .invalidEmail)
        #expect(client.requests.isEmpty)
    }

    @Test func aCancelledRegistrationSendsNothingAndIsLoggedAsCancelled() async throws {
        let log = LogLines()
        let client = ScriptedHTTPClient([])
        let result = await outcome(
            of: try registration(client, log: log), email: "ana@b.example", cancelledFirst: true)
        #expect(throws: RegistrationError.cancelled) { try result.get() }
        #expect(client.requests.isEmpty)
        #expect(
            log.registration == [
                "analytics: registration started domain=b.example",
                "analytics: registration failed(The registration was cancelled before an answer arrived.) "
                    + "domain=b.example",
            ])
    }

    @Test func cancellingOnceTheAccountExistsNeverSignsIn() async throws {
        let session = InMemoryTokenStore()
        let client = ScriptedHTTPClient([
            .handle { _ in
                withUnsafeCurrentTask { $0?.cancel() }
                return .success(
                    HTTPResponse(status: 201, headers: [:], body: Data(#"{"id": "usr_1", "email": "x"}"#.utf8)))
            },
            .status(200, body: grantJSON),
        ])
        let result = await outcome(
            of: try registration(client, log: LogLines(), session: session), email: "a@b.example")
        #expect(throws: RegistrationError.cancelled) { try result.get() }
        #expect(client.requests.count == 1, "only the account was asked for: \(client.requests.map(\.url.path))")
        #expect(await session.token() == nil)
    }
}
