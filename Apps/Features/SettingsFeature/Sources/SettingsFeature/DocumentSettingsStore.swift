import Foundation
public import Storage
public import Validation

/// The settings as one JSON document in the document store, validated with the Validation package's rules before
/// they are kept. A change reads the stored settings, changes one setting and writes them back whole.
public struct DocumentSettingsStore: SettingsReading, SettingsEditing {
    private let documents: any DocumentStore
    private let messages: ValidationMessages
    private let undrawableCharacters: UndrawableCharacters?
    private let fontProblem: FontFileCheck?

    /// The document the settings live in.
    static let documentID = "settings.json"

    /// Says why the file at a path cannot be the invoices' fallback font, or nil when it can: the app reads the
    /// font with the Rendering package, which this feature does not import.
    public typealias FontFileCheck = @Sendable (String) -> String?

    /// Creates a store on `documents`, wording problems with `messages`; text the invoice fonts cannot draw is
    /// refused when `undrawableCharacters` is given, and a fallback font file `fontProblem` finds fault with.
    /// Without `fontProblem` any non-empty path is kept.
    public init(
        documents: any DocumentStore, messages: ValidationMessages, undrawableCharacters: UndrawableCharacters? = nil,
        fontProblem: FontFileCheck? = nil
    ) {
        self.documents = documents
        self.messages = messages
        self.undrawableCharacters = undrawableCharacters
        self.fontProblem = fontProblem
    }

    /// See the protocol.
    public func current() async throws(SettingsError) -> LedgerSettings {
        let document: Document?
        do {
            document = try await documents.load(try DocumentID(Self.documentID))
        } catch {
            throw .storage(error)
        }
        guard let document else { return LedgerSettings() }
        do {
            return try JSONDecoder().decode(LedgerSettings.self, from: document.bytes)
        } catch {
            throw .unreadable(detail: "\(Self.documentID) is not settings this version can read")
        }
    }

    /// See the protocol.
    public func set(_ key: SettingKey, to values: [String]) async throws(SettingsError) -> LedgerSettings {
        let values = values.map { $0.trimmingCharacters(in: .whitespaces) }
        guard key.takesSeveralValues ? !values.isEmpty : values.count == 1 else {
            throw .wrongNumberOfValues(key, given: values.count)
        }
        var settings = try await current()
        let value = values[0]
        let failures: [ValidationFailure]
        switch key {
        case .sellerName, .sellerAddress, .sellerTaxID, .sellerIBAN:
            var seller = settings.seller
            switch key {
            case .sellerName: seller.name = value
            case .sellerAddress: seller.addressLines = values
            case .sellerTaxID: seller.taxID = VATIdentificationNumber.normalized(value)
            default: seller.iban = IBAN.normalized(value)
            }
            failures = SellerValidator(options: SellerValidationOptions(undrawableCharacters: undrawableCharacters))
                .validate(
                    seller: SellerDraft(
                        name: seller.name, addressLines: seller.addressLines, taxID: seller.taxID, iban: seller.iban))
            settings.seller = seller
        case .currency:
            settings.currency = value.uppercased()
            failures = Validator.currencyCode().validate(settings.currency)
        case .locale:
            settings.locale = value
            failures = Validator.localeIdentifier.validate(value)
        case .firstWeekday:
            settings.firstWeekday = value.lowercased()
            failures = Validator.firstWeekday.validate(value)
        case .timeZone:
            settings.timeZone = value
            failures = Validator.timeZoneIdentifier().validate(value)
        case .invoiceFallbackFont:
            guard !value.isEmpty else { throw .unusableFont(path: value, reason: "the path is empty") }
            if let problem = fontProblem?(value) { throw .unusableFont(path: value, reason: problem) }
            settings.invoiceFallbackFont = value
            failures = []
        }
        guard failures.isEmpty else { throw .invalid(key, messages.problems(for: failures)) }
        try await save(settings)
        return settings
    }

    /// See the protocol.
    public func unset(_ key: SettingKey) async throws(SettingsError) -> LedgerSettings {
        guard key.isOptional else { throw .required(key) }
        var settings = try await current()
        switch key {
        case .sellerAddress: settings.seller.addressLines = []
        case .sellerTaxID: settings.seller.taxID = nil
        case .sellerIBAN: settings.seller.iban = nil
        case .locale: settings.locale = nil
        case .firstWeekday: settings.firstWeekday = nil
        case .timeZone: settings.timeZone = nil
        case .invoiceFallbackFont: settings.invoiceFallbackFont = nil
        case .sellerName, .currency: throw .required(key)
        }
        try await save(settings)
        return settings
    }

    private func save(_ settings: LedgerSettings) async throws(SettingsError) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted]
        do {
            let bytes = try encoder.encode(settings)
            try await documents.save(
                DocumentDraft(id: try DocumentID(Self.documentID), contentType: DocumentContentType.json, bytes: bytes))
        } catch let error as StorageError {
            throw .storage(error)
        } catch {
            throw .unreadable(detail: "the settings could not be encoded")
        }
    }
}
