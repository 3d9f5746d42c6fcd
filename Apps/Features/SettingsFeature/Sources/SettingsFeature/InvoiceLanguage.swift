public import Foundation
import Rendering
public import Validation

/// The languages invoices are printed in (`invoice.language`). The Rendering package's label catalogs name them; this
/// feature keeps the choice, checked against those languages (or the ones the app hands over,
/// `DocumentSettingsStore(invoiceLanguages:)`), and decides the default (``LedgerSettings/invoiceLanguage(available:systemLocale:)``).
public enum InvoiceLanguage {
    /// The ISO 639-1 codes of the catalogs the Rendering package ships (`InvoiceLabels.available`), sorted: the
    /// list a store checks against when it is given none.
    public static var builtIn: [String] { InvoiceLabels.available }

    /// The language every invoice falls back to.
    public static let fallback = "en"

    /// The code in `available` that `text` names (`fr`, `FR`), or nil.
    static func code(_ text: String, among available: [String]) -> String? {
        guard (2...3).contains(text.utf8.count) else { return nil }
        let code = text.lowercased()
        return available.contains(code) ? code : nil
    }

    /// The refusal of a text that names no available language, listing them.
    static func problem(among available: [String]) -> ValidationProblem {
        ValidationProblem(
            code: .invoiceLanguageUnknown,
            message: "An invoice language is one of \(available.joined(separator: ", ")).")
    }
}

extension ValidationCode {
    /// `invoice.language` names no language the invoices have labels for.
    public static let invoiceLanguageUnknown = ValidationCode(rawValue: "settings.invoiceLanguageUnknown")
}

extension LedgerSettings {
    /// The language invoices are printed in: `invoice.language` when it is set; otherwise the language of the
    /// `locale` setting (or of `systemLocale` when that is not set either) when `available` has labels for it;
    /// otherwise English. So a user with `locale` `fr_FR` gets French invoices without a second setting, and one
    /// with `sv_SE` English ones until Swedish labels exist.
    public func invoiceLanguage(
        available: [String] = InvoiceLanguage.builtIn, systemLocale: Locale = .current
    ) -> String {
        if let chosenInvoiceLanguage { return chosenInvoiceLanguage }
        let locale = self.locale.map { Locale(identifier: $0) } ?? systemLocale
        let language = locale.language.languageCode?.identifier.lowercased() ?? InvoiceLanguage.fallback
        return available.contains(language) ? language : InvoiceLanguage.fallback
    }
}
