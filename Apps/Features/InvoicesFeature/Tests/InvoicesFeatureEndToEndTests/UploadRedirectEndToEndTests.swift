import DevServer
import Foundation
import LedgerTestSupport
import Testing

/// An upload redirected to another origin is never sent there: the invoice is kept on this machine and the
/// reason is said.
@Suite("Invoices: an upload never follows a redirect to another origin")
struct UploadRedirectEndToEndTests {
    @Test(arguments: [307, 308])
    func anUploadRedirectedElsewhereIsKeptLocallyAndNeverSent(status: Int) async throws {
        try await DevServer.run { server in
            try await DevServer.run { other in
                let workspace = try LedgerWorkspace(apiURL: server.baseURL)
                #expect(try await workspace.run(["register", uniqueEmail()]).status == 0)
                let elsewhere = other.baseURL.appendingPathComponent("v1/invoices").absoluteString
                try await server.control(
                    DevServerControl(
                        hostile: .init(
                            .redirect, path: "/v1/invoices", method: "POST", status: status, location: elsewhere)))
                let result = try await workspace.run(["invoice", "new", "--client", "ACME", "--item", "Work;1;100"])
                #expect(result.status == 75, "\(result.standardError)")
                #expect(result.standardOutput.contains("stored on this machine"))
                #expect(try await other.stats().total == 0, "nothing reached the other origin")
                #expect(ReadableError.problems(result, ["invoice", "new"]).isEmpty)
            }
        }
    }
}
