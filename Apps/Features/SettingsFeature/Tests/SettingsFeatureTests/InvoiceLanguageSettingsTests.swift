import CommandKit
import CommandKitTesting
import Foundation
import Storage
import StorageTesting
import Testing
import Validation

@testable import SettingsFeature

/// `invoice.language`: one of the languages invoices have labels for, kept in lower case; unset, the locale's
/// language when there are labels for it and English otherwise; anything else refused with the list.
@Suite("Settings: the invoice language")
struct InvoiceLanguageSettingsTests {
    private func harness(
        _ documents: any DocumentStore = FakeDocumentStore(), languages: [String]? = nil
    ) -> CommandHarness {
        CommandHarness(
            SettingsCommands(settings: {
                DocumentSettingsStore(documents: documents, messages: .english, invoiceLanguages: languages)
            }))
    }

    @Test(arguments: [("fr", "fr"), ("PL", "pl"), ("Cs", "cs"), (" de ", "de")])
    func anAvailableLanguageIsKeptInLowerCase(value: String, kept: String) async throws {
        let documents = FakeDocumentStore()
        let result = await harness(documents).run(["config", "set", "invoice.language", value])
        #expect(result.status == .success, "\(result.error)")
        #expect(result.output == "invoice.language  \(kept)\n")
        let store = DocumentSettingsStore(documents: documents, messages: .english)
        let read = try await store.current()
        #expect(read.chosenInvoiceLanguage == kept && read.invoiceLanguage() == kept)
        let cleared = try await store.unset(.invoiceLanguage)
        #expect(cleared.chosenInvoiceLanguage == nil && cleared.values(of: .invoiceLanguage).isEmpty)
    }

    @Test(arguments: ["sv", "fr_FR", "french", "", "x\u{1B}[2Jy", "a\u{202E}b", String(repeating: "de", count: 50_000)])
    func anythingElseIsRefusedListingTheAvailableLanguages(value: String) async throws {
        let documents = FakeDocumentStore()
        let result = await harness(documents).run(["config", "set", "invoice.language", value])
        #expect(result.status == .dataError)
        #expect(
            result.error.contains("An invoice language is one of cs, de, en, es, fr, it, nl, pl, pt."),
            "\(result.error.prefix(300))")
        #expect(result.error.contains("settings.invoiceLanguageUnknown"), "\(result.error.prefix(300))")
        #expect(result.error.contains("hint: Give a language code such as de or fr"))
        #expect(!result.error.contains("\u{1B}") && !result.error.contains("\u{202E}"))
        #expect(result.error.utf8.count < 2_000)
        #expect(try await DocumentSettingsStore(documents: documents, messages: .english).current() == LedgerSettings())
    }

    @Test func theStoreChecksAgainstTheLanguagesTheAppHandsOver() async throws {
        let store = DocumentSettingsStore(
            documents: FakeDocumentStore(), messages: .english, invoiceLanguages: ["en", "sv"])
        #expect(try await store.set(.invoiceLanguage, to: ["SV"]).chosenInvoiceLanguage == "sv")
        await #expect(throws: SettingsError.invalid(.invoiceLanguage, [InvoiceLanguage.problem(among: ["en", "sv"])])) {
            try await store.set(.invoiceLanguage, to: ["de"])
        }
        #expect(InvoiceLanguage.problem(among: ["en", "sv"]).message == "An invoice language is one of en, sv.")
    }

    @Test(
        arguments: [
            (nil, "fr_FR", "fr"), (nil, "de_AT", "de"), ("pt_BR", "en_US", "pt"), ("cs-CZ", "de_DE", "cs"),
            ("sv_SE", "de_DE", "en"), (nil, "ja_JP", "en"), ("en_GB", "fr_FR", "en"), ("xx_YY", "fr_FR", "en"),
        ] as [(String?, String, String)])
    func unsetItIsTheLocalesLanguageWhenThereAreLabelsForItElseEnglish(
        locale: String?, system: String, expected: String
    ) {
        let settings = LedgerSettings(locale: locale)
        #expect(settings.invoiceLanguage(systemLocale: Locale(identifier: system)) == expected)
        let chosen = LedgerSettings(locale: locale, chosenInvoiceLanguage: "it")
        #expect(chosen.invoiceLanguage(systemLocale: Locale(identifier: system)) == "it")
        #expect(settings.invoiceLanguage(available: ["en"], systemLocale: Locale(identifier: system)) == "en")
    }

    /// Settings written before the key existed read as unset.
    @Test func settingsWrittenBeforeTheKeyExistedReadAsUnset() throws {
        let old = #"{"seller":{"name":"Acme","addressLines":[]},"currency":"EUR","locale":"pl_PL"}"#
        let read = try JSONDecoder().decode(LedgerSettings.self, from: Data(old.utf8))
        #expect(read.chosenInvoiceLanguage == nil && read.invoiceLanguage() == "pl")
    }

    @Test func listAndHelpNameTheKey() async {
        let list = await harness().run(["config", "list"])
        #expect(
            list.output.split(separator: "\n").contains {
                $0.hasPrefix("invoice.language ") && $0.hasSuffix(" (not set)")
            })
        let commands = SettingsCommands(settings: {
            DocumentSettingsStore(documents: FakeDocumentStore(), messages: .english)
        })
        let set = commands.commands.first { $0.path == ["config", "set"] }?.help ?? ""
        let words = set.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(words.contains("invoice.language takes a language invoices have labels for (cs, de, en"), "\(words)")
    }
}
