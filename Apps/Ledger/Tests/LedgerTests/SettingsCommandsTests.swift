import Foundation
import Testing

@Suite("ledger config: the seller on invoices")
struct SettingsCommandsTests {
    @Test func anInvoiceWithThePlaceholderSellerSaysHowToSetYoursAndNamingItReplacesItWhole() async throws {
        let workspace = try LedgerWorkspace()
        let first = try await workspace.run(["invoice", "new", "--client", "Bob", "--item", "Work;1;100"])
        #expect(first.status == 75, "\(first.standardError)")
        #expect(first.standardError.contains("names the seller \"Your Company\""))
        #expect(first.standardError.contains("ledger config set seller.name NAME"))

        #expect(try await workspace.run(["config", "set", "seller.name", "ACME GmbH"]).status == 0)
        let listed = try await workspace.run(["config", "list"])
        #expect(listed.standardOutput.contains("seller.address  (not set)"), "\(listed.standardOutput)")
        let pdf = workspace.folder.appendingPathComponent("named.pdf")
        let second = try await workspace.run([
            "invoice", "new", "--client", "Bob", "--item", "Work;1;100", "--out", pdf.path,
        ])
        #expect(second.status == 75 && !second.standardError.contains("note:"), "\(second.standardError)")
        let text = try await LedgerBinary.runTool("pdftotext", [pdf.path, "-"]).standardOutput
        #expect(text.contains("ACME GmbH"))
        #expect(!text.contains("Your Company") && !text.contains("config set"), "\(text)")
    }
}
