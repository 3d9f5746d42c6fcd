import Essentials
import Foundation
public import Storage
public import Validation

/// The settings as one JSON document in the document store, validated with the Validation package's rules before
/// they are kept. A change reads the stored settings, changes one setting and writes them back whole, inside an
/// exclusive section: two changes never interleave, so neither writes back the other's setting as it was.
public struct DocumentSettingsStore: SettingsReading, SettingsEditing {
    private let documents: any DocumentStore
    private let changes: any ExclusiveRecordUpdating
    private let messages: ValidationMessages
    private let undrawableCharacters: UndrawableCharacters?
    private let fontProblem: FontFileCheck?
    private let localeCheck: LocaleCheck
    private let invoiceLanguages: [String]

    /// The document the settings live in.
    static let documentID = "settings.json"

    /// Says why the file at a path cannot be the invoices' fallback font, or nil when it can: the app reads the
    /// font with the Rendering package, which this feature does not import.
    public typealias FontFileCheck = @Sendable (String) -> String?

    /// Creates a store on `documents`, wording problems with `messages`; text the invoice fonts cannot draw is
    /// refused when `undrawableCharacters` is given, and a fallback font file `fontProblem` finds fault with.
    /// Without `fontProblem` any non-empty path is kept. A locale is kept when `localeCheck` knows it
    /// (``RenderingLocaleCheck``, the Rendering package's, when none is given). An invoice language is kept when
    /// `invoiceLanguages` has it (the codes of the label catalogs the app prints with; ``InvoiceLanguage/builtIn``
    /// when none are given).
    ///
    /// `changes` makes each change exclusive: every `set` and `unset` runs inside its `withExclusiveAccess` (its
    /// bytes are not used). Stores that share the settings across processes share a lock file through it (the app
    /// passes a `DurableRecordFile` in the data folder). Without it, the changes made through this value and its
    /// copies run one at a time, which is enough when one process shares one store.
    public init(
        documents: any DocumentStore, messages: ValidationMessages, undrawableCharacters: UndrawableCharacters? = nil,
        fontProblem: FontFileCheck? = nil, changes: (any ExclusiveRecordUpdating)? = nil,
        localeCheck: LocaleCheck? = nil, invoiceLanguages: [String]? = nil
    ) {
        self.documents = documents
        self.changes = changes ?? OneChangeAtATime()
        self.messages = messages
        self.undrawableCharacters = undrawableCharacters
        self.fontProblem = fontProblem
        self.localeCheck = localeCheck ?? RenderingLocaleCheck.check
        self.invoiceLanguages = invoiceLanguages ?? InvoiceLanguage.builtIn
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
        return try await change { settings throws(SettingsError) in try apply(key, values, to: &settings) }
    }

    /// Sets `key` to `values` in `settings`, or throws why they cannot be kept.
    private func apply(_ key: SettingKey, _ values: [String], to settings: inout LedgerSettings) throws(SettingsError) {
        let value = values[0]
        let failures: [ValidationFailure]
        switch key {
        case .sellerName, .sellerAddress, .sellerTaxID, .sellerIBAN, .sellerVATID, .sellerCountry, .sellerBIC,
            .sellerRegistration, .sellerEmail:
            var seller = settings.seller
            switch key {
            case .sellerName: seller.name = value
            case .sellerAddress: seller.addressLines = values
            case .sellerTaxID: seller.taxID = VATIdentificationNumber.normalized(value)
            // Kept in the compact form e-invoices use; a text that is no identifier is kept as given for the
            // validator, which refuses it with the reason.
            case .sellerVATID: seller.vatID = VATIdentifier.normalized(value, countryCode: seller.countryCode) ?? value
            case .sellerCountry: seller.countryCode = value.uppercased()
            case .sellerBIC: seller.bic = BIC.normalized(value)
            case .sellerRegistration:
                // The Validation package takes any one line of text; an empty one would name no registration.
                guard Validator<String>.notBlank(.sellerRegistrationBlank).validate(value).isEmpty else {
                    throw .invalid(key, [SellerContactText.registrationProblem])
                }
                seller.taxRegistration = value
            case .sellerEmail: seller.email = value
            default: seller.iban = IBAN.normalized(value)
            }
            failures = SellerValidator(options: SellerValidationOptions(undrawableCharacters: undrawableCharacters))
                .validate(seller: Self.draft(of: seller))
            settings.seller = seller
        case .sellerPostcode, .sellerCity, .sellerPhone, .sellerContact:
            let problems = SellerContactText.problems(
                key, value, messages: messages, undrawable: undrawableCharacters)
            guard problems.isEmpty else { throw .invalid(key, problems) }
            switch key {
            case .sellerPostcode: settings.seller.postcode = value
            case .sellerCity: settings.seller.city = value
            case .sellerPhone: settings.seller.phone = value
            default: settings.seller.contactName = value
            }
            failures = []
        case .invoiceFormat:
            guard let format = InvoiceFormat(parsing: value) else { throw .invalid(key, [InvoiceFormat.formatProblem]) }
            settings.chosenInvoiceFormat = format
            failures = []
        case .invoiceVATCategory:
            guard value.utf8.count <= 2, let category = VATCategory(code: value) else {
                throw .invalid(key, [InvoiceFormat.vatCategoryProblem])
            }
            settings.chosenVATCategory = category
            failures = []
        case .invoiceLanguage:
            guard let code = InvoiceLanguage.code(value, among: invoiceLanguages) else {
                throw .invalid(key, [InvoiceLanguage.problem(among: invoiceLanguages)])
            }
            settings.chosenInvoiceLanguage = code
            failures = []
        case .currency:
            settings.currency = value.uppercased()
            failures = Validator.currencyCode().validate(settings.currency)
        case .locale:
            settings.locale = value
            failures = Validator.localeIdentifier.validate(value)
            if failures.isEmpty, case .unknown(let suggestions) = localeCheck(value) {
                throw .unknownLocale(value, suggestions: suggestions)
            }
        case .firstWeekday:
            guard let day = WeekdayText.weekday(value) else { throw .invalid(key, [WeekdayText.problem]) }
            settings.firstWeekday = "\(day)"
            failures = []
        case .timeZone:
            settings.timeZone = value
            failures = Validator.timeZoneIdentifier().validate(value)
        case .invoiceNumberPattern, .creditNoteNumberPattern:
            do throws(NumberPatternProblem) {
                _ = try NumberPattern(parsing: value)
            } catch {
                throw .invalid(key, [ValidationProblem(code: error.code, message: error.description)])
            }
            if key == .invoiceNumberPattern {
                settings.chosenInvoiceNumberPattern = value
            } else {
                settings.chosenCreditNoteNumberPattern = value
            }
            failures = []
        case .invoiceFallbackFont:
            guard !value.isEmpty else { throw .unusableFont(path: value, reason: "the path is empty") }
            if let problem = fontProblem?(value) { throw .unusableFont(path: value, reason: problem) }
            settings.invoiceFallbackFont = value
            failures = []
        }
        guard failures.isEmpty else { throw .invalid(key, messages.problems(for: failures)) }
    }

    /// The seller as the Validation package checks it: every field it knows, so a change to one is checked with
    /// the others (a bare tax number or VAT identifier takes its prefix from the country).
    private static func draft(of seller: LedgerSettings.Seller) -> SellerDraft {
        SellerDraft(
            name: seller.name, addressLines: seller.addressLines, taxID: seller.taxID, iban: seller.iban,
            vatID: seller.vatID, countryCode: seller.countryCode, bic: seller.bic,
            taxRegistration: seller.taxRegistration, email: seller.email)
    }

    /// See the protocol.
    public func unset(_ key: SettingKey) async throws(SettingsError) -> LedgerSettings {
        guard key.isOptional else { throw .required(key) }
        return try await change { settings throws(SettingsError) in
            switch key {
            case .sellerAddress: settings.seller.addressLines = []
            case .sellerTaxID: settings.seller.taxID = nil
            case .sellerIBAN: settings.seller.iban = nil
            case .sellerPostcode: settings.seller.postcode = nil
            case .sellerCity: settings.seller.city = nil
            case .sellerCountry: settings.seller.countryCode = nil
            case .sellerVATID: settings.seller.vatID = nil
            case .sellerRegistration: settings.seller.taxRegistration = nil
            case .sellerBIC: settings.seller.bic = nil
            case .sellerEmail: settings.seller.email = nil
            case .sellerPhone: settings.seller.phone = nil
            case .sellerContact: settings.seller.contactName = nil
            case .invoiceFormat: settings.chosenInvoiceFormat = nil
            case .invoiceVATCategory: settings.chosenVATCategory = nil
            case .invoiceLanguage: settings.chosenInvoiceLanguage = nil
            case .locale: settings.locale = nil
            case .firstWeekday: settings.firstWeekday = nil
            case .timeZone: settings.timeZone = nil
            case .invoiceFallbackFont: settings.invoiceFallbackFont = nil
            case .invoiceNumberPattern: settings.chosenInvoiceNumberPattern = nil
            case .creditNoteNumberPattern: settings.chosenCreditNoteNumberPattern = nil
            case .sellerName, .currency: throw .required(key)
            }
        }
    }

    /// Reads the settings, applies `modify` and saves the result, as one exclusive section; returns what was saved.
    /// Nothing is saved when `modify` throws.
    private func change(
        _ modify: (inout LedgerSettings) throws(SettingsError) -> Void
    ) async throws(SettingsError) -> LedgerSettings {
        var changed = LedgerSettings()
        do throws(RecordAccessError<SettingsError>) {
            _ = try await changes.withExclusiveAccess { (_: Data?) throws(SettingsError) -> RecordChange in
                var settings = try await current()
                try modify(&settings)
                try await save(settings)
                changed = settings
                return .keep
            }
        } catch {
            switch error {
            case .update(let failure): throw failure
            case .storage(let failure): throw .storage(failure)
            }
        }
        return changed
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

/// The exclusive section when no lock is given: the changes made through one store value (and its copies, which
/// share the gate) run one at a time, in the order they arrive. It holds no record, so it always reads `nil`.
private struct OneChangeAtATime: ExclusiveRecordUpdating {
    private let gate = Gate()

    func withExclusiveAccess<Failure: Error>(
        _ body: (Data?) async throws(Failure) -> RecordChange
    ) async throws(RecordAccessError<Failure>) -> Data? {
        await gate.enter()
        do {
            _ = try await body(nil)
        } catch {
            await gate.leave()
            throw .update(error)
        }
        await gate.leave()
        return nil
    }

    /// Lets one caller in at a time; the others wait, first come first served, without blocking a thread.
    private actor Gate {
        private var busy = false
        private var waiting: [CheckedContinuation<Void, Never>] = []

        func enter() async {
            guard busy else {
                busy = true
                return
            }
            await withCheckedContinuation { waiting.append($0) }
        }

        func leave() {
            if waiting.isEmpty {
                busy = false
            } else {
                waiting.removeFirst().resume()
            }
        }
    }
}
