import CommandKit
import CommandKitTesting
import Foundation
import Networking
import NetworkingTesting
import Rendering
import SectionsRegistry
import SectionsRegistryTesting
import Storage
import StorageTesting
import Testing

@testable import HomeFeature

private let sectionsJSON = """
    {"version": 1, "sections": [
      {"id": "welcome", "type": "banner", "title": "Welcome back", "message": "Hello.", "link": "ledger://home"},
      {"id": "actions", "type": "quick_actions", "actions": [{"title": "Add expense", "link": "ledger://expenses/new"}]},
      {"id": "promo", "type": "carousel_3d", "items": []}
    ]}
    """

/// A loader on `documents` whose server answers `sectionsJSON` every time, or is unreachable.
private func homeLoader(
    _ documents: any DocumentStore, online: Bool = true, listeners: [any SectionListener] = []
) throws -> HomeScreenLoader {
    HomeScreenLoader(
        api: APIClient(
            baseURL: try #require(URL(string: "http://api.test")),
            client: ScriptedHTTPClient([], whenExhausted: online ? .status(200, body: sectionsJSON) : .fail(.timeout))),
        registry: try HomeSections.registry(caching: documents), documents: documents, ownExpenses: nil,
        periods: { _ in nil }, money: MoneyFormatter(locale: RenderingLocale(identifier: "en_US")),
        currency: { _ in .usd }, now: { Date(timeIntervalSince1970: 1_773_835_200) }, log: { _ in },
        listeners: listeners)
}

@Suite("Home: dismissed sections")
struct DismissedSectionsTests {
    @Test func aDismissedSectionStaysHiddenOnlineAndOfflineAndItsListenersHearRemovedOnce() async throws {
        let documents = FakeDocumentStore()
        let spy = SpySectionListener()
        let home = try homeLoader(documents, listeners: [spy])
        #expect(try await home.load().shown.map(\.id) == ["welcome", "actions"])

        #expect(try await home.dismiss(sectionID: "welcome"))
        #expect(try await !home.dismiss(sectionID: "welcome"), "dismissing again changes nothing")
        let again = try await home.load()
        #expect(again.shown.map(\.id) == ["actions"] && again.dismissed == ["welcome"])
        #expect(again.skipped.map(\.id) == ["promo"], "a dismissed section is not a fault")
        let offline = try await homeLoader(documents, online: false).load()
        #expect(offline.shown.map(\.id) == ["actions"] && offline.dismissed == ["welcome"])

        let welcome = SectionReference(id: "welcome", type: "banner")
        let actions = SectionReference(id: "actions", type: "quick_actions")
        let heard = await spy.events.filter { if case .failed = $0 { false } else { true } }
        #expect(heard == [.shown(welcome), .shown(actions), .removed(welcome), .shown(actions)])
    }

    @Test func restoringBringsASectionBack() async throws {
        let documents = FakeDocumentStore()
        let home = try homeLoader(documents)
        _ = try await home.load()
        _ = try await home.dismiss(sectionID: "welcome")
        _ = try await home.dismiss(sectionID: "actions")
        #expect(try await home.restore(sectionID: "actions") == ["actions"])
        #expect(try await home.load().shown.map(\.id) == ["actions"])
        #expect(try await home.restore(sectionID: nil) == ["welcome"])
        let back = try await home.load()
        #expect(back.shown.map(\.id) == ["welcome", "actions"] && back.dismissed.isEmpty)
    }

    @Test func onlyASectionOfTheScreenLastShownCanBeDismissed() async throws {
        let documents = FakeDocumentStore()
        let home = try homeLoader(documents)
        await #expect(throws: HomeSectionError.noSavedScreen(id: "welcome")) {
            try await home.dismiss(sectionID: "welcome")
        }
        _ = try await home.load()
        await #expect(throws: HomeSectionError.notShown(id: "promo", shown: ["welcome", "actions"])) {
            try await home.dismiss(sectionID: "promo")
        }
        await #expect(throws: HomeSectionError.notDismissed(id: "welcome", dismissed: [])) {
            try await home.restore(sectionID: "welcome")
        }
    }

    @Test func theCommandsDismissAndRestoreWithSentencesAndStatuses() async throws {
        let documents = FakeDocumentStore()
        let home = try homeLoader(documents)
        let harness = CommandHarness(HomeCommands(home: { home }))
        let first = await harness.run(["home"])
        #expect(first.output.contains("Welcome back"))

        let dismissed = await harness.run(["home", "dismiss", "welcome"])
        #expect(dismissed.status == .success)
        #expect(dismissed.output == "Dismissed welcome; 'ledger home restore welcome' brings it back.\n")
        let hidden = await harness.run(["home"])
        #expect(!hidden.output.contains("Welcome back") && hidden.output.contains("Shortcuts:"))
        let json = await harness.run(["home"], json: true)
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: any Sendable])
        #expect(object["dismissed"] as? [String] == ["welcome"])
        #expect((object["sections"] as? [[String: any Sendable]])?.compactMap { $0["id"] as? String } == ["actions"])

        let unknown = await harness.run(["home", "dismiss", "promo\u{1B}"])
        #expect(unknown.status == .dataError)
        #expect(
            unknown.error.contains("no section 'promo\\u{1B}' is on the home screen; the sections shown are 'actions'"))
        #expect(!unknown.error.contains("\u{1B}"))
        let missing = await harness.run(["home", "dismiss"])
        #expect(missing.status == .usage)

        let restored = await harness.run(["home", "restore"])
        #expect(restored.output == "Restored welcome.\n")
        let nothing = await harness.run(["home", "restore", "welcome"])
        #expect(nothing.status == .dataError && nothing.error.contains("the section 'welcome' is not dismissed"))
    }

    @Test(arguments: [
        HomeSectionError.notShown(id: "a", shown: (1...25).map(String.init)), .noSavedScreen(id: "a"),
        .notDismissed(id: "a", dismissed: []), .storage(.cancelled),
    ])
    func everyErrorIsASentence(error: HomeSectionError) {
        let text = error.description
        #expect(text.first?.isUppercase == true && text.hasSuffix("."), "\(text)")
        #expect(!text.contains("HomeSectionError") && !text.contains("("), "\(text)")
    }
}
