import DevServer
import Foundation
import LedgerTestSupport
import Testing

/// The repository's `Scripts/einvoice-check`, found from this file's place in the tree.
private let eInvoiceCheck = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Scripts/einvoice-check")

private func object(_ result: LedgerBinary.Result) throws -> [String: Any] {
    try #require(try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
}

/// A German seller with everything an e-invoice states about it, set in `workspace`.
private func configureSeller(_ workspace: LedgerWorkspace) async throws {
    let settings = [
        ("seller.name", "Muster GmbH"), ("seller.address", "Hauptstr. 1"), ("seller.postcode", "10115"),
        ("seller.city", "Berlin"), ("seller.country", "DE"), ("seller.vat-id", "DE123456788"),
        ("seller.iban", "DE89370400440532013000"), ("seller.bic", "COBADEFFXXX"),
        ("seller.email", "billing@muster.example"), ("seller.phone", "+49 30 1234567"),
        ("seller.contact", "Erika Muster"),
    ]
    for (key, value) in settings {
        let set = try await workspace.run(["config", "set", key, value])
        #expect(set.status == 0, "\(key): \(set.standardError)")
    }
}

private let frenchBuyer = [
    "--client", "Client SARL", "--client-address", "1 rue de Rivoli", "--client-postcode", "75001",
    "--client-city", "Paris", "--client-country", "FR", "--client-vat-id", "FR40303265045",
    "--client-email", "ap@client.example", "--buyer-reference", "04011000-12345-34",
]

// Real time on purpose: the built app's shipped HTTP limits (10 s a try, 30 s a call) dwarf a loopback answer.
/// The built `ledger` settling invoices as a user would, on a real data folder (SQLite) and the reference server.
@Suite("Invoices: payments and credit notes end to end")
struct SettlementEndToEndTests {
    /// A user's month: an invoice issued, corrected with a credit note, paid in two parts and shown as settled,
    /// with the figures matching in the list, the summary and the server.
    @Test func anInvoiceIsCorrectedPaidInTwoPartsAndShownAsSettled() async throws {
        let server = try await DevServer.shared()
        let workspace = try LedgerWorkspace(apiURL: server.baseURL)
        #expect(try await workspace.run(["register", uniqueEmail()]).status == 0)
        let before = try await server.stats()
        let created = try await workspace.run([
            "invoice", "new", "--client", "ACME", "--item", "Consulting;5;650", "--item", "Travel;1;80.70", "--tax",
            "20",
        ])
        #expect(created.status == 0, "\(created.standardError)")

        let pdf = workspace.folder.appendingPathComponent("CN-0001.pdf")
        let credited = try await workspace.run(["invoice", "credit", "INV-0001", "--lines", "2", "--out", pdf.path])
        #expect(credited.status == 0, "\(credited.standardError)")
        #expect(credited.standardOutput.contains("Credit note CN-0001 for invoice INV-0001 (line 2): €96.84"))
        #expect(credited.standardOutput.contains("stored and uploaded as cn_"))
        #expect(credited.standardOutput.contains("Amount due: €3,900.00 (open)."))
        let text = try await LedgerBinary.runTool("pdftotext", [pdf.path, "-"]).standardOutput
        #expect(text.contains("CN-0001") && text.contains("INV-0001") && text.contains("96.84"), "\(text)")

        let first = try await workspace.run([
            "invoice", "paid", "INV-0001", "--amount", "1000", "--reference", "Bank 1",
        ])
        #expect(first.status == 0, "\(first.standardError)")
        #expect(first.standardOutput.contains("Amount due: €2,900.00 (partly paid)."))
        let second = try await workspace.run(["invoice", "paid", "INV-0001", "--json"])
        #expect(second.status == 0, "\(second.standardError)")
        let paid = try object(second)
        #expect(paid["amountDue"] as? String == "0" && paid["status"] as? String == "paid")
        #expect(paid["uploaded"] as? Bool == true)

        let shown = try await workspace.run(["invoice", "show", "INV-0001"])
        let lines = shown.standardOutput.split(separator: "\n").map(String.init)
        #expect(lines.contains { $0.hasPrefix("  Credit note CN-0001") && $0.hasSuffix("-€96.84") })
        #expect(lines.contains { $0.hasPrefix("  Payment P-1") && $0.contains("Bank 1") && $0.hasSuffix("-€1,000.00") })
        #expect(lines.contains { $0.hasPrefix("  Payment P-2") && $0.hasSuffix("-€2,900.00") })
        #expect(lines.contains { $0.hasPrefix("  Amount due (paid)") && $0.hasSuffix("€0.00") })
        let shownJSON = try object(try await workspace.run(["invoice", "show", "INV-0001", "--json"]))
        let notes = try #require(shownJSON["creditNotes"] as? [[String: Any]])
        #expect((notes.first?["serverID"] as? String)?.hasPrefix("cn_") == true)

        let list = try await workspace.run(["invoice", "list", "--paid", "--json"])
        let listed = try #require(
            try JSONSerialization.jsonObject(with: Data(list.standardOutput.utf8)) as? [[String: Any]])
        #expect(listed.map { $0["number"] as? String } == ["INV-0001"])
        #expect(try await workspace.run(["invoice", "summary"]).standardOutput == "Nothing is outstanding.\n")
        let after = try await server.stats()
        #expect(
            after.routes["POST /v1/credit-notes", default: 0] - before.routes["POST /v1/credit-notes", default: 0] >= 1)
        #expect(after.routes["POST /v1/payments", default: 0] - before.routes["POST /v1/payments", default: 0] >= 2)
    }

    /// Several `ledger` processes paying and crediting one invoice at once, on one data folder: every payment that
    /// was accepted is recorded, none goes beyond what was due, no line is credited twice.
    @Test func severalProcessesPayingAndCreditingOneInvoiceLeaveAConsistentBalance() async throws {
        let workspace = try LedgerWorkspace()
        let items = (1...6).flatMap { ["--item", "Line \($0);1;100"] }
        let created = try await workspace.run(["invoice", "new", "--client", "ACME"] + items)
        #expect(created.status == 75, "stored here without a server: \(created.standardError)")
        let commands: [[String]] =
            (1...6).map { _ in ["invoice", "paid", "INV-0001", "--amount", "70", "--json"] }
            + [1, 2, 3, 3, 4].map { ["invoice", "credit", "INV-0001", "--lines", "\($0)", "--json"] }
            + [["invoice", "void", "INV-0001", "--json"]]
        let results = try await withThrowingTaskGroup(of: ([String], LedgerBinary.Result).self) { group in
            for command in commands {
                group.addTask { (command, try await workspace.run(command)) }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        var acceptedPayments = 0
        var acceptedCredits = 0
        for (command, result) in results {
            // 75: recorded here, not uploaded (no server); 65: refused, nothing recorded.
            #expect([75, 65].contains(result.status), "\(command): \(result.status) \(result.standardError)")
            #expect(ReadableError.problems(result, command).isEmpty, "\(ReadableError.problems(result, command))")
            guard result.status == 75 else { continue }
            if command[1] == "paid" { acceptedPayments += 1 } else { acceptedCredits += 1 }
        }
        let account = try object(try await workspace.run(["invoice", "show", "INV-0001", "--json"]))
        let payments = try #require(account["payments"] as? [[String: Any]])
        let creditNotes = try #require(account["creditNotes"] as? [[String: Any]])
        #expect(payments.count == acceptedPayments, "no payment lost")
        #expect(creditNotes.count == acceptedCredits)
        func amount(_ key: String) -> Decimal { Decimal(string: account[key] as? String ?? "x") ?? -1 }
        let total = Decimal(600)
        #expect(amount("paid") == Decimal(70 * acceptedPayments))
        #expect(amount("credited") <= total)
        #expect(amount("paid") <= total - amount("credited"))
        #expect(amount("amountDue") == total - amount("credited") - amount("paid"))
        let lines = creditNotes.flatMap { $0["lines"] as? [Int] ?? [] }
        #expect(Set(lines).count == lines.count, "each line credited at most once: \(lines)")
        let summary = try object(try await workspace.run(["invoice", "summary", "--json"]))
        let outstanding = (summary["currencies"] as? [[String: Any]])?.first?["outstanding"] as? String
        #expect(outstanding.flatMap { Decimal(string: $0) } ?? 0 == amount("amountDue"))
    }

    @Test(arguments: [
        (["invoice", "paid", "INV-0404"], Int32(65), "no invoice 'INV-0404' on this machine"),
        (["invoice", "paid", "INV-0001", "--amount", "500"], 65, "is more than the amount due, €100.00"),
        (["invoice", "paid", "INV-0001", "--amount", "12,50"], 65, "is not an amount in EUR"),
        (["invoice", "paid", "INV-0001", "--amount", "0"], 65, "is not positive"),
        (["invoice", "paid", "INV-0001", "--date", "2026-13-01"], 65, "is not a day written as YYYY-MM-DD"),
        (["invoice", "paid", "INV-0001", "--date", "2000-01-01"], 65, "before the invoice was issued"),
        (["invoice", "credit", "INV-0404", "--all"], 65, "no invoice 'INV-0404'"),
        (["invoice", "credit", "INV-0001", "--lines", "2"], 65, "the invoice has no line 2"),
        (["invoice", "credit", "INV-0001"], 64, "needs --all or --lines"),
        (["invoice", "credit", "INV-0001", "--lines", "a"], 64, "is not a list of line numbers"),
        (["invoice", "void", "INV-0404"], 65, "no invoice 'INV-0404'"),
        (["invoice", "list", "--overdue", "--paid"], 64, "exclude each other"),
        (["invoice", "list", "--to", "tomorrow"], 64, "--to 'tomorrow'"),
    ])
    func badInputIsRefusedWithTheRightStatusAndMessage(
        arguments: [String], status: Int32, message: String
    ) async throws {
        let workspace = try LedgerWorkspace()
        #expect(try await workspace.run(["invoice", "new", "--client", "A", "--item", "Work;1;100"]).status == 75)
        let result = try await workspace.run(arguments)
        #expect(result.status == status, "\(arguments): \(result.standardError)")
        #expect(result.standardError.contains(message), "\(arguments): \(result.standardError)")
        #expect(ReadableError.problems(result, arguments).isEmpty, "\(ReadableError.problems(result, arguments))")
        let shown = try object(try await workspace.run(["invoice", "show", "INV-0001", "--json"]))
        #expect(shown["amountDue"] as? String == "100", "nothing was recorded")
    }

    @Test func aLineIsNotCreditedTwiceAndAPaidInvoiceIsNotVoided() async throws {
        let workspace = try LedgerWorkspace()
        let made = try await workspace.run([
            "invoice", "new", "--client", "A", "--item", "Work;1;100", "--item", "More;1;50",
        ])
        #expect(made.status == 75)
        #expect(try await workspace.run(["invoice", "credit", "INV-0001", "--lines", "1"]).status == 75)
        let twice = try await workspace.run(["invoice", "credit", "INV-0001", "--lines", "1"])
        #expect(
            twice.status == 65 && twice.standardError.contains("line 1 was already credited by credit note CN-0001"))
        #expect(try await workspace.run(["invoice", "paid", "INV-0001", "--amount", "10"]).status == 75)
        let void = try await workspace.run(["invoice", "void", "INV-0001"])
        #expect(
            void.status == 65 && void.standardError.contains("a credit of €50.00 is more than the amount due, €40.00"))
    }

    /// A credit note is printed with its invoice's template, whichever it is: each names itself, its number and
    /// the invoice it corrects, and shows the amount credited.
    @Test(arguments: ["standard", "compact", "creative"])
    func aCreditNoteIsPrintedWithEveryTemplate(template: String) async throws {
        let workspace = try LedgerWorkspace()
        let made = try await workspace.run([
            "invoice", "new", "--client", "ACME", "--template", template, "--item", "Work;2;150", "--tax", "20",
        ])
        #expect(made.status == 75, "\(made.standardError)")
        let pdf = workspace.folder.appendingPathComponent("credit-\(template).pdf")
        let credited = try await workspace.run(["invoice", "void", "1", "--out", pdf.path])
        #expect(credited.status == 75, "\(credited.standardError)")
        let text = try await LedgerBinary.runTool("pdftotext", ["-layout", pdf.path, "-"]).standardOutput
        #expect(text.localizedCaseInsensitiveContains("credit note"), "\(template): \(text)")
        #expect(text.contains("CN-0001") && text.contains("INV-0001") && text.contains("360.00"), "\(text)")
        let shown = try object(try await workspace.run(["invoice", "show", "INV-0001", "--json"]))
        #expect(shown["amountDue"] as? String == "0" && shown["status"] as? String == "credited")
    }

    /// Credit notes of a Factur-X and an XRechnung invoice pass the same checks as invoices (type 381, the preceding
    /// invoice in BG-3).
    @Test func eInvoiceCreditNotesPassTheXSDAndTheSchematron() async throws {
        let server = try await DevServer.shared()
        let workspace = try LedgerWorkspace(apiURL: server.baseURL)
        #expect(try await workspace.run(["register", uniqueEmail()]).status == 0)
        try await configureSeller(workspace)
        let folder = workspace.folder.appendingPathComponent("credit-notes")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
        let lines = ["--item", "Consulting;2;500", "--item", "Travel;1;80", "--tax", "19"]
        for format in ["facturx", "xrechnung"] {
            let made = try await workspace.run(["invoice", "new", "--format", format] + frenchBuyer + lines)
            #expect(made.status == 0, "\(format): \(made.standardError)")
        }
        let pdf = folder.appendingPathComponent("CN-0001.pdf").path
        let xml = folder.appendingPathComponent("CN-0002.xml").path
        let facturX = try await workspace.run(["invoice", "credit", "INV-0001", "--lines", "2", "--out", pdf])
        #expect(facturX.status == 0, "\(facturX.standardError)")
        let xRechnung = try await workspace.run(["invoice", "void", "INV-0002", "--out", xml])
        #expect(xRechnung.status == 0, "\(xRechnung.standardError)")
        let written = try String(contentsOfFile: xml, encoding: .utf8)
        #expect(written.contains("<ram:TypeCode>381</ram:TypeCode>") && written.contains("INV-0002"))
        for (arguments, what) in [([pdf], "Factur-X"), (["--xrechnung", xml], "XRechnung")] {
            let check = try await LedgerBinary.runTool("python3", [eInvoiceCheck.path] + arguments)
            if check.status == 2 {
                withKnownIssue("Scripts/einvoice-check could not install its pinned tools here (exit 2)") {
                    Issue.record("\(what) not checked: \(check.standardError)")
                }
                continue
            }
            #expect(check.status == 0, "\(what): \(check.standardOutput)\(check.standardError)")
        }
    }
}
