import CommandKit
import Foundation
import Registration
import Validation

/// The account flows' errors said for people: what happened, what to do, and the exit status.
extension CommandError {
    /// `error` of `action` ("the sign-in", "checking who is signed in") said for people. A server that cannot be
    /// reached is said as such, with its address (`server`) when known: it is not the sign-in that failed.
    static func session(_ error: SessionError, action: String = "the sign-in", server: URL? = nil) -> CommandError {
        switch error {
        case .invalidEmail(let codes):
            CommandError(
                message: "that is not an email address", hint: nil, status: .dataError, details: details(codes))
        case .unknownAccount(let email):
            CommandError(
                message: "no account has the address \(email)", hint: "Create one with 'ledger register \(email)'.",
                status: .dataError)
        case .notSignedIn:
            CommandError(
                message: "no one is signed in on this machine", hint: "Sign in with 'ledger login EMAIL'.",
                status: .dataError)
        case .sessionExpired:
            CommandError(
                message: "the session on this machine is over and could not be renewed",
                hint: "Sign in again with 'ledger login EMAIL'.", status: .dataError)
        case .unavailable(let detail):
            CommandError(
                message: "the Ledger API" + (server.map { " at \(TerminalText.safe($0.absoluteString))" } ?? "")
                    + " could not be reached",
                hint: "Is the server running? Start it and try again, or name the right one with --api-url URL.",
                status: .unavailable, details: [TerminalText.safe(detail)])
        case .unexpectedAnswer(let detail):
            CommandError(
                message: "\(action) did not go through: the server answered, but not as the Ledger API does",
                hint: "Check that --api-url names the Ledger API; the server is running but sent something else.",
                status: .unavailable, details: [TerminalText.safe(detail)])
        case .storage(let detail):
            CommandError(
                message: "the session could not be kept on this machine: \(detail)",
                hint: "Make the data folder writable (or pass another --data-dir), then sign in again with "
                    + "'ledger login EMAIL'; until then no one is signed in here.",
                status: .ioError)
        }
    }

    static func registration(_ error: RegistrationError, email: String) -> CommandError {
        switch error {
        case .invalidEmail(let codes):
            CommandError(
                message: "'\(email)' is not an email address that can register", hint: nil, status: .dataError,
                details: details(codes))
        case .domainNotAllowed(let domain):
            CommandError(
                message: "addresses at \(domain) cannot register", hint: "Use an address at another domain.",
                status: .dataError)
        case .alreadyRegistered:
            CommandError(
                message: "\(email) already has an account",
                hint: "If it is yours, sign in with 'ledger login \(email)'; otherwise register another address.",
                status: .dataError)
        case .rateLimited(let retryAfter):
            CommandError(
                message: "too many registrations right now",
                hint: retryAfter.map { "Try again in \($0.components.seconds) seconds." } ?? "Try again later.",
                status: .unavailable)
        case .server(let failure):
            CommandError(
                message: "the registration did not go through: \(TerminalText.safe("\(failure)"))",
                hint: "Check that the API server is running (--api-url), then try again.", status: .unavailable)
        case .cancelled:
            CommandError(message: "the registration was cancelled", status: .failure)
        }
    }

    /// One line per validation code: its English message and the code.
    private static func details(_ codes: [String]) -> [String] {
        codes.map { code in
            "\(ValidationMessages.english.message(for: ValidationFailure(code: ValidationCode(rawValue: code)))) [\(code)]"
        }
    }
}
