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

    @Test func aGermanClientsInvoiceAndCreditNotePrintInGermanAndADraftKeepsTheClient() async throws {
        let workspace = try LedgerWorkspace()
        #expect(try await workspace.run(["config", "set", "invoice.language", "en"]).status == 0)
        let added = try await workspace.run([
            "client", "add", "bauhaus", "--name", "Bauhaus GmbH", "--country", "DE", "--language", "de",
        ])
        #expect(added.status == 0, "\(added.standardError)")
        let unknown = try await workspace.run(["client", "edit", "bauhaus", "--language", "xx"])
        #expect(unknown.status == 65 && unknown.standardError.contains("cs, de, en"), "\(unknown.standardError)")

        let german = workspace.folder.appendingPathComponent("german.pdf")
        let created = try await workspace.run([
            "invoice", "new", "--client", "bauhaus", "--item", "Beratung;1;100", "--out", german.path,
        ])
        #expect(created.status == 75, "\(created.standardError)")
        let text = try await LedgerBinary.runTool("pdftotext", [german.path, "-"]).standardOutput
        #expect(text.contains("RECHNUNG") && !text.contains("INVOICE"), "\(text)")

        let french = workspace.folder.appendingPathComponent("french.pdf")
        let explicit = try await workspace.run([
            "invoice", "new", "--client", "bauhaus", "--item", "Conseil;1;100", "--language", "fr", "--out",
            french.path,
        ])
        #expect(explicit.status == 75, "\(explicit.standardError)")
        #expect(try await LedgerBinary.runTool("pdftotext", [french.path, "-"]).standardOutput.contains("FACTURE"))
        let refused = try await workspace.run([
            "invoice", "new", "--client", "bauhaus", "--item", "Work;1;100", "--language", "klingon",
        ])
        #expect(refused.status == 64 && refused.standardError.contains("cs, de, en"), "\(refused.standardError)")

        let note = workspace.folder.appendingPathComponent("credit.pdf")
        let credited = try await workspace.run(["invoice", "credit", "INV-0001", "--all", "--out", note.path])
        #expect(credited.status == 75 || credited.status == 0, "\(credited.standardError)")
        #expect(try await LedgerBinary.runTool("pdftotext", [note.path, "-"]).standardOutput.contains("GUTSCHRIFT"))

        let other = try await workspace.run(["client", "add", "solo", "--name", "Solo KG", "--country", "AT"])
        #expect(other.status == 0, "\(other.standardError)")
        #expect(try await workspace.run(["invoice", "new", "--draft", "--client", "solo"]).status == 0)
        let kept = try await workspace.run(["client", "delete", "solo"])
        #expect(kept.status == 65 && kept.standardError.contains("draft D-1 bills it"), "\(kept.standardError)")
        #expect(try await workspace.run(["invoice", "delete", "D-1"]).status == 0)
        #expect(try await workspace.run(["client", "delete", "solo"]).status == 0)
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
