import Foundation
import Networking
import NetworkingTesting
import Rendering
import SectionsRegistry
import Storage
import StorageTesting
import Testing

@testable import HomeFeature

/// 2026-03-18 12:00 UTC.
private let fixedNow = Date(timeIntervalSince1970: 1_773_835_200)

private let screenJSON = """
    {"version": 1, "sections": [
      {"id": "welcome", "type": "banner", "title": "Welcome back", "message": "Hello.", "link": "ledger://home"},
      {"id": "summary", "type": "expenses_summary", "period": "month", "currency": "EUR", "total_cents": 184250,
       "categories": [{"name": "Travel", "total_cents": 92000}]},
      {"id": "actions", "type": "quick_actions", "actions": [{"title": "Add expense", "link": "ledger://expenses/new"}]},
      {"id": "promo", "type": "carousel_3d", "items": []},
      {"id": "broken", "type": "banner", "title": 42},
      {"id": "greedy", "type": "expenses_summary", "period": "month", "currency": "EUR", "total_cents": 10,
       "categories": [{"name": "Everything", "total_cents": 11}]}
    ]}
    """

@Suite("Home: loading the screen")
struct HomeScreenLoaderTests {
    private func loader(
        _ client: ScriptedHTTPClient, documents: any DocumentStore, own: (any ReportReading)? = nil
    ) throws -> HomeScreenLoader {
        HomeScreenLoader(
            api: APIClient(baseURL: try #require(URL(string: "http://api.test")), client: client),
            registry: try HomeSections.registry(caching: documents),
            documents: documents, ownExpenses: own,
            periods: { ["day": .today, "week": .thisWeek, "month": .thisMonth, "year": .thisYear][$0] },
            money: MoneyFormatter(locale: RenderingLocale(identifier: "en_US")),
            currency: { (try? Currency(code: $0, minorUnits: 2)) ?? .usd }, now: { fixedNow }, log: { _ in })
    }

    @Test func goodSectionsAreShownAndBadOnesSkippedWithAReason() async throws {
        let documents = FakeDocumentStore()
        let client = ScriptedHTTPClient([.status(200, body: screenJSON)])
        let screen = try await loader(client, documents: documents).load()
        #expect(screen.source == .network)
        #expect(
            screen.sections == [
                HomeSection(
                    kind: "banner", lines: [[.text("▌ Welcome back: Hello."), .text("  → "), .link("ledger://home")]]),
                HomeSection(
                    kind: "expenses_summary",
                    lines: [
                        [.text("Spent this month: €1,842.50 (the server's figures: yours could not be read)")],
                        [.text("    Travel: €920.00")],
                    ]),
                HomeSection(
                    kind: "quick_actions",
                    lines: [
                        [.text("Shortcuts:"), .text(" [Add expense] "), .link("ledger://expenses/new"), .text(" ")]
                    ]),
            ])
        #expect(screen.sections.flatMap(\.links) == ["ledger://home", "ledger://expenses/new"])
        #expect(screen.skipped.map(\.id) == ["promo", "broken", "greedy"])
        #expect(screen.skipped.first?.reason == "this app does not know the section type")
        #expect(client.requests.map(\.url.path) == ["/v1/home/sections"])
    }

    @Test func theSummaryShowsTheUsersOwnSpendingNotTheServers() async throws {
        let month = fixedNow.addingTimeInterval(-86_400)..<fixedNow.addingTimeInterval(86_400)
        let entries = [
            ExpenseEntry(id: UUID(), title: "Coffee", price: 3.8, currencyCode: "EUR", comment: "", date: fixedNow),
            ExpenseEntry(id: UUID(), title: "Lunch", price: 12, currencyCode: "USD", comment: "", date: fixedNow),
        ]
        let own = SpyReportReader(reports: [.thisMonth: ExpenseReport(period: month, entries: entries)])
        let client = ScriptedHTTPClient([.status(200, body: screenJSON)])
        let screen = try await loader(client, documents: FakeDocumentStore(), own: own).load()
        #expect(
            screen.sections.contains(
                HomeSection(kind: "expenses_summary", lines: [[.text("Spent this month: €3.80 · $12.00")]])))
        #expect(!screen.sections.flatMap(\.lines).joined().contains { $0 == .text("    Travel: €920.00") })
    }

    @Test func whenTheServerIsDownTheLastGoodScreenIsShownWithItsDate() async throws {
        let documents = FakeDocumentStore()
        let online = ScriptedHTTPClient([.status(200, body: screenJSON)])
        let shown = try await loader(online, documents: documents).load()
        let offline = ScriptedHTTPClient([.fail(.timeout)])
        let cached = try await loader(offline, documents: documents).load()
        #expect(cached.source == .cache(savedAt: fixedNow, reason: .unreachable))
        #expect(cached.sections == shown.sections)
    }

    @Test func withoutASavedCopyAnOfflineScreenIsATypedError() async throws {
        let client = ScriptedHTTPClient([.fail(.timeout)])
        await #expect {
            try await loader(client, documents: FakeDocumentStore()).load()
        } throws: { error in
            guard case .offlineWithoutCache? = error as? HomeScreenError else { return false }
            return true
        }
    }

    @Test(
        arguments: ["", "{\"version\": 1}", "<html>", String(repeating: "[", count: 100_000)].map {
            String($0.prefix(100_000))
        })
    func anAnswerThatIsNotASectionsListIsATypedError(body: String) async throws {
        let client = ScriptedHTTPClient([.status(200, body: body)])
        await #expect {
            try await loader(client, documents: FakeDocumentStore()).load()
        } throws: { error in
            guard case .invalidResponse? = error as? HomeScreenError else { return false }
            return true
        }
    }

    /// Each id the server may send, and the document it is cached under: plain tokens as they are, anything else
    /// as the hex of its UTF-8 (no `/`, no `..`, no NUL reaches the store), and nil for an id too long to cache.
    @Test(
        arguments: [
            ("welcome", "home.section.welcome"),
            ("../../escape", "home.section.x.2e2e2f2e2e2f657363617065"),
            ("", "home.section.x."),
            (String(repeating: "x", count: 64), "home.section." + String(repeating: "x", count: 64)),
            (String(repeating: "x", count: 500), nil),
            ("a/b\u{0}c", "home.section.x.612f620063"),
            ("日本", "home.section.x.e697a5e69cac"),
            ("x.41", "home.section.x.782e3431"),
        ] as [(String, String?)])
    func sectionCacheIDsNeverEscapeTheStore(sectionID: String, expected: String?) throws {
        #expect(DocumentSectionStorage.documentID(for: sectionID)?.rawValue == expected)
    }

    @Test func plainAndEncodedSectionIDsNeverCollide() throws {
        let plain = try #require(DocumentSectionStorage.documentID(for: "x"))
        let encoded = try #require(DocumentSectionStorage.documentID(for: "x."))
        let lookalike = try #require(DocumentSectionStorage.documentID(for: "78"))
        #expect(Set([plain, encoded, lookalike].map(\.rawValue)).count == 3)
    }

    @Test(arguments: [
        "[1,2,3]", "{\"version\": 1, \"sections\": []}", "{\"sections\": [{\"id\": \"x\", \"type\": \"nope\"}]}",
    ])
    func anAnswerWithNoSectionToShowNeverReplacesTheSavedScreen(body: String) async throws {
        let documents = FakeDocumentStore()
        let shown = try await loader(ScriptedHTTPClient([.status(200, body: screenJSON)]), documents: documents).load()
        let hostile = try await loader(ScriptedHTTPClient([.status(200, body: body)]), documents: documents).load()
        #expect(
            hostile.source
                == .cache(
                    savedAt: fixedNow, reason: .unusableAnswer(problem: "The server sent no section this app can show.")
                ))
        #expect(hostile.sections == shown.sections)
        let offline = try await loader(ScriptedHTTPClient([.fail(.timeout)]), documents: documents).load()
        #expect(offline.sections == shown.sections, "the good copy is still the saved one")
    }

    @Test func anAnswerThatIsNotJSONShowsTheSavedScreenWithWhy() async throws {
        let documents = FakeDocumentStore()
        let shown = try await loader(ScriptedHTTPClient([.status(200, body: screenJSON)]), documents: documents).load()
        let broken = try await loader(
            ScriptedHTTPClient([.status(200, body: "{\"version\": 1, \"sections\": [")]), documents: documents
        ).load()
        #expect(broken.sections == shown.sections)
        guard case .cache(_, .unusableAnswer(let problem)) = broken.source else {
            Issue.record("the saved copy was not shown: \(broken.source)")
            return
        }
        #expect(problem.hasPrefix("The server's answer is not a home screen. "))
        #expect(!problem.contains("malformedJSON") && !problem.contains("SectionsRegistry."), "\(problem)")
    }

    @Test func withoutASavedCopyAnEmptyAnswerIsShownButNotSaved() async throws {
        let documents = FakeDocumentStore()
        let empty = try await loader(ScriptedHTTPClient([.status(200, body: "[1,2,3]")]), documents: documents).load()
        #expect(empty.source == .network && empty.sections.isEmpty)
        await #expect {
            try await loader(ScriptedHTTPClient([.fail(.timeout)]), documents: documents).load()
        } throws: { error in
            guard case .offlineWithoutCache? = error as? HomeScreenError else { return false }
            return true
        }
    }
}
