import Essentials
import Rendering

/// The standard wording of why an invoice charges no VAT, and of its payment terms, in the invoice's language.
///
/// Rendering's `InvoiceLabels` carry the language of an invoice but have no keys for these sentences, so the
/// feature keeps this small table, keyed by the labels' language (German when the labels are German, English
/// otherwise). A user's own `--exemption-reason` replaces the wording; the VATEX code comes from `VATCategory`.
enum VATExemptionWording {
    /// The sentence for `category` in the language of `labels`; nil for a category that needs the user's own
    /// reason (exempt names its article of law) or none at all.
    static func text(_ category: VATCategory, labels: InvoiceLabels) -> String? {
        (isGerman(labels) ? german : english)[category]
    }

    /// "Due on 2026-12-24" in the language of `labels`.
    static func dueOn(_ day: String, labels: InvoiceLabels) -> String {
        isGerman(labels) ? "Zahlbar bis \(day)" : "Due on \(day)"
    }

    private static func isGerman(_ labels: InvoiceLabels) -> Bool {
        labels[.documentTitle] == InvoiceLabels.german[.documentTitle]
    }

    private static let english: [VATCategory: String] = [
        .reverseCharge: "Reverse charge: the recipient is liable for the VAT",
        .intraCommunity: "Intra-community supply, exempt under Article 138 of Directive 2006/112/EC",
        .export: "Export outside the EU, exempt under Article 146 of Directive 2006/112/EC",
        .outsideScope: "Not subject to VAT: outside the scope of VAT",
    ]

    private static let german: [VATCategory: String] = [
        .reverseCharge: "Steuerschuldnerschaft des Leistungsempfängers",
        .intraCommunity: "Innergemeinschaftliche Lieferung, steuerfrei nach § 4 Nr. 1b UStG",
        .export: "Ausfuhrlieferung, steuerfrei nach § 4 Nr. 1a UStG",
        .outsideScope: "Nicht steuerbarer Umsatz",
    ]
}
