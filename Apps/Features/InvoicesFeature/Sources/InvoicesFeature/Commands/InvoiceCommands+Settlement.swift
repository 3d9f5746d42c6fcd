import CommandKit
import Essentials
import Foundation

/// `invoice paid`, `invoice credit`, `invoice void`: the changes to an issued invoice's account. Each is one
/// transaction of the store, so several processes at once never take a balance below zero or lose a payment.
extension InvoiceCommands {
    /// The settlement commands, in the order help lists them after the others.
    var settlementCommands: [CommandSpec] {
        [paid, credit, void, summary]
    }

    // MARK: invoice paid

    private var paid: CommandSpec {
        CommandSpec(
            path: ["invoice", "paid"], arguments: ["NUMBER"], summary: "record a payment received for an invoice",
            options: [
                .value("amount", "AMOUNT", "how much was paid, in the invoice's currency (default: the amount due)"),
                .value("date", "YYYY-MM-DD", "the day it was paid (default: today; not before the issue date)"),
                .value("reference", "TEXT", "what the payer quoted, such as a bank reference"),
            ],
            details: "Prints the new balance. A payment larger than the amount due, an amount that is not positive "
                + "or has more decimals than the currency, a day before the invoice's issue date, and an unknown "
                + "invoice are refused (exit status 65) and nothing is recorded. When signed in, the payment is "
                + "also sent to the server; if that fails it stays recorded here (exit status 75)."
        ) { invocation throws(CommandError) in
            let arguments = invocation.arguments
            let invoices = try await opened(invocation)
            guard let payments = invoices.payments else { throw Self.settlementUnavailable }
            let number = try await Self.invoiceNumber(try invocation.positionals()[0], in: invoices)
            let receipt: PaymentReceipt
            do throws(SettlementError) {
                receipt = try await payments.pay(
                    PaymentRequest(
                        invoice: number, amount: arguments.value("amount"), date: arguments.value("date"),
                        reference: arguments.value("reference")))
            } catch {
                throw .settlement(error, money: invoices.display.money)
            }
            let console = invocation.console
            let money = invoices.display.money
            if console.json {
                console.emit(PaymentJSON(receipt))
            } else {
                let payment = receipt.payment
                console.line(
                    "Payment \(payment.id) of \(money(payment.amount, receipt.balance.currency)) on \(payment.date) "
                        + "recorded for invoice \(receipt.invoice.number).")
                console.line(Self.balanceLine(receipt.balance, money: money))
            }
            return Self.uploadStatus(receipt.uploadFailure, what: "payment \(receipt.payment.id)", console: console)
        }
    }

    // MARK: invoice credit and void

    private var credit: CommandSpec {
        CommandSpec(
            path: ["invoice", "credit"], arguments: ["NUMBER"],
            summary: "issue a credit note for lines of an invoice (or all that is left)",
            options: [
                .flag("all", "credit every line not credited yet"),
                .value("lines", "1,3", "credit these lines, numbered as 'ledger invoice show' lists them"),
                .value(
                    "out", "FILE.pdf|FILE.xml", "also write the credit note there: the XML for xrechnung, else the PDF"),
            ],
            details: "The credit note (CN-0001, ...) is printed with the invoice's template and refers to it; an "
                + "invoice issued as Factur-X or XRechnung gets an e-invoice credit note (type 381). Each line is "
                + "credited at most once, gross (with its VAT). A credit is never more than the amount due (the "
                + "total less what was credited and paid): this ledger records no refunds. Refusals exit with status "
                + "65 and store nothing."
        ) { invocation throws(CommandError) in
            let number = try invocation.positionals()[0]
            let arguments = invocation.arguments
            let selection: CreditSelection
            switch (arguments.has("all"), arguments.value("lines")) {
            case (true, nil): selection = .all
            case (false, let text?): selection = .lines(try Self.lineNumbers(text))
            case (true, _?):
                throw .usage("give either --all or --lines, not both", hint: "Run 'ledger help invoice credit'.")
            case (false, nil):
                throw .usage(
                    "invoice credit needs --all or --lines",
                    hint: "Credit every line left with --all, or some with --lines 1,3.")
            }
            return try await issueCredit(CreditRequest(invoice: number, selection: selection), invocation)
        }
    }

    private var void: CommandSpec {
        CommandSpec(
            path: ["invoice", "void"], arguments: ["NUMBER"],
            summary: "cancel an invoice: a credit note for everything not credited yet",
            options: [
                .value(
                    "out", "FILE.pdf|FILE.xml", "also write the credit note there: the XML for xrechnung, else the PDF")
            ],
            details: "The same as 'ledger invoice credit NUMBER --all'. An invoice with payments cannot be voided "
                + "(exit status 65): the credit would be more than the amount due; credit single lines instead."
        ) { invocation throws(CommandError) in
            let number = try invocation.positionals()[0]
            return try await issueCredit(CreditRequest(invoice: number, selection: .all), invocation)
        }
    }

    /// The number of the stored invoice `text` names: in any case, by its counter or by the end of its number
    /// (`InvoiceArchiving.number(matching:)`), as `invoice show` takes it.
    static func invoiceNumber(_ text: String, in invoices: Invoices) async throws(CommandError) -> String {
        do throws(InvoiceError) {
            return try await invoices.archive.number(matching: text)
        } catch {
            throw .invoice(error)
        }
    }

    /// Issues the credit note and prints it with the invoice's new balance.
    private func issueCredit(
        _ request: CreditRequest, _ invocation: Invocation
    ) async throws(CommandError)
        -> ExitStatus
    {
        let invoices = try await opened(invocation)
        guard let credits = invoices.credits else { throw Self.settlementUnavailable }
        var request = request
        request.invoice = try await Self.invoiceNumber(request.invoice, in: invoices)
        var out: OutputFile?
        if let path = invocation.arguments.value("out") {
            // The format decides what --out takes; an unknown invoice is reported by the credit below.
            let format = (try? await invoices.archive.invoice(number: request.invoice))?.record.request.format ?? .pdf
            out = try Self.outFile(path, format: format)
        }
        let issue: CreditNoteIssue
        do throws(SettlementError) {
            issue = try await credits.credit(request)
        } catch {
            throw .settlement(error, money: invoices.display.money)
        }
        let note = issue.creditNote
        var written: String?
        if let out {
            guard let accounts = invoices.accounts else { throw Self.settlementUnavailable }
            let file: CreditNoteFile
            do throws(SettlementError) {
                file = try await accounts.creditNote(number: note.number)
            } catch {
                throw .settlement(error)
            }
            written = try out.write(note.format == .xrechnung ? file.xml ?? file.pdf : file.pdf)
        }
        let console = invocation.console
        let money = invoices.display.money
        if console.json {
            console.emit(CreditNoteJSON(issue, file: written))
        } else {
            let lines = note.lines.map(String.init).joined(separator: ", ")
            console.line(
                "Credit note \(note.number) for invoice \(note.invoiceNumber) (\(note.lines.count == 1 ? "line" : "lines") "
                    + "\(lines)): \(money(note.amount, note.currencyCode)), "
                    + (note.serverID.map { "stored and uploaded as \(TerminalText.safe($0))." }
                        ?? "stored on this machine."))
            if let written { console.line("\(note.format == .xrechnung ? "XML" : "PDF"): \(written)") }
            console.line(Self.balanceLine(issue.balance, money: money))
        }
        return Self.uploadStatus(issue.uploadFailure, what: "credit note \(note.number)", console: console)
    }

    /// `--lines 1,3`: line numbers from 1, separated by commas.
    static func lineNumbers(_ text: String) throws(CommandError) -> [Int] {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false).map {
            $0.trimmingCharacters(in: .whitespaces)
        }
        var lines: [Int] = []
        for part in parts {
            guard let line = Int(part), line >= 1 else {
                throw .usage(
                    "--lines '\(text)' is not a list of line numbers", hint: "Write them from 1, such as --lines 1,3.")
            }
            lines.append(line)
        }
        return lines
    }

    // MARK: Printing

    /// "Amount due: €46.84 (partly paid)", "Nothing is due (paid).", "Amount due: €10.00 (overdue by 3 days)".
    static func balanceLine(_ balance: InvoiceBalance, money: (Decimal, String) -> String) -> String {
        guard balance.due > 0 else { return "Nothing is due (\(balance.status.text))." }
        return "Amount due: \(money(balance.due, balance.currency)) (\(statusText(balance)))."
    }

    /// The status with the days overdue.
    static func statusText(_ balance: InvoiceBalance) -> String {
        balance.status == .overdue
            ? "overdue by \(Plural.count(balance.daysOverdue, "day"))" : balance.status.text
    }

    /// Success, or the upload failure as a warning with exit status 75 (the record is kept here).
    static func uploadStatus(_ failure: UploadFailure?, what: String, console: Console) -> ExitStatus {
        guard let failure else { return .success }
        console.error("ledger: the upload of \(what) failed: \(TerminalText.safe(failure.detail))")
        console.error(
            "hint: "
                + (failure.reason == .notSignedIn
                    ? "It is kept on this machine; sign in with 'ledger login EMAIL' to send later ones."
                    : "It is kept on this machine."))
        return .temporaryFailure
    }

    static let settlementUnavailable = CommandError(
        message: "payments and credit notes cannot be recorded with this data folder's store",
        hint: "Update ledger; the store must support numbered updates.", status: .unavailable)
}

extension CommandError {
    /// A refused or failed payment or credit note, said for people; refusals exit with status 65.
    /// Amounts are written with `money` when given (`€3,996.84`), else with their code (`3996.84 EUR`).
    static func settlement(
        _ error: SettlementError, money: ((Decimal, String) -> String)? = nil
    ) -> CommandError {
        switch error {
        case .invoice(.notFound(let number)), .unknownInvoice(let number):
            CommandError(
                message: "no issued invoice '\(TerminalText.safe(number))' on this machine",
                hint: "Run 'ledger invoice list' to see them.", status: .dataError)
        case .invoice(let failure):
            .invoice(failure)
        case .overpayment(let amount, let due, let currency) where money != nil:
            CommandError(
                message: "a payment of \(money?(amount, currency) ?? "") is more than the amount due, "
                    + (money?(due, currency) ?? ""),
                hint: "Pay at most the amount due; 'ledger invoice show NUMBER' shows it.", status: .dataError)
        case .creditExceedsDue(let credit, let due, let currency) where money != nil:
            CommandError(
                message: "a credit of \(money?(credit, currency) ?? "") is more than the amount due, "
                    + (money?(due, currency) ?? ""),
                hint: "A credit note cannot exceed what is neither credited nor paid; 'ledger invoice show NUMBER' "
                    + "lists the lines, the credit notes and the amount due.",
                status: .dataError)
        case .overpayment, .nothingDue:
            CommandError(
                message: sentence(error), hint: "Pay at most the amount due; 'ledger invoice show NUMBER' shows it.",
                status: .dataError)
        case .malformedAmount, .nonPositiveAmount:
            CommandError(message: sentence(error), hint: "Write the amount as 120 or 99.50.", status: .dataError)
        case .malformedDate, .dateBeforeIssue:
            CommandError(
                message: sentence(error), hint: "Give the day it was paid as YYYY-MM-DD, not before the issue date.",
                status: .dataError)
        case .noLines, .lineOutOfRange, .lineAlreadyCredited, .nothingToCredit, .creditExceedsDue:
            CommandError(
                message: sentence(error),
                hint: "'ledger invoice show NUMBER' lists the lines, the credit notes and the amount due.",
                status: .dataError)
        }
    }

    /// The error's sentence without its first capital and final stop, as the console prints it after `ledger: `.
    private static func sentence(_ error: SettlementError) -> String {
        var text = TerminalText.safe(error.description)
        if text.hasSuffix(".") { text.removeLast() }
        guard let first = text.first else { return text }
        return first.lowercased() + text.dropFirst()
    }
}
