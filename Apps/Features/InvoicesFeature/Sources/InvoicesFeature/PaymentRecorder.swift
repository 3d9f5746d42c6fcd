import Essentials
public import Foundation
public import Storage

/// A payment as a user typed it: texts, so that every refusal (a malformed amount or day) is the flow's, with the
/// same sentence in every front end.
public struct PaymentRequest: Hashable, Sendable {
    /// The invoice number.
    public var invoice: String
    /// The amount in the invoice's currency; nil pays what is due.
    public var amount: String?
    /// The day it was paid, `YYYY-MM-DD`; nil is today.
    public var date: String?
    /// What the payer quoted.
    public var reference: String?

    /// Creates a request.
    public init(invoice: String, amount: String? = nil, date: String? = nil, reference: String? = nil) {
        self.invoice = invoice
        self.amount = amount
        self.date = date
        self.reference = reference
    }
}

/// A recorded payment and what the invoice comes to after it.
public struct PaymentReceipt: Hashable, Sendable {
    /// The payment as stored.
    public var payment: SettlementPayment
    /// The invoice it pays.
    public var invoice: InvoiceRecord
    /// The invoice's account after it.
    public var settlement: InvoiceSettlement
    /// The balance after it.
    public var balance: InvoiceBalance
    /// Why the payment event could not be posted to the server, when it could not; the payment is recorded on this
    /// machine either way.
    public var uploadFailure: UploadFailure?
}

/// Records payments received against issued invoices.
public protocol InvoicePaying: Sendable {
    /// Records `request`, refusing (with nothing stored) an unknown invoice, an amount that is malformed, not
    /// positive or more than is due, and a day that is malformed or before the issue date.
    func pay(_ request: PaymentRequest) async throws(SettlementError) -> PaymentReceipt
}

/// Records a payment in one transaction of the store: the invoice and its account are read under the lock that
/// takes the payment's id, the amount is checked against what is due at that moment, and the account is replaced,
/// so payments and credit notes from several processes never take the balance below zero and none is lost.
public struct PaymentRecorder: InvoicePaying {
    private let documents: any NumberedDocumentUpdating
    private let now: @Sendable () -> Date
    private let calendar: Calendar
    private let sender: SettlementSender?

    /// Records in `documents`; `now` dates the record and is the default day, in `calendar`'s time zone; `sender`
    /// posts each payment as an event when given.
    public init(
        documents: any NumberedDocumentUpdating, now: @escaping @Sendable () -> Date, calendar: Calendar,
        sender: SettlementSender? = nil
    ) {
        self.documents = documents
        self.sender = sender
        self.now = now
        self.calendar = calendar
    }

    /// See the protocol.
    public func pay(_ request: PaymentRequest) async throws(SettlementError) -> PaymentReceipt {
        let ids = try SettlementFiles.ids(of: request.invoice)
        var day: CalendarDay?
        if let text = request.date {
            do throws(CalendarDay.Problem) {
                day = try CalendarDay(parsing: text.trimmingCharacters(in: .whitespaces))
            } catch {
                throw .malformedDate(text)
            }
        }
        let recordedAt = now()
        let today = CalendarDay(recordedAt, in: calendar.timeZone)
        let paidOn = day ?? today
        let reference = request.reference.map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
            .flatMap { $0.isEmpty ? nil : $0 }
        let sequence: NumberSequence
        do {
            sequence = try NumberSequence(PaymentID.sequenceName)
        } catch {
            throw .invoice(.storage(error))
        }
        let receipt = LockedValue<PaymentReceipt?>(nil)
        do throws(NumberedCreationError<SettlementError>) {
            _ = try await documents.createNumberedDocuments(in: sequence, reading: [ids.record, ids.settlement]) {
                [calendar] number, read throws(SettlementError) in
                let record = try SettlementFiles.record(request.invoice, id: ids.record, in: read)
                var settlement = try SettlementFiles.settlement(request.invoice, id: ids.settlement, in: read)
                let code = record.request.currencyCode.uppercased()
                let before = InvoiceBalance(record, settlement: settlement, today: today, calendar: calendar)
                if let issued = try? CalendarDay(parsing: record.issuedOn), paidOn < issued {
                    throw .dateBeforeIssue(date: paidOn.iso8601, issuedOn: record.issuedOn)
                }
                let amount: Decimal
                if let text = request.amount {
                    amount = try Self.amount(text, currency: code)
                    guard amount <= before.due else {
                        throw before.due == 0
                            ? .nothingDue(invoice: record.number)
                            : .overpayment(amount: amount, due: before.due, currency: code)
                    }
                } else {
                    guard before.due > 0 else { throw .nothingDue(invoice: record.number) }
                    amount = before.due
                }
                let payment = SettlementPayment(
                    id: PaymentID.formatted(number), amount: amount, date: paidOn.iso8601, reference: reference,
                    recordedAt: recordedAt)
                settlement.payments.append(payment)
                receipt.withLock {
                    $0 = PaymentReceipt(
                        payment: payment, invoice: record, settlement: settlement,
                        balance: InvoiceBalance(record, settlement: settlement, today: today, calendar: calendar),
                        uploadFailure: nil)
                }
                return [
                    try SettlementFiles.draft(settlement),
                    try SettlementFiles.draft(payment, number: number, invoice: record.number),
                ]
            }
        } catch {
            switch error {
            case .build(let failure): throw failure
            case .storage(let failure): throw .invoice(.storage(failure))
            }
        }
        guard var stored = receipt.withLock({ $0 }) else { throw .unknownInvoice(request.invoice) }
        if let sender { stored.uploadFailure = await sender.send(stored.payment, of: stored.invoice) }
        return stored
    }

    /// `text` as a positive amount of `currency` with at most its minor units.
    static func amount(_ text: String, currency: String) throws(SettlementError) -> Decimal {
        guard let amount = DecimalText.parse(text.trimmingCharacters(in: .whitespaces)),
            SettlementAmount.rounded(amount, currency: currency) == amount
        else { throw .malformedAmount(text, currency: currency) }
        guard amount > 0 else { throw .nonPositiveAmount(amount, currency: currency) }
        return amount
    }
}
