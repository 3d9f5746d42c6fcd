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
        /// The VAT identification number, when there is one.
        public var taxID: String?
        /// The bank account payments go to, when invoices should show it.
        public var iban: String?

        /// Creates a seller.
        public init(name: String, addressLines: [String] = [], taxID: String? = nil, iban: String? = nil) {
            self.name = name
            self.addressLines = addressLines
            self.taxID = taxID
            self.iban = iban
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

    /// Creates settings.
    public init(
        seller: Seller = Self.placeholderSeller, currency: String = "EUR", locale: String? = nil,
        firstWeekday: String? = nil, timeZone: String? = nil, invoiceFallbackFont: String? = nil
    ) {
        self.seller = seller
        self.currency = currency
        self.locale = locale
        self.firstWeekday = firstWeekday
        self.timeZone = timeZone
        self.invoiceFallbackFont = invoiceFallbackFont
    }

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
    /// The VAT identification number.
    case sellerTaxID = "seller.tax-id"
    /// The IBAN.
    case sellerIBAN = "seller.iban"
    /// The default currency.
    case currency
    /// The locale.
    case locale
    /// The first day of the week.
    case firstWeekday = "week.first-day"
    /// The time zone.
    case timeZone = "time-zone"
    /// A TrueType font file for what the built-in invoice fonts cannot draw.
    case invoiceFallbackFont = "invoice.fallback-font"

    /// What the setting is, for a list of settings.
    public var summary: String {
        switch self {
        case .sellerName: "the company name printed on invoices"
        case .sellerAddress: "the address lines under it (one value per line)"
        case .sellerTaxID: "the VAT identification number, such as DE123456789"
        case .sellerIBAN: "the IBAN payments go to"
        case .currency: "the ISO 4217 code amounts are in by default, such as EUR"
        case .locale: "how money looks, such as de_DE or en_GB"
        case .firstWeekday: "the first day of the week: \(WeekdayText.accepted)"
        case .timeZone: "the time zone days are counted in, such as Europe/Berlin"
        case .invoiceFallbackFont: "a TrueType font file for what invoices cannot draw, such as Chinese"
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
        case .sellerTaxID: seller.taxID.map { [$0] } ?? []
        case .sellerIBAN: seller.iban.map { [$0] } ?? []
        case .currency: [currency]
        case .locale: locale.map { [$0] } ?? []
        case .firstWeekday: firstWeekday.map { [$0] } ?? []
        case .timeZone: timeZone.map { [$0] } ?? []
        case .invoiceFallbackFont: invoiceFallbackFont.map { [$0] } ?? []
        }
    }
}
