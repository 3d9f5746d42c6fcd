public import CommandKit
import Essentials
import Foundation
public import Storage
import Validation

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
        [savingDrafts(new), previewingDrafts(preview), list, show, upload, duplicate] + draftCommands(form: new)
            + settlementCommands + backupCommands
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
                    // Any length a number may have: what the text holds (a control character, a slash) is the
                    // link policy's to refuse, with its reason, before the archive is asked.
                    placeholder: "NUMBER",
                    canonical: { !$0.isEmpty && $0.count <= InvoiceNumber.maximumLength ? $0 : nil },
                    // `stored` reads any form of the number, so a link may name `inv-0007` or `7`.
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
                .value(
                    "client", "KEY|NAME",
                    "who is billed: a client's key ('ledger client list') fills in their details, other text is the "
                        + "client's name", required: true),
                .value(
                    "item", "\"DESCRIPTION;QUANTITY;PRICE[;VAT]\"",
                    "one line of the invoice; VAT is a category with an optional rate (S19, S 7, AE, Z)",
                    required: true, repeatable: true),
                .value("currency", "CODE", "ISO 4217 code (default: the configured currency, else EUR)"),
                .value("due", "YYYY-MM-DD", "when payment is due (default: 30 days after today)"),
                .value("template", "NAME", Self.listed(templates), choices: templates),
                .value("tax", "PERCENT", "the tax rate of every line, such as 20"),
                .value("notes", "TEXT", "printed under the totals"),
                Self.languageOption,
                .value(
                    "format", "pdf|facturx|xrechnung",
                    "a PDF, a Factur-X PDF carrying its EN 16931 XML, or an XRechnung XML (default: the setting "
                        + "invoice.format, else pdf)", choices: InvoiceFormat.allCases.map(\.rawValue)),
                .value("client-address", "LINE", "a line of the client's street address", repeatable: true),
                .value("client-postcode", "CODE", "the client's post code"),
                .value("client-city", "CITY", "the client's city"),
                .value("client-country", "CC", "the client's country, ISO 3166-1 alpha-2 such as DE"),
                .value("client-vat-id", "ID", "the client's VAT identifier, such as FR40303265045"),
                .value("client-email", "ADDRESS", "the client's e-mail address (XRechnung requires it)"),
                .value("buyer-reference", "TEXT", "the reference the client asked for (the Leitweg-ID for XRechnung)"),
                .value("order-reference", "TEXT", "the client's purchase order"),
                .value(
                    "vat-category", "CODE",
                    "the VAT category of every line without its own: S Z E AE K G O (default: the setting "
                        + "invoice.vat-category, else S with --tax)", choices: VATCategory.allCases.map(\.code)),
                .value(
                    "exemption-reason", "TEXT",
                    "why no VAT is charged (default: the standard wording for AE, K, G and O)"),
                .value("service-date", "YYYY-MM-DD", "the day of supply"),
                .value("discount", "AMOUNT[%][;REASON]", "a discount on the whole invoice, such as 50 or 10%;Loyalty"),
                .value("out", "FILE.pdf|FILE.xml", "also write the invoice there: the XML for xrechnung, else the PDF"),
            ],
            details: "The invoice is kept on this machine even when the upload fails (exit status 75); "
                + "'ledger invoice upload NUMBER' retries it. The seller printed on it is the one 'ledger config' holds. "
                + "A Factur-X or XRechnung invoice also needs the seller's country, VAT identifier and address "
                + "(seller.country, seller.vat-id, seller.postcode, seller.city) and the client's country."
        ) { invocation throws(CommandError) in
            _ = try invocation.positionals()
            let arguments = invocation.arguments
            let givenFormat = try arguments.value("format").map { text throws(CommandError) in try Self.format(text) }
            let items = try arguments.all("item").map { text throws(CommandError) in try Self.item(text) }
            var tax: Decimal?
            if let taxText = arguments.value("tax") {
                guard let value = DecimalText.parse(taxText) else {
                    throw invocation.command.usageError("--tax '\(taxText)' is not a number such as 20")
                }
                tax = value
            }
            let givenCategory = try arguments.value("vat-category").map { text throws(CommandError) in
                try Self.vatCategory(text, option: "--vat-category")
            }
            let country = try arguments.value("client-country").map { text throws(CommandError) in
                try Self.country(text)
            }
            let vatID = try arguments.value("client-vat-id").map { text throws(CommandError) in
                try Self.vatID(text, country: country)
            }
            let discount = try arguments.value("discount").map { text throws(CommandError) in
                try Self.discount(text)
            }
            let language = try arguments.value("language").map { text throws(CommandError) in
                try Self.language(text)
            }
            let invoices = try await opened(invocation)
            let format = givenFormat ?? invoices.defaults.format
            let out = try arguments.value("out").map { path throws(CommandError) in
                try Self.outFile(path, format: format)
            }
            // The configured category applies as the invoice's; a configured S needs a rate, so it waits for --tax.
            let configured = invoices.defaults.vatCategory
            let category = givenCategory ?? (configured == .standard && tax == nil ? nil : configured)
            try Self.checkRates(items: items, invoiceCategory: category, tax: tax)
            var request = InvoiceRequest(
                client: invocation.value("client"), items: items,
                currencyCode: arguments.value("currency") ?? invoices.display.defaultCurrency,
                dueDate: try invoices.display.day(arguments.value("due"), option: "due"),
                template: arguments.value("template") ?? "standard", taxPercent: tax,
                notes: arguments.value("notes") ?? "", format: format,
                clientAddress: arguments.all("client-address"), clientPostcode: arguments.value("client-postcode"),
                clientCity: arguments.value("client-city"), clientCountry: country, clientVATID: vatID,
                clientEmail: arguments.value("client-email"), buyerReference: arguments.value("buyer-reference"),
                orderReference: arguments.value("order-reference"), vatCategory: category,
                exemptionReason: arguments.value("exemption-reason"),
                serviceDate: try invoices.display.day(arguments.value("service-date"), option: "service-date"),
                discount: discount, language: language)
            request = try await Self.fillingClient(request, invoices: invoices, arguments: arguments)
            let submission: InvoiceSubmission
            do throws(InvoiceError) {
                submission = try await invoices.form.submit(request)
            } catch {
                throw .invoice(error)
            }
            return try await report(submission, out: out, invoices: invoices, invocation: invocation)
        }
    }

    /// `description;quantity;unit price[;vat]`; the description may itself contain `;`. The fourth field is read
    /// as VAT only when it starts with a category letter (S, Z, E, A, K, G, O), so a description with `;` before
    /// a three-field line keeps working.
    static func item(_ text: String) throws(CommandError) -> InvoiceItem {
        var parts = text.split(separator: ";", omittingEmptySubsequences: false).map(String.init)
        var vat: (category: VATCategory, rate: Decimal?)?
        if parts.count >= 4, let last = parts.last?.trimmingCharacters(in: .whitespaces),
            let first = last.first, "SZEAKGO".contains(first.uppercased())
        {
            vat = try Self.vat(last, in: text)
            parts.removeLast()
        }
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
        return InvoiceItem(
            description: description, quantity: quantity, unitPrice: price, vatCategory: vat?.category,
            taxPercent: vat?.rate)
    }

    /// An item's VAT field: a category code, then optionally a rate (`S19`, `S 7`, `S7%`, `AE`).
    private static func vat(_ field: String, in text: String) throws(CommandError) -> (VATCategory, Decimal?) {
        let upper = field.uppercased()
        let code = upper.hasPrefix("AE") ? "AE" : String(upper.prefix(1))
        let category = try vatCategory(code, option: "--item '\(text)'")
        var rateText = String(field.dropFirst(code.count)).trimmingCharacters(in: .whitespaces)
        if rateText.hasSuffix("%") { rateText = String(rateText.dropLast()).trimmingCharacters(in: .whitespaces) }
        guard !rateText.isEmpty else { return (category, nil) }
        guard let rate = DecimalText.parse(rateText) else {
            throw .usage(
                "--item '\(text)': the VAT '\(field)' is not a category followed by a rate, such as S19 or AE",
                hint: "Categories: \(categoryList).")
        }
        return (category, rate)
    }

    /// A VAT category code in any case.
    static func vatCategory(_ text: String, option: String) throws(CommandError) -> VATCategory {
        guard let category = VATCategory(code: text.trimmingCharacters(in: .whitespaces)) else {
            throw .usage(
                "\(option): '\(text)' is not a VAT category",
                hint: "Categories: \(categoryList).")
        }
        return category
    }

    private static let categoryList =
        "S standard rate, Z zero-rated, E exempt, AE reverse charge, K intra-community, G export, O outside scope"

    /// A standard-rated line needs a rate: its own, or the invoice's `--tax`.
    static func checkRates(items: [InvoiceItem], invoiceCategory: VATCategory?, tax: Decimal?) throws(CommandError) {
        guard tax == nil else { return }
        if invoiceCategory == .standard, items.contains(where: { $0.vatCategory == nil && $0.taxPercent == nil }) {
            throw .usage(
                "--vat-category S needs a rate", hint: "Give the rate with --tax, such as --tax 19, or per item (S19).")
        }
        if let item = items.first(where: { $0.vatCategory == .standard && $0.taxPercent == nil }) {
            throw .usage(
                "the item '\(item.description)' is standard-rated (S) without a rate",
                hint: "Write the rate after the category, such as S19, or give --tax.")
        }
    }

    /// `--format`.
    static func format(_ text: String) throws(CommandError) -> InvoiceFormat {
        guard let format = InvoiceFormat(rawValue: text.lowercased()) else {
            throw .usage("--format '\(text)' is not a format", hint: "Choose pdf, facturx or xrechnung.")
        }
        return format
    }

    /// `--client-country`: two letters of ISO 3166-1.
    static func country(_ text: String) throws(CommandError) -> String {
        let code = text.trimmingCharacters(in: .whitespaces).uppercased()
        guard CountryCode.exists(code) else {
            throw .usage(
                "--client-country '\(text)' is not a country code",
                hint: "Give the two letters of ISO 3166-1, such as DE, FR or AT.")
        }
        return code
    }

    /// `--client-vat-id`, checked for its country's format and check digits, normalised (`FR40303265045`).
    static func vatID(_ text: String, country: String?) throws(CommandError) -> String {
        do throws(VATIdentifierError) {
            return try VATIdentifier(parsing: text, countryCode: country).normalized
        } catch {
            throw .usage(
                "--client-vat-id '\(text)': \(error)", hint: "Write it with its country prefix, such as FR40303265045.")
        }
    }

    /// `--discount AMOUNT[%][;REASON]`.
    static func discount(_ text: String) throws(CommandError) -> InvoiceDiscount {
        let parts = text.split(separator: ";", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
        var amountText = parts[0].trimmingCharacters(in: .whitespaces)
        let isPercent = amountText.hasSuffix("%")
        if isPercent { amountText = String(amountText.dropLast()).trimmingCharacters(in: .whitespaces) }
        guard let amount = DecimalText.parse(amountText), amount > 0, !isPercent || amount <= 100 else {
            throw .usage(
                "--discount '\(text)' is not an amount or a percentage",
                hint: "Write it as 50, 12.50 or 10%, then "
                    + "optionally ';' and the reason: --discount '10%;Loyalty discount'.")
        }
        let reason = parts.count > 1 ? parts[1].trimmingCharacters(in: .whitespaces) : ""
        return isPercent
            ? InvoiceDiscount(percent: amount, reason: reason) : InvoiceDiscount(amount: amount, reason: reason)
    }

    /// `--out` for `format`: an XML file for XRechnung, a PDF otherwise, named so it is not mistaken for the other.
    static func outFile(_ path: String, format: InvoiceFormat) throws(CommandError) -> OutputFile {
        let isXMLName = path.lowercased().hasSuffix(".xml")
        if format == .xrechnung {
            guard isXMLName else {
                throw .usage(
                    "--out '\(path)': an XRechnung invoice is XML",
                    hint: "Name a file ending in .xml, such as INV-0001.xml.")
            }
            return try xmlFile(path)
        }
        guard !isXMLName else {
            throw .usage(
                "--out '\(path)': a \(format.rawValue) invoice is written as a PDF",
                hint: "Name a file ending in .pdf, or issue an XML with --format xrechnung.")
        }
        return try pdfFile(path)
    }

    /// `--out FILE.xml`, checked before anything is created.
    static func xmlFile(_ path: String) throws(CommandError) -> OutputFile {
        try OutputFile.checked(path, kind: "XML", signature: "<?xml")
    }

    // MARK: invoice list and show

    private var list: CommandSpec {
        CommandSpec(
            path: ["invoice", "list"], summary: "every stored invoice", options: Self.listOptions,
            details: Self.listDetails
        ) { invocation throws(CommandError) in
            _ = try invocation.positionals()
            return try await printList(invocation)
        }
    }

    /// Prints every stored invoice, aligned, or as JSON.
    private func printList(_ invocation: Invocation) async throws(CommandError) -> ExitStatus {
        let invoices = try await opened(invocation)
        if let accounts = invoices.accounts {
            return try await printAccounts(accounts, invoices: invoices, invocation: invocation)
        }
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
            options: [
                .value("out", "FILE.pdf|FILE.xml", "also write its PDF there (its XML with --xml)"),
                .flag("xml", "print its e-invoice XML exactly as issued (with --out, write it there)"),
            ]
        ) { invocation throws(CommandError) in
            let number = try invocation.positionals()[0]
            let arguments = invocation.arguments
            if arguments.has("xml") {
                let out = try arguments.value("out").map { path throws(CommandError) in
                    try Self.outFile(path, format: .xrechnung)
                }
                return try await printXML(number, out: out, invocation: invocation)
            }
            let out = try arguments.value("out").map { path throws(CommandError) in try Self.pdfFile(path) }
            return try await printInvoice(number, out: out, invocation: invocation)
        }
    }

    /// The XML of invoice `number` as issued: printed, or written to `out`; an invoice issued as a PDF only has
    /// none, and says so.
    private func printXML(
        _ number: String, out: OutputFile?, invocation: Invocation
    ) async throws(CommandError)
        -> ExitStatus
    {
        _ = try await opened(invocation)
        let file = try await stored(number)
        guard let xml = file.xml else {
            throw CommandError(
                message: "invoice \(file.record.number) was issued as a PDF only; it has no e-invoice XML",
                hint: "New invoices have one with --format facturx or --format xrechnung.", status: .dataError)
        }
        let console = invocation.console
        let written = try out?.write(xml)
        if console.json {
            console.emit(InvoiceJSON(file.record, pdf: nil, xml: written))
        } else if let written {
            console.line("XML: \(written)")
        } else {
            console.write(String(decoding: xml, as: UTF8.self))
        }
        return .success
    }

    /// The stored invoice `number` names (in any case, or by its counter or the end of its number, see
    /// `InvoiceArchiving.number(matching:)`), or why there is none.
    private func stored(_ number: String) async throws(CommandError) -> InvoiceFile {
        let archive = try await invoices().archive
        do throws(InvoiceError) {
            return try await archive.invoice(number: try await archive.number(matching: number))
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
        if let accounts = invoices.accounts {
            return try await printAccount(
                file, pdf: written, accounts: accounts, invoices: invoices, invocation: invocation)
        }
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
                submission = try await invoices.uploads.upload(
                    number: try await invoices.archive.number(matching: number))
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
            options: Self.duplicateOptions + [.value("out", "FILE.pdf", "also write the new PDF there")],
            details: Self.duplicateDetails
        ) { invocation throws(CommandError) in
            let number = try invocation.positionals()[0]
            let out = try invocation.arguments.value("out").map { path throws(CommandError) in try Self.pdfFile(path) }
            let invoices = try await opened(invocation)
            let changes = try Self.duplicateChanges(invocation.arguments, display: invoices.display)
            let submission: InvoiceSubmission
            do throws(InvoiceError) {
                submission = try await invoices.duplication.duplicate(
                    number: try await invoices.archive.number(matching: number), changes: changes)
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
    func report(
        _ submission: InvoiceSubmission, out: OutputFile?, invoices: Invoices, invocation: Invocation
    ) async throws(CommandError) -> ExitStatus {
        let record = submission.record
        let console = invocation.console
        var written: String?
        var writtenXML: String?
        if let out {
            let file = try await stored(record.number)
            if record.request.format == .xrechnung, let xml = file.xml {
                writtenXML = try out.write(xml)
            } else {
                written = try out.write(file.pdf)
            }
        }
        if console.json { console.emit(InvoiceJSON(record, pdf: written, xml: writtenXML)) }
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
                if let writtenXML { console.line("XML: \(writtenXML)") }
            }
            return .success
        case .storedLocally(let record, let failure):
            if !console.json {
                console.line(
                    "Invoice \(record.number) for \(record.request.client): \(amount), stored on this machine.")
                if let written { console.line("PDF: \(written)") }
                if let writtenXML { console.line("XML: \(writtenXML)") }
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

/// An invoice as `--json` prints it; `serverID`, `pdf` and `xml` are null when there is none.
struct InvoiceJSON: Encodable {
    let number: String
    let client: String
    let issuedOn: String
    let dueOn: String
    let total: String
    let currency: String
    let template: String
    let format: String
    let serverID: String?
    let pdf: String?
    let xml: String?

    init(_ record: InvoiceRecord, pdf: String?, xml: String? = nil) {
        number = record.number
        client = record.request.client
        issuedOn = record.issuedOn
        dueOn = record.dueOn
        total = "\(record.total)"
        currency = record.request.currencyCode.uppercased()
        template = record.request.template
        format = record.request.format.rawValue
        serverID = record.serverID
        self.pdf = pdf
        self.xml = xml
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
        try container.encode(format, forKey: .format)
        try container.encode(serverID, forKey: .serverID)
        try container.encode(pdf, forKey: .pdf)
        try container.encode(xml, forKey: .xml)
    }

    private enum CodingKeys: String, CodingKey {
        case number, client, issuedOn, dueOn, total, currency, template, format, serverID, pdf, xml
    }
}
