import CompositionRoot
import Foundation

/// `ledger register EMAIL`: the composed registration flow, driven as a screen would drive it.
enum AccountCommand {
    static let specs: [CommandSpec] = [
        CommandSpec(
            path: ["register"], arguments: ["EMAIL"], summary: "create an account and sign in on this machine",
            details: "Signing in is needed to upload invoices.",
            run: { invocation throws(CommandError) in try await register(invocation) })
    ]

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
