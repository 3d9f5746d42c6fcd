import CommandKit
import Essentials
import Foundation

/// What `invoice list`, `invoice show` and `invoice summary` print of the invoices' accounts: the status and the
/// amount due of each, the payments and credit notes of one, and the totals per currency. All three read
/// ``InvoiceAccountReading``, so their figures match (and the home screen's, which reads the same summary).
extension InvoiceCommands {
    /// The options of `invoice list`.
    static let listOptions: [OptionSpec] = [
        .flag("unpaid", "only invoices with something due (open, partly paid or overdue)"),
        .flag("overdue", "only invoices past their due date with something due"),
        .flag("paid", "only invoices with nothing due (paid or credited)"),
        .value("client", "TEXT", "only invoices whose client's name contains TEXT (any case)"),
        .value("from", "YYYY-MM-DD", "only invoices issued on or after this day"),
        .value("to", "YYYY-MM-DD", "only invoices issued on or before this day"),
    ]

    static let listDetails =
        "Each invoice's status (open, partly paid, paid, credited, overdue) and amount due are shown as of today. "
        + "--unpaid, --overdue and --paid exclude each other."

    // MARK: invoice summary

    var summary: CommandSpec {
        CommandSpec(
            path: ["invoice", "summary"], summary: "what is outstanding and overdue, per currency",
            details: "Amounts in different currencies are never added up. The home screen shows the same figures."
        ) { invocation throws(CommandError) in
            _ = try invocation.positionals()
            let invoices = try await opened(invocation)
            guard let accounts = invoices.accounts else { throw Self.settlementUnavailable }
            let summary: InvoiceSummary
            do throws(SettlementError) {
                summary = try await accounts.summary()
            } catch {
                throw .settlement(error)
            }
            let console = invocation.console
            if console.json {
                console.emit(SummaryJSON(summary))
                return .success
            }
            for line in Self.summaryLines(summary, money: invoices.display.money) { console.line(line) }
            return .success
        }
    }

    /// The summary in words: one line per currency, then what is overdue.
    static func summaryLines(_ summary: InvoiceSummary, money: (Decimal, String) -> String) -> [String] {
        guard !summary.currencies.isEmpty else { return ["Nothing is outstanding."] }
        var lines = ["Outstanding:"]
        var table = TextTable([.left, .right, .left])
        for figures in summary.currencies {
            var overdue = ""
            if figures.overdueCount > 0 {
                overdue =
                    "\(money(figures.overdue, figures.currency)) overdue in "
                    + Plural.count(figures.overdueCount, "invoice")
            }
            table.append([
                "  \(figures.currency)", money(figures.outstanding, figures.currency),
                "in \(Plural.count(figures.outstandingCount, "invoice"))" + (overdue.isEmpty ? "" : "; \(overdue)"),
            ])
        }
        lines += table.lines
        lines.append(
            summary.overdueCount == 0
                ? "Nothing is overdue."
                : "Overdue: \(Plural.count(summary.overdueCount, "invoice")), the oldest by "
                    + "\(Plural.count(summary.mostDaysOverdue, "day")).")
        return lines
    }

    // MARK: invoice list

    /// Prints the invoices the options select, with their status and amount due, aligned or as JSON.
    func printAccounts(
        _ accounts: any InvoiceAccountReading, invoices: Invoices, invocation: Invocation
    ) async throws(CommandError) -> ExitStatus {
        let filter = try ListFilter(invocation.arguments)
        let all: [InvoiceAccount]
        do throws(SettlementError) {
            all = try await accounts.accounts()
        } catch {
            throw .settlement(error)
        }
        let selected = all.filter(filter.includes)
        let console = invocation.console
        if console.json {
            console.emit(selected.map { AccountJSON($0, pdf: nil) })
            return .success
        }
        guard !selected.isEmpty else {
            console.line(
                all.isEmpty
                    ? "No invoices yet. Create one with 'ledger invoice new'." : "No invoice matches these options.")
            return .success
        }
        let money = invoices.display.money
        var table = TextTable([.left, .left, .left, .right, .left, .right, .left])
        for account in selected {
            let record = account.record
            table.append([
                record.number, record.issuedOn, TerminalText.singleLine(record.request.client),
                money(record.total, record.request.currencyCode), Self.statusText(account.balance),
                money(account.balance.due, account.balance.currency),
                record.serverID.map { "uploaded as \(TerminalText.safe($0))" } ?? "on this machine only",
            ])
        }
        for line in table.lines { console.line(line) }
        return .success
    }

    /// Which invoices `invoice list` shows.
    struct ListFilter {
        enum Status { case unpaid, overdue, paid }
        var status: Status?
        var client: String?
        var from: CalendarDay?
        var to: CalendarDay?

        init(_ arguments: Arguments) throws(CommandError) {
            let statuses: [(String, Status)] = [("unpaid", .unpaid), ("overdue", .overdue), ("paid", .paid)]
            let given = statuses.filter { arguments.has($0.0) }
            guard given.count <= 1 else {
                throw .usage(
                    "--\(given[0].0) and --\(given[1].0) exclude each other", hint: "Give at most one of them.")
            }
            status = given.first?.1
            client = arguments.value("client").map { $0.trimmingCharacters(in: .whitespaces) }
            from = try Self.day(arguments.value("from"), option: "from")
            to = try Self.day(arguments.value("to"), option: "to")
        }

        private static func day(_ text: String?, option: String) throws(CommandError) -> CalendarDay? {
            guard let text else { return nil }
            do throws(CalendarDay.Problem) {
                return try CalendarDay(parsing: text)
            } catch {
                throw .usage("--\(option) '\(text)': \(error)", hint: nil)
            }
        }

        func includes(_ account: InvoiceAccount) -> Bool {
            let balance = account.balance
            switch status {
            case .unpaid?: if balance.due <= 0 { return false }
            case .overdue?: if balance.status != .overdue { return false }
            case .paid?: if balance.due > 0 { return false }
            case nil: break
            }
            if let client, !client.isEmpty,
                account.record.request.client.range(of: client, options: [.caseInsensitive, .diacriticInsensitive])
                    == nil
            {
                return false
            }
            let issued = try? CalendarDay(parsing: account.record.issuedOn)
            if let from, let issued, issued < from { return false }
            if let to, let issued, to < issued { return false }
            return true
        }
    }

    // MARK: invoice show

    /// Prints invoice `file` with its credit notes, payments and amount due.
    func printAccount(
        _ file: InvoiceFile, pdf: String?, accounts: any InvoiceAccountReading, invoices: Invoices,
        invocation: Invocation
    ) async throws(CommandError) -> ExitStatus {
        let account: InvoiceAccount
        do throws(SettlementError) {
            account = try await accounts.account(number: file.record.number)
        } catch {
            throw .settlement(error)
        }
        let console = invocation.console
        if console.json {
            console.emit(AccountJSON(account, pdf: pdf))
            return .success
        }
        let money = invoices.display.money
        for line in InvoiceText.lines(of: file.record, money: money) { console.line(line) }
        let currency = account.balance.currency
        var table = TextTable([.left, .right])
        for note in account.creditNotes {
            let lines = note.lines.map(String.init).joined(separator: ", ")
            table.append([
                "  Credit note \(note.number) of \(note.issuedOn) (\(note.lines.count == 1 ? "line" : "lines") \(lines))",
                "-" + money(note.amount, currency),
            ])
        }
        for payment in account.settlement.payments {
            let reference = payment.reference.map { ", \(TerminalText.singleLine($0))" } ?? ""
            table.append([
                "  Payment \(payment.id) of \(payment.date)\(reference)", "-" + money(payment.amount, currency),
            ])
        }
        table.append(["  Amount due (\(Self.statusText(account.balance)))", money(account.balance.due, currency)])
        for line in table.lines { console.line(line) }
        if let pdf { console.line("PDF: \(pdf)") }
        return .success
    }
}

/// An invoice with its account as `invoice list --json` and `invoice show --json` print it: the fields of an
/// invoice, then `status`, `amountDue`, `credited`, `paid` (amounts as text), `daysOverdue`, `payments` and
/// `creditNotes`.
struct AccountJSON: Encodable {
    let invoice: InvoiceJSON
    let account: InvoiceAccount

    init(_ account: InvoiceAccount, pdf: String?) {
        invoice = InvoiceJSON(account.record, pdf: pdf)
        self.account = account
    }

    func encode(to encoder: any Encoder) throws {
        try invoice.encode(to: encoder)
        var container = encoder.container(keyedBy: CodingKeys.self)
        let balance = account.balance
        try container.encode(balance.status.rawValue, forKey: .status)
        try container.encode("\(balance.due)", forKey: .amountDue)
        try container.encode("\(balance.credited)", forKey: .credited)
        try container.encode("\(balance.paid)", forKey: .paid)
        try container.encode(balance.daysOverdue, forKey: .daysOverdue)
        try container.encode(account.settlement.payments.map(PaymentEntryJSON.init), forKey: .payments)
        let stored = Dictionary(account.creditNotes.map { ($0.number, $0) }, uniquingKeysWith: { first, _ in first })
        try container.encode(
            account.settlement.creditNotes.map { CreditNoteEntryJSON($0, stored: stored[$0.number]) },
            forKey: .creditNotes)
    }

    private enum CodingKeys: String, CodingKey {
        case status, amountDue, credited, paid, daysOverdue, payments, creditNotes
    }
}

/// A payment in JSON: `id`, `amount` (text), `date`, `reference` (null when none), `recordedAt` (ISO 8601).
struct PaymentEntryJSON: Encodable {
    let payment: SettlementPayment

    init(_ payment: SettlementPayment) {
        self.payment = payment
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(payment.id, forKey: .id)
        try container.encode("\(payment.amount)", forKey: .amount)
        try container.encode(payment.date, forKey: .date)
        try container.encode(payment.reference, forKey: .reference)
        try container.encode(payment.recordedAt.formatted(.iso8601), forKey: .recordedAt)
    }

    private enum CodingKeys: String, CodingKey {
        case id, amount, date, reference, recordedAt
    }
}

/// A credit note in JSON: `number`, `amount` (text), `date`, `lines`, `serverID` (null while only here).
struct CreditNoteEntryJSON: Encodable {
    let entry: SettlementCreditNote
    let stored: CreditNoteRecord?

    init(_ entry: SettlementCreditNote, stored: CreditNoteRecord?) {
        self.entry = entry
        self.stored = stored
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(entry.number, forKey: .number)
        try container.encode("\(entry.amount)", forKey: .amount)
        try container.encode(entry.date, forKey: .date)
        try container.encode(entry.lines, forKey: .lines)
        try container.encode(stored?.serverID, forKey: .serverID)
    }

    private enum CodingKeys: String, CodingKey {
        case number, amount, date, lines, serverID
    }
}

/// `invoice paid --json`: `invoice`, `payment` (as in `payments`), `currency`, `total`, `credited`, `paid`,
/// `amountDue`, `status`, `daysOverdue`, `uploaded`.
struct PaymentJSON: Encodable {
    let receipt: PaymentReceipt

    init(_ receipt: PaymentReceipt) {
        self.receipt = receipt
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(receipt.invoice.number, forKey: .invoice)
        try container.encode(PaymentEntryJSON(receipt.payment), forKey: .payment)
        try BalanceJSON(receipt.balance).encode(to: encoder)
        try container.encode(receipt.uploadFailure == nil, forKey: .uploaded)
    }

    private enum CodingKeys: String, CodingKey {
        case invoice, payment, uploaded
    }
}

/// `invoice credit --json` and `invoice void --json`: `creditNote` (`number`, `invoice`, `issuedOn`, `lines`,
/// `amount`, `format`, `serverID`, `file`), then the invoice's balance as in `invoice paid --json`.
struct CreditNoteJSON: Encodable {
    let issue: CreditNoteIssue
    let file: String?

    init(_ issue: CreditNoteIssue, file: String?) {
        self.issue = issue
        self.file = file
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        var note = container.nestedContainer(keyedBy: NoteKeys.self, forKey: .creditNote)
        let record = issue.creditNote
        try note.encode(record.number, forKey: .number)
        try note.encode(record.invoiceNumber, forKey: .invoice)
        try note.encode(record.issuedOn, forKey: .issuedOn)
        try note.encode(record.lines, forKey: .lines)
        try note.encode("\(record.amount)", forKey: .amount)
        try note.encode(record.format.rawValue, forKey: .format)
        try note.encode(record.serverID, forKey: .serverID)
        try note.encode(file, forKey: .file)
        try container.encode(issue.invoice.number, forKey: .invoice)
        try BalanceJSON(issue.balance).encode(to: encoder)
        try container.encode(issue.uploadFailure == nil, forKey: .uploaded)
    }

    private enum CodingKeys: String, CodingKey {
        case creditNote, invoice, uploaded
    }

    private enum NoteKeys: String, CodingKey {
        case number, invoice, issuedOn, lines, amount, format, serverID, file
    }
}

/// A balance's keys: `currency`, `total`, `credited`, `paid`, `amountDue` (amounts as text), `status`,
/// `daysOverdue`.
struct BalanceJSON: Encodable {
    let balance: InvoiceBalance

    init(_ balance: InvoiceBalance) {
        self.balance = balance
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(balance.currency, forKey: .currency)
        try container.encode("\(balance.total)", forKey: .total)
        try container.encode("\(balance.credited)", forKey: .credited)
        try container.encode("\(balance.paid)", forKey: .paid)
        try container.encode("\(balance.due)", forKey: .amountDue)
        try container.encode(balance.status.rawValue, forKey: .status)
        try container.encode(balance.daysOverdue, forKey: .daysOverdue)
    }

    private enum CodingKeys: String, CodingKey {
        case currency, total, credited, paid, amountDue, status, daysOverdue
    }
}

/// `invoice summary --json`: `currencies` (each `currency`, `outstanding` (text), `invoices`, `overdue` (text),
/// `overdueInvoices`, `mostDaysOverdue`), `overdueInvoices` and `mostDaysOverdue` over every currency.
struct SummaryJSON: Encodable {
    let summary: InvoiceSummary

    init(_ summary: InvoiceSummary) {
        self.summary = summary
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        var list = container.nestedUnkeyedContainer(forKey: .currencies)
        for figures in summary.currencies {
            var entry = list.nestedContainer(keyedBy: FigureKeys.self)
            try entry.encode(figures.currency, forKey: .currency)
            try entry.encode("\(figures.outstanding)", forKey: .outstanding)
            try entry.encode(figures.outstandingCount, forKey: .invoices)
            try entry.encode("\(figures.overdue)", forKey: .overdue)
            try entry.encode(figures.overdueCount, forKey: .overdueInvoices)
            try entry.encode(figures.mostDaysOverdue, forKey: .mostDaysOverdue)
        }
        try container.encode(summary.overdueCount, forKey: .overdueInvoices)
        try container.encode(summary.mostDaysOverdue, forKey: .mostDaysOverdue)
    }

    private enum CodingKeys: String, CodingKey {
        case currencies, overdueInvoices, mostDaysOverdue
    }

    private enum FigureKeys: String, CodingKey {
        case currency, outstanding, invoices, overdue, overdueInvoices, mostDaysOverdue
    }
}
