import CommandKit
import CommandKitTesting
import Foundation
import Storage
import StorageTesting
import Testing
import Validation

@testable import SettingsFeature

/// `invoice.number-pattern` and `credit-note.number-pattern`: checked with the Validation package's
/// `NumberPattern`; unset, the numbers every ledger has had (`INV-0001`, `CN-0001`).
@Suite("Settings: number patterns")
struct NumberPatternSettingsTests {
    private func harness(_ documents: any DocumentStore) -> CommandHarness {
        CommandHarness(
            SettingsCommands(settings: { DocumentSettingsStore(documents: documents, messages: .english) }))
    }

    @Test func theDefaultsKeepTodaysNumbers() {
        let settings = LedgerSettings()
        #expect(settings.invoiceNumberPattern == "INV-{seq:4}" && settings.creditNoteNumberPattern == "CN-{seq:4}")
        #expect(settings.values(of: .invoiceNumberPattern).isEmpty)
    }

    @Test(arguments: [SettingKey.invoiceNumberPattern, .creditNoteNumberPattern])
    func aPatternIsKeptAndUnset(key: SettingKey) async throws {
        let documents = FakeDocumentStore()
        let result = await harness(documents).run(["config", "set", key.rawValue, "FV/{yyyy}/{mm}/{seq:3}"])
        #expect(result.status == .success, "\(result.error)")
        let store = DocumentSettingsStore(documents: documents, messages: .english)
        #expect(try await store.current().values(of: key) == ["FV/{yyyy}/{mm}/{seq:3}"])
        #expect(try await store.unset(key).values(of: key).isEmpty)
    }

    @Test func aPatternWithoutACounterIsRefusedWithASentence() async throws {
        let documents = FakeDocumentStore()
        let result = await harness(documents).run(["config", "set", "invoice.number-pattern", "INV-{yyyy}"])
        #expect(result.status == .dataError)
        #expect(result.error.contains("The pattern needs a counter"), "\(result.error)")
        #expect(result.error.contains("numberPattern.missingCounter"))
        #expect(try await DocumentSettingsStore(documents: documents, messages: .english).current() == LedgerSettings())
    }

    @Test(arguments: [
        "{seq}{seq}", "INV-{seq", "{year}{seq}", "INV-\u{1B}[2J{seq}", String(repeating: "A", count: 5_000),
    ])
    func hostilePatternsAreRefused(value: String) async {
        let result = await harness(FakeDocumentStore()).run(["config", "set", "credit-note.number-pattern", value])
        #expect(result.status == .dataError)
        #expect(result.error.contains("numberPattern."))
    }

    @Test func settingsStoredBeforePatternsStillRead() throws {
        let old = #"{"seller":{"name":"A","addressLines":[]},"currency":"EUR"}"#
        let settings = try JSONDecoder().decode(LedgerSettings.self, from: Data(old.utf8))
        #expect(settings.chosenInvoiceNumberPattern == nil && settings.invoiceNumberPattern == "INV-{seq:4}")
    }
}
