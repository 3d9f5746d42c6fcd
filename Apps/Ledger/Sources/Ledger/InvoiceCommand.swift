import CompositionRoot
import Foundation

/// `ledger invoice new|list|show|upload|duplicate`.
enum InvoiceCommand {
    static let specs: [CommandSpec] = [
        CommandSpec(
            path: ["invoice", "new"], summary: "validate, render, store and upload an invoice",
            options: [
                .value("client", "NAME", "who is billed", required: true),
                .value(
                    "item", "\"DESCRIPTION;QUANTITY;PRICE\"", "one line of the invoice", required: true,
                    repeatable: true),
                .value("currency", "CODE", "ISO 4217 code (default: the configured currency, else EUR)"),
                .value("due", "YYYY-MM-DD", "when payment is due (default: 30 days after today)"),
                .value(
                    "template", "NAME", "standard, compact or creative", choices: ["standard", "compact", "creative"]),
                .value("tax", "PERCENT", "the tax rate of every line, such as 20"),
                .value("notes", "TEXT", "printed under the totals"),
                .value("out", "FILE.pdf", "also write the PDF there"),
            ],
            details: "The invoice is kept on this machine even when the upload fails (exit status 75); "
                + "'ledger invoice upload NUMBER' retries it. The seller printed on it is the one 'ledger config' holds.",
            run: new),
        CommandSpec(path: ["invoice", "list"], summary: "every stored invoice", run: list),
        CommandSpec(
            path: ["invoice", "show"], arguments: ["NUMBER"], summary: "one invoice: lines, subtotal, tax and total",
            options: [.value("out", "FILE.pdf", "also write its PDF there")], run: show),
        CommandSpec(
            path: ["invoice", "upload"], arguments: ["NUMBER"], summary: "upload a stored invoice again", run: upload),
        CommandSpec(
            path: ["invoice", "duplicate"], arguments: ["NUMBER"],
            summary: "a new invoice with the same client, lines and template",
            options: [.value("out", "FILE.pdf", "also write the new PDF there")], run: duplicate),
    ]

    private static func new(_ invocation: Invocation) async throws(CommandError) -> ExitStatus {
        _ = try invocation.positionals()
        let arguments = invocation.arguments
        let session = await invocation.context()
        let items = try arguments.all("item").map { text throws(CommandError) in try item(text) }
        var tax: Decimal?
        if let taxText = arguments.value("tax") {
            guard let value = DecimalText.parse(taxText) else {
                throw invocation.spec.usageError("--tax '\(taxText)' is not a number such as 20")
            }
            tax = value
        }
        let request = InvoiceRequest(
            client: invocation.value("client"), items: items,
            currencyCode: arguments.value("currency") ?? session.defaultCurrency,
            dueDate: try ExpenseCommand.day(arguments.value("due"), option: "due", days: session.factory.days),
            template: arguments.value("template") ?? "standard", taxPercent: tax, notes: arguments.value("notes") ?? "")
        let submission = try await session.run { () throws(CommandError) in
            let form = try await session.invoices().form
            do throws(InvoiceError) {
                return try await form.submit(request)
            } catch {
                throw .invoice(error)
            }
        }
        return try await report(submission, out: arguments.value("out"), session: session)
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

    private static func list(_ invocation: Invocation) async throws(CommandError) -> ExitStatus {
        _ = try invocation.positionals()
        return try await list(session: await invocation.context())
    }

    /// Prints every stored invoice, aligned, or as JSON.
    static func list(session: CommandContext) async throws(CommandError) -> ExitStatus {
        let records = try await session.run { () throws(CommandError) in
            let archive = try await session.invoices().archive
            do throws(InvoiceError) {
                return try await archive.list()
            } catch {
                throw .invoice(error)
            }
        }
        if session.console.json {
            session.console.emit(records.map(InvoiceJSON.init))
            return .success
        }
        guard !records.isEmpty else {
            session.console.line("No invoices yet. Create one with 'ledger invoice new'.")
            return .success
        }
        var table = TextTable([.left, .left, .left, .right, .left])
        for record in records {
            table.append([
                record.number, record.issuedOn, record.request.client,
                session.factory.formatted(record.total, currencyCode: record.request.currencyCode),
                record.serverID.map { "uploaded as \($0)" } ?? "on this machine only",
            ])
        }
        for line in table.lines { session.console.line(line) }
        return .success
    }

    private static func show(_ invocation: Invocation) async throws(CommandError) -> ExitStatus {
        let number = try invocation.positionals()[0]
        return try await show(
            number: number, out: invocation.arguments.value("out"), session: await invocation.context())
    }

    /// The stored invoice `number`, or why there is none.
    static func stored(_ number: String, session: CommandContext) async throws(CommandError) -> InvoiceFile {
        try await session.run { () throws(CommandError) in
            let archive = try await session.invoices().archive
            do throws(InvoiceError) {
                return try await archive.invoice(number: number)
            } catch {
                throw .invoice(error)
            }
        }
    }

    /// Prints invoice `number` (lines, subtotal, tax, total), writing its PDF to `out` when given.
    static func show(number: String, out: String?, session: CommandContext) async throws(CommandError) -> ExitStatus {
        let file = try await stored(number, session: session)
        let written = try write(file.pdf, to: out)
        if session.console.json {
            session.console.emit(InvoiceJSON(file.record, pdf: written))
            return .success
        }
        for line in InvoiceText.lines(of: file.record, money: session.factory.formatted) {
            session.console.line(line)
        }
        if let written { session.console.line("PDF: \(written)") }
        return .success
    }

    private static func upload(_ invocation: Invocation) async throws(CommandError) -> ExitStatus {
        let number = try invocation.positionals()[0]
        let session = await invocation.context()
        let submission = try await session.run { () throws(CommandError) in
            let uploads = try await session.invoices().uploads
            do throws(InvoiceError) {
                return try await uploads.upload(number: number)
            } catch {
                throw .invoice(error)
            }
        }
        return try await report(submission, out: nil, session: session)
    }

    private static func duplicate(_ invocation: Invocation) async throws(CommandError) -> ExitStatus {
        let number = try invocation.positionals()[0]
        let session = await invocation.context()
        let submission = try await session.run { () throws(CommandError) in
            let duplication = try await session.invoices().duplication
            do throws(InvoiceError) {
                return try await duplication.duplicate(number: number)
            } catch {
                throw .invoice(error)
            }
        }
        return try await report(submission, out: invocation.arguments.value("out"), session: session)
    }

    /// Prints what a submission did; an upload failure is a warning with the retry command, exit status 75.
    private static func report(
        _ submission: InvoiceSubmission, out: String?, session: CommandContext
    ) async throws(CommandError) -> ExitStatus {
        let record = submission.record
        var written: String?
        if let out {
            let file = try await session.run { () throws(CommandError) in
                let archive = try await session.invoices().archive
                do throws(InvoiceError) {
                    return try await archive.invoice(number: record.number)
                } catch {
                    throw .invoice(error)
                }
            }
            written = try write(file.pdf, to: out)
        }
        let console = session.console
        if console.json { console.emit(InvoiceJSON(record, pdf: written)) }
        // Last, so an upload failure still comes first on standard error.
        defer {
            if session.sellerIsPlaceholder {
                console.error(
                    "note: invoice \(record.number) names the seller \"\(LedgerSettings.placeholderSeller.name)\"; set your company with 'ledger config set seller.name NAME' (and seller.address, seller.tax-id, seller.iban)."
                )
            }
        }
        switch submission {
        case .uploaded(let record):
            if !console.json {
                console.line(
                    "Invoice \(record.number) for \(record.request.client): \(session.factory.formatted(record.total, currencyCode: record.request.currencyCode)), stored and uploaded as \(record.serverID ?? "?")."
                )
                if let written { console.line("PDF: \(written)") }
            }
            return .success
        case .storedLocally(let record, let failure):
            if !console.json {
                console.line(
                    "Invoice \(record.number) for \(record.request.client): \(session.factory.formatted(record.total, currencyCode: record.request.currencyCode)), stored on this machine."
                )
                if let written { console.line("PDF: \(written)") }
            }
            console.error("ledger: the upload failed: \(failure.detail)")
            let hint =
                failure.reason == .notSignedIn
                ? "Sign in with 'ledger login EMAIL' (or create an account with 'ledger register EMAIL'), then run "
                    + "'ledger invoice upload \(record.number)'."
                : "The invoice is kept; run 'ledger invoice upload \(record.number)' to try again."
            console.error("hint: \(hint)")
            return .temporaryFailure
        }
    }

    /// Writes the PDF to `path` (when given) and returns the absolute path written.
    private static func write(_ pdf: Data, to path: String?) throws(CommandError) -> String? {
        guard let path else { return nil }
        let url = URL(fileURLWithPath: path)
        do {
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try pdf.write(to: url, options: .atomic)
        } catch {
            throw CommandError(
                message: "the PDF could not be written to \(path) (\(error.localizedDescription))",
                hint: "The invoice is stored; run 'ledger invoice show NUMBER --out FILE.pdf' with another path.",
                status: .ioError)
        }
        return url.standardizedFileURL.path
    }
}

/// An invoice as `--json` prints it.
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

    init(_ record: InvoiceRecord) {
        self.init(record, pdf: nil)
    }

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
}
