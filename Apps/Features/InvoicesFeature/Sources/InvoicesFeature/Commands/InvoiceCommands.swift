public import CommandKit
import Essentials
import Foundation
public import Storage

/// The invoice commands of `ledger`: `invoice new|preview|list|show|upload|duplicate`, the screens their links open
/// (`ledger://invoices`, `ledger://invoices/new`, `ledger://invoices/<number>`), and the invoices' part of the demo.
public struct InvoiceCommands: CommandGroup {
    private let invoices: @Sendable () async throws(CommandError) -> Invoices
    private let templates: [String]

    /// The commands on the invoices `open` makes when a command first needs them; `templates` are the ids help and
    /// completion offer (the composition root's template registry).
    public init(invoices open: @escaping @Sendable () async throws(StorageError) -> Invoices, templates: [String]) {
        invoices = { () async throws(CommandError) -> Invoices in
            do throws(StorageError) {
                return try await open()
            } catch {
                throw .storage(error)
            }
        }
        self.templates = templates
    }

    /// Every command of the group, in the order help lists them.
    public var commands: [CommandSpec] {
        [new, preview, list, show, upload, duplicate]
    }

    /// The screens the invoice links open.
    public var screens: [LinkScreen] {
        [
            LinkScreen(name: "invoices", path: "invoices") { _, invocation throws(CommandError) in
                try await printList(invocation)
            },
            LinkScreen(name: "new-invoice", path: "invoices/new") { _, invocation throws(CommandError) in
                invocation.console.line(
                    "New invoice: ledger invoice new --client NAME --item \"DESCRIPTION;QUANTITY;PRICE\"")
                return .success
            },
            LinkScreen(
                name: "invoice", path: "invoices",
                value: LinkValue(
                    placeholder: "NUMBER", canonical: { InvoiceNumber.isWellFormed($0) ? $0 : nil },
                    check: { number, _ throws(CommandError) in _ = try await stored(number) })
            ) { number, invocation throws(CommandError) in
                try await printInvoice(number ?? "", out: nil, invocation: invocation)
            },
        ]
    }

    // MARK: invoice new

    private var new: CommandSpec {
        CommandSpec(
            path: ["invoice", "new"], summary: "validate, render, store and upload an invoice",
            options: [
                .value("client", "NAME", "who is billed", required: true),
                .value(
                    "item", "\"DESCRIPTION;QUANTITY;PRICE\"", "one line of the invoice", required: true,
                    repeatable: true),
                .value("currency", "CODE", "ISO 4217 code (default: the configured currency, else EUR)"),
                .value("due", "YYYY-MM-DD", "when payment is due (default: 30 days after today)"),
                .value("template", "NAME", Self.listed(templates), choices: templates),
                .value("tax", "PERCENT", "the tax rate of every line, such as 20"),
                .value("notes", "TEXT", "printed under the totals"),
                .value("out", "FILE.pdf", "also write the PDF there"),
            ],
            details: "The invoice is kept on this machine even when the upload fails (exit status 75); "
                + "'ledger invoice upload NUMBER' retries it. The seller printed on it is the one 'ledger config' holds."
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
            let invoices = try await opened(invocation)
            let request = InvoiceRequest(
                client: invocation.value("client"), items: items,
                currencyCode: arguments.value("currency") ?? invoices.display.defaultCurrency,
                dueDate: try invoices.display.day(arguments.value("due"), option: "due"),
                template: arguments.value("template") ?? "standard", taxPercent: tax,
                notes: arguments.value("notes") ?? "")
            let submission: InvoiceSubmission
            do throws(InvoiceError) {
                submission = try await invoices.form.submit(request)
            } catch {
                throw .invoice(error)
            }
            return try await report(submission, out: out, invoices: invoices, invocation: invocation)
        }
    }

    /// `description;quantity;unit price`; the description may itself contain `;`.
    static func item(_ text: String) throws(CommandError) -> InvoiceItem {
        let parts = text.split(separator: ";", omittingEmptySubsequences: false).map(String.init)
        guard parts.count >= 3 else {
            throw .usage(
                "--item '\(text)' is not \"description;quantity;unit price\"", hint: "Run 'ledger help invoice new'.")
        }
        let description = parts.dropLast(2).joined(separator: ";")
        let quantityText = parts[parts.count - 2].trimmingCharacters(in: .whitespaces)
        let priceText = parts[parts.count - 1].trimmingCharacters(in: .whitespaces)
        guard let quantity = DecimalText.parse(quantityText) else {
            throw .usage("--item '\(text)': the quantity '\(quantityText)' is not a number such as 2 or 1.5", hint: nil)
        }
        guard let price = DecimalText.parse(priceText) else {
            throw .usage("--item '\(text)': the unit price '\(priceText)' is not a number such as 12.50", hint: nil)
        }
        return InvoiceItem(description: description, quantity: quantity, unitPrice: price)
    }

    // MARK: invoice list and show

    private var list: CommandSpec {
        CommandSpec(path: ["invoice", "list"], summary: "every stored invoice") { invocation throws(CommandError) in
            _ = try invocation.positionals()
            return try await printList(invocation)
        }
    }

    /// Prints every stored invoice, aligned, or as JSON.
    private func printList(_ invocation: Invocation) async throws(CommandError) -> ExitStatus {
        let invoices = try await opened(invocation)
        let records: [InvoiceRecord]
        do throws(InvoiceError) {
            records = try await invoices.archive.list()
        } catch {
            throw .invoice(error)
        }
        let console = invocation.console
        if console.json {
            console.emit(records.map { InvoiceJSON($0, pdf: nil) })
            return .success
        }
        guard !records.isEmpty else {
            console.line("No invoices yet. Create one with 'ledger invoice new'.")
            return .success
        }
        var table = TextTable([.left, .left, .left, .right, .left])
        for record in records {
            table.append([
                record.number, record.issuedOn, record.request.client,
                invoices.display.money(record.total, record.request.currencyCode),
                record.serverID.map { "uploaded as \(TerminalText.safe($0))" } ?? "on this machine only",
            ])
        }
        for line in table.lines { console.line(line) }
        return .success
    }

    private var show: CommandSpec {
        CommandSpec(
            path: ["invoice", "show"], arguments: ["NUMBER"], summary: "one invoice: lines, subtotal, tax and total",
            options: [.value("out", "FILE.pdf", "also write its PDF there")]
        ) { invocation throws(CommandError) in
            let number = try invocation.positionals()[0]
            let out = try invocation.arguments.value("out").map { path throws(CommandError) in try Self.pdfFile(path) }
            return try await printInvoice(number, out: out, invocation: invocation)
        }
    }

    /// The stored invoice `number`, or why there is none.
    private func stored(_ number: String) async throws(CommandError) -> InvoiceFile {
        let archive = try await invoices().archive
        do throws(InvoiceError) {
            return try await archive.invoice(number: number)
        } catch {
            throw .invoice(error)
        }
    }

    /// Prints invoice `number` (lines, subtotal, tax, total), writing its PDF to `out` when given.
    private func printInvoice(
        _ number: String, out: OutputFile?, invocation: Invocation
    ) async throws(CommandError) -> ExitStatus {
        let invoices = try await opened(invocation)
        let file = try await stored(number)
        let written = try out?.write(file.pdf)
        let console = invocation.console
        if console.json {
            console.emit(InvoiceJSON(file.record, pdf: written))
            return .success
        }
        for line in InvoiceText.lines(of: file.record, money: invoices.display.money) { console.line(line) }
        if let written { console.line("PDF: \(written)") }
        return .success
    }

    // MARK: invoice upload and duplicate

    private var upload: CommandSpec {
        CommandSpec(path: ["invoice", "upload"], arguments: ["NUMBER"], summary: "upload a stored invoice again") {
            invocation throws(CommandError) in
            let number = try invocation.positionals()[0]
            let invoices = try await opened(invocation)
            let submission: InvoiceSubmission
            do throws(InvoiceError) {
                submission = try await invoices.uploads.upload(number: number)
            } catch {
                throw .invoice(error)
            }
            return try await report(submission, out: nil, invoices: invoices, invocation: invocation)
        }
    }

    private var duplicate: CommandSpec {
        CommandSpec(
            path: ["invoice", "duplicate"], arguments: ["NUMBER"],
            summary: "a new invoice with the same client, lines and template",
            options: [.value("out", "FILE.pdf", "also write the new PDF there")]
        ) { invocation throws(CommandError) in
            let number = try invocation.positionals()[0]
            let out = try invocation.arguments.value("out").map { path throws(CommandError) in try Self.pdfFile(path) }
            let invoices = try await opened(invocation)
            let submission: InvoiceSubmission
            do throws(InvoiceError) {
                submission = try await invoices.duplication.duplicate(number: number)
            } catch {
                throw .invoice(error)
            }
            return try await report(submission, out: out, invoices: invoices, invocation: invocation)
        }
    }

    // MARK: Reporting

    /// The invoices, after saying on standard error that a configured fallback font is not used.
    func opened(_ invocation: Invocation) async throws(CommandError) -> Invoices {
        let invoices = try await invoices()
        if let font = invoices.setup.unusableFallbackFont {
            invocation.console.error("ledger: the invoice fallback font \(font.path) is not used: \(font.reason)")
            invocation.console.error(
                "hint: Set another with 'ledger config set invoice.fallback-font PATH', or go back to the built-in "
                    + "fonts with 'ledger config unset invoice.fallback-font'.")
        }
        return invoices
    }

    /// Prints what a submission did; an upload failure is a warning with the retry command, exit status 75.
    private func report(
        _ submission: InvoiceSubmission, out: OutputFile?, invoices: Invoices, invocation: Invocation
    ) async throws(CommandError) -> ExitStatus {
        let record = submission.record
        let console = invocation.console
        var written: String?
        if let out { written = try out.write(try await stored(record.number).pdf) }
        if console.json { console.emit(InvoiceJSON(record, pdf: written)) }
        // Last, so an upload failure still comes first on standard error.
        defer {
            if let placeholder = invoices.setup.placeholderSeller {
                console.error(
                    "note: invoice \(record.number) names the seller \"\(placeholder)\"; set your company with "
                        + "'ledger config set seller.name NAME' (and seller.address, seller.tax-id, seller.iban).")
            }
        }
        let amount = invoices.display.money(record.total, record.request.currencyCode)
        switch submission {
        case .uploaded(let record):
            if !console.json {
                let id = TerminalText.safe(record.serverID ?? "?")
                console.line(
                    "Invoice \(record.number) for \(record.request.client): \(amount), stored and uploaded as \(id).")
                if let written { console.line("PDF: \(written)") }
            }
            return .success
        case .storedLocally(let record, let failure):
            if !console.json {
                console.line(
                    "Invoice \(record.number) for \(record.request.client): \(amount), stored on this machine.")
                if let written { console.line("PDF: \(written)") }
            }
            console.error("ledger: the upload failed: \(TerminalText.safe(failure.detail))")
            let hint =
                failure.reason == .notSignedIn
                ? "Sign in with 'ledger login EMAIL' (or create an account with 'ledger register EMAIL'), then run "
                    + "'ledger invoice upload \(record.number)'."
                : "The invoice is kept; run 'ledger invoice upload \(record.number)' to try again."
            console.error("hint: \(hint)")
            return .temporaryFailure
        }
    }

    /// `--out FILE.pdf`, checked before anything is created.
    static func pdfFile(_ path: String) throws(CommandError) -> OutputFile {
        try OutputFile.checked(path, kind: "PDF", signature: "%PDF-")
    }

    private static func listed(_ templates: [String]) -> String {
        guard let last = templates.last else { return "the template" }
        return templates.count == 1 ? last : templates.dropLast().joined(separator: ", ") + " or " + last
    }
}

/// An invoice as `--json` prints it; `serverID` and `pdf` are null when there is none.
struct InvoiceJSON: Encodable {
    let number: String
    let client: String
    let issuedOn: String
    let dueOn: String
    let total: String
    let currency: String
    let template: String
    let serverID: String?
    let pdf: String?

    init(_ record: InvoiceRecord, pdf: String?) {
        number = record.number
        client = record.request.client
        issuedOn = record.issuedOn
        dueOn = record.dueOn
        total = "\(record.total)"
        currency = record.request.currencyCode.uppercased()
        template = record.request.template
        serverID = record.serverID
        self.pdf = pdf
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(number, forKey: .number)
        try container.encode(client, forKey: .client)
        try container.encode(issuedOn, forKey: .issuedOn)
        try container.encode(dueOn, forKey: .dueOn)
        try container.encode(total, forKey: .total)
        try container.encode(currency, forKey: .currency)
        try container.encode(template, forKey: .template)
        try container.encode(serverID, forKey: .serverID)
        try container.encode(pdf, forKey: .pdf)
    }

    private enum CodingKeys: String, CodingKey {
        case number, client, issuedOn, dueOn, total, currency, template, serverID, pdf
    }
}
