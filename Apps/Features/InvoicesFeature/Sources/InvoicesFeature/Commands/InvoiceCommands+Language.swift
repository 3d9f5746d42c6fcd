import CommandKit
import Foundation
import Rendering

extension InvoiceCommands {
    /// `--language`, which `invoice new` (and so `invoice new --draft` and `invoice edit`) and `invoice preview`
    /// take; help and completion list the Rendering package's catalogs.
    static var languageOption: OptionSpec {
        .value(
            "language", "CODE",
            "the language of the invoice's words, one of \(InvoiceLabels.available.joined(separator: ", ")) "
                + "(default: the client's, else the setting invoice.language)",
            choices: InvoiceLabels.available)
    }

    /// The language `--language` names (`de`, `DE`), among the catalogs the Rendering package ships (the list the
    /// setting `invoice.language` is checked against); anything else is a usage error (64) listing them.
    static func language(_ text: String) throws(CommandError) -> String {
        guard let code = InvoiceLanguages.code(text) else {
            throw .usage(
                "--language '\(TerminalText.safe(InvoiceLanguages.shortened(text)))' is not a language invoices "
                    + "have words for: use one of \(InvoiceLabels.available.joined(separator: ", "))",
                hint: "The setting invoice.language takes the same codes.")
        }
        return code
    }
}

/// The languages invoices can print in: the codes of the Rendering package's label catalogs
/// (`InvoiceLabels.available`), the same list the setting `invoice.language` accepts.
enum InvoiceLanguages {
    /// The code among the catalogs that `text` names (`de`, `DE`, ` de `), or nil.
    static func code(_ text: String) -> String? {
        let code = text.trimmingCharacters(in: .whitespaces).lowercased()
        return InvoiceLabels.available.contains(code) ? code : nil
    }

    /// At most 40 characters of `text`, so a hostile value cannot flood the message.
    static func shortened(_ text: String) -> String {
        text.count > 40 ? String(text.prefix(40)) + "…" : text
    }
}
