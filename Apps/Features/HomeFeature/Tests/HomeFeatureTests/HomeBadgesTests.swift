import CommandKit
import CommandKitTesting
import Foundation
import Networking
import NetworkingTesting
import Rendering
import Storage
import StorageTesting
import Testing

@testable import HomeFeature

/// A screen whose quick actions carry `badge` (JSON) and link to `ledger://expenses/new`.
private func badgedScreen(_ badge: String) -> String {
    """
    {"version": 1, "sections": [
      {"id": "welcome", "type": "banner", "title": "Welcome back", "message": "Hello.", "link": "ledger://home"},
      {"id": "actions", "type": "quick_actions", "badge": \(badge),
       "actions": [{"title": "Add expense", "link": "ledger://expenses/new"}]}
    ]}
    """
}

/// A loader on `documents` whose server answers with the next of `answers` (then the last one again), or is
/// unreachable when there are none.
private func homeLoader(_ documents: any DocumentStore, answers: [String]) throws -> HomeScreenLoader {
    let last: ScriptedHTTPClient.Step = answers.last.map { .status(200, body: $0) } ?? .fail(.timeout)
    return HomeScreenLoader(
        api: APIClient(
            baseURL: try #require(URL(string: "http://api.test")),
            client: ScriptedHTTPClient(answers.map { .status(200, body: $0) }, whenExhausted: last)),
        registry: try HomeSections.registry(caching: documents), documents: documents, ownExpenses: nil,
        periods: { _ in nil }, money: MoneyFormatter(locale: RenderingLocale(identifier: "en_US")),
        currency: { _ in .usd }, now: { Date(timeIntervalSince1970: 1_773_835_200) }, log: { _ in })
}

/// A store that refuses to save the user's choices, as a full data folder might once the screen was saved.
private struct RefusingStore: DocumentStore {
    let base = FakeDocumentStore()
    func save(_ draft: DocumentDraft) async throws(StorageError) -> DocumentMetadata {
        guard draft.id.rawValue != "home.choices" else { throw .cancelled }
        return try await base.save(draft)
    }
    func load(_ id: DocumentID) async throws(StorageError) -> Document? { await base.load(id) }
    func list() async throws(StorageError) -> [DocumentMetadata] { await base.list() }
    func delete(_ id: DocumentID) async throws(StorageError) -> Bool { await base.delete(id) }
}

@Suite("Home: section badges")
struct HomeBadgesTests {
    @Test(
        arguments: [
            ("3", "3"), ("120", "99+"), ("0", nil), (#""new""#, "new"), (#""""#, nil), (#""   ""#, nil),
            (#""seventeen letters""#, nil), ("-2", nil), ("2.5", nil), ("[1]", nil), ("true", nil), ("null", nil),
        ] as [(String, String?)])
    func aBadgeIsACountOrAShortWordAndABadOneNeverCostsTheSection(badge: String, shown: String?) async throws {
        let screen = try await homeLoader(FakeDocumentStore(), answers: [badgedScreen(badge)]).load()
        #expect(screen.shown.map(\.id) == ["welcome", "actions"])
        #expect(screen.shown.map(\.badge) == [nil, shown])
    }

    @Test func openingASectionClearsItsBadgeUntilTheServerSendsAnother() async throws {
        let documents = FakeDocumentStore()
        let home = try homeLoader(documents, answers: [badgedScreen("3"), badgedScreen("3"), badgedScreen("4")])
        #expect(try await home.load().shown.last?.badge == "3")

        let opened = try await home.open(sectionID: "actions")
        #expect(opened.clearedBadge == "3" && opened.shown.badge == nil && opened.shown.id == "actions")
        #expect(try await home.open(sectionID: "actions").clearedBadge == nil, "nothing left to clear")
        #expect(try await home.load().shown.last?.badge == nil)
        #expect(try await homeLoader(documents, answers: []).load().shown.last?.badge == nil, "offline too")
        #expect(try await home.load().shown.last?.badge == "4", "a new badge shows again")

        await #expect(throws: HomeSectionError.notShown(id: "promo", shown: ["welcome", "actions"])) {
            try await home.open(sectionID: "promo")
        }
        await #expect(throws: HomeSectionError.noSavedScreen(id: "actions")) {
            try await homeLoader(FakeDocumentStore(), answers: []).open(sectionID: "actions")
        }
    }

    @Test func followingALinkClearsTheBadgeOfTheSectionsThatShowIt() async throws {
        let documents = FakeDocumentStore()
        #expect(try await homeLoader(documents, answers: []).clearBadges(linkingTo: "ledger://home") == [])
        let home = try homeLoader(documents, answers: [badgedScreen("2")])
        _ = try await home.load()
        #expect(try await home.clearBadges(linkingTo: "ledger://home") == [], "the banner shows no badge")
        #expect(try await home.load().shown.last?.badge == "2")
        #expect(try await home.clearBadges(linkingTo: "ledger://expenses/new") == ["actions"])
        #expect(try await home.load().shown.last?.badge == nil)
    }

    @Test func aBadgeTheStoreCannotRememberIsNotClearedAndSaysSo() async throws {
        let home = try homeLoader(RefusingStore(), answers: [badgedScreen("3")])
        _ = try await home.load()
        let error = await #expect(throws: HomeSectionError.self) { try await home.open(sectionID: "actions") }
        guard case .badgeNotCleared(id: "actions", _)? = error else {
            Issue.record("not a badge that was not cleared: \(String(describing: error))")
            return
        }
        #expect(
            error?.description
                == "The badge of the section 'actions' was not cleared: the data folder's store refused the change.")
        let command = await CommandHarness(HomeCommands(home: { home })).run(["home", "open", "actions"])
        #expect(command.status == .ioError && command.error.contains("the data folder's store refused the change"))
        #expect(try await home.load().shown.last?.badge == "3", "the badge shows until it is cleared")
    }

    @Test func theCommandsShowTheBadgeAndClearItWhenTheSectionOrItsLinkIsOpened() async throws {
        let documents = FakeDocumentStore()
        let home = try homeLoader(documents, answers: [badgedScreen(#""new""#)])
        let commands = HomeCommands(home: { home })
        let harness = CommandHarness(commands)
        let screen = await harness.run(["home"])
        #expect(screen.output.contains("  Shortcuts: [Add expense] ledger://expenses/new  ● new\n"), "\(screen.output)")
        let json = await harness.run(["home"], json: true)
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: any Sendable])
        let sections = try #require(object["sections"] as? [[String: any Sendable]])
        #expect(sections.map { $0["badge"] as? String } == [nil, "new"])
        #expect(sections.allSatisfy { $0.keys.contains("badge") }, "the key is there when there is no badge")

        let opened = await harness.run(["home", "open", "actions"])
        #expect(opened.status == .success)
        #expect(opened.output == "Shortcuts: [Add expense] ledger://expenses/new\nIts badge (new) is cleared.\n")
        #expect(!(await harness.run(["home"])).output.contains("●"))
        let unknown = await harness.run(["home", "open", "nope"])
        #expect(
            unknown.status == .dataError && unknown.error.contains("the sections shown are 'welcome' and 'actions'"))

        let again = try homeLoader(documents, answers: [badgedScreen("5")])
        _ = try await again.load()
        await HomeCommands(home: { again }).linkFollowed("ledger://expenses/new", log: { _ in })
        #expect(try await again.load().shown.last?.badge == nil)
    }
}
