public import Essentials
public import Foundation
public import Storage
public import Validation

/// The user's settings. Every field has a default, so a fresh data folder works before anything is set.
public struct LedgerSettings: Hashable, Sendable, Codable {
    /// The company printed on invoices.
    public struct Seller: Hashable, Sendable, Codable {
        /// The company name.
        public var name: String
        /// Address lines under the name.
        public var addressLines: [String]
        /// The tax number as the user set it before the VAT identifier had a setting of its own: prefixed
        /// (`DE123456788`) or a bare national number (`1234563218`), kept without separators. Invoices take it as
        /// the VAT identifier when ``vatID`` is not set and it reads as one (see ``invoiceVATID``).
        public var taxID: String?
        /// The bank account payments go to, when invoices should show it.
        public var iban: String?
        /// The VAT identifier, normalised with its country prefix (`DE123456788`): checked against its country's
        /// pattern and check digits before it is kept.
        public var vatID: String?
        /// The ISO 3166-1 alpha-2 code of the seller's country, upper case (`DE`): the address's country in an
        /// e-invoice, the prefix of a VAT identifier given without one, and what the default invoice format is
        /// decided by.
        public var countryCode: String?
        /// The post code of the address, which an XRechnung carries on its own (`10117`).
        public var postcode: String?
        /// The city of the address, which an XRechnung carries on its own (`Berlin`).
        public var city: String?
        /// The BIC of the bank holding ``iban``, upper case without spaces (`DEUTDEFF`).
        public var bic: String?
        /// A tax registration that is not a VAT identifier (a German Steuernummer), kept as written.
        public var taxRegistration: String?
        /// The contact e-mail address for invoices.
        public var email: String?
        /// The contact telephone number, kept as written (`+49 30 1234567`).
        public var phone: String?
        /// The name of the contact person.
        public var contactName: String?

        /// Creates a seller. Every field after the address is optional, so a seller without VAT keeps working.
        public init(
            name: String, addressLines: [String] = [], taxID: String? = nil, iban: String? = nil,
            vatID: String? = nil, countryCode: String? = nil, postcode: String? = nil, city: String? = nil,
            bic: String? = nil, taxRegistration: String? = nil, email: String? = nil, phone: String? = nil,
            contactName: String? = nil
        ) {
            self.name = name
            self.addressLines = addressLines
            self.taxID = taxID
            self.iban = iban
            self.vatID = vatID
            self.countryCode = countryCode
            self.postcode = postcode
            self.city = city
            self.bic = bic
            self.taxRegistration = taxRegistration
            self.email = email
            self.phone = phone
            self.contactName = contactName
        }

        /// The VAT identifier invoices carry: ``vatID`` when set; otherwise ``taxID`` when it reads as a VAT
        /// identifier with its own country prefix (`DE123456788`), so a seller who set only the tax id before the
        /// VAT identifier had a setting keeps it on their e-invoices. A bare national number (a Polish NIP without
        /// `PL`) is a tax number, not a VAT registration, and is not taken.
        public var invoiceVATID: String? {
            if let vatID { return vatID }
            return taxID.flatMap { VATIdentifier.normalized($0) }
        }
    }

    /// The company printed on invoices; a placeholder until the user sets their own.
    public var seller: Seller
    /// The ISO 4217 code amounts are in when a command does not name one.
    public var currency: String
    /// The locale money is shown in (`de_DE`); nil for the system's.
    public var locale: String?
    /// The first day of the week (`monday`; settings kept before abbreviations were accepted may hold `1` to `7`);
    /// nil for the locale's.
    public var firstWeekday: String?
    /// The time zone days are counted in (`Europe/Berlin`); nil for the system's.
    public var timeZone: String?
    /// The path of a TrueType font file that draws what the built-in invoice fonts cannot (Chinese, Japanese,
    /// Korean); nil for the built-in fonts alone.
    public var invoiceFallbackFont: String?
    /// The invoice format the user chose (`invoice.format`); nil for the default, see ``invoiceFormat``.
    public var chosenInvoiceFormat: InvoiceFormat?
    /// The VAT category the user chose for invoice lines (`invoice.vat-category`); nil for the default, see
    /// ``defaultVATCategory``.
    public var chosenVATCategory: VATCategory?
    /// The language the user chose for invoices (`invoice.language`, a code such as `fr`); nil for the default, see
    /// ``invoiceLanguage(available:systemLocale:)``.
    public var chosenInvoiceLanguage: String?
    /// The pattern invoice numbers are written with (`invoice.number-pattern`), checked with the Validation
    /// package's `NumberPattern`; nil for ``defaultInvoiceNumberPattern``.
    public var chosenInvoiceNumberPattern: String?
    /// The pattern credit-note numbers are written with (`credit-note.number-pattern`); nil for
    /// ``defaultCreditNoteNumberPattern``.
    public var chosenCreditNoteNumberPattern: String?

    /// The invoice numbers every ledger has had (`INV-0001`), so a ledger that sets nothing keeps counting them.
    public static let defaultInvoiceNumberPattern = "INV-{seq:4}"
    /// The credit-note numbers of a ledger that sets nothing (`CN-0001`).
    public static let defaultCreditNoteNumberPattern = "CN-{seq:4}"

    /// The pattern new invoice numbers are written with.
    public var invoiceNumberPattern: String { chosenInvoiceNumberPattern ?? Self.defaultInvoiceNumberPattern }
    /// The pattern new credit-note numbers are written with.
    public var creditNoteNumberPattern: String {
        chosenCreditNoteNumberPattern ?? Self.defaultCreditNoteNumberPattern
    }

    /// Creates settings.
    public init(
        seller: Seller = Self.placeholderSeller, currency: String = "EUR", locale: String? = nil,
        firstWeekday: String? = nil, timeZone: String? = nil, invoiceFallbackFont: String? = nil,
        chosenInvoiceFormat: InvoiceFormat? = nil, chosenVATCategory: VATCategory? = nil,
        chosenInvoiceLanguage: String? = nil
    ) {
        self.seller = seller
        self.currency = currency
        self.locale = locale
        self.firstWeekday = firstWeekday
        self.timeZone = timeZone
        self.invoiceFallbackFont = invoiceFallbackFont
        self.chosenInvoiceFormat = chosenInvoiceFormat
        self.chosenVATCategory = chosenVATCategory
        self.chosenInvoiceLanguage = chosenInvoiceLanguage
    }

    /// The format new invoices are written in: the chosen one, or by default Factur-X when the seller's country
    /// is an EU member state and the seller has a VAT identifier (``Seller/invoiceVATID``, so a prefixed tax id
    /// counts) or a tax registration, which every e-invoice needs to name the seller for VAT; a plain PDF
    /// otherwise, so a seller without VAT, or outside the EU, keeps the invoices they had. XRechnung is never the
    /// default: it is what a German public buyer asks for, not what every buyer reads.
    public var invoiceFormat: InvoiceFormat {
        if let chosenInvoiceFormat { return chosenInvoiceFormat }
        guard let country = seller.countryCode, InvoiceFormat.euMemberStates.contains(country),
            seller.invoiceVATID != nil || seller.taxRegistration != nil
        else { return .pdf }
        return .facturX
    }

    /// The VAT category of an invoice line that names none: the chosen one, or standard rate (`S`).
    public var defaultVATCategory: VATCategory { chosenVATCategory ?? .standard }

    /// The seller until the user names their company: clearly not a real one, and with nothing that would stay
    /// on invoices once the name is set (an app says how to set it, see ``sellerIsPlaceholder``).
    public static let placeholderSeller = Seller(name: "Your Company", addressLines: [])

    /// Whether the seller is still the placeholder.
    public var sellerIsPlaceholder: Bool { seller == Self.placeholderSeller }

    /// `base` with the time zone and first day of the week set here.
    public func calendar(from base: Calendar) -> Calendar {
        var calendar = base
        if let timeZone, let zone = TimeZone(identifier: timeZone) { calendar.timeZone = zone }
        if let firstWeekday, let day = Weekday(parsing: firstWeekday) { calendar.firstWeekday = day.calendarWeekday }
        return calendar
    }
}

/// One setting, as `ledger config` and a settings screen name it.
public enum SettingKey: String, CaseIterable, Hashable, Sendable {
    /// The company name.
    case sellerName = "seller.name"
    /// The address lines, each value one line.
    case sellerAddress = "seller.address"
    /// The post code.
    case sellerPostcode = "seller.postcode"
    /// The city.
    case sellerCity = "seller.city"
    /// The ISO 3166-1 alpha-2 country code.
    case sellerCountry = "seller.country"
    /// The tax number as set before the VAT identifier had its own setting.
    case sellerTaxID = "seller.tax-id"
    /// The VAT identifier.
    case sellerVATID = "seller.vat-id"
    /// A tax registration that is not a VAT identifier.
    case sellerRegistration = "seller.registration"
    /// The IBAN.
    case sellerIBAN = "seller.iban"
    /// The BIC.
    case sellerBIC = "seller.bic"
    /// The contact e-mail address.
    case sellerEmail = "seller.email"
    /// The contact telephone number.
    case sellerPhone = "seller.phone"
    /// The contact person.
    case sellerContact = "seller.contact"
    /// The default currency.
    case currency
    /// The locale.
    case locale
    /// The first day of the week.
    case firstWeekday = "week.first-day"
    /// The time zone.
    case timeZone = "time-zone"
    /// The format invoices are written in.
    case invoiceFormat = "invoice.format"
    /// The VAT category of invoice lines that name none.
    case invoiceVATCategory = "invoice.vat-category"
    /// The language invoices are printed in.
    case invoiceLanguage = "invoice.language"
    /// A TrueType font file for what the built-in invoice fonts cannot draw.
    case invoiceFallbackFont = "invoice.fallback-font"
    /// How invoice numbers are written.
    case invoiceNumberPattern = "invoice.number-pattern"
    /// How credit-note numbers are written.
    case creditNoteNumberPattern = "credit-note.number-pattern"

    /// What the setting is, for a list of settings.
    public var summary: String {
        switch self {
        case .sellerName: "the company name printed on invoices"
        case .sellerAddress: "the address lines under it (one value per line)"
        case .sellerPostcode: "the post code of the address, such as 10117 (XRechnung needs it)"
        case .sellerCity: "the city of the address, such as Berlin (XRechnung needs it)"
        case .sellerCountry: "the ISO 3166 two-letter country code, such as DE or PL"
        case .sellerTaxID:
            "the tax number, such as DE123456788 or 123-456-32-18; with a country prefix it is the VAT id "
                + "invoices carry while seller.vat-id is not set"
        case .sellerVATID: "the VAT identifier, such as DE 123 456 788 (checked, kept as DE123456788)"
        case .sellerRegistration: "a tax registration that is not a VAT id, such as a German Steuernummer"
        case .sellerIBAN: "the IBAN payments go to"
        case .sellerBIC: "the BIC of the bank of the IBAN, such as DEUTDEFF"
        case .sellerEmail: "the contact e-mail address, such as billing@example.com (XRechnung needs it)"
        case .sellerPhone: "the contact telephone number, such as +49 30 1234567 (XRechnung needs it)"
        case .sellerContact: "the contact person's name (XRechnung needs it)"
        case .invoiceFormat:
            "pdf, facturx or xrechnung; unset: facturx when seller.country is in the EU and seller.vat-id (or "
                + "a prefixed seller.tax-id) or seller.registration is set, pdf otherwise"
        case .invoiceVATCategory: "the VAT category of invoice lines: \(InvoiceFormat.vatCategoryList); unset: S"
        case .invoiceLanguage:
            "the language invoices are printed in, such as de or fr; unset: the locale's language when invoices "
                + "have labels for it, English otherwise"
        case .currency: "the ISO 4217 code amounts are in by default, such as EUR"
        case .locale: "how money looks, such as de_DE or en_GB"
        case .firstWeekday: "the first day of the week: \(WeekdayText.accepted)"
        case .timeZone: "the time zone days are counted in, such as Europe/Berlin"
        case .invoiceFallbackFont: "a TrueType font file for what invoices cannot draw, such as Chinese"
        case .invoiceNumberPattern:
            "how invoice numbers are written, such as INV-{yyyy}-{seq:4}: {yyyy} {yy} {mm} and one counter {seq} or "
                + "{seq:N}; unset: \(LedgerSettings.defaultInvoiceNumberPattern)"
        case .creditNoteNumberPattern:
            "how credit-note numbers are written, such as CN-{yyyy}-{seq:4}; unset: "
                + LedgerSettings.defaultCreditNoteNumberPattern
        }
    }

    /// Whether the setting takes several values (address lines).
    public var takesSeveralValues: Bool { self == .sellerAddress }

    /// Whether it can be removed (back to its default).
    public var isOptional: Bool { self != .sellerName && self != .currency }
}

/// Why settings could not be read or changed.
public enum SettingsError: Error, Hashable, Sendable, CustomStringConvertible {
    /// No setting has this name.
    case unknownKey(String)
    /// The value breaks the rules; every problem is listed. Nothing was changed.
    case invalid(SettingKey, [ValidationProblem])
    /// The setting takes exactly one value, or at least one.
    case wrongNumberOfValues(SettingKey, given: Int)
    /// The setting cannot be removed, only changed.
    case required(SettingKey)
    /// The stored settings cannot be read; they were left as they are.
    case unreadable(detail: String)
    /// The store failed.
    case storage(StorageError)
    /// The file cannot serve as the invoices' fallback font (missing, unreadable, or not a usable TrueType
    /// font); `reason` says which. Nothing was changed.
    case unusableFont(path: String, reason: String)
    /// The locale identifier is well formed but Foundation has no such locale (it would silently show money in
    /// its root locale instead); `suggestions` are the closest it knows. Nothing was changed.
    case unknownLocale(String, suggestions: [String])

    /// The failure as a sentence.
    public var description: String {
        switch self {
        case .unknownKey(let key): "there is no setting '\(key)'"
        case .invalid(let key, let problems):
            "\(key.rawValue) cannot be set: " + problems.map(\.message).joined(separator: " ")
        case .wrongNumberOfValues(let key, let given):
            key.takesSeveralValues
                ? "\(key.rawValue) needs at least one value" : "\(key.rawValue) takes one value, not \(given)"
        case .required(let key): "\(key.rawValue) cannot be removed, only changed"
        case .unreadable(let detail): "the settings cannot be read: \(detail)"
        case .storage(let error): "the settings could not be read or kept: \(error)"
        case .unusableFont(let path, let reason): "\(path) cannot be the invoice fallback font: \(reason)"
        case .unknownLocale(let identifier, let suggestions) where suggestions.isEmpty:
            "there is no locale '\(identifier)'"
        case .unknownLocale(let identifier, let suggestions):
            "there is no locale '\(identifier)'; the closest are \(suggestions.joined(separator: ", "))"
        }
    }
}

/// Reads the settings: what every command needs before it starts.
public protocol SettingsReading: Sendable {
    /// The settings, or the defaults when none are stored.
    func current() async throws(SettingsError) -> LedgerSettings
}

/// Reads and changes the settings.
public typealias SettingsStore = SettingsReading & SettingsEditing

/// Changes the settings: what a settings screen needs.
public protocol SettingsEditing: Sendable {
    /// Validates `values` for `key` and keeps them; returns the settings after the change.
    func set(_ key: SettingKey, to values: [String]) async throws(SettingsError) -> LedgerSettings
    /// Removes an optional setting, so its default applies again.
    func unset(_ key: SettingKey) async throws(SettingsError) -> LedgerSettings
}

extension LedgerSettings {
    /// The values of `key` as `ledger config get` prints them; empty when it is not set.
    public func values(of key: SettingKey) -> [String] {
        switch key {
        case .sellerName: [seller.name]
        case .sellerAddress: seller.addressLines
        case .sellerPostcode: seller.postcode.map { [$0] } ?? []
        case .sellerCity: seller.city.map { [$0] } ?? []
        case .sellerCountry: seller.countryCode.map { [$0] } ?? []
        case .sellerTaxID: seller.taxID.map { [$0] } ?? []
        case .sellerVATID: seller.vatID.map { [$0] } ?? []
        case .sellerRegistration: seller.taxRegistration.map { [$0] } ?? []
        case .sellerIBAN: seller.iban.map { [$0] } ?? []
        case .sellerBIC: seller.bic.map { [$0] } ?? []
        case .sellerEmail: seller.email.map { [$0] } ?? []
        case .sellerPhone: seller.phone.map { [$0] } ?? []
        case .sellerContact: seller.contactName.map { [$0] } ?? []
        case .invoiceFormat: chosenInvoiceFormat.map { [$0.rawValue] } ?? []
        case .invoiceVATCategory: chosenVATCategory.map { [$0.code] } ?? []
        case .invoiceLanguage: chosenInvoiceLanguage.map { [$0] } ?? []
        case .currency: [currency]
        case .locale: locale.map { [$0] } ?? []
        case .firstWeekday: firstWeekday.map { [$0] } ?? []
        case .timeZone: timeZone.map { [$0] } ?? []
        case .invoiceFallbackFont: invoiceFallbackFont.map { [$0] } ?? []
        case .invoiceNumberPattern: chosenInvoiceNumberPattern.map { [$0] } ?? []
        case .creditNoteNumberPattern: chosenCreditNoteNumberPattern.map { [$0] } ?? []
        }
    }
}
