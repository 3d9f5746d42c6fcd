import Foundation
import Storage
import StorageTesting
import Testing
import Validation

@testable import SettingsFeature

@Suite("Settings: reading and changing them")
struct SettingsStoreTests {
    private func store(_ documents: any DocumentStore = FakeDocumentStore()) -> DocumentSettingsStore {
        DocumentSettingsStore(documents: documents, messages: .english)
    }

    @Test func aFreshStoreHasTheDefaultsWithAnObviousPlaceholderSeller() async throws {
        let settings = try await store().current()
        #expect(settings == LedgerSettings())
        #expect(settings.sellerIsPlaceholder && settings.currency == "EUR")
    }

    @Test func namingTheCompanyLeavesNothingOfThePlaceholderOnTheInvoice() async throws {
        let settings = store()
        let named = try await settings.set(.sellerName, to: ["ACME GmbH"])
        #expect(!named.sellerIsPlaceholder)
        #expect(named.seller.name == "ACME GmbH" && named.seller.addressLines.isEmpty)
        #expect(named.values(of: .sellerAddress).isEmpty)
    }

    @Test func everySettingIsKeptAndReadBack() async throws {
        let documents = FakeDocumentStore()
        let settings = store(documents)
        _ = try await settings.set(.sellerName, to: ["Zażółć Consulting sp. z o.o."])
        _ = try await settings.set(.sellerAddress, to: ["ul. Piotrkowska 1", "90-001 Łódź"])
        _ = try await settings.set(.sellerTaxID, to: ["PL 123 456 32 18"])
        _ = try await settings.set(.sellerIBAN, to: ["DE89 3704 0044 0532 0130 00"])
        _ = try await settings.set(.currency, to: ["pln"])
        _ = try await settings.set(.locale, to: ["pl_PL"])
        _ = try await settings.set(.firstWeekday, to: ["Monday"])
        _ = try await settings.set(.timeZone, to: ["Europe/Warsaw"])
        let read = try await store(documents).current()
        #expect(read.seller.name == "Zażółć Consulting sp. z o.o.")
        #expect(read.seller.addressLines == ["ul. Piotrkowska 1", "90-001 Łódź"])
        #expect(read.seller.taxID == "PL1234563218" && read.seller.iban == "DE89370400440532013000")
        #expect(read.currency == "PLN" && read.locale == "pl_PL" && read.timeZone == "Europe/Warsaw")
        let calendar = read.calendar(from: Calendar(identifier: .gregorian))
        #expect(calendar.firstWeekday == 2 && calendar.timeZone.identifier == "Europe/Warsaw")
        #expect(read.values(of: .sellerAddress).count == 2)
    }

    @Test(arguments: [
        (SettingKey.sellerName, [" "]), (.sellerName, [String(repeating: "x", count: 10_000)]),
        (.sellerName, ["Evil\u{202E}Corp"]), (.sellerAddress, ["line\nbreak"]),
        (.sellerTaxID, ["1"]), (.sellerIBAN, ["DE00 0000 0000 0000 0000 00"]), (.currency, ["EURO"]),
        (.locale, ["not a locale!"]), (.firstWeekday, ["someday"]), (.timeZone, ["Mars/Olympus"]),
        (.timeZone, ["GMT+2"]),
    ])
    func badValuesAreRefusedWithTheirProblemAndNothingChanges(key: SettingKey, values: [String]) async throws {
        let documents = FakeDocumentStore()
        let settings = store(documents)
        let error = await #expect(throws: SettingsError.self) { try await settings.set(key, to: values) }
        guard case .invalid(let refused, let problems) = error else {
            Issue.record("expected invalid, got \(String(describing: error))")
            return
        }
        #expect(refused == key && !problems.isEmpty && problems.allSatisfy { !$0.message.isEmpty })
        #expect(try await settings.current() == LedgerSettings())
    }

    @Test func theNumberOfValuesMustFitTheSetting() async throws {
        await #expect(throws: SettingsError.wrongNumberOfValues(.currency, given: 2)) {
            try await store().set(.currency, to: ["EUR", "USD"])
        }
        await #expect(throws: SettingsError.wrongNumberOfValues(.sellerAddress, given: 0)) {
            try await store().set(.sellerAddress, to: [])
        }
    }

    @Test func optionalSettingsCanBeRemovedAndRequiredOnesCannot() async throws {
        let settings = store()
        _ = try await settings.set(.timeZone, to: ["Europe/Berlin"])
        #expect(try await settings.unset(.timeZone).timeZone == nil)
        await #expect(throws: SettingsError.required(.sellerName)) { try await settings.unset(.sellerName) }
    }

    @Test func damagedSettingsAreATypedErrorAndAreLeftAlone() async throws {
        let documents = FakeDocumentStore()
        try await documents.save(
            DocumentDraft(
                id: try DocumentID("settings.json"), contentType: DocumentContentType.json, bytes: Data("{".utf8)))
        let unreadable = SettingsError.unreadable(detail: "settings.json is not settings this version can read")
        await #expect(throws: unreadable) { try await store(documents).current() }
        await #expect(throws: unreadable) { try await store(documents).set(.currency, to: ["USD"]) }
        let id = try DocumentID("settings.json")
        let kept = await documents.load(id)
        #expect(kept?.bytes == Data("{".utf8))
    }

    @Test func aStorageFailureIsTyped() async throws {
        let documents = SpyDocumentStore()
        await documents.failNext(.load, with: .closed)
        await #expect(throws: SettingsError.storage(.closed)) { try await store(documents).current() }
    }

    @Test func textTheInvoiceFontsCannotDrawIsRefused() async throws {
        let settings = DocumentSettingsStore(
            documents: FakeDocumentStore(), messages: .english,
            undrawableCharacters: { text in text.filter { $0 == "☃" } })
        await #expect {
            try await settings.set(.sellerName, to: ["Snow ☃ Ltd"])
        } throws: { error in
            guard case .invalid(.sellerName, let problems)? = error as? SettingsError else { return false }
            return problems.map(\.code.rawValue) == ["seller.nameNotPrintable"]
        }
    }

    /// The fallback font is checked by what the app injects (it reads fonts with the Rendering package); the path
    /// it was given is kept as given, and removing it goes back to the built-in fonts.
    @Test func aFallbackFontIsKeptOnlyWhenTheFontCheckAcceptsIt() async throws {
        let documents = FakeDocumentStore()
        let settings = DocumentSettingsStore(
            documents: documents, messages: .english,
            fontProblem: { path in path.hasSuffix(".ttf") ? nil : "it is not a TrueType font" })
        await #expect(throws: SettingsError.unusableFont(path: "/fonts/a.otf", reason: "it is not a TrueType font")) {
            try await settings.set(.invoiceFallbackFont, to: ["/fonts/a.otf"])
        }
        await #expect(throws: SettingsError.unusableFont(path: "", reason: "the path is empty")) {
            try await settings.set(.invoiceFallbackFont, to: [" "])
        }
        #expect(try await settings.current() == LedgerSettings())
        let set = try await settings.set(.invoiceFallbackFont, to: ["/fonts/CJK Sans.ttf"])
        #expect(set.invoiceFallbackFont == "/fonts/CJK Sans.ttf")
        #expect(try await store(documents).current().values(of: .invoiceFallbackFont) == ["/fonts/CJK Sans.ttf"])
        #expect(try await settings.unset(.invoiceFallbackFont).invoiceFallbackFont == nil)
        let error = SettingsError.unusableFont(path: "/fonts/a.otf", reason: "it is not a TrueType font")
        #expect(error.description == "/fonts/a.otf cannot be the invoice fallback font: it is not a TrueType font")
    }

    /// Settings kept before the fallback font existed are read as they were, with no fallback font.
    @Test func settingsWithoutTheFallbackFontAreStillRead() async throws {
        let documents = FakeDocumentStore()
        let older = #"{"currency": "PLN", "seller": {"addressLines": [], "name": "ACME"}, "timeZone": "Europe/Warsaw"}"#
        try await documents.save(
            DocumentDraft(
                id: try DocumentID("settings.json"), contentType: DocumentContentType.json, bytes: Data(older.utf8)))
        let read = try await store(documents).current()
        #expect(read.currency == "PLN" && read.seller.name == "ACME" && read.invoiceFallbackFont == nil)
    }
}
