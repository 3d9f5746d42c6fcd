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

    @Test func aYearlyPatternNumbersInvoicesAndLookupsFindThem() async throws {
        let workspace = try LedgerWorkspace()
        let refused = try await workspace.run(["config", "set", "invoice.number-pattern", "INV-{yyyy}"])
        #expect(refused.status == 65)
        #expect(refused.standardError.contains("The pattern needs a counter"), "\(refused.standardError)")

        // The default pattern first: INV-0001 in the `invoices` sequence.
        #expect(try await workspace.run(["invoice", "new", "--client", "Bob", "--item", "Work;1;100"]).status == 75)
        let set = try await workspace.run(["config", "set", "invoice.number-pattern", "FV/{yyyy}/{seq:3}"])
        #expect(set.status == 0, "\(set.standardError)")
        let created = try await workspace.run([
            "--json", "invoice", "new", "--client", "Eve", "--item", "Work;1;100", "--due", "2099-01-31",
        ])
        #expect(created.status == 75, "\(created.standardError)")
        let json = try #require(
            try JSONSerialization.jsonObject(with: Data(created.standardOutput.utf8)) as? [String: Any])
        let number = try #require(json["number"] as? String)
        #expect(number.hasPrefix("FV/") && number.hasSuffix("/001"), "\(number)")

        let list = try await workspace.run(["--json", "invoice", "list"])
        let invoices = try #require(
            try JSONSerialization.jsonObject(with: Data(list.standardOutput.utf8)) as? [[String: Any]])
        #expect(Set(invoices.compactMap { $0["number"] as? String }) == ["INV-0001", number])

        // The counter 1 is both invoices' now: ambiguous, with both listed.
        let ambiguous = try await workspace.run(["invoice", "show", "1"])
        #expect(ambiguous.status == 65)
        #expect(ambiguous.standardError.contains("INV-0001") && ambiguous.standardError.contains(number))
        #expect(try await workspace.run(["invoice", "show", "inv-0001"]).status == 0)
        let shown = try await workspace.run(["invoice", "show", number.lowercased()])
        #expect(shown.status == 0, "\(shown.standardError)")
        #expect(shown.standardOutput.hasPrefix("\(number) for Eve"))

        // A duplicate by the number's end keeps the original's terms unless --due is given.
        let copy = try await workspace.run(["--json", "invoice", "duplicate", "inv-0001", "--client", "Zed"])
        #expect(copy.status == 75, "\(copy.standardError)")
        let copied = try #require(
            try JSONSerialization.jsonObject(with: Data(copy.standardOutput.utf8)) as? [String: Any])
        #expect(copied["client"] as? String == "Zed" && (copied["number"] as? String)?.hasSuffix("/002") == true)
    }
}
