import Foundation
import InvoicesFeature
public import SettingsFeature
public import Storage
import StorageSQLite
import Validation

extension LedgerFactory {
    /// The user's settings, kept in the data folder's store and validated before they are kept.
    public func makeSettings() async throws(StorageError) -> any SettingsStore {
        DocumentSettingsStore(
            documents: try await store.open(), messages: .english,
            undrawableCharacters: InvoicePrinting(locale: environment.locale).undrawableCharacters)
    }
}

extension LedgerFactory {
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
