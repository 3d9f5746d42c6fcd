import DevServer
import Foundation
import Testing

@Suite("Ledger: invoices, registration, links and home end to end")
struct NetworkCommandsTests {
    @Test func registerThenInvoiceIsStoredUploadedShownAndDuplicated() async throws {
        let server = try await DevServer.shared()
        let workspace = try LedgerWorkspace(apiURL: server.baseURL)
        let email = uniqueEmail()
        let registered = try await workspace.run(["register", email])
        #expect(registered.status == 0, "\(registered.standardError)")
        #expect(registered.standardOutput.contains("Registered \(email)"))
        #expect(try await workspace.run(["register", email]).status == 65)

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

    @Test func loginWhoamiAndLogoutManageTheSessionOnThisMachine() async throws {
        let server = try await DevServer.shared()
        let workspace = try LedgerWorkspace(apiURL: server.baseURL)
        let email = uniqueEmail()
        #expect(try await workspace.run(["register", email]).status == 0)
        let again = try await workspace.run(["register", email])
        #expect(again.status == 65 && again.standardError.contains("sign in with 'ledger login \(email)'"))
        #expect(try await workspace.run(["whoami"]).standardOutput == email + "\n")
        #expect(try await workspace.run(["logout"]).standardOutput == "Signed out on this machine.\n")
        let nobody = try await workspace.run(["whoami"])
        #expect(nobody.status == 65 && nobody.standardError.contains("ledger login EMAIL"))
        let login = try await workspace.run(["login", email])
        #expect(login.status == 0 && login.standardOutput == "Signed in as \(email) on this machine.\n")
        #expect(try await workspace.run(["whoami"]).standardOutput == email + "\n")
        let unknown = try await workspace.run(["login", uniqueEmail()])
        #expect(unknown.status == 65 && unknown.standardError.contains("no account has the address"))
    }

    @Test func twoProcessesFindingTheSessionExpiredRenewItOnceAndBothGoOn() async throws {
        try await DevServer.run { server in
            let workspace = try LedgerWorkspace(apiURL: server.baseURL)
            let email = uniqueEmail()
            #expect(try await workspace.run(["register", email]).status == 0)
            for round in 1...3 {
                try await server.control(DevServerControl(expireTokens: true))
                async let first = workspace.run(["whoami"])
                async let second = workspace.run(["whoami"])
                let results = try await [first, second]
                #expect(
                    results.allSatisfy { $0.status == 0 && $0.standardOutput == email + "\n" },
                    "round \(round): \(results.map(\.standardError))")
            }
            #expect(try await server.stats().count("/v1/auth/refresh") == 3)
        }
    }

    @Test func withTheServerDownNetworkFeaturesFailCleanlyAndLocalDataStays() async throws {
        let workspace = try LedgerWorkspace()
        _ = try await workspace.run(["expense", "add", "--title", "Coffee", "--price", "3"])

        let register = try await workspace.run(["register", uniqueEmail()])
        #expect(register.status == 69)
        #expect(register.standardError.contains("hint: Check that the API server is running"))

        let invoice = try await workspace.run(["invoice", "new", "--client", "ACME", "--item", "Work;1;100"])
        #expect(invoice.status == 75)
        #expect(invoice.standardOutput.contains("Invoice INV-0001 for ACME: €100.00, stored on this machine."))
        #expect(invoice.standardError.contains("ledger invoice upload INV-0001"))

        let home = try await workspace.run(["home"])
        #expect(home.status == 69)
        #expect(home.standardError.contains("could not be reached"))

        #expect(try await workspace.run(["invoice", "list"]).standardOutput.contains("INV-0001"))
        #expect(try await workspace.run(["expense", "list"]).standardOutput.contains("Coffee"))
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
        (["link"], 64, "link needs SCREEN"),
        (["link", "invoice"], 64, "link invoice needs a NUMBER"),
        (["link", "report", "decade"], 64, "unknown report period 'decade'"),
        (["link", "moon"], 64, "unknown screen 'moon'"),
        (["completion", "tcsh"], 64, "no completion for 'tcsh'"),
        (["register"], 64, "register needs EMAIL"),
        (["login"], 64, "login needs EMAIL"),
        (["login", "not-an-email"], 65, "email.missingAt"),
        (["whoami"], 65, "no one is signed in"),
        (["logout", "extra"], 64, "does not take 'extra'"),
        (["register", "not-an-email"], 65, "email.missingAt"),
        (["register", "someone@mailinator.com"], 65, "cannot register"),
        (["open"], 64, "open needs URL"),
        (["open", "javascript:alert(1)"], 65, "never followed"),
        (["open", "https://app.ledger.example@evil.test/"], 65, "phishing"),
        (["open", "https://evil.test\\@app.ledger.example/"], 65, "rejected"),
        (["open", "ledger://home?next=https://evil.test"], 65, "redirect"),
        (["open", "ledger://nowhere"], 65, "rejected"),
        (["open", "ledger://invoices/INV-..%2F..%2Fetc"], 65, "contains a slash"),
        (["open", "ledger://invoices/INV-1%E2%80%AEfdp.exe"], 65, "reverses the direction of text"),
        (["open", "ledger://invoices/INV-1%00"], 65, "control character"),
        (["open", "ledger://home?redirect_to=https://evil.test"], 65, "would redirect outside the app"),
        (["open", "ledger://home#next=https://evil.test"], 65, "its fragment ('next') would redirect"),
        (["home", "--api-url", "ftp://example.com"], 64, "is not an http or https URL"),
    ])
    func badInputFailsWithTheRightStatusAndMessage(arguments: [String], status: Int32, message: String) async throws {
        let workspace = try LedgerWorkspace()
        let result = try await workspace.run(arguments)
        #expect(result.status == status, "\(arguments): \(result.standardError)")
        #expect(result.standardError.contains(message), "\(arguments): \(result.standardError)")
    }

    @Test(arguments: [
        ("https://help.ledger.example/faq", "Opened outside the app: https://help.ledger.example/faq"),
        ("mailto:support@ledger.example", "Opened outside the app: mailto:support@ledger.example"),
        ("ledger://expenses/new", "New expense: ledger expense add --title TEXT --price AMOUNT [--date YYYY-MM-DD]"),
        ("ledger://invoices", "No invoices yet. Create one with 'ledger invoice new'."),
    ])
    func linksLeadToWhatTheyName(link: String, expected: String) async throws {
        let result = try await LedgerWorkspace().run(["open", link])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput == expected + "\n")
    }

    @Test func everyReportLinkShowsTheReportItsCommandPrints() async throws {
        let workspace = try LedgerWorkspace()
        _ = try await workspace.run(["expense", "add", "--title", "Coffee", "--price", "3.80"])
        for period in ["day", "week", "month", "year"] {
            let link = try await workspace.run(["link", "report", period])
            #expect(link.standardOutput == "ledger://reports/\(period)\n")
            let followed = try await workspace.run(["open", String(link.standardOutput.dropLast())])
            let printed = try await workspace.run(["report", period])
            #expect(followed.status == 0 && followed.standardOutput == printed.standardOutput)
            #expect(printed.standardOutput.contains("Coffee"))
        }
        let longForm = try await workspace.run(["open", "ledger://reports/weekly"])
        #expect(longForm.standardOutput == (try await workspace.run(["report", "week"])).standardOutput)
    }

    @Test func homeShowsTheServerSectionsThenTheSavedCopyOffline() async throws {
        let server = try await DevServer.shared()
        let workspace = try LedgerWorkspace(apiURL: server.baseURL)
        let online = try await workspace.run(["home"])
        #expect(online.status == 0, "\(online.standardError)")
        #expect(online.standardOutput.hasPrefix("Home\n"))
        #expect(online.standardOutput.contains("Spent this month: nothing yet"))
        #expect(!online.standardOutput.contains("promo") && online.standardError.isEmpty)
        let verbose = try await workspace.run(["home", "--verbose"])
        #expect(verbose.standardError.contains("promo (carousel_3d): this app does not know the section type"))
        #expect(verbose.standardError.contains("broken (banner): the content does not fit the section (at title)"))

        let closed = try #require(URL(string: "http://127.0.0.1:9"))
        let offline = try await workspace.run(["home"], api: closed)
        #expect(offline.status == 0, "\(offline.standardError)")
        #expect(offline.standardOutput.hasPrefix("Home (offline: the copy saved "))
        #expect(offline.standardOutput.contains("Spent this month: nothing yet"))
        _ = try await workspace.run(["expense", "add", "--title", "Coffee", "--price", "3.80"], api: closed)
        let spent = try await workspace.run(["home"], api: closed)
        #expect(spent.standardOutput.contains("Spent this month: €3.80"))
    }

    @Test func theDemoRunsEveryFeatureAndLeavesTheInvoicePDF() async throws {
        let result = try await LedgerBinary.locate().run(["demo"])
        #expect(result.status == 0, "\(result.standardError)")
        let pdfLine = try #require(
            result.standardOutput.split(separator: "\n").first { $0.hasPrefix("The invoice PDF: ") })
        let path = String(pdfLine.dropFirst("The invoice PDF: ".count))
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)).starts(with: Data("%PDF".utf8)))
        for heading in [
            "$ ledger expense import", "$ ledger register", "$ ledger invoice new", "$ ledger open", "$ ledger home",
        ] {
            #expect(result.standardOutput.contains(heading))
        }
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent()
        try? FileManager.default.removeItem(at: folder)
    }
}
