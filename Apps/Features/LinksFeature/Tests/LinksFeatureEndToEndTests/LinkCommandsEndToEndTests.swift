import Foundation
import LedgerTestSupport
import Testing

/// The built `ledger` run as a user would, on a real data folder.
@Suite("Links: open and link end to end")
struct LinkCommandsEndToEndTests {
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

    @Test(arguments: [
        (["link", "invoice"], Int32(64), "link invoice needs a NUMBER"),
        (["link", "report", "decade"], 64, "'decade' is not a PERIOD of report"),
        (["link", "moon"], 64, "unknown screen 'moon'"),
        (["link", "invoice", "INV-9999"], 65, "no invoice 'INV-9999'"),
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
        (["open", "ledger://invoices/INV-9999"], 65, "no invoice 'INV-9999'"),
    ])
    func badInputFailsWithTheRightStatusAndMessage(arguments: [String], status: Int32, message: String) async throws {
        let workspace = try LedgerWorkspace()
        let result = try await workspace.run(arguments)
        #expect(result.status == status, "\(arguments): \(result.standardError)")
        #expect(result.standardError.contains(message), "\(arguments): \(result.standardError)")
        #expect(ReadableError.problems(result, arguments).isEmpty, "\(ReadableError.problems(result, arguments))")
    }
}
