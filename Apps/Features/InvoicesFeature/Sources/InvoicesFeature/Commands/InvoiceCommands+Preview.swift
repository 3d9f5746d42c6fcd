import CommandKit
import Essentials
import Foundation
import Validation

extension InvoiceCommands {
    /// `invoice preview`: the form of `invoice new` with every option optional, drawn through the preview renderer.
    /// It never fails on what the form lacks or breaks (that is what a preview is for); only options that cannot be
    /// read, and a PDF file that cannot be written, are errors.
    var preview: CommandSpec {
        CommandSpec(
            path: ["invoice", "preview"], summary: "show an invoice before creating it, even a half-filled one",
            options: [
                .value(
                    "client", "KEY|NAME",
                    "who is billed: a client's key ('ledger client list') fills in their details, other text is the "
                        + "client's name"),
                .value("item", "\"DESCRIPTION;QUANTITY;PRICE\"", "one line of the invoice", repeatable: true),
                .value("currency", "CODE", "ISO 4217 code (default: the configured currency, else EUR)"),
                .value("due", "YYYY-MM-DD", "when payment is due (default: 30 days after today)"),
                .value("tax", "PERCENT", "the tax rate of every line, such as 20"),
                .value("notes", "TEXT", "printed under the totals"),
                Self.languageOption,
                .value("out", "FILE.pdf", "write the first page there, titled as a preview"),
            ],
            details: "Nothing is stored and no number is taken; the PDF says PREVIEW where the number goes. What "
                + "'ledger invoice new' would refuse is listed, and the exit status is still 0. The preview uses "
                + "the standard layout."
        ) { invocation throws(CommandError) in
            _ = try invocation.positionals()
            let arguments = invocation.arguments
            let out = try arguments.value("out").map { path throws(CommandError) in try Self.pdfFile(path) }
            let items = try arguments.all("item").map { text throws(CommandError) in try Self.item(text) }
            var tax: Decimal?
            if let taxText = arguments.value("tax") {
                guard let value = DecimalText.parse(taxText) else {
                    throw invocation.command.usageError("--tax '\(taxText)' is not a number such as 20")
                }
                tax = value
            }
            let language = try arguments.value("language").map { text throws(CommandError) in
                try Self.language(text)
            }
            let invoices = try await opened(invocation)
            var request = InvoiceRequest(
                client: arguments.value("client") ?? "", items: items,
                currencyCode: arguments.value("currency") ?? invoices.display.defaultCurrency,
                dueDate: try invoices.display.day(arguments.value("due"), option: "due"), taxPercent: tax,
                notes: arguments.value("notes") ?? "", language: language)
            // A client of the directory previews as `invoice new --client KEY` would issue: its details and terms.
            request = try await Self.fillingClient(request, invoices: invoices, arguments: arguments)
            let preview = await invoices.preview.preview(request)
            let written = try preview.pdf.flatMap { pdf throws(CommandError) in try out?.write(pdf) }
            let console = invocation.console
            if console.json {
                console.emit(InvoicePreviewJSON(preview, pdf: written))
            } else {
                for line in InvoiceText.lines(of: preview, money: invoices.display.money) { console.line(line) }
                if let written { console.line("PDF (preview): \(written)") }
            }
            if out != nil, preview.pdf == nil {
                console.error(
                    "note: no PDF was written: the form has text the invoice fonts cannot draw, or amounts too "
                        + "large to lay out.")
            }
            return .success
        }
    }
}

/// A preview as `invoice preview --json` prints it: `preview` is always true, so it cannot be taken for a stored
/// invoice; `total` is null when the amounts cannot be added up, `pdf` null unless `--out` wrote a file.
struct InvoicePreviewJSON: Encodable {
    let preview = true
    let client: String
    let issuedOn: String
    let dueOn: String
    let total: String?
    let currency: String
    let problems: [Problem]
    let pdf: String?

    /// One rule the form breaks.
    struct Problem: Encodable {
        let code: String
        let path: String
        let message: String
    }

    init(_ preview: InvoicePreview, pdf: String?) {
        client = preview.request.client
        issuedOn = preview.issuedOn
        dueOn = preview.dueOn
        total = preview.total.map { "\($0)" }
        currency = preview.request.currencyCode.uppercased()
        problems = preview.problems.map { Problem(code: $0.code.rawValue, path: $0.path, message: $0.message) }
        self.pdf = pdf
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(preview, forKey: .preview)
        try container.encode(client, forKey: .client)
        try container.encode(issuedOn, forKey: .issuedOn)
        try container.encode(dueOn, forKey: .dueOn)
        try container.encode(total, forKey: .total)
        try container.encode(currency, forKey: .currency)
        try container.encode(problems, forKey: .problems)
        try container.encode(pdf, forKey: .pdf)
    }

    private enum CodingKeys: String, CodingKey {
        case preview, client, issuedOn, dueOn, total, currency, problems, pdf
    }
}
