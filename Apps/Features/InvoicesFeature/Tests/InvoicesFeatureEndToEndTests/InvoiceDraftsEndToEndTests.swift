import DevServer
import Foundation
import LedgerTestSupport
import Testing

/// Drafts through the built `ledger` on a real data folder (the SQLite store's `NumberedDocumentUpdating`): saved
/// incomplete, edited, previewed, issued and uploaded, then refused any change; issued once by processes racing.
@Suite("Invoices: drafts end to end")
struct InvoiceDraftsEndToEndTests {
    @Test func aDraftIsSavedEditedPreviewedIssuedAndUploaded() async throws {
        let server = try await DevServer.shared()
        let workspace = try LedgerWorkspace(apiURL: server.baseURL)
        #expect(try await workspace.run(["register", uniqueEmail()]).status == 0)

        let saved = try await workspace.run(["invoice", "new", "--draft", "--client", "ACME", "--tax", "20"])
        #expect(saved.status == 0, "\(saved.standardError)")
        #expect(saved.standardOutput.hasPrefix("Draft D-1 saved for ACME."))

        let lacking = try await workspace.run(["invoice", "preview", "D-1"])
        #expect(lacking.status == 0, "\(lacking.standardError)")
        #expect(lacking.standardOutput.hasPrefix("PREVIEW of draft D-1 (no number taken) for ACME"))
        #expect(lacking.standardOutput.contains("[invoice.noLineItems]"))
        let refused = try await workspace.run(["invoice", "issue", "D-1"])
        #expect(refused.status == 65 && refused.standardError.contains("[invoice.noLineItems]"))

        let edited = try await workspace.run([
            "invoice", "edit", "D-1", "--item", "Consulting;5;650", "--item", "Travel;1;80.70",
        ])
        #expect(edited.status == 0, "\(edited.standardError)")
        let pdf = workspace.folder.appendingPathComponent("draft.pdf")
        let ready = try await workspace.run(["invoice", "preview", "D-1", "--out", pdf.path])
        #expect(ready.status == 0, "\(ready.standardError)")
        #expect(ready.standardOutput.contains("Ready: 'ledger invoice issue D-1' issues it."))
        let text = try await LedgerBinary.runTool("pdftotext", [pdf.path, "-"]).standardOutput
        #expect(text.contains("PREVIEW") && text.contains("ACME"), "\(text)")

        let listed = try await workspace.run(["invoice", "drafts", "--json"])
        let drafts = try #require(
            try JSONSerialization.jsonObject(with: Data(listed.standardOutput.utf8)) as? [[String: Any]])
        #expect(drafts.map { $0["id"] as? String } == ["D-1"] && drafts.first?["lines"] as? Int == 2)

        let issued = try await workspace.run(["invoice", "issue", "D-1", "--json"])
        #expect(issued.status == 0, "\(issued.standardError)")
        let invoice = try #require(
            try JSONSerialization.jsonObject(with: Data(issued.standardOutput.utf8)) as? [String: Any])
        #expect(invoice["number"] as? String == "INV-0001" && invoice["total"] as? String == "3996.84")
        #expect((invoice["serverID"] as? String)?.hasPrefix("inv_") == true)

        let again = try await workspace.run(["invoice", "issue", "D-1"])
        #expect(again.status == 65 && again.standardError.contains("was issued as invoice INV-0001"))
        let edit = try await workspace.run(["invoice", "edit", "D-1", "--notes", "late change"])
        #expect(edit.status == 65 && edit.standardError.contains("was issued as invoice INV-0001"))
        let immutable = try await workspace.run(["invoice", "edit", "INV-0001", "--notes", "late change"])
        #expect(immutable.status == 65 && immutable.standardError.contains("ledger invoice credit INV-0001"))
        let shown = try await workspace.run(["invoice", "show", "INV-0001"])
        #expect(shown.status == 0 && shown.standardOutput.contains("€3,996.84"))
        let next = try await workspace.run(["invoice", "new", "--client", "ACME", "--item", "Work;1;100"])
        #expect(next.standardOutput.hasPrefix("Invoice INV-0002 "), "drafts take no invoice number")
    }

    @Test func sixProcessesIssuingOneDraftIssueOneInvoice() async throws {
        let workspace = try LedgerWorkspace()
        let saved = try await workspace.run(["invoice", "new", "--draft", "--client", "ACME", "--item", "Work;1;100"])
        #expect(saved.status == 0, "\(saved.standardError)")
        let results = try await withThrowingTaskGroup(of: LedgerBinary.Result.self) { group in
            for _ in 0..<6 { group.addTask { try await workspace.run(["invoice", "issue", "D-1"]) } }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        // Not signed in: the one issued invoice is kept on this machine (75); the others are refused (65).
        #expect(results.filter { $0.status == 75 }.count == 1, "\(results.map(\.standardError))")
        #expect(results.filter { $0.status == 65 }.count == 5, "\(results.map(\.standardError))")
        let list = try await workspace.run(["--json", "invoice", "list"])
        let invoices = try #require(
            try JSONSerialization.jsonObject(with: Data(list.standardOutput.utf8)) as? [[String: Any]])
        #expect(invoices.compactMap { $0["number"] as? String } == ["INV-0001"])
    }

    @Test(arguments: [
        (["invoice", "issue", "D-9"], Int32(65), "no draft D-9"),
        (["invoice", "preview", "D-9"], 65, "no draft D-9"),
        (["invoice", "issue", "D-"], 64, "'D-' is not a draft id"),
        (["invoice", "delete", "D-x"], 64, "'D-x' is not a draft id"),
        (["invoice", "issue", "D-99999999999999999999"], 64, "draft numbers run from 1"),
        (["invoice", "edit", "INV-0001", "--client", "A"], 65, "issued invoices are immutable"),
        (["invoice", "delete", "INV-0001"], 65, "issued invoices are immutable"),
        (["invoice", "edit", "D-1"], 64, "invoice edit needs at least one option to change"),
        (["invoice", "new", "--draft", "--out", "x.pdf"], 64, "--out is not used with --draft"),
    ])
    func badDraftInputFailsWithTheRightStatusAndMessage(
        arguments: [String], status: Int32, message: String
    ) async throws {
        let workspace = try LedgerWorkspace()
        let result = try await workspace.run(arguments)
        #expect(result.status == status, "\(arguments): \(result.standardError)")
        #expect(result.standardError.contains(message), "\(arguments): \(result.standardError)")
        #expect(ReadableError.problems(result, arguments).isEmpty, "\(ReadableError.problems(result, arguments))")
    }

    @Test func aDeletedDraftIsGoneAndDeletingTwiceIsNotAnError() async throws {
        let workspace = try LedgerWorkspace()
        #expect(try await workspace.run(["invoice", "new", "--draft", "--client", "ACME"]).status == 0)
        let deleted = try await workspace.run(["invoice", "delete", "D-1"])
        #expect(deleted.status == 0 && deleted.standardOutput == "Draft D-1 deleted.\n")
        let twice = try await workspace.run(["invoice", "delete", "D-1"])
        #expect(twice.status == 0, "\(twice.standardError)")
        let issued = try await workspace.run(["invoice", "issue", "D-1"])
        #expect(issued.status == 65 && issued.standardError.contains("no draft D-1"))
        let next = try await workspace.run(["invoice", "new", "--draft"])
        #expect(next.standardOutput.hasPrefix("Draft D-2 saved."), "a deleted draft's number is not reused")
    }
}
