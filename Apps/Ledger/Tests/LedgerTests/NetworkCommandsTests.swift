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
        #expect(shown.standardOutput.contains("5 x Consulting; with a semicolon at €650.00"))
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
        #expect(home.standardError.contains("cannot be reached"))

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
        (["invoice", "new", "--client", "A"], 64, "at least one --item"),
        (["invoice", "new", "--client", "A", "--item", "a;x;2"], 64, "is not a whole number"),
        (["invoice", "new", "--client", "A", "--item", "no separators"], 64, "description;quantity;unit price"),
        (
            ["invoice", "new", "--client", "A", "--item", "a;1;2", "--template", "fancy"], 64,
            "unknown template 'fancy'"
        ),
        (["invoice", "new", "--client", "A", "--item", "a;1;2", "--due", "tomorrow"], 64, "is not a day"),
        (["invoice", "new", "--client", " ", "--item", "a;0;2"], 65, "invoice.clientNameMissing"),
        (["invoice", "new", "--client", "Иван", "--item", "a;1;2"], 65, "cannot show these characters: И в а н"),
        (["invoice", "show", "INV-9999"], 65, "no invoice 'INV-9999'"),
        (["invoice", "show", "../../etc/passwd"], 65, "no invoice"),
        (["invoice", "upload"], 64, "needs NUMBER"),
        (["invoice", "print"], 64, "unknown invoice action 'print'"),
        (["register"], 64, "register needs EMAIL"),
        (["register", "not-an-email"], 65, "email.missingAt"),
        (["register", "someone@mailinator.com"], 65, "cannot register"),
        (["open"], 64, "open needs URL"),
        (["open", "javascript:alert(1)"], 65, "never followed"),
        (["open", "https://app.ledger.example@evil.test/"], 65, "phishing"),
        (["open", "https://evil.test\\@app.ledger.example/"], 65, "rejected"),
        (["open", "ledger://home?next=https://evil.test"], 65, "redirect"),
        (["open", "ledger://nowhere"], 65, "rejected"),
        (["home", "--api-url", "ftp://example.com"], 64, "is not an http or https URL"),
    ])
    func badInputFailsWithTheRightStatusAndMessage(arguments: [String], status: Int32, message: String) async throws {
        let workspace = try LedgerWorkspace()
        let result = try await workspace.run(arguments)
        #expect(result.status == status, "\(arguments): \(result.standardError)")
        #expect(result.standardError.contains(message), "\(arguments): \(result.standardError)")
    }

    @Test(arguments: [
        ("ledger://invoices/INV-0007", "Routed inside the app: invoice INV-0007"),
        ("https://app.ledger.example/invoices/INV-0007", "Routed inside the app: invoice INV-0007"),
        ("ledger://reports/weekly", "Routed inside the app: weekly report"),
        ("https://help.ledger.example/faq", "Opened outside the app: https://help.ledger.example/faq"),
        ("mailto:support@ledger.example", "Opened outside the app: mailto:support@ledger.example"),
    ])
    func linksRouteInsideOrOutside(link: String, expected: String) async throws {
        let result = try await LedgerWorkspace().run(["open", link])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput == expected + "\n")
    }

    @Test func homeShowsTheServerSectionsThenTheSavedCopyOffline() async throws {
        let server = try await DevServer.shared()
        let workspace = try LedgerWorkspace(apiURL: server.baseURL)
        let online = try await workspace.run(["home"])
        #expect(online.status == 0, "\(online.standardError)")
        #expect(online.standardOutput.hasPrefix("Home\n"))
        #expect(online.standardOutput.contains("Spent this month: €1,842.50"))
        #expect(online.standardOutput.contains("promo (carousel_3d): this app does not know the section type"))
        #expect(online.standardOutput.contains("broken (banner): the content does not fit the section (at title)"))

        let closed = try #require(URL(string: "http://127.0.0.1:9"))
        let offline = try await workspace.run(["home"], api: closed)
        #expect(offline.status == 0, "\(offline.standardError)")
        #expect(offline.standardOutput.hasPrefix("Home (offline: the copy saved "))
        #expect(offline.standardOutput.contains("Spent this month: €1,842.50"))
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
