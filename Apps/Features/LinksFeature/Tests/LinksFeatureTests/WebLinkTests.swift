import CommandKit
import CommandKitTesting
import Foundation
import Testing

@testable import LinksFeature

/// `ledger link --https` prints the web form of a link, on the app's universal-link host, which can be pasted where
/// `ledger://` links cannot (an e-mail); the web form leads back to the same screen.
@Suite("Links: the web form of a link")
struct WebLinkTests {
    private struct Screens: CommandGroup {
        var commands: [CommandSpec] { [] }
        var screens: [LinkScreen] { LinksFeatureTests.screens }
    }

    private let harness = CommandHarness(LinkCommands(), Screens())

    @Test(arguments: [
        (["link", "report", "Weekly", "--https"], "https://\(LedgerLinks.webHost)/reports/week"),
        (["link", "--https", "invoice", "INV-7"], "https://\(LedgerLinks.webHost)/invoices/INV-7"),
        (["link", "home", "--https"], "https://\(LedgerLinks.webHost)/home"),
    ])
    func theWebFormIsPrintedAndLeadsBackToTheSameScreen(words: [String], expected: String) async throws {
        let printed = await harness.run(words)
        #expect(printed.status == .success && printed.output == expected + "\n", "\(printed.error)")
        let json = await harness.run(words, json: true)
        let object = try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any]
        #expect(object?["link"] as? String == expected)
        let app = await harness.run(words.filter { $0 != "--https" })
        let opened = await harness.run(["open", expected])
        let openedApp = await harness.run(["open", String(app.output.dropLast())])
        #expect(opened.status == .success && opened.output == openedApp.output, "\(opened.error)")
    }

    @Test func theWebHostIsTheOneOpenFollows() {
        #expect(LedgerLinks.webHost == "app.ledger.example")
    }
}
