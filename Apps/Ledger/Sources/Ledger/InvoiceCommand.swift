import CompositionRoot
import Foundation

/// `ledger invoice new|list|show|upload|duplicate`.
enum InvoiceCommand {
    static func run(
        _ words: [String], options: GlobalOptions, console: Console
    ) async throws(CommandError)
        -> ExitStatus
    {
        guard let action = words.first else {
            throw .usage("invoice needs an action: new, list, show, upload or duplicate")
        }
        let rest = Array(words.dropFirst())
        let session = CommandContext(options: options, console: console)
        switch action {
        case "new": return try await new(rest, session: session)
        case "list": try await list(rest, session: session)
        case "show": try await show(rest, session: session)
        case "upload": return try await upload(rest, session: session)
        case "duplicate": return try await duplicate(rest, session: session)
        default: throw .usage("unknown invoice action '\(action)'; use new, list, show, upload or duplicate")
        }
        return .success
    }

    private static func new(_ words: [String], session: CommandContext) async throws(CommandError) -> ExitStatus {
        let arguments = try Arguments(
            words, options: ["client", "item", "currency", "due", "template", "tax", "notes", "out"])
        _ = try arguments.expectPositionals([], for: "invoice new")
        let client = try arguments.required("client", for: "invoice new")
        let itemTexts = arguments.all("item")
        guard !itemTexts.isEmpty else {
            throw .usage("invoice new needs at least one --item \"description;quantity;unit price\"")
        }
        let items = try itemTexts.map { text throws(CommandError) in try item(text) }
        var tax: Decimal?
        if let taxText = arguments.value("tax") {
            guard let value = DecimalText.parse(taxText) else {
                throw .usage("--tax '\(taxText)' is not a number such as 20", hint: nil)
            }
            tax = value
        }
        let request = InvoiceRequest(
            client: client, items: items, currencyCode: arguments.value("currency") ?? "EUR",
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
            throw .usage("--item '\(text)' is not \"description;quantity;unit price\"", hint: nil)
        }
        let description = parts.dropLast(2).joined(separator: ";")
        let quantityText = parts[parts.count - 2].trimmingCharacters(in: .whitespaces)
        let priceText = parts[parts.count - 1].trimmingCharacters(in: .whitespaces)
        guard let quantity = Int(quantityText) else {
            throw .usage("--item '\(text)': the quantity '\(quantityText)' is not a whole number", hint: nil)
        }
        guard let price = DecimalText.parse(priceText) else {
            throw .usage("--item '\(text)': the unit price '\(priceText)' is not a number such as 12.50", hint: nil)
        }
        return InvoiceItem(description: description, quantity: quantity, unitPrice: price)
    }

    private static func list(_ words: [String], session: CommandContext) async throws(CommandError) {
        _ = try Arguments(words).expectPositionals([], for: "invoice list")
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
            return
        }
        guard !records.isEmpty else {
            session.console.line("No invoices yet. Create one with 'ledger invoice new'.")
            return
        }
        for record in records {
            let status = record.serverID.map { "uploaded as \($0)" } ?? "on this machine only"
            session.console.line(
                "\(record.number)  \(record.issuedOn)  \(record.request.client)  \(session.factory.formatted(record.total, currencyCode: record.request.currencyCode))  \(status)"
            )
        }
    }

    private static func show(_ words: [String], session: CommandContext) async throws(CommandError) {
        let arguments = try Arguments(words, options: ["out"])
        let number = try arguments.expectPositionals(["NUMBER"], for: "invoice show")[0]
        let file = try await session.run { () throws(CommandError) in
            let archive = try await session.invoices().archive
            do throws(InvoiceError) {
                return try await archive.invoice(number: number)
            } catch {
                throw .invoice(error)
            }
        }
        let written = try write(file.pdf, to: arguments.value("out"))
        if session.console.json {
            session.console.emit(InvoiceJSON(file.record, pdf: written))
            return
        }
        let record = file.record
        session.console.line(
            "\(record.number) for \(record.request.client), issued \(record.issuedOn), due \(record.dueOn)")
        for item in record.request.items {
            let price = session.factory.formatted(item.unitPrice, currencyCode: record.request.currencyCode)
            session.console.line("  \(item.quantity) x \(item.description) at \(price)")
        }
        session.console.line(
            "  total \(session.factory.formatted(record.total, currencyCode: record.request.currencyCode))")
        session.console.line("  " + (record.serverID.map { "uploaded as \($0)" } ?? "on this machine only"))
        if let written { session.console.line("PDF: \(written)") }
    }

    private static func upload(_ words: [String], session: CommandContext) async throws(CommandError) -> ExitStatus {
        let number = try Arguments(words).expectPositionals(["NUMBER"], for: "invoice upload")[0]
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

    private static func duplicate(_ words: [String], session: CommandContext) async throws(CommandError) -> ExitStatus {
        let arguments = try Arguments(words, options: ["out"])
        let number = try arguments.expectPositionals(["NUMBER"], for: "invoice duplicate")[0]
        let submission = try await session.run { () throws(CommandError) in
            let duplication = try await session.invoices().duplication
            do throws(InvoiceError) {
                return try await duplication.duplicate(number: number)
            } catch {
                throw .invoice(error)
            }
        }
        return try await report(submission, out: arguments.value("out"), session: session)
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
                ? "Register with 'ledger register EMAIL', then run 'ledger invoice upload \(record.number)'."
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
