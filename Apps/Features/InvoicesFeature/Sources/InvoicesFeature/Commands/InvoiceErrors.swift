import CommandKit
import Rendering

/// The invoice flows' errors said for people: what happened, what to do, and the exit status.
extension CommandError {
    static func invoice(_ error: InvoiceError) -> CommandError {
        switch error {
        case .invalid(let problems):
            .invalid("the invoice", problems)
        case .unknownTemplate(let name, let available):
            .usage("unknown template '\(name)'", hint: "Choose one of: \(available.joined(separator: ", ")).")
        case .rendering(.unsupportedCharacters(let characters)):
            CommandError(
                message:
                    "the PDF fonts cannot show these characters: \(characters.map { String($0) }.joined(separator: " "))",
                hint: "Nothing was stored. " + fallbackFontHint, status: .dataError)
        case .rendering(.unsupportedScript(let script)):
            CommandError(
                message: "invoices cannot be printed in \(script) yet: it needs joined or right-to-left letters",
                hint: "Nothing was stored. Write those parts in Latin, Greek or Cyrillic letters.", status: .dataError)
        case .rendering(let error):
            CommandError(
                message: "the invoice could not be rendered; nothing was stored",
                hint: "Check the invoice's lines and amounts, then try again.", status: .dataError,
                details: ["\(error)"])
        case .storage(let error):
            .storage(error)
        case .notFound(let number):
            CommandError(
                message: "no invoice '\(number)' on this machine", hint: "Run 'ledger invoice list' to see them.",
                status: .dataError)
        case .sellerUnavailable(let detail):
            CommandError(
                message: "the invoice was not created: \(detail)",
                hint: "Check 'ledger config list'; set the company again with 'ledger config set seller.name NAME'.",
                status: .ioError)
        case .eInvoice(let error):
            CommandError(
                message: "the e-invoice could not be written; nothing was stored: \(error)",
                hint: "Give what the format needs (see 'ledger help invoice new'), or issue a PDF with --format pdf.",
                status: .dataError)
        case .archival(let error):
            CommandError(
                message: "the Factur-X PDF could not be written; nothing was stored: \(error)",
                hint: "Issue an XRechnung XML with --format xrechnung, or a PDF with --format pdf.", status: .dataError)
        case .ambiguous(let text, let candidates):
            CommandError(
                message: "'\(text)' names more than one invoice: \(candidates.joined(separator: ", "))",
                hint: "Give more of the number, such as \(candidates.first ?? text).", status: .dataError)
        case .formatUnavailable(let format):
            CommandError(
                message: "this ledger cannot issue \(format.rawValue) invoices; nothing was stored",
                hint: "Issue a PDF with --format pdf.", status: .unavailable)
        }
    }
}
