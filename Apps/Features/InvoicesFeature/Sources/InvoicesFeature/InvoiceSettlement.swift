public import Essentials
public import Foundation

/// The account of one issued invoice: every payment received and every credit note issued against it.
///
/// It is one document per invoice (`<number>.settlement.json`), read and replaced in the same transaction of the
/// store as each payment or credit note, so the check "not more than what is due" and the write are atomic across
/// tasks and processes. An invoice without one has no payments and no credit notes.
public struct InvoiceSettlement: Hashable, Sendable, Codable {
    /// The invoice this account belongs to.
    public var invoiceNumber: String
    /// Payments received, in the order they were recorded.
    public var payments: [SettlementPayment]
    /// Credit notes issued, in the order they were issued.
    public var creditNotes: [SettlementCreditNote]

    /// Creates an account; empty by default.
    public init(
        invoiceNumber: String, payments: [SettlementPayment] = [], creditNotes: [SettlementCreditNote] = []
    ) {
        self.invoiceNumber = invoiceNumber
        self.payments = payments
        self.creditNotes = creditNotes
    }

    /// The lines (counted from 1) some credit note already credited, with the credit note that did.
    public var creditedLines: [Int: String] {
        var lines: [Int: String] = [:]
        for note in creditNotes {
            for line in note.lines where lines[line] == nil { lines[line] = note.number }
        }
        return lines
    }
}

/// A payment received against an invoice.
public struct SettlementPayment: Hashable, Sendable, Codable {
    /// The payment's id, `P-<n>` from the store's `payments` sequence.
    public var id: String
    /// The amount, positive, in the invoice's currency, at most its minor units.
    public var amount: Decimal
    /// The day it was paid, `YYYY-MM-DD`.
    public var date: String
    /// What the payer quoted (a bank reference), if given.
    public var reference: String?
    /// When it was recorded on this machine.
    public var recordedAt: Date

    /// Creates a payment.
    public init(id: String, amount: Decimal, date: String, reference: String? = nil, recordedAt: Date) {
        self.id = id
        self.amount = amount
        self.date = date
        self.reference = reference
        self.recordedAt = recordedAt
    }

    /// Amounts are stored as text, so they read back exactly (a JSON number would pass through a binary float).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(String.self, forKey: .id)
        amount = try SettlementAmount.decode(container, .amount)
        date = try container.decode(String.self, forKey: .date)
        reference = try container.decodeIfPresent(String.self, forKey: .reference)
        recordedAt = try container.decode(Date.self, forKey: .recordedAt)
    }

    /// Writes the amount as text.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode("\(amount)", forKey: .amount)
        try container.encode(date, forKey: .date)
        try container.encodeIfPresent(reference, forKey: .reference)
        try container.encode(recordedAt, forKey: .recordedAt)
    }

    private enum CodingKeys: String, CodingKey {
        case id, amount, date, reference, recordedAt
    }
}

/// A credit note as the invoice's account remembers it: enough to compute the balance and to refuse crediting a
/// line twice without reading every credit note.
public struct SettlementCreditNote: Hashable, Sendable, Codable {
    /// The credit note's number (`CN-0001`).
    public var number: String
    /// What it credits, gross (with VAT), positive, in the invoice's currency.
    public var amount: Decimal
    /// The day it was issued, `YYYY-MM-DD`.
    public var date: String
    /// The invoice lines it credits, counted from 1.
    public var lines: [Int]

    /// Creates an entry.
    public init(number: String, amount: Decimal, date: String, lines: [Int]) {
        self.number = number
        self.amount = amount
        self.date = date
        self.lines = lines
    }

    /// Amounts are stored as text, so they read back exactly.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        number = try container.decode(String.self, forKey: .number)
        amount = try SettlementAmount.decode(container, .amount)
        date = try container.decode(String.self, forKey: .date)
        lines = try container.decodeIfPresent([Int].self, forKey: .lines) ?? []
    }

    /// Writes the amount as text.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(number, forKey: .number)
        try container.encode("\(amount)", forKey: .amount)
        try container.encode(date, forKey: .date)
        try container.encode(lines, forKey: .lines)
    }

    private enum CodingKeys: String, CodingKey {
        case number, amount, date, lines
    }
}

/// Amounts in settlement documents: written as text (`"12.50"`), read from text or, for a hand-edited file, a
/// number.
enum SettlementAmount {
    static func decode<Key: CodingKey>(_ container: KeyedDecodingContainer<Key>, _ key: Key) throws -> Decimal {
        if let text = try? container.decode(String.self, forKey: key) {
            guard let value = Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")) else {
                throw DecodingError.dataCorruptedError(
                    forKey: key, in: container, debugDescription: "'\(text)' is not an amount")
            }
            return value
        }
        return try container.decode(Decimal.self, forKey: key)
    }

    /// `value` rounded half away from zero to the minor units of `currencyCode` (ISO 4217; two for a code the table
    /// does not know).
    static func rounded(_ value: Decimal, currency currencyCode: String) -> Decimal {
        var value = value
        var result = Decimal()
        NSDecimalRound(&result, &value, minorUnits(currencyCode), .plain)
        return result
    }

    /// The digits after the decimal separator an amount of `currencyCode` carries.
    static func minorUnits(_ currencyCode: String) -> Int {
        ISOCurrency.minorUnits(for: currencyCode.uppercased()) ?? 2
    }
}

/// Where an invoice stands.
public enum InvoiceStatus: String, Hashable, Sendable, CaseIterable, Codable {
    /// Something is due and nothing was paid yet; not past its due date.
    case open
    /// Some was paid, some is still due; not past its due date.
    case partlyPaid = "partly-paid"
    /// Nothing is due and payments were received.
    case paid
    /// Nothing is due because credit notes cover it; nothing was paid.
    case credited
    /// Something is due and the due date has passed.
    case overdue

    /// The status as the list prints it ("partly paid").
    public var text: String {
        self == .partlyPaid ? "partly paid" : rawValue
    }
}

/// What an invoice comes to once its payments and credit notes are counted.
public struct InvoiceBalance: Hashable, Sendable {
    /// The ISO 4217 code of every amount, upper case.
    public var currency: String
    /// The invoice's total with VAT.
    public var total: Decimal
    /// The sum of its credit notes.
    public var credited: Decimal
    /// The sum of its payments.
    public var paid: Decimal
    /// `total - credited - paid`, rounded to the currency's minor units; never negative, because neither a payment
    /// nor a credit note is accepted beyond it.
    public var due: Decimal
    /// Where it stands on the day the balance was taken.
    public var status: InvoiceStatus
    /// Days since the due date when overdue, else 0.
    public var daysOverdue: Int

    /// The balance of `total` in `currency`, due on `dueOn` (`YYYY-MM-DD`), with `settlement`'s payments and credit
    /// notes, on `today` in `calendar`.
    public init(
        total: Decimal, currency: String, dueOn: String, settlement: InvoiceSettlement?, today: CalendarDay,
        calendar: Calendar
    ) {
        let code = currency.uppercased()
        self.currency = code
        self.total = SettlementAmount.rounded(total, currency: code)
        credited = SettlementAmount.rounded(
            settlement?.creditNotes.reduce(Decimal(0)) { $0 + $1.amount } ?? 0, currency: code)
        paid = SettlementAmount.rounded(
            settlement?.payments.reduce(Decimal(0)) { $0 + $1.amount } ?? 0, currency: code)
        due = SettlementAmount.rounded(self.total - credited - paid, currency: code)
        daysOverdue = 0
        if due > 0 {
            let dueDay = try? CalendarDay(parsing: dueOn)
            if let dueDay, today > dueDay, let from = dueDay.start(in: calendar), let to = today.start(in: calendar) {
                status = .overdue
                daysOverdue = calendar.dateComponents([.day], from: from, to: to).day ?? 0
            } else {
                status = paid > 0 ? .partlyPaid : .open
            }
        } else {
            status = paid == 0 && credited > 0 ? .credited : .paid
        }
    }

    /// The balance of `record` with `settlement`, on `today`.
    public init(_ record: InvoiceRecord, settlement: InvoiceSettlement?, today: CalendarDay, calendar: Calendar) {
        self.init(
            total: record.total, currency: record.request.currencyCode, dueOn: record.dueOn, settlement: settlement,
            today: today, calendar: calendar)
    }
}
