import DevServer
import Foundation
import LedgerTestSupport
import Testing

/// A server that redirects to another origin never receives the session there, and `--verbose` shows every hop.
@Suite("Onboarding: the session never follows a redirect to another origin")
struct RedirectEndToEndTests {
    @Test(arguments: [301, 302, 303, 307, 308])
    func whoamiRedirectedToAnotherServerSendsItNoCredentials(status: Int) async throws {
        try await DevServer.run { server in
            try await DevServer.run { other in
                let workspace = try LedgerWorkspace(apiURL: server.baseURL)
                #expect(try await workspace.run(["register", uniqueEmail()]).status == 0)
                let elsewhere = other.baseURL.appendingPathComponent("v1/me").absoluteString
                try await server.control(
                    DevServerControl(
                        hostile: .init(.redirect, path: "/v1/me", status: status, location: elsewhere)))
                let result = try await workspace.run(["whoami", "--verbose"])
                let stats = try await other.stats()
                #expect(stats.count("/v1/me") >= 1, "the redirect was followed (\(status))")
                #expect(stats.authorized.isEmpty, "credentials reached the other origin: \(stats.authorized)")
                #expect(result.status != 0, "the other server does not know the session (\(status))")
                #expect(result.standardError.contains("\(status)"), "the hop is logged: \(result.standardError)")
                #expect(result.standardError.contains(other.baseURL.host() ?? "127.0.0.1"))
                let quiet = try await workspace.run(["whoami"])
                #expect(
                    ReadableError.problems(quiet, ["whoami"]).isEmpty, "\(ReadableError.problems(quiet, ["whoami"]))")
                #expect(quiet.standardError.hasPrefix("ledger: "), "\(quiet.standardError)")
            }
        }
    }
}
