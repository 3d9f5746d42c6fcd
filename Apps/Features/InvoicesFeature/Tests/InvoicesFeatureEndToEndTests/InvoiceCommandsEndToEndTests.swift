import DevServer
import Foundation
import LedgerTestSupport
import Testing

// Real time on purpose: the built app's shipped HTTP limits (10 s a try, 30 s a call) dwarf a loopback answer.
/// The built `ledger` run as a user would, on a real data folder and the reference server.
@Suite("Invoices: the commands end to end")
struct InvoiceCommandsEndToEndTests {
    @Test func registerThenInvoiceIsStoredUploadedShownAndDuplicated() async throws {
        let server = try await DevServer.shared()
        let workspace = try LedgerWorkspace(apiURL: server.baseURL)
        let email = uniqueEmail()
        let registered = try await workspace.run(["register", email])
        #expect(registered.status == 0, "\(registered.standardError)")
        #expect(registered.standardOutput.contains("Registered \(email)"))
        #expect(try await workspace.run(["register", email]).status == 65)

        try FileManager.default.createDirectory(
            at: workspace.folder.appendingPathComponent("out"), withIntermediateDirectories: false)
        let pdf = workspace.folder.appendingPathComponent("out/INV-0001.pdf")
        let created = try await workspace.run([
            "invoice", "new", "--client", "ACME", "--item", "Consulting; with a semicolon;5;650", "--item",
            "Travel;1;80.70", "--tax", "20", "--template", "compact", "--out", pdf.path,
        ])
        #expect(created.status == 0, "\(created.standardError)")
        #expect(created.standardOutput.contains("Invoice INV-0001 for ACME: €3,996.84, stored and uploaded as inv_"))
        #expect(try Data(contentsOf: pdf).starts(with: Data("%PDF-1.7".utf8)))

        let duplicated = try await workspace.run(["invoice", "duplicate", "INV-0001"])
        #expect(duplicated.status == 0)
        let list = try await workspace.run(["invoice", "list", "--json"])
        let invoices = try #require(
            try JSONSerialization.jsonObject(with: Data(list.standardOutput.utf8)) as? [[String: Any]])
        #expect(invoices.map { $0["number"] as? String } == ["INV-0001", "INV-0002"])
        #expect(invoices.allSatisfy { ($0["serverID"] as? String)?.hasPrefix("inv_") == true })

        let shown = try await workspace.run(["invoice", "show", "INV-0002"])
        let lines = shown.standardOutput.split(separator: "\n").map(String.init)
        #expect(
            lines.contains {
                $0.contains("Consulting; with a semicolon") && $0.contains("€650.00") && $0.hasSuffix("€3,250.00")
            })
        #expect(lines.contains { $0.hasPrefix("  Subtotal") && $0.hasSuffix("€3,330.70") })
        #expect(lines.contains { $0.hasPrefix("  Tax 20%") && $0.hasSuffix("€666.14") })
        #expect(lines.contains { $0.hasPrefix("  Total") && $0.hasSuffix("€3,996.84") })

        let followed = try await workspace.run(["open", "ledger://invoices/INV-0002"])
        #expect(followed.status == 0 && followed.standardOutput == shown.standardOutput)
        let link = try await workspace.run(["link", "invoice", "INV-0002"])
        #expect(link.standardOutput == "ledger://invoices/INV-0002\n")
        #expect(try await workspace.run(["open", "ledger://invoices/INV-9999"]).status == 65)
        #expect(try await workspace.run(["link", "invoice", "INV-9999"]).status == 65)
    }

    @Test func anInvoiceForAPolishClientWithACyrillicLineRendersUploadsAndReadsBack() async throws {
        let server = try await DevServer.shared()
        let workspace = try LedgerWorkspace(apiURL: server.baseURL)
        #expect(try await workspace.run(["register", uniqueEmail()]).status == 0)
        #expect(try await workspace.run(["config", "set", "seller.name", "Ελληνική Εταιρεία ΑΕ"]).status == 0)
        let pdf = workspace.folder.appendingPathComponent("unicode.pdf")
        let created = try await workspace.run([
            "invoice", "new", "--client", "Zażółć Gęślą Jaźń sp. z o.o.", "--item", "Консультация;1.5;1200",
            "--currency", "PLN", "--out", pdf.path,
        ])
        #expect(created.status == 0, "\(created.standardError)")
        #expect(created.standardOutput.contains("1,800.00, stored and uploaded as inv_"))
        let text = try await LedgerBinary.runTool("pdftotext", [pdf.path, "-"]).standardOutput
        for expected in ["Zażółć Gęślą Jaźń sp. z o.o.", "Консультация", "Ελληνική Εταιρεία ΑΕ", "1.5"] {
            #expect(text.contains(expected), "\(expected) is not in the PDF's text")
        }
        let check = try await LedgerBinary.runTool("qpdf", ["--check", pdf.path])
        #expect(check.status == 0, "\(check.standardOutput)")
    }

    @Test func eightProcessesCreatingInvoicesAtOnceGetDistinctNumbersWithMatchingPDFs() async throws {
        let workspace = try LedgerWorkspace()
        let clients = (1...8).map { "Client \($0) GmbH" }
        let results = try await withThrowingTaskGroup(of: LedgerBinary.Result.self) { group in
            for client in clients {
                group.addTask {
                    try await workspace.run(["invoice", "new", "--client", client, "--item", "Work;1;100"])
                }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(results.allSatisfy { $0.status == 75 }, "\(results.map(\.standardError))")
        let list = try await workspace.run(["--json", "invoice", "list"])
        let invoices = try #require(
            try JSONSerialization.jsonObject(with: Data(list.standardOutput.utf8)) as? [[String: Any]])
        let numbers = invoices.compactMap { $0["number"] as? String }
        #expect(numbers == (1...8).map { String(format: "INV-%04d", $0) })
        #expect(Set(invoices.compactMap { $0["client"] as? String }) == Set(clients))
        for invoice in invoices {
            let number = try #require(invoice["number"] as? String)
            let pdf = workspace.folder.appendingPathComponent("\(number).pdf")
            #expect(try await workspace.run(["invoice", "show", number, "--out", pdf.path]).status == 0)
            let text = try await LedgerBinary.runTool("pdftotext", [pdf.path, "-"]).standardOutput
            #expect(text.contains(number) && text.contains(invoice["client"] as? String ?? "?"), "\(number)")
        }
    }

    @Test func anInvoiceKeptLocallyIsUploadedLaterWithTheRetryCommand() async throws {
        let server = try await DevServer.shared()
        let workspace = try LedgerWorkspace(apiURL: server.baseURL)
        #expect(try await workspace.run(["register", uniqueEmail()]).status == 0)
        let closed = try #require(URL(string: "http://127.0.0.1:9"))
        let offline = try await workspace.run(
            ["invoice", "new", "--client", "ACME", "--item", "Work;1;100"], api: closed)
        #expect(offline.status == 75)
        #expect(offline.standardError.contains("could not be reached"))
        let retried = try await workspace.run(["invoice", "upload", "INV-0001"])
        #expect(retried.status == 0, "\(retried.standardError)")
        #expect(retried.standardOutput.contains("uploaded as inv_"))
    }

    @Test(arguments: [
        (["invoice", "new", "--item", "a;1;2"], Int32(64), "needs --client"),
        (["invoice", "new", "--client", "A"], 64, "invoice new needs --item"),
        (["invoice", "new", "--client", "A", "--item", "a;x;2"], 64, "the quantity 'x' is not a number"),
        (["invoice", "new", "--client", "A", "--item", "a;1.2345;2"], 65, "invoice.quantityTooPrecise"),
        (["invoice", "new", "--client", "A", "--item", "a;1;3.14159"], 65, "invoice.unitPriceTooPrecise"),
        (["invoice", "new", "--client", "A", "--item", "no separators"], 64, "description;quantity;unit price"),
        (
            ["invoice", "new", "--client", "A", "--item", "a;1;2", "--template", "fancy"], 64,
            "unknown template 'fancy'"
        ),
        (
            ["invoice", "new", "--client", "A", "--item", "a;1;2", "--due", "tomorrow"], 64,
            "is not a day written as YYYY-MM-DD"
        ),
        (["invoice", "new", "--client", " ", "--item", "a;0;2"], 65, "invoice.clientNameMissing"),
        (
            ["invoice", "new", "--client", "شركة", "--item", "a;1;2"], 65,
            "These characters cannot be printed: \"ش\" (U+0634)"
        ),
        (["invoice", "show", "INV-9999"], 65, "no invoice 'INV-9999'"),
        (["invoice", "show", "../../etc/passwd"], 65, "no invoice"),
        (["invoice", "upload"], 64, "needs NUMBER"),
        (["invoice", "print"], 64, "unknown invoice command 'print'"),
    ])
    func badInputFailsWithTheRightStatusAndMessage(arguments: [String], status: Int32, message: String) async throws {
        let workspace = try LedgerWorkspace()
        let result = try await workspace.run(arguments)
        #expect(result.status == status, "\(arguments): \(result.standardError)")
        #expect(result.standardError.contains(message), "\(arguments): \(result.standardError)")
        #expect(ReadableError.problems(result, arguments).isEmpty, "\(ReadableError.problems(result, arguments))")
    }

    @Test func everyErrorPathIsReadable() async throws {
        let workspace = try LedgerWorkspace()
        let cases: [[String]] = [
            ["invoice", "new", "--client", "", "--item", "x;0;1"],
            ["invoice", "new", "--client", "A", "--item", "x"],
            ["invoice", "new", "--client", "شركة", "--item", "x;1;1"],
            ["invoice", "show", "INV-0404"],
            ["invoice", "upload", "INV-0404"],
        ]
        for arguments in cases {
            let result = try await workspace.run(arguments)
            #expect(ReadableError.problems(result, arguments).isEmpty, "\(ReadableError.problems(result, arguments))")
        }
    }

    @Test func anOutputPathThatCannotTakeAPDFIsRefusedBeforeAnInvoiceIsMade() async throws {
        let workspace = try LedgerWorkspace()
        let folder = workspace.folder.appendingPathComponent("a folder")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
        let notes = try workspace.file("notes.txt", "my notes")
        let pipe = workspace.folder.appendingPathComponent("pipe")
        #expect(mkfifo(pipe.path, 0o600) == 0)
        let cases: [(String, String)] = [
            ("/dev/null", "it is a device, not a file"), (folder.path, "it is a folder"),
            (pipe.path, "it is a pipe or another special file"),
            (workspace.folder.appendingPathComponent("missing/x.pdf").path, "does not exist"),
            (notes.path, "it is an existing file that is not a PDF, which would be lost"),
        ]
        for (path, reason) in cases {
            let result = try await workspace.run([
                "invoice", "new", "--client", "ACME", "--item", "Work;1;100", "--out", path,
            ])
            #expect(result.status == 73, "\(path): \(result.standardError)")
            #expect(
                result.standardError.hasPrefix("ledger: cannot write the PDF to \(path): "), "\(result.standardError)")
            #expect(result.standardError.contains(reason), "\(result.standardError)")
            #expect(result.standardError.contains("Nothing was done."))
        }
        #expect(try String(contentsOf: notes, encoding: .utf8) == "my notes")
        var isFolder: ObjCBool = false
        #expect(!FileManager.default.fileExists(atPath: workspace.folder.appendingPathComponent("missing").path))
        #expect(FileManager.default.fileExists(atPath: folder.path, isDirectory: &isFolder) && isFolder.boolValue)
        let list = try await workspace.run(["invoice", "list", "--json"])
        #expect(list.standardOutput == "[\n\n]\n" || list.standardOutput == "[]\n", "no invoice was made")
    }
}
