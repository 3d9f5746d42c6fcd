import Foundation
import LedgerTestSupport
import Testing

/// The seller's e-invoice details and the invoice defaults as a user sets them, through the built `ledger` on a
/// real data folder: kept in the form e-invoices use, refused with a sentence and a hint when wrong.
@Suite("Settings: the seller's e-invoice details end to end")
struct SellerEInvoiceEndToEndTests {
    @Test func aVATIdentifierIsKeptCompactAndOneWithAWrongCheckDigitIsRefused() async throws {
        let workspace = try LedgerWorkspace()
        let set = try await workspace.run(["config", "set", "seller.vat-id", "DE 123 456 788"])
        #expect(set.status == 0, "\(set.standardError)")
        #expect(set.standardOutput == "seller.vat-id  DE123456788\n", "\(set.standardOutput)")
        let read = try await workspace.run(["config", "get", "seller.vat-id"])
        #expect(read.status == 0 && read.standardOutput == "DE123456788\n", "\(read.standardOutput)")

        let wrong = ["config", "set", "seller.vat-id", "DE 123 456 789"]
        let refused = try await workspace.run(wrong)
        #expect(refused.status == 65, "\(refused.standardError)")
        #expect(refused.standardError.contains("ledger: seller.vat-id is not valid:"), "\(refused.standardError)")
        #expect(refused.standardError.contains("check it for a mistyped or swapped digit"))
        #expect(refused.standardError.contains("hint: Give the VAT identifier"))
        #expect(ReadableError.problems(refused, wrong).isEmpty, "\(ReadableError.problems(refused, wrong))")
        let kept = try await workspace.run(["config", "get", "seller.vat-id"])
        #expect(kept.standardOutput == "DE123456788\n", "nothing changed: \(kept.standardOutput)")
    }

    @Test func everyNewSettingIsKeptAndListedInTextAndJSON() async throws {
        let workspace = try LedgerWorkspace()
        let settings = [
            ("seller.tax-id", "123-456-32-18", "1234563218"), ("seller.country", "pl", "PL"),
            ("seller.bic", "deut de ff", "DEUTDEFF"), ("seller.registration", "12/345/67890", "12/345/67890"),
            ("seller.email", "billing@acme.example", "billing@acme.example"), ("seller.postcode", "90-001", "90-001"),
            ("seller.city", "Łódź", "Łódź"), ("seller.phone", "+48 42 123 45 67", "+48 42 123 45 67"),
            ("seller.contact", "Jan Kowalski", "Jan Kowalski"), ("invoice.format", "XRechnung", "xrechnung"),
            ("invoice.vat-category", "ae", "AE"),
        ]
        for (key, value, kept) in settings {
            let result = try await workspace.run(["config", "set", key, value])
            #expect(result.status == 0, "\(key): \(result.standardError)")
            #expect(result.standardOutput == "\(key)  \(kept)\n", "\(key): \(result.standardOutput)")
        }
        let listed = try await workspace.run(["--json", "config", "list"])
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(listed.standardOutput.utf8)) as? [String: [String]],
            "\(listed.standardOutput)\(listed.standardError)")
        for (key, _, kept) in settings {
            #expect(object[key] == [kept], "\(key): \(object)")
        }
        #expect(object["seller.vat-id"] == [], "unset keys are empty lists: \(object)")
        let text = try await workspace.run(["config", "list"])
        #expect(
            text.standardOutput.split(separator: "\n").contains {
                $0.hasPrefix("seller.vat-id ") && $0.hasSuffix(" (not set)")
            }, "\(text.standardOutput)")
        let help = try await workspace.run(["help", "config", "set"])
        for key in ["seller.vat-id", "seller.country", "seller.bic", "invoice.format", "invoice.vat-category"] {
            #expect(help.standardOutput.contains("  \(key): "), "\(key): \(help.standardOutput)")
        }
    }

    @Test func everyRefusalIsASentenceWithAHint() async throws {
        let workspace = try LedgerWorkspace()
        let cases: [[String]] = [
            ["config", "set", "seller.country", "XX"],
            ["config", "set", "seller.country", "d\u{1B}[2J"],
            ["config", "set", "seller.bic", "DEUTDEF"],
            ["config", "set", "seller.email", "billing.acme.example"],
            ["config", "set", "seller.phone", "call me"],
            ["config", "set", "seller.postcode", String(repeating: "1", count: 20_000)],
            ["config", "set", "invoice.format", "docx"],
            ["config", "set", "invoice.vat-category", "X"],
        ]
        for arguments in cases {
            let result = try await workspace.run(arguments)
            #expect(result.status == 65, "\(arguments.prefix(3)): \(result.standardError.prefix(300))")
            #expect(ReadableError.problems(result, arguments).isEmpty, "\(ReadableError.problems(result, arguments))")
            #expect(!result.standardError.contains("\u{1B}") && result.standardError.utf8.count < 4_000)
        }
        let listed = try await workspace.run(["--json", "config", "list"])
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(listed.standardOutput.utf8)) as? [String: [String]],
            "\(listed.standardOutput)\(listed.standardError)")
        #expect(object["seller.country"] == [] && object["invoice.format"] == [], "nothing was kept: \(object)")
    }
}
