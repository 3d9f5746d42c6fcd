public import CommandKit
import Foundation
import InvoicesFeature
import Rendering
public import SettingsFeature
public import Storage
import StorageFileSystem
import StorageSQLite
import Validation

extension LedgerFactory {
    /// The user's settings, kept in the data folder's store and validated before they are kept: names must be
    /// drawable by the invoice fonts (the fallback font included), a fallback font file must be one the invoices
    /// can use. Each change holds the lock file `settings.lock` in the data folder, so changes from several tasks
    /// and `ledger` processes at once never drop one another.
    public func makeSettings() async throws(StorageError) -> any SettingsStore {
        let documents = try await store.open()
        let printing = await configured().environment.printing
        return DocumentSettingsStore(
            documents: documents, messages: .english, undrawableCharacters: printing.undrawableCharacters,
            fontProblem: { path in InvoiceFallbackFont.problem(at: path) },
            changes: try DurableRecordFile(at: environment.dataDirectory.appendingPathComponent("settings")),
            invoiceLanguages: InvoiceLabels.available)
    }

    /// The settings commands.
    public func settingsCommands() -> any CommandGroup {
        SettingsCommands(settings: makeSettings)
    }

    /// The settings for a feature that needs them while it works (the seller of an invoice), with the reason
    /// as an invoice failure when they cannot be read.
    func currentSettings() async throws(InvoiceError) -> LedgerSettings {
        let settings: any SettingsStore
        do {
            settings = try await makeSettings()
        } catch {
            throw .storage(error)
        }
        do {
            return try await settings.current()
        } catch {
            throw .sellerUnavailable(detail: error.description)
        }
    }
}
