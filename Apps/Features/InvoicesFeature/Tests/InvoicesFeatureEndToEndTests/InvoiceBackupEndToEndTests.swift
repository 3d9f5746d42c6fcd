import Foundation
import LedgerTestSupport
import Testing

private func parsed(_ result: LedgerBinary.Result) throws -> Any {
    try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8))
}

/// `invoice export` and `invoice import` through the built `ledger` on real data folders (SQLite, offline: every
/// invoice, payment and credit note is kept on this machine, exit status 75).
@Suite("Invoices: backup and restore end to end")
struct InvoiceBackupEndToEndTests {
    @Test func aLedgerExportedAndImportedIntoAFreshDataFolderReadsTheSame() async throws {
        let source = try LedgerWorkspace()
        let added = try await source.run([
            "client", "add", "acme", "--name", "ACME SARL", "--address", "1 rue de Rivoli", "--postcode", "75001",
            "--city", "Paris", "--country", "FR", "--vat-id", "FR40303265045", "--terms", "14",
        ])
        #expect(added.status == 0, "\(added.standardError)")
        let first = try await source.run([
            "invoice", "new", "--client", "acme", "--item", "Consulting;5;650", "--item", "Travel;1;80.70", "--tax",
            "20",
        ])
        #expect(first.status == 75, "\(first.standardError)")
        let second = try await source.run(["invoice", "new", "--client", "Bob", "--item", "Work;2;100"])
        #expect(second.status == 75, "\(second.standardError)")
        let draft = try await source.run(["invoice", "new", "--draft", "--client", "acme", "--item", "Later;1;50"])
        #expect(draft.status == 0, "\(draft.standardError)")
        let credited = try await source.run(["invoice", "credit", "INV-0001", "--lines", "2"])
        #expect(credited.status == 75, "\(credited.standardError)")
        let paid = try await source.run([
            "invoice", "paid", "INV-0001", "--amount", "1000", "--reference", "Bank 1",
        ])
        #expect(paid.status == 75, "\(paid.standardError)")

        let file = source.folder.appendingPathComponent("invoices-backup.json").path
        let exported = try await source.run(["invoice", "export", file])
        #expect(exported.status == 0, "\(exported.standardError)")
        #expect(
            exported.standardOutput.contains("Exported 2 invoices, 1 credit note, 1 account, 1 client, 1 draft"),
            "\(exported.standardOutput)")

        let target = try LedgerWorkspace()
        let imported = try await target.run(["invoice", "import", file])
        #expect(imported.status == 0, "\(imported.standardError)")
        #expect(imported.standardOutput.contains(", 0 already here"), "\(imported.standardOutput)")

        for command in [
            ["invoice", "list", "--json"], ["invoice", "show", "INV-0001", "--json"],
            ["invoice", "show", "INV-0002", "--json"], ["client", "list", "--json"], ["invoice", "summary", "--json"],
        ] {
            let before = try await source.run(command)
            let after = try await target.run(command)
            #expect(before.status == 0 && after.status == 0, "\(command): \(after.standardError)")
            #expect(after.standardOutput == before.standardOutput, "\(command)")
        }
        // The store dates what it saves, so a draft's `savedAt` is the import's; everything else is the same.
        let drafts = { (workspace: LedgerWorkspace) async throws -> [Data] in
            let result = try await workspace.run(["invoice", "drafts", "--json"])
            let list = try #require(try parsed(result) as? [[String: Any]], "\(result.standardError)")
            return try list.map { draft in
                try JSONSerialization.data(
                    withJSONObject: draft.filter { $0.key != "savedAt" }, options: [.sortedKeys])
            }
        }
        let sourceDrafts = try await drafts(source)
        #expect(sourceDrafts.count == 1)
        #expect(try await drafts(target) == sourceDrafts)

        // Importing again adds nothing; numbers continue after the imported ones.
        let again = try await target.run(["invoice", "import", file])
        #expect(again.status == 0 && again.standardOutput.hasPrefix("Imported 0 documents"), "\(again.standardOutput)")
        let next = try await target.run(["--json", "invoice", "new", "--client", "Eve", "--item", "Work;1;100"])
        #expect(next.status == 75, "\(next.standardError)")
        #expect((try parsed(next) as? [String: Any])?["number"] as? String == "INV-0003")
        let nextDraft = try await target.run(["invoice", "new", "--draft", "--client", "Eve"])
        #expect(nextDraft.standardOutput.contains("D-2"), "\(nextDraft.standardOutput)")
        let nextCredit = try await target.run(["invoice", "credit", "INV-0002", "--all"])
        #expect(nextCredit.standardOutput.contains("CN-0002"), "\(nextCredit.standardOutput)")
    }

    @Test func aConflictingOrForeignFileIsRefusedWithBadDataAndChangesNothing() async throws {
        let source = try LedgerWorkspace()
        #expect(try await source.run(["invoice", "new", "--client", "A", "--item", "Work;1;100"]).status == 75)
        let file = source.folder.appendingPathComponent("backup.json").path
        #expect(try await source.run(["invoice", "export", file]).status == 0)

        let target = try LedgerWorkspace()
        #expect(try await target.run(["invoice", "new", "--client", "B", "--item", "Other;1;200"]).status == 75)
        let refused = try await target.run(["invoice", "import", file])
        #expect(refused.status == 65, "\(refused.standardError)")
        #expect(refused.standardError.contains("INV-0001.json"), "\(refused.standardError)")
        let shown = try await target.run(["invoice", "show", "INV-0001", "--json"])
        #expect((try parsed(shown) as? [String: Any])?["client"] as? String == "B", "nothing was overwritten")

        let foreign = try target.file("foreign.json", "{\"format\": \"ledger-expenses\", \"version\": 1}")
        let wrong = try await target.run(["invoice", "import", foreign.path])
        #expect(
            wrong.status == 65 && wrong.standardError.contains("not a backup of invoices"), "\(wrong.standardError)")
    }
}
