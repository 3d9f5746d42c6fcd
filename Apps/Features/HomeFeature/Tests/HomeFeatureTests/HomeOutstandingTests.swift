import CommandKit
import CommandKitTesting
import Foundation
import Testing

@testable import HomeFeature

/// A home screen with one section, from the network, that dismisses and opens nothing.
private struct OneSectionHome: HomeScreenFeature {
    func load() async throws(HomeScreenError) -> HomeScreen {
        HomeScreen(
            shown: [ShownSection(id: "welcome", section: HomeSection(kind: "text", lines: [[.text("Welcome back")]]))],
            skipped: [], dismissed: [], source: .network)
    }

    func dismiss(sectionID id: String) async throws(HomeSectionError) -> Bool { false }

    func restore(sectionID id: String?) async throws(HomeSectionError) -> [String] { [] }

    func open(sectionID id: String) async throws(HomeSectionError) -> OpenedSection {
        throw .noSavedScreen(id: id)
    }

    func clearBadges(linkingTo link: String) async throws(HomeSectionError) -> [String] { [] }
}

@Suite("Home: what clients owe")
struct HomeOutstandingTests {
    @Test func theHomeScreenShowsWhatIsOutstandingPerCurrency() async throws {
        let owed = [
            HomeOutstanding(currency: "EUR", amount: 3000, text: "€3,000.00"),
            HomeOutstanding(currency: "USD", amount: 50.5, text: "$50.50"),
        ]
        let harness = CommandHarness(HomeCommands(home: { OneSectionHome() }, outstanding: { owed }))
        let shown = await harness.run(["home"])
        #expect(shown.output == "Home\n  Outstanding: €3,000.00, $50.50\n  Welcome back\n")
        let json = await harness.run(["home"], json: true)
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: any Sendable])
        let amounts = try #require(object["outstanding"] as? [[String: String]])
        #expect(amounts == [["currency": "EUR", "amount": "3000"], ["currency": "USD", "amount": "50.5"]])
    }

    @Test func nothingOutstandingAddsNoLine() async throws {
        let harness = CommandHarness(HomeCommands(home: { OneSectionHome() }))
        #expect(await harness.run(["home"]).output == "Home\n  Welcome back\n")
        let json = await harness.run(["home"], json: true)
        #expect(json.output.contains("\"outstanding\""))
    }
}
