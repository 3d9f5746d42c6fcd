import DevServer
import Foundation
import LedgerTestSupport
import Testing

// Real time on purpose: the built app's shipped HTTP limits (10 s a try, 30 s a call) dwarf a loopback answer.
/// The built `ledger` run as a user would, on a real data folder and the reference server.
@Suite("Onboarding: the account commands end to end")
struct AccountCommandsEndToEndTests {
    private func expectReadable(_ result: LedgerBinary.Result, _ arguments: [String]) {
        #expect(ReadableError.problems(result, arguments).isEmpty, "\(ReadableError.problems(result, arguments))")
    }

    @Test func loginWhoamiAndLogoutManageTheSessionOnThisMachine() async throws {
        let server = try await DevServer.shared()
        let workspace = try LedgerWorkspace(apiURL: server.baseURL)
        let email = uniqueEmail()
        #expect(try await workspace.run(["register", email]).status == 0)
        let again = try await workspace.run(["register", email])
        #expect(again.status == 65 && again.standardError.contains("sign in with 'ledger login \(email)'"))
        #expect(try await workspace.run(["whoami"]).standardOutput == email + "\n")
        #expect(try await workspace.run(["logout"]).standardOutput == "Signed out on this machine.\n")
        let nobody = try await workspace.run(["whoami"])
        #expect(nobody.status == 65 && nobody.standardError.contains("ledger login EMAIL"))
        let login = try await workspace.run(["login", email])
        #expect(login.status == 0 && login.standardOutput == "Signed in as \(email) on this machine.\n")
        #expect(try await workspace.run(["whoami"]).standardOutput == email + "\n")
        let unknown = try await workspace.run(["login", uniqueEmail()])
        #expect(unknown.status == 65 && unknown.standardError.contains("no account has the address"))
    }

    @Test func twoProcessesFindingTheSessionExpiredRenewItOnceAndBothGoOn() async throws {
        try await DevServer.run { server in
            let workspace = try LedgerWorkspace(apiURL: server.baseURL)
            let email = uniqueEmail()
            #expect(try await workspace.run(["register", email]).status == 0)
            for round in 1...3 {
                try await server.control(DevServerControl(expireTokens: true))
                async let first = workspace.run(["whoami"])
                async let second = workspace.run(["whoami"])
                let results = try await [first, second]
                #expect(
                    results.allSatisfy { $0.status == 0 && $0.standardOutput == email + "\n" },
                    "round \(round): \(results.map(\.standardError))")
            }
            #expect(try await server.stats().count("/v1/auth/refresh") == 3)
        }
    }

    @Test(arguments: [
        (["register"], Int32(64), "register needs EMAIL"),
        (["login"], 64, "login needs EMAIL"),
        (["login", "not-an-email"], 65, "email.missingAt"),
        (["whoami"], 65, "no one is signed in"),
        (["logout", "extra"], 64, "does not take 'extra'"),
        (["register", "not-an-email"], 65, "email.missingAt"),
    ])
    func badInputFailsWithTheRightStatusAndMessage(arguments: [String], status: Int32, message: String) async throws {
        let workspace = try LedgerWorkspace()
        let result = try await workspace.run(arguments)
        #expect(result.status == status, "\(arguments): \(result.standardError)")
        #expect(result.standardError.contains(message), "\(arguments): \(result.standardError)")
        #expect(ReadableError.problems(result, arguments).isEmpty, "\(ReadableError.problems(result, arguments))")
    }

    @Test func everyServerRefusalIsReadable() async throws {
        try await DevServer.run { server in
            let workspace = try LedgerWorkspace(apiURL: server.baseURL)
            let email = "refusals-\(UUID().uuidString.prefix(8).lowercased())@example.com"
            #expect(try await workspace.run(["register", email]).status == 0)
            expectReadable(try await workspace.run(["register", email]), ["register", "again"])
            expectReadable(try await workspace.run(["register", "x@mailinator.com"]), ["register", "blocked"])
            try await server.control(DevServerControl(fail: .init(count: 50, status: 503)))
            expectReadable(try await workspace.run(["invoice", "new", "--client", "A", "--item", "x;1;1"]), ["503"])
            try await server.control(DevServerControl(fail: .init(count: 50, status: 429, retryAfter: "1")))
            expectReadable(try await workspace.run(["register", "new-\(email)"]), ["429"])
        }
    }
}
