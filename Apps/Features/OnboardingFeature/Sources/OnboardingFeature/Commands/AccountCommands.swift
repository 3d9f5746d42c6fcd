public import CommandKit
public import Registration
import Validation

/// The account commands of `ledger`: `register`, `login`, `logout` and `whoami`, the screen the registration link
/// opens (`ledger://register`), and the account's part of the demo. Registering drives the composed registration
/// flow as a screen would.
public struct AccountCommands: CommandGroup {
    private let sessions: @Sendable () -> any SessionManaging
    private let registration: @Sendable @MainActor () throws(RegistrationPipelineError) -> RegistrationFlow

    /// The commands on the sessions and the registration flow the composition root makes.
    public init(
        sessions: @escaping @Sendable () -> any SessionManaging,
        registration: @escaping @Sendable @MainActor () throws(RegistrationPipelineError) -> RegistrationFlow
    ) {
        self.sessions = sessions
        self.registration = registration
    }

    /// Every command of the group, in the order help lists them.
    public var commands: [CommandSpec] {
        [register, login, logout, whoami]
    }

    /// The registration form's link.
    public var screens: [LinkScreen] {
        [
            LinkScreen(name: "register", path: "register") { _, invocation throws(CommandError) in
                invocation.console.line("Register: ledger register EMAIL")
                return .success
            }
        ]
    }

    /// A typo caught before anything is sent, then an account made and signed in: what every upload needs.
    public var demo: DemoSection? {
        DemoSection(
            title: "Account", setsUp: true,
            steps: [
                DemoStep(
                    "A typo is caught before anything is sent", ["register", "demo@@example"], expected: .dataError),
                DemoStep("Register and sign in", ["register", "{email}"]),
            ])
    }

    private var register: CommandSpec {
        CommandSpec(
            path: ["register"], arguments: ["EMAIL"], summary: "create an account and sign in on this machine",
            details: "Signing in is needed to upload invoices."
        ) { invocation throws(CommandError) in
            let email = try invocation.positionals()[0]
            let state = try await submit(email)
            let console = invocation.console
            switch state {
            case .succeeded:
                if case .storage(let detail)? = await sessions().saveFailure() {
                    throw CommandError(
                        message: "the account \(email) was created, but the session could not be kept on this "
                            + "machine: \(detail)",
                        hint: "Make the data folder writable (or pass another --data-dir), then sign in with "
                            + "'ledger login \(email)'.",
                        status: .ioError)
                }
                if console.json {
                    console.emit(["email": email, "status": "registered"])
                } else {
                    console.line("Registered \(email) and signed in on this machine.")
                }
                return .success
            case .failed(let error):
                throw .registration(error, email: email)
            case .idle, .submitting:
                throw CommandError(message: "the registration did not finish", status: .failure)
            }
        }
    }

    /// Drives the registration flow as a screen would: submit, then wait until it settles.
    @MainActor private func submit(_ email: String) async throws(CommandError) -> RegistrationFlow.State {
        let flow: RegistrationFlow
        do throws(RegistrationPipelineError) {
            flow = try registration()
        } catch {
            throw CommandError(message: "the registration flow is misconfigured (\(error))", status: .failure)
        }
        flow.submit(email: email)
        return await flow.settled()
    }

    private var login: CommandSpec {
        CommandSpec(path: ["login"], arguments: ["EMAIL"], summary: "sign in on this machine with an existing account")
        { invocation throws(CommandError) in
            let email = try invocation.positionals()[0]
            let user: CurrentUser
            let sessions = sessions()
            do throws(SessionError) {
                user = try await sessions.signIn(email: email)
            } catch {
                throw .session(error, server: sessions.server)
            }
            let shown = TerminalText.safe(user.email)
            if invocation.console.json {
                invocation.console.emit(["email": user.email, "id": user.id, "status": "signed in"])
            } else {
                invocation.console.line("Signed in as \(shown) on this machine.")
            }
            return .success
        }
    }

    private var logout: CommandSpec {
        CommandSpec(path: ["logout"], summary: "forget the session on this machine") {
            invocation throws(CommandError) in
            _ = try invocation.positionals()
            let existed: Bool
            do throws(SessionError) {
                existed = try await sessions().signOut()
            } catch {
                throw .session(error, action: "signing out")
            }
            if invocation.console.json {
                invocation.console.emit(["status": existed ? "signed out" : "not signed in"])
            } else {
                invocation.console.line(
                    existed ? "Signed out on this machine." : "No one was signed in on this machine.")
            }
            return .success
        }
    }

    private var whoami: CommandSpec {
        CommandSpec(path: ["whoami"], summary: "who is signed in on this machine") { invocation throws(CommandError) in
            _ = try invocation.positionals()
            let user: CurrentUser?
            let sessions = sessions()
            do throws(SessionError) {
                user = try await sessions.currentUser()
            } catch {
                throw .session(error, action: "checking who is signed in", server: sessions.server)
            }
            guard let user else { throw .session(.notSignedIn) }
            if invocation.console.json {
                invocation.console.emit(["email": user.email, "id": user.id])
            } else {
                invocation.console.line(TerminalText.safe(user.email))
            }
            return .success
        }
    }
}
