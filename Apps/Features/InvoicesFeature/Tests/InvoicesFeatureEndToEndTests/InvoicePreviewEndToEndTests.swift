import Foundation
import LedgerTestSupport
import Testing

/// `ledger invoice preview` through the built binary on a real data folder: marked as a preview, never failing on
/// a half-filled form, storing nothing and taking no number.
@Suite("Invoices: the preview end to end")
struct InvoicePreviewEndToEndTests {
    @Test func aHalfFilledFormIsPreviewedAsAPreviewAndNothingIsStored() async throws {
        let workspace = try LedgerWorkspace()
        let pdf = workspace.folder.appendingPathComponent("preview.pdf")
        let preview = try await workspace.run([
            "invoice", "preview", "--client", "ACME", "--item", "Consulting;5;650", "--tax", "20", "--out", pdf.path,
        ])
        #expect(preview.status == 0, "\(preview.standardError)")
        #expect(preview.standardOutput.hasPrefix("PREVIEW (not stored, no number taken) for ACME"))
        #expect(preview.standardOutput.contains("€3,900.00"))
        let text = try await LedgerBinary.runTool("pdftotext", [pdf.path, "-"]).standardOutput
        #expect(text.contains("PREVIEW") && text.contains("ACME"), "\(text)")
        let check = try await LedgerBinary.runTool("qpdf", ["--check", pdf.path])
        #expect(check.status == 0, "\(check.standardOutput)")

        let empty = try await workspace.run(["invoice", "preview", "--json"])
        #expect(empty.status == 0, "\(empty.standardError)")
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(empty.standardOutput.utf8)) as? [String: Any])
        #expect(object["preview"] as? Bool == true)
        let codes = (object["problems"] as? [[String: String]] ?? []).compactMap { $0["code"] }
        #expect(codes.contains("invoice.clientNameMissing") && codes.contains("invoice.noLineItems"))

        let list = try await workspace.run(["invoice", "list", "--json"])
        #expect(list.standardOutput == "[\n\n]\n" || list.standardOutput == "[]\n", "a preview stores nothing")
        let created = try await workspace.run(["invoice", "new", "--client", "ACME", "--item", "Work;1;100"])
        #expect(created.standardOutput.hasPrefix("Invoice INV-0001 "), "a preview takes no number")
    }

    @Test func helpDescribesThePreview() async throws {
        let workspace = try LedgerWorkspace()
        let help = try await workspace.run(["help", "invoice", "preview"])
        #expect(help.status == 0, "\(help.standardError)")
        #expect(help.standardOutput.contains("ledger invoice preview"))
        #expect(help.standardOutput.contains("Nothing is stored and no number is taken"))
    }

    @Test(arguments: [
        (["invoice", "preview", "--tax", "twenty"], Int32(64), "--tax 'twenty' is not a number such as 20"),
        (["invoice", "preview", "--item", "no separators"], 64, "description;quantity;unit price"),
        (["invoice", "preview", "--due", "tomorrow"], 64, "is not a day written as YYYY-MM-DD"),
        (["invoice", "preview", "--out", "/dev/null"], 73, "cannot write the PDF to /dev/null"),
    ])
    func optionsThatCannotBeReadFailWithTheRightStatusAndMessage(
        arguments: [String], status: Int32, message: String
    ) async throws {
        let workspace = try LedgerWorkspace()
        let result = try await workspace.run(arguments)
        #expect(result.status == status, "\(arguments): \(result.standardError)")
        #expect(result.standardError.contains(message), "\(arguments): \(result.standardError)")
        #expect(ReadableError.problems(result, arguments).isEmpty, "\(ReadableError.problems(result, arguments))")
    }
}
