import DevServer
import Foundation
import LedgerTestSupport
import Testing

// Real time on purpose: the built app's shipped HTTP limits (10 s a try, 30 s a call) dwarf a loopback answer.
/// Signing in or registering when the session cannot be kept: the command fails with 74 and says what to fix,
/// never "Signed in" followed by a next command that finds no one signed in.
@Suite("Onboarding: a session that cannot be kept is never reported as kept")
struct SessionSavingEndToEndTests {
    @Test func loginAndRegisterFailWhenTheSessionFileCannotBeWritten() async throws {
        let server = try await DevServer.shared()
        let workspace = try LedgerWorkspace(apiURL: server.baseURL)
        let email = uniqueEmail()
        #expect(try await workspace.run(["register", email]).status == 0)
        #expect(try await workspace.run(["logout"]).status == 0)
        // The session's file is a folder: nothing can be written there.
        try FileManager.default.createDirectory(
            at: workspace.folder.appendingPathComponent("session.json"), withIntermediateDirectories: false)

        let login = try await workspace.run(["login", email])
        #expect(login.status == 74, "\(login.standardOutput) \(login.standardError)")
        #expect(!login.standardOutput.contains("Signed in"))
        #expect(login.standardError.hasPrefix("ledger: the session could not be kept on this machine: "))
        #expect(login.standardError.contains("hint: Make the data folder writable"))
        #expect(ReadableError.problems(login, ["login"]).isEmpty, "\(ReadableError.problems(login, ["login"]))")

        let another = uniqueEmail()
        let register = try await workspace.run(["register", another])
        #expect(register.status == 74, "\(register.standardOutput) \(register.standardError)")
        #expect(
            register.standardError.contains("the account \(another) was created, but the session could not be kept"))
        #expect(register.standardError.contains("sign in with 'ledger login \(another)'"))
        #expect(try await workspace.run(["whoami"]).status == 65, "no one is signed in")
    }

    @Test(.enabled(if: getuid() != 0, "root writes through a folder's permissions; the case above covers root"))
    func aReadOnlyDataFolderIsSaidToo() async throws {
        let server = try await DevServer.shared()
        let workspace = try LedgerWorkspace(apiURL: server.baseURL)
        let email = uniqueEmail()
        #expect(try await workspace.run(["register", email]).status == 0)
        #expect(try await workspace.run(["logout"]).status == 0)
        #expect(chmod(workspace.folder.path, 0o500) == 0)
        defer { chmod(workspace.folder.path, 0o700) }
        let login = try await workspace.run(["login", email])
        #expect(login.status == 74, "\(login.standardError)")
    }
}
