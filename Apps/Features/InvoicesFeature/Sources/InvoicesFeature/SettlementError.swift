public import Foundation

/// Why a payment or a credit note was refused, or could not be stored. In every case nothing was stored and no
/// number was taken.
public enum SettlementError: Error, Hashable, Sendable {
    /// No issued invoice has this number (a draft is not an issued invoice).
    case unknownInvoice(String)
    /// The amount is not a number, or has more decimals than the currency has minor units.
    case malformedAmount(String, currency: String)
    /// The amount is zero or negative.
    case nonPositiveAmount(Decimal, currency: String)
    /// The payment is larger than what is still due.
    case overpayment(amount: Decimal, due: Decimal, currency: String)
    /// Nothing is due on the invoice, so there is nothing to pay.
    case nothingDue(invoice: String)
    /// The day is not written as `YYYY-MM-DD`, or names no day.
    case malformedDate(String)
    /// The payment is dated before the invoice was issued.
    case dateBeforeIssue(date: String, issuedOn: String)
    /// A credit note must credit at least one line.
    case noLines
    /// A line number is not one of the invoice's lines (counted from 1).
    case lineOutOfRange(line: Int, lineCount: Int)
    /// The line was already credited by the credit note `creditNote`.
    case lineAlreadyCredited(line: Int, creditNote: String)
    /// Every line of the invoice is already credited.
    case nothingToCredit(invoice: String)
    /// The credit note would credit more than is still due (the total less what was credited and paid); this
    /// ledger records no refunds, so a credit never exceeds it.
    case creditExceedsDue(credit: Decimal, due: Decimal, currency: String)
    /// The invoice flows failed (rendering, the e-invoice writer, the seller, the store).
    case invoice(InvoiceError)
}

extension SettlementError: CustomStringConvertible {
    /// A sentence for people; amounts with their currency code.
    public var description: String {
        switch self {
        case .unknownInvoice(let number):
            "There is no issued invoice '\(number)' on this machine."
        case .malformedAmount(let text, let currency):
            "The amount '\(text)' is not an amount in \(currency) (a number such as 12.50, with at most "
                + "\(SettlementAmount.minorUnits(currency)) decimals)."
        case .nonPositiveAmount(let amount, let currency):
            "The amount \(amount) \(currency) is not positive."
        case .overpayment(let amount, let due, let currency):
            "A payment of \(amount) \(currency) is more than the amount due, \(due) \(currency)."
        case .nothingDue(let invoice):
            "Nothing is due on invoice \(invoice)."
        case .malformedDate(let text):
            "The day '\(text)' is not a day written as YYYY-MM-DD."
        case .dateBeforeIssue(let date, let issuedOn):
            "The payment date \(date) is before the invoice was issued, on \(issuedOn)."
        case .noLines:
            "A credit note needs at least one line."
        case .lineOutOfRange(let line, let count):
            "The invoice has no line \(line): its lines are 1 to \(count)."
        case .lineAlreadyCredited(let line, let creditNote):
            "Line \(line) was already credited by credit note \(creditNote)."
        case .nothingToCredit(let invoice):
            "Every line of invoice \(invoice) is already credited."
        case .creditExceedsDue(let credit, let due, let currency):
            "A credit of \(credit) \(currency) is more than the amount due, \(due) \(currency)."
        case .invoice(.notFound(let number)):
            "There is no issued invoice '\(number)' on this machine."
        case .invoice(.storage(let error)):
            "The data folder could not be read or written: \(error)"
        case .invoice:
            "The document could not be rendered or written, so nothing was stored."
        }
    }
}
