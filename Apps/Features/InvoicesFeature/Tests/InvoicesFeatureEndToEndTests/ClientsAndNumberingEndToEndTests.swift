import Foundation
import LedgerTestSupport
import Testing

/// The client directory, numbering patterns, lookups and duplicates with changes, through the built `ledger` on a
/// real data folder (offline: every invoice is kept on this machine, exit status 75).
@Suite("Invoices: clients, numbering and lookups end to end")
struct ClientsAndNumberingEndToEndTests {
    @Test func aClientFillsTheInvoiceAndStaysWhileAnInvoiceNamesIt() async throws {
        let workspace = try LedgerWorkspace()
        let added = try await workspace.run([
            "client", "add", "acme", "--name", "ACME SARL", "--address", "1 rue de Rivoli", "--postcode", "75001",
            "--city", "Paris", "--country", "FR", "--vat-id", "FR40303265045", "--terms", "14",
        ])
        #expect(added.status == 0, "\(added.standardError)")
        let invalid = try await workspace.run(["client", "add", "bad", "--name", "Bad", "--country", "XX"])
        #expect(invalid.status == 65)

        let created = try await workspace.run(["invoice", "new", "--client", "acme", "--item", "Work;1;100"])
        #expect(created.status == 75, "\(created.standardError)")
        #expect(created.standardOutput.contains("Invoice INV-0001 for ACME SARL"))

        let edited = try await workspace.run(["client", "edit", "acme", "--name", "ACME Holding"])
        #expect(edited.status == 0, "\(edited.standardError)")
        let shown = try await workspace.run(["invoice", "show", "INV-0001"])
        #expect(shown.standardOutput.contains("INV-0001 for ACME SARL"))

        let refused = try await workspace.run(["client", "delete", "acme"])
        #expect(refused.status == 65)
        #expect(refused.standardError.contains("invoice INV-0001 names it"))

        let list = try await workspace.run(["--json", "client", "list"])
        let clients = try #require(
            try JSONSerialization.jsonObject(with: Data(list.standardOutput.utf8)) as? [[String: Any]])
        #expect(clients.map { $0["key"] as? String } == ["acme"])
        #expect(clients.first?["name"] as? String == "ACME Holding")
    }
}
