import CommandKit
import CommandKitTesting
import Foundation
import Testing

@testable import InvoicesFeature

private func json(_ text: String) throws -> Any {
    try JSONSerialization.jsonObject(with: Data(text.utf8))
}

@Suite("Invoices: invoice paid, credit, void, list, show and summary")
struct SettlementCommandTests {
    @Test func aPaymentPrintsTheNewBalance() async throws {
        let flows = SettlementFlows()
        try await flows.issue()
        let result = await flows.harness.run([
            "invoice", "paid", "INV-0001", "--amount", "1000", "--date", "2026-03-20", "--reference", "Bank 42",
        ])
        #expect(result.status == .temporaryFailure, "kept here, not signed in: \(result.error)")
        #expect(result.output.contains("Payment P-1 of €1,000.00 on 2026-03-20 recorded for invoice INV-0001."))
        #expect(result.output.contains("Amount due: €2,996.84 (partly paid)."))
        #expect(result.error.contains("the upload of payment P-1 failed"))
        let rest = await flows.harness.run(["invoice", "paid", "INV-0001"], json: true)
        let object = try #require(try json(rest.output) as? [String: Any])
        #expect(object["amountDue"] as? String == "0" && object["status"] as? String == "paid")
        #expect((object["payment"] as? [String: Any])?["amount"] as? String == "2996.84")
        #expect(object["uploaded"] as? Bool == false && object["paid"] as? String == "3996.84")
    }

    @Test(arguments: [
        (
            ["invoice", "paid", "INV-0009"], CommandKit.ExitStatus.dataError,
            "no invoice 'INV-0009' on this machine"
        ),
        (
            ["invoice", "paid", "INV-0001", "--amount", "5000"], .dataError,
            "a payment of €5,000.00 is more than the amount due, €3,996.84"
        ),
        (["invoice", "paid", "INV-0001", "--amount", "ten"], .dataError, "the amount 'ten' is not an amount in EUR"),
        (["invoice", "paid", "INV-0001", "--amount", "1.001"], .dataError, "at most 2 decimals"),
        (["invoice", "paid", "INV-0001", "--amount", "-1"], .dataError, "is not positive"),
        (["invoice", "paid", "INV-0001", "--date", "20.03.2026"], .dataError, "is not a day written as YYYY-MM-DD"),
        (["invoice", "paid", "INV-0001", "--date", "2026-01-01"], .dataError, "before the invoice was issued"),
        (["invoice", "paid"], .usage, "needs NUMBER"),
        (["invoice", "credit", "INV-0001"], .usage, "needs --all or --lines"),
        (["invoice", "credit", "INV-0001", "--all", "--lines", "1"], .usage, "either --all or --lines"),
        (["invoice", "credit", "INV-0001", "--lines", "one"], .usage, "is not a list of line numbers"),
        (["invoice", "credit", "INV-0001", "--lines", "3"], .dataError, "the invoice has no line 3"),
        (["invoice", "credit", "INV-0009", "--all"], .dataError, "no invoice 'INV-0009'"),
        (["invoice", "void", "INV-0009"], .dataError, "no invoice 'INV-0009'"),
        (["invoice", "list", "--paid", "--unpaid"], .usage, "exclude each other"),
        (["invoice", "list", "--from", "March"], .usage, "--from 'March'"),
    ])
    func badInputIsRefusedWithASentence(
        arguments: [String], status: CommandKit.ExitStatus, message: String
    ) async throws {
        let flows = SettlementFlows()
        try await flows.issue()
        let result = await flows.harness.run(arguments)
        #expect(result.status == status, "\(arguments): \(result.error)")
        #expect(result.error.contains(message), "\(arguments): \(result.error)")
        #expect(result.error.contains("hint: "), "\(arguments): \(result.error)")
        #expect(!result.error.contains("SettlementError") && !result.error.contains("Decimal("), "\(result.error)")
        #expect(
            try await flows.accounts.account(number: "INV-0001").settlement
                == InvoiceSettlement(invoiceNumber: "INV-0001"))
    }

    @Test func doubleCreditsAndCreditsBeyondTheDueAreRefused() async throws {
        let flows = SettlementFlows()
        try await flows.issue()
        #expect(await flows.harness.run(["invoice", "credit", "INV-0001", "--lines", "2"]).status == .temporaryFailure)
        let again = await flows.harness.run(["invoice", "credit", "INV-0001", "--lines", "1,2"])
        #expect(
            again.status == .dataError && again.error.contains("line 2 was already credited by credit note CN-0001"))
        #expect(
            await flows.harness.run(["invoice", "paid", "INV-0001", "--amount", "100"]).status == .temporaryFailure)
        let void = await flows.harness.run(["invoice", "void", "INV-0001"])
        #expect(void.status == .dataError, "\(void.error)")
        #expect(void.error.contains("a credit of €3,900.00 is more than the amount due, €3,800.00"))
    }

    @Test func aCreditNotePrintsItsNumberLinesAndTheBalanceAndWritesItsPDF() async throws {
        let flows = SettlementFlows()
        try await flows.issue()
        let folder = try outFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let pdf = folder.appendingPathComponent("CN-0001.pdf")
        let result = await flows.harness.run(["invoice", "credit", "INV-0001", "--lines", "2", "--out", pdf.path])
        #expect(
            result.output.contains("Credit note CN-0001 for invoice INV-0001 (line 2): €96.84, stored on this machine.")
        )
        #expect(result.output.contains("Amount due: €3,900.00 (open)."))
        #expect(try Data(contentsOf: pdf).starts(with: Data("%PDF-".utf8)))
        let void = await flows.harness.run(["invoice", "void", "INV-0001"], json: true)
        let object = try #require(try json(void.output) as? [String: Any])
        let note = try #require(object["creditNote"] as? [String: Any])
        #expect(note["number"] as? String == "CN-0002" && note["lines"] as? [Int] == [1])
        #expect(note["amount"] as? String == "3900" && object["status"] as? String == "credited")
    }

    @Test func showListsCreditNotesPaymentsAndTheAmountDue() async throws {
        let flows = SettlementFlows()
        try await flows.issue()
        _ = try await flows.credit(.lines([2]))
        _ = try await flows.pay("900", date: "2026-03-19")
        let shown = await flows.harness.run(["invoice", "show", "INV-0001"])
        let lines = shown.output.split(separator: "\n").map(String.init)
        #expect(
            lines.contains { $0.hasPrefix("  Credit note CN-0001 of 2026-03-18 (line 2)") && $0.hasSuffix("-€96.84") })
        #expect(lines.contains { $0.hasPrefix("  Payment P-1 of 2026-03-19") && $0.hasSuffix("-€900.00") })
        #expect(lines.contains { $0.hasPrefix("  Amount due (partly paid)") && $0.hasSuffix("€3,000.00") })
        let object = try #require(
            try json(await flows.harness.run(["invoice", "show", "INV-0001"], json: true).output) as? [String: Any])
        #expect(object["number"] as? String == "INV-0001" && object["amountDue"] as? String == "3000")
        #expect(object["credited"] as? String == "96.84" && object["paid"] as? String == "900")
        #expect((object["creditNotes"] as? [[String: Any]])?.first?["number"] as? String == "CN-0001")
        #expect((object["payments"] as? [[String: Any]])?.first?["id"] as? String == "P-1")
    }

    @Test func listFiltersByStatusClientAndDayAndTheSummaryMatchesIt() async throws {
        let flows = SettlementFlows()
        try await flows.issue()
        try await flows.issue(request(client: "Globex"))
        _ = try await flows.pay(invoice: "INV-0002")
        flows.advance(days: 35)
        try await flows.issue(request(client: "Initech"))
        let list = await flows.harness.run(["invoice", "list"])
        let rows = list.output.split(separator: "\n").map(String.init)
        #expect(rows.count == 3)
        #expect(rows[0].contains("overdue by 5 days") && rows[0].contains("€3,996.84"))
        #expect(rows[1].contains("paid") && rows[1].contains("€0.00"))
        #expect(rows[2].contains("open"))
        func numbers(_ options: [String]) async throws -> [String] {
            let result = await flows.harness.run(["invoice", "list"] + options, json: true)
            let objects = try #require(try json(result.output) as? [[String: Any]])
            return objects.compactMap { $0["number"] as? String }
        }
        #expect(try await numbers(["--unpaid"]) == ["INV-0001", "INV-0003"])
        #expect(try await numbers(["--overdue"]) == ["INV-0001"])
        #expect(try await numbers(["--paid"]) == ["INV-0002"])
        #expect(try await numbers(["--client", "glob"]) == ["INV-0002"])
        #expect(try await numbers(["--from", "2026-04-01"]) == ["INV-0003"])
        #expect(try await numbers(["--to", "2026-03-18"]) == ["INV-0001", "INV-0002"])
        let none = await flows.harness.run(["invoice", "list", "--client", "nobody"])
        #expect(none.output == "No invoice matches these options.\n")

        let summary = await flows.harness.run(["invoice", "summary"])
        #expect(summary.output.contains("€7,993.68") && summary.output.contains("in 2 invoices"))
        #expect(summary.output.contains("Overdue: 1 invoice, the oldest by 5 days."))
        let object = try #require(
            try json(await flows.harness.run(["invoice", "summary"], json: true).output) as? [String: Any])
        let eur = try #require((object["currencies"] as? [[String: Any]])?.first)
        #expect(eur["currency"] as? String == "EUR" && eur["outstanding"] as? String == "7993.68")
        #expect(eur["overdue"] as? String == "3996.84" && object["mostDaysOverdue"] as? Int == 5)
        #expect(object["overdueInvoices"] as? Int == 1)
    }

    @Test func anEmptySummarySaysSo() async throws {
        let result = await SettlementFlows().harness.run(["invoice", "summary"])
        #expect(result.status == .success && result.output == "Nothing is outstanding.\n")
    }
}
