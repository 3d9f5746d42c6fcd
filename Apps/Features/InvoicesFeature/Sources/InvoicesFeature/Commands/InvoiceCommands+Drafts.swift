import CommandKit
import Essentials
import Foundation
import Validation

extension InvoiceCommands {
    /// `invoice new` that also saves drafts: with `--draft` the form is saved as it is (`--client` and `--item` may
    /// be left out) instead of issued; without it, `new` runs as before and still needs both.
    func savingDrafts(_ new: CommandSpec) -> CommandSpec {
        var options = new.options.map { option in
            var option = option
            if Self.formOptionsADraftMayLack.contains(option.name) { option.required = false }
            return option
        }
        options.append(
            .flag(
                "draft",
                "save the form as a draft (D-1, D-2, ...) instead of issuing it; --client and --item may be left out"))
        return CommandSpec(
            path: new.path, arguments: new.arguments, summary: new.summary, options: options,
            details: new.details
                + " Without --draft, --client and --item are required. With --draft the form is saved as it is, "
                + "complete or not, and nothing is numbered, rendered or uploaded: see the drafts with 'ledger "
                + "invoice drafts', change one with 'ledger invoice edit D-1', issue it with 'ledger invoice issue "
                + "D-1'.",
            argumentChoices: new.argumentChoices, completions: new.completions
        ) { invocation throws(CommandError) in
            if invocation.arguments.has("draft") { return try await saveDraft(invocation) }
            for name in Self.formOptionsADraftMayLack where (invocation.arguments.value(name) ?? "").isEmpty {
                throw invocation.command.usageError("\(invocation.command.name) needs --\(name)")
            }
            return try await new.run(invocation)
        }
    }

    /// `invoice preview` that also previews a saved draft: `invoice preview D-3`.
    func previewingDrafts(_ preview: CommandSpec) -> CommandSpec {
        CommandSpec(
            path: preview.path, arguments: ["DRAFT?"], summary: preview.summary + ", or a saved draft",
            options: preview.options,
            details: preview.details
                + " With a draft id (D-3) it previews that saved draft, as 'ledger invoice issue D-3' would issue "
                + "it; only --out applies then.",
            argumentChoices: preview.argumentChoices, completions: preview.completions
        ) { invocation throws(CommandError) in
            guard let text = try invocation.positionals().first else { return try await preview.run(invocation) }
            let id = try Self.draftID(text, action: .preview)
            let arguments = invocation.arguments
            if let given = preview.options.first(where: { $0.name != "out" && arguments.value($0.name) != nil }) {
                throw .usage(
                    "--\(given.name) is not used when previewing the draft \(id)",
                    hint: "Change the draft with 'ledger invoice edit \(id) --\(given.name) ...', then preview it.")
            }
            let out = try arguments.value("out").map { path throws(CommandError) in try Self.pdfFile(path) }
            let invoices = try await opened(invocation)
            let flows = try Self.draftFlows(invoices)
            let preview: InvoicePreview
            do throws(DraftError) {
                preview = try await DraftPreviewer(drafts: flows.desk, previewer: invoices.preview).preview(id)
            } catch {
                throw .draft(error)
            }
            let written = try preview.pdf.flatMap { pdf throws(CommandError) in try out?.write(pdf) }
            let console = invocation.console
            if console.json {
                console.emit(DraftPreviewJSON(id, preview, pdf: written))
            } else {
                let lines = InvoiceText.lines(
                    of: preview, money: invoices.display.money, title: "PREVIEW of draft \(id) (no number taken)",
                    ready: "Ready: 'ledger invoice issue \(id)' issues it.",
                    toFix: "Still to fix before 'ledger invoice issue \(id)' accepts it:")
                for line in lines { console.line(line) }
                if let written { console.line("PDF (preview): \(written)") }
            }
            if out != nil, preview.pdf == nil {
                console.error(
                    "note: no PDF was written: the draft has text the invoice fonts cannot draw, or amounts too "
                        + "large to lay out.")
            }
            return .success
        }
    }

    /// `invoice drafts`, `invoice edit`, `invoice delete` and `invoice issue`; `form` is `invoice new`, whose
    /// options `invoice edit` takes.
    func draftCommands(form new: CommandSpec) -> [CommandSpec] {
        [drafts, edit(form: new), delete, issue]
    }

    // MARK: invoice new --draft

    private func saveDraft(_ invocation: Invocation) async throws(CommandError) -> ExitStatus {
        let arguments = invocation.arguments
        if arguments.value("out") != nil {
            throw .usage(
                "--out is not used with --draft: a draft has no PDF yet",
                hint: "Save the draft, then write its preview with 'ledger invoice preview D-N --out FILE.pdf'.")
        }
        let invoices = try await opened(invocation)
        let flows = try Self.draftFlows(invoices)
        let changes = try DraftChanges(invocation, invoices: invoices)
        var request = InvoiceRequest(
            client: "", items: [], currencyCode: invoices.display.defaultCurrency, format: invoices.defaults.format)
        // The configured category applies as `invoice new` applies it; a configured S waits for --tax.
        let configured = invoices.defaults.vatCategory
        request.vatCategory = configured == .standard && changes.tax == nil ? nil : configured
        changes.apply(to: &request)
        let client = try await Self.directoryClient(changes.client, invoices: invoices)
        changes.applyClient(client, to: &request, arguments: arguments)
        let saved: SavedDraft
        do throws(DraftError) {
            saved = try await flows.desk.save(request)
        } catch {
            throw .draft(error)
        }
        let console = invocation.console
        if console.json {
            console.emit(DraftJSON(saved))
        } else {
            console.line("Draft \(saved.id) saved\(Self.forClient(request)).")
            console.line(
                "Preview it with 'ledger invoice preview \(saved.id)', change it with 'ledger invoice edit "
                    + "\(saved.id)', issue it with 'ledger invoice issue \(saved.id)'.")
        }
        return .success
    }

    // MARK: invoice drafts

    private var drafts: CommandSpec {
        CommandSpec(
            path: ["invoice", "drafts"], summary: "every saved draft, and the invoice each issued one became",
            details: "Drafts are saved with 'ledger invoice new --draft' and named D-1, D-2, ... in the order they "
                + "were saved; an issued draft stays listed with the number of its invoice."
        ) { invocation throws(CommandError) in
            _ = try invocation.positionals()
            let invoices = try await opened(invocation)
            let flows = try Self.draftFlows(invoices)
            let drafts: [SavedDraft]
            do throws(DraftError) {
                drafts = try await flows.desk.drafts()
            } catch {
                throw .draft(error)
            }
            let console = invocation.console
            if console.json {
                console.emit(drafts.map(DraftJSON.init))
                return .success
            }
            guard !drafts.isEmpty else {
                console.line("No drafts. Save one with 'ledger invoice new --draft --client NAME'.")
                return .success
            }
            var table = TextTable([.left, .left, .left, .left])
            for draft in drafts {
                let saved = "saved " + invoices.display.days.string(from: draft.savedAt)
                switch draft.state {
                case .open(let request):
                    let client = TerminalText.singleLine(request.client)
                    table.append([
                        draft.id.description, client.isEmpty ? "(no client yet)" : client,
                        Plural.count(request.items.count, "line"), saved,
                    ])
                case .issued(let number):
                    table.append([draft.id.description, "issued as \(TerminalText.safe(number))", "", saved])
                }
            }
            for line in table.lines { console.line(line) }
            return .success
        }
    }

    // MARK: invoice edit

    private func edit(form new: CommandSpec) -> CommandSpec {
        let options = new.options.compactMap { option -> OptionSpec? in
            guard option.name != "out" else { return nil }
            guard option.name != "item" else {
                return .value(
                    "item", option.value ?? "ITEM", "a line of the invoice; given once or more, replaces every line",
                    repeatable: true)
            }
            var option = option
            option.required = false
            return option
        }
        return CommandSpec(
            path: ["invoice", "edit"], arguments: ["DRAFT"], summary: "change a saved draft",
            options: options,
            details: "Every option given replaces what the draft holds; --item, given once or more, replaces every "
                + "line. An issued invoice cannot be edited: issued invoices are immutable, and are corrected with "
                + "a credit note ('ledger invoice credit NUMBER')."
        ) { invocation throws(CommandError) in
            let id = try Self.draftID(try invocation.positionals()[0], action: .edit)
            let given = options.filter { !invocation.arguments.all($0.name).isEmpty }
            guard !given.isEmpty else {
                throw invocation.command.usageError("invoice edit needs at least one option to change")
            }
            let invoices = try await opened(invocation)
            let flows = try Self.draftFlows(invoices)
            let changes = try DraftChanges(invocation, invoices: invoices)
            let client = try await Self.directoryClient(changes.client, invoices: invoices)
            let arguments = invocation.arguments
            let saved: SavedDraft
            do throws(DraftError) {
                saved = try await flows.desk.edit(id) { request in
                    changes.apply(to: &request)
                    changes.applyClient(client, to: &request, arguments: arguments)
                }
            } catch {
                throw .draft(error)
            }
            let console = invocation.console
            if console.json {
                console.emit(DraftJSON(saved))
            } else {
                let request = saved.request ?? InvoiceRequest(client: "", items: [], currencyCode: "")
                console.line(
                    "Draft \(saved.id) changed\(Self.forClient(request)): "
                        + given.map { "--\($0.name)" }.joined(separator: ", ") + ".")
            }
            return .success
        }
    }

    // MARK: invoice delete

    private var delete: CommandSpec {
        CommandSpec(
            path: ["invoice", "delete"], arguments: ["DRAFT"], summary: "delete a saved draft",
            details: "Deleting a draft that is already gone is not an error. An issued invoice cannot be deleted: "
                + "issued invoices are immutable, and are corrected with a credit note ('ledger invoice credit "
                + "NUMBER')."
        ) { invocation throws(CommandError) in
            let id = try Self.draftID(try invocation.positionals()[0], action: .delete)
            let invoices = try await opened(invocation)
            let flows = try Self.draftFlows(invoices)
            let deleted: Bool
            do throws(DraftError) {
                deleted = try await flows.desk.delete(id)
            } catch {
                throw .draft(error)
            }
            let console = invocation.console
            if console.json {
                console.emit(DraftDeletionJSON(id: id.description, deleted: deleted))
            } else {
                console.line(deleted ? "Draft \(id) deleted." : "There is no draft \(id); nothing was deleted.")
            }
            return .success
        }
    }

    // MARK: invoice issue

    private var issue: CommandSpec {
        CommandSpec(
            path: ["invoice", "issue"], arguments: ["DRAFT"], summary: "issue a saved draft as an invoice",
            details: "The draft is checked, rendered, numbered, stored and uploaded as 'ledger invoice new' does a "
                + "form, and what it lacks is refused the same way (exit status 65). Once issued the draft names its "
                + "invoice and can no longer be changed or issued again; a draft issued from two places at once is "
                + "issued once. The invoice is kept on this machine even when the upload fails (exit status 75)."
        ) { invocation throws(CommandError) in
            let id = try Self.draftID(try invocation.positionals()[0], action: .issue)
            let invoices = try await opened(invocation)
            let flows = try Self.draftFlows(invoices)
            let submission: InvoiceSubmission
            do throws(DraftError) {
                submission = try await flows.issuer.issue(id)
            } catch {
                throw .draft(error)
            }
            if !invocation.console.json {
                invocation.console.line("Draft \(id) is now invoice \(submission.record.number).")
            }
            return try await report(submission, out: nil, invoices: invoices, invocation: invocation)
        }
    }

    // MARK: Shared

    /// The options `invoice new` requires that a draft may lack.
    static let formOptionsADraftMayLack = ["client", "item"]

    /// What a command does with a draft id, so a refusal says what could not be done.
    enum DraftAction {
        case preview, edit, delete, issue
    }

    /// The draft `text` names, or a usage error (64) saying why it names none; an invoice number is refused (65)
    /// with what can be done with an issued invoice instead.
    static func draftID(_ text: String, action: DraftAction) throws(CommandError) -> DraftID {
        do throws(DraftIDError) {
            return try DraftID(parsing: text)
        } catch {
            guard case .invoiceNumber(let number) = error else {
                throw .usage(
                    TerminalText.safe(error.description),
                    hint: "Run 'ledger invoice drafts' to see the saved drafts and their ids.")
            }
            let shown = TerminalText.safe(DraftIDError.shortened(number))
            switch action {
            case .edit, .delete:
                throw CommandError(
                    message: "\(shown) is an issued invoice and cannot be "
                        + (action == .edit ? "edited" : "deleted") + ": issued invoices are immutable",
                    hint: "Correct it with a credit note: 'ledger invoice credit \(shown)'.", status: .dataError)
            case .issue:
                throw CommandError(
                    message: "\(shown) is an invoice, already issued; only a draft (D-3) can be issued",
                    hint: "See it with 'ledger invoice show \(shown)'.", status: .dataError)
            case .preview:
                throw CommandError(
                    message: "\(shown) is an issued invoice, not a draft; only drafts and forms are previewed",
                    hint: "See it with 'ledger invoice show \(shown)'.", status: .dataError)
            }
        }
    }

    /// The draft flows, or why this app has none.
    static func draftFlows(_ invoices: Invoices) throws(CommandError) -> InvoiceDraftFlows {
        guard let drafts = invoices.drafts else {
            throw CommandError(
                message: "drafts are not available in this ledger",
                hint: "Create the invoice directly with 'ledger invoice new'.", status: .unavailable)
        }
        return drafts
    }

    private static func forClient(_ request: InvoiceRequest) -> String {
        let client = TerminalText.singleLine(request.client)
        return client.isEmpty ? "" : " for \(client)"
    }
}

/// The options of `invoice new --draft` and `invoice edit` that were given, read but not yet applied: each replaces
/// what a draft holds, nothing else changes; `--item` given once or more replaces every line.
struct DraftChanges: Sendable {
    var client: String?
    var items: [InvoiceItem]?
    var currency: String?
    var due: Date?
    var template: String?
    var tax: Decimal?
    var notes: String?
    var format: InvoiceFormat?
    var clientAddress: [String]?
    var clientPostcode: String?
    var clientCity: String?
    var clientCountry: String?
    var clientVATID: String?
    var clientEmail: String?
    var buyerReference: String?
    var orderReference: String?
    var vatCategory: VATCategory?
    var exemptionReason: String?
    var serviceDate: Date?
    var discount: InvoiceDiscount?
    var language: String?

    /// Reads the given options with the parsers of `invoice new`, so a draft takes exactly what `invoice new`
    /// takes; what the form lacks or breaks is left for the preview and the issue to say.
    init(_ invocation: Invocation, invoices: Invoices) throws(CommandError) {
        let arguments = invocation.arguments
        client = arguments.value("client")
        let itemTexts = arguments.all("item")
        items =
            itemTexts.isEmpty ? nil : try itemTexts.map { text throws(CommandError) in try InvoiceCommands.item(text) }
        currency = arguments.value("currency")
        due = try invoices.display.day(arguments.value("due"), option: "due")
        template = arguments.value("template")
        if let template, !invoices.templates.isEmpty, !invoices.templates.contains(template) {
            throw .usage(
                "unknown template '\(TerminalText.safe(template))'",
                hint: "Choose one of: \(invoices.templates.joined(separator: ", ")).")
        }
        if let taxText = arguments.value("tax") {
            guard let value = DecimalText.parse(taxText) else {
                throw invocation.command.usageError("--tax '\(taxText)' is not a number such as 20")
            }
            tax = value
        }
        notes = arguments.value("notes")
        format = try arguments.value("format").map { text throws(CommandError) in try InvoiceCommands.format(text) }
        let address = arguments.all("client-address")
        clientAddress = address.isEmpty ? nil : address
        clientPostcode = arguments.value("client-postcode")
        clientCity = arguments.value("client-city")
        clientCountry = try arguments.value("client-country").map { text throws(CommandError) in
            try InvoiceCommands.country(text)
        }
        clientVATID = try arguments.value("client-vat-id").map { [clientCountry] text throws(CommandError) in
            try InvoiceCommands.vatID(text, country: clientCountry)
        }
        clientEmail = arguments.value("client-email")
        buyerReference = arguments.value("buyer-reference")
        orderReference = arguments.value("order-reference")
        vatCategory = try arguments.value("vat-category").map { text throws(CommandError) in
            try InvoiceCommands.vatCategory(text, option: "--vat-category")
        }
        exemptionReason = arguments.value("exemption-reason")
        serviceDate = try invoices.display.day(arguments.value("service-date"), option: "service-date")
        discount = try arguments.value("discount").map { text throws(CommandError) in
            try InvoiceCommands.discount(text)
        }
        language = try arguments.value("language").map { text throws(CommandError) in
            try InvoiceCommands.language(text)
        }
    }

    /// Replaces in `request` what was given.
    func apply(to request: inout InvoiceRequest) {
        if let client { request.client = client }
        if let items { request.items = items }
        if let currency { request.currencyCode = currency }
        if let due { request.dueDate = due }
        if let template { request.template = template }
        if let tax { request.taxPercent = tax }
        if let notes { request.notes = notes }
        if let format { request.format = format }
        if let clientAddress { request.clientAddress = clientAddress }
        if let clientPostcode { request.clientPostcode = clientPostcode }
        if let clientCity { request.clientCity = clientCity }
        if let clientCountry { request.clientCountry = clientCountry }
        if let clientVATID { request.clientVATID = clientVATID }
        if let clientEmail { request.clientEmail = clientEmail }
        if let buyerReference { request.buyerReference = buyerReference }
        if let orderReference { request.orderReference = orderReference }
        if let vatCategory { request.vatCategory = vatCategory }
        if let exemptionReason { request.exemptionReason = exemptionReason }
        if let serviceDate { request.serviceDate = serviceDate }
        if let discount { request.discount = discount }
        if let language { request.language = language }
    }
}

/// A draft as `--json` prints it (`invoice new --draft`, `invoice edit`, and an array of them for `invoice
/// drafts`): `state` is `draft` or `issued`; `client`, `lines` and `currency` are null once issued, `issuedAs`
/// is null until then; `savedAt` is ISO 8601 in UTC. Every key is always there.
struct DraftJSON: Encodable {
    let id: String
    let state: String
    let client: String?
    let lines: Int?
    let currency: String?
    let issuedAs: String?
    let savedAt: String

    init(_ draft: SavedDraft) {
        id = draft.id.description
        state = draft.request == nil ? "issued" : "draft"
        client = draft.request?.client
        lines = draft.request?.items.count
        currency = draft.request.map { $0.currencyCode.uppercased() }
        issuedAs = draft.issuedAs
        savedAt = draft.savedAt.formatted(.iso8601)
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(state, forKey: .state)
        try container.encode(client, forKey: .client)
        try container.encode(lines, forKey: .lines)
        try container.encode(currency, forKey: .currency)
        try container.encode(issuedAs, forKey: .issuedAs)
        try container.encode(savedAt, forKey: .savedAt)
    }

    private enum CodingKeys: String, CodingKey {
        case id, state, client, lines, currency, issuedAs, savedAt
    }
}

/// What `invoice delete --json` prints: whether there was a draft to delete.
struct DraftDeletionJSON: Encodable {
    let id: String
    let deleted: Bool
}

/// A draft's preview as `invoice preview D-3 --json` prints it: the keys of a form's preview plus `draft`.
struct DraftPreviewJSON: Encodable {
    let draft: String
    let preview: InvoicePreviewJSON

    init(_ id: DraftID, _ preview: InvoicePreview, pdf: String?) {
        draft = id.description
        self.preview = InvoicePreviewJSON(preview, pdf: pdf)
    }

    func encode(to encoder: any Encoder) throws {
        try preview.encode(to: encoder)
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(draft, forKey: .draft)
    }

    private enum CodingKeys: String, CodingKey {
        case draft
    }
}
