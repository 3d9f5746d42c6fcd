import CommandKit
import CommandKitTesting
import Foundation
import Storage
import StorageTesting
import Testing
import Validation

@testable import SettingsFeature

/// The first day of the week in every way people write it, and locales Foundation knows, through `config set`.
@Suite("Settings: the first day of the week and the locale")
struct WeekdayAndLocaleTests {
    private func harness(_ documents: any DocumentStore = FakeDocumentStore()) -> CommandHarness {
        CommandHarness(
            SettingsCommands(settings: { DocumentSettingsStore(documents: documents, messages: .english) }))
    }

    @Test(arguments: [
        ("Mon", "monday", 2), ("monday", "monday", 2), ("MONDAY", "monday", 2), ("1", "monday", 2),
        ("tue", "tuesday", 3), ("Wed", "wednesday", 4), ("THU", "thursday", 5), ("fri", "friday", 6),
        ("Sat", "saturday", 7), ("Sun", "sunday", 1), ("7", "sunday", 1), ("Sunday", "sunday", 1),
    ])
    func everyWayOfWritingADayIsAccepted(text: String, stored: String, calendarWeekday: Int) async throws {
        let documents = FakeDocumentStore()
        let result = await harness(documents).run(["config", "set", "week.first-day", text])
        #expect(result.status == .success, "\(text): \(result.error)")
        #expect(result.output == "week.first-day  \(stored)\n")
        let settings = try await DocumentSettingsStore(documents: documents, messages: .english).current()
        #expect(settings.firstWeekday == stored)
        #expect(settings.calendar(from: Calendar(identifier: .gregorian)).firstWeekday == calendarWeekday)
    }

    @Test(arguments: ["someday", "mo", "0", "8", "01", "monday!", "Mon.", ""])
    func anythingElseIsRefusedWithWhatIsAccepted(text: String) async {
        let result = await harness().run(["config", "set", "week.first-day", text])
        #expect(result.status == .dataError, "\(text)")
        #expect(result.error.contains("mon to sun"), "\(result.error)")
        #expect(result.error.contains("1 to 7 (ISO 8601: 1 is Monday, 7 is Sunday)"), "\(result.error)")
    }

    @Test func helpSaysHowDaysAreNumbered() async {
        let result = await harness().run(["config", "list"])
        #expect(result.output.isEmpty == false)
        let commands = SettingsCommands(settings: {
            DocumentSettingsStore(documents: FakeDocumentStore(), messages: .english)
        })
        let setHelp = commands.commands.first { $0.path == ["config", "set"] }?.help ?? ""
        let words = setHelp.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(words.contains("mon to sun") && words.contains("1 is Monday, 7 is Sunday"), "\(setHelp)")
        let help = SettingKey.firstWeekday.summary
        #expect(help.contains("mon") && help.contains("1 is Monday"), "\(help)")
    }

    @Test(arguments: ["pl_PL", "pl-PL", "de_CH", "el_GR", "en_GB", "de", "sr_Latn_RS"])
    func localesFoundationKnowsAreKept(identifier: String) async throws {
        let documents = FakeDocumentStore()
        let result = await harness(documents).run(["config", "set", "locale", identifier])
        #expect(result.status == .success, "\(identifier): \(result.error)")
        let settings = try await DocumentSettingsStore(documents: documents, messages: .english).current()
        #expect(settings.locale == identifier)
    }

    @Test(arguments: ["xx_YY", "pl_XX", "qq"])
    func aLocaleFoundationDoesNotKnowIsRefusedWithSuggestions(identifier: String) async throws {
        let documents = FakeDocumentStore()
        let result = await harness(documents).run(["config", "set", "locale", identifier])
        #expect(result.status == .dataError, "\(identifier): \(result.output)")
        #expect(result.error.contains("ledger: there is no locale '\(identifier)'"), "\(result.error)")
        #expect(result.error.contains("hint: "), "\(result.error)")
        let settings = try await DocumentSettingsStore(documents: documents, messages: .english).current()
        #expect(settings.locale == nil)
    }

    @Test func theSuggestionsForAnUnknownRegionAreTheLanguagesOwnFirst() async {
        let result = await harness().run(["config", "set", "locale", "pl_XX"])
        #expect(result.error.contains("pl_PL"), "\(result.error)")
    }

    @Test(arguments: ["", "de\u{1B}[2J", String(repeating: "a", count: 100_000), "de_DE\n", "de\u{202E}"])
    func emptyOrHostileLocalesAreRefusedWithoutEcho(identifier: String) async {
        let result = await harness().run(["config", "set", "locale", identifier])
        #expect(result.status == .dataError || result.status == .usage)
        #expect(!result.error.contains("\u{1B}") && !result.error.contains("\u{202E}"))
        #expect(result.error.utf8.count < 2_000)
    }

    @Test func theAppsOwnLocaleCheckIsTheOneUsed() async throws {
        let store = DocumentSettingsStore(
            documents: FakeDocumentStore(), messages: .english,
            localeCheck: { $0 == "de_DE" ? .known : .unknown(suggestions: ["de_DE"]) })
        await #expect(throws: SettingsError.unknownLocale("de_AT", suggestions: ["de_DE"])) {
            try await store.set(.locale, to: ["de_AT"])
        }
        #expect(try await store.set(.locale, to: ["de_DE"]).locale == "de_DE")
        let error = SettingsError.unknownLocale("de_AT", suggestions: ["de_DE", "de_CH"])
        #expect(error.description == "there is no locale 'de_AT'; the closest are de_DE, de_CH")
    }

    @Test func theRenderingPackagesCheckSuggestsAtMostFiveTheSameLanguageFirst() {
        guard case .unknown(let suggestions) = RenderingLocaleCheck.check("pl_XX") else {
            Issue.record("pl_XX should be unknown")
            return
        }
        #expect(suggestions.count <= 5 && suggestions.first?.hasPrefix("pl") == true, "\(suggestions)")
        guard case .unknown(let others) = RenderingLocaleCheck.check("xx_YY") else {
            Issue.record("xx_YY should be unknown")
            return
        }
        #expect(!others.isEmpty && others.count <= 5)
        #expect(RenderingLocaleCheck.check("pl_PL") == .known)
        #expect(RenderingLocaleCheck.check("") == .unknown(suggestions: []))
    }
}
