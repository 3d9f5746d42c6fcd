import CompositionRoot
import Foundation

/// `ledger register|login|logout|whoami`: the account on this machine. Registering drives the composed
/// registration flow as a screen would.
enum AccountCommand {
    static let specs: [CommandSpec] = [
        CommandSpec(
            path: ["register"], arguments: ["EMAIL"], summary: "create an account and sign in on this machine",
            details: "Signing in is needed to upload invoices.",
            run: { invocation throws(CommandError) in try await register(invocation) }),
        CommandSpec(
            path: ["login"], arguments: ["EMAIL"], summary: "sign in on this machine with an existing account",
            run: login),
        CommandSpec(path: ["logout"], summary: "forget the session on this machine", run: logout),
        CommandSpec(path: ["whoami"], summary: "who is signed in on this machine", run: whoami),
    ]

    private static func login(_ invocation: Invocation) async throws(CommandError) -> ExitStatus {
        let email = try invocation.positionals()[0]
        let session = await invocation.context()
        let user = try await session.run { () throws(CommandError) in
            do throws(SessionError) {
                return try await session.factory.makeSessions().signIn(email: email)
            } catch {
                throw .session(error)
            }
        }
        if session.console.json {
            session.console.emit(["email": user.email, "id": user.id, "status": "signed in"])
        } else {
            session.console.line("Signed in as \(user.email) on this machine.")
        }
        return .success
    }

    private static func logout(_ invocation: Invocation) async throws(CommandError) -> ExitStatus {
        _ = try invocation.positionals()
        let session = await invocation.context()
        let existed = try await session.run { () throws(CommandError) in
            do throws(SessionError) {
                return try await session.factory.makeSessions().signOut()
            } catch {
                throw .session(error)
            }
        }
        if session.console.json {
            session.console.emit(["status": existed ? "signed out" : "not signed in"])
        } else {
            session.console.line(existed ? "Signed out on this machine." : "No one was signed in on this machine.")
        }
        return .success
    }

    private static func whoami(_ invocation: Invocation) async throws(CommandError) -> ExitStatus {
        _ = try invocation.positionals()
        let session = await invocation.context()
        let user = try await session.run { () throws(CommandError) in
            do throws(SessionError) {
                return try await session.factory.makeSessions().currentUser()
            } catch {
                throw .session(error)
            }
        }
        guard let user else { throw .session(.notSignedIn) }
        if session.console.json {
            session.console.emit(["email": user.email, "id": user.id])
        } else {
            session.console.line(user.email)
        }
        return .success
    }

    @MainActor private static func register(_ invocation: Invocation) async throws(CommandError) -> ExitStatus {
        let email = try invocation.positionals()[0]
        let session = await invocation.context()
        let console = session.console
        let flow: RegistrationFlow
        do throws(RegistrationPipelineError) {
            flow = try session.factory.makeRegistrationFlow()
        } catch {
            throw CommandError(message: "the registration flow is misconfigured (\(error))", status: .failure)
        }
        flow.submit(email: email)
        let state = await flow.settled()
        await session.factory.close()
        switch state {
        case .succeeded:
            if console.json {
                console.emit(["email": email, "status": "registered"])
            } else {
                console.line("Registered \(email) and signed in on this machine.")
            }
        case .failed(let error):
            throw .registration(error, email: email)
        case .idle, .submitting:
            throw CommandError(message: "the registration did not finish", status: .failure)
        }
        return .success
    }
}
