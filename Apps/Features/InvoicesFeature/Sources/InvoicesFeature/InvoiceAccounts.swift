import Essentials
public import Foundation
public import Storage

/// An issued invoice with what was paid and credited against it.
public struct InvoiceAccount: Hashable, Sendable {
    /// The invoice.
    public var record: InvoiceRecord
    /// Its payments and credit notes.
    public var settlement: InvoiceSettlement
    /// What it comes to today.
    public var balance: InvoiceBalance
    /// Its credit notes as stored, in the order they were issued (filled when one account is read; empty in a
    /// list, whose balances need only the settlement).
    public var creditNotes: [CreditNoteRecord]
}

/// What is owed across every invoice, per currency (amounts in different currencies are never added up).
public struct InvoiceSummary: Hashable, Sendable {
    /// The figures of one currency.
    public struct Figures: Hashable, Sendable {
        /// ISO 4217 code, upper case.
        public var currency: String
        /// The sum of the amounts due.
        public var outstanding: Decimal
        /// How many invoices have something due.
        public var outstandingCount: Int
        /// The sum of the amounts due on overdue invoices.
        public var overdue: Decimal
        /// How many invoices are overdue.
        public var overdueCount: Int
        /// The most days any of them is overdue.
        public var mostDaysOverdue: Int
    }

    /// The currencies with something due, ordered by code.
    public var currencies: [Figures]

    /// How many invoices are overdue, in every currency.
    public var overdueCount: Int { currencies.reduce(0) { $0 + $1.overdueCount } }
    /// The most days any invoice is overdue.
    public var mostDaysOverdue: Int { currencies.map(\.mostDaysOverdue).max() ?? 0 }
    /// The amount due per currency code.
    public var outstanding: [String: Decimal] {
        Dictionary(uniqueKeysWithValues: currencies.map { ($0.currency, $0.outstanding) })
    }

    /// The summary of `accounts`.
    public init(_ accounts: [InvoiceAccount]) {
        var figures: [String: Figures] = [:]
        for account in accounts where account.balance.due > 0 {
            let balance = account.balance
            var entry =
                figures[balance.currency]
                ?? Figures(
                    currency: balance.currency, outstanding: 0, outstandingCount: 0, overdue: 0, overdueCount: 0,
                    mostDaysOverdue: 0)
            entry.outstanding += balance.due
            entry.outstandingCount += 1
            if balance.status == .overdue {
                entry.overdue += balance.due
                entry.overdueCount += 1
                entry.mostDaysOverdue = max(entry.mostDaysOverdue, balance.daysOverdue)
            }
            figures[balance.currency] = entry
        }
        currencies = figures.values.sorted { $0.currency < $1.currency }
    }
}

/// Reads invoices with their payments and credit notes.
public protocol InvoiceAccountReading: Sendable {
    /// Every issued invoice with its balance today, ordered by number.
    func accounts() async throws(SettlementError) -> [InvoiceAccount]
    /// Invoice `number` with its balance today and its credit notes.
    func account(number: String) async throws(SettlementError) -> InvoiceAccount
    /// The credit note `number` with its PDF and XML.
    func creditNote(number: String) async throws(SettlementError) -> CreditNoteFile
}

extension InvoiceAccountReading {
    /// What is owed today across every invoice; the list, the summary command and the home screen read it, so they
    /// show the same figures.
    public func summary() async throws(SettlementError) -> InvoiceSummary {
        InvoiceSummary(try await accounts())
    }
}

/// Reads accounts from the store; the balance is taken on `now`'s day in `calendar`.
public struct InvoiceAccounts: InvoiceAccountReading {
    private let documents: any DocumentListing & DocumentLoading
    private let now: @Sendable () -> Date
    private let calendar: Calendar

    /// Reads from `documents`; `now` and `calendar` say which day it is (for overdue invoices).
    public init(
        documents: any DocumentListing & DocumentLoading, now: @escaping @Sendable () -> Date, calendar: Calendar
    ) {
        self.documents = documents
        self.now = now
        self.calendar = calendar
    }

    /// See the protocol.
    public func accounts() async throws(SettlementError) -> [InvoiceAccount] {
        let records: [InvoiceRecord]
        do throws(InvoiceError) {
            records = try await InvoiceFiles.records(in: documents)
        } catch {
            throw .invoice(error)
        }
        let today = CalendarDay(now(), in: calendar.timeZone)
        var accounts: [InvoiceAccount] = []
        for record in records {
            let settlement = try await SettlementFiles.settlement(of: record.number, in: documents)
            accounts.append(
                InvoiceAccount(
                    record: record, settlement: settlement,
                    balance: InvoiceBalance(record, settlement: settlement, today: today, calendar: calendar),
                    creditNotes: []))
        }
        return accounts
    }

    /// See the protocol.
    public func account(number: String) async throws(SettlementError) -> InvoiceAccount {
        let record: InvoiceRecord
        do throws(InvoiceError) {
            record = try await InvoiceFiles.invoice(number, in: documents).record
        } catch {
            if case .notFound = error { throw .unknownInvoice(number) }
            throw .invoice(error)
        }
        let settlement = try await SettlementFiles.settlement(of: record.number, in: documents)
        var creditNotes: [CreditNoteRecord] = []
        for note in settlement.creditNotes {
            creditNotes.append(try await SettlementFiles.creditNote(note.number, in: documents).record)
        }
        let today = CalendarDay(now(), in: calendar.timeZone)
        return InvoiceAccount(
            record: record, settlement: settlement,
            balance: InvoiceBalance(record, settlement: settlement, today: today, calendar: calendar),
            creditNotes: creditNotes)
    }

    /// See the protocol.
    public func creditNote(number: String) async throws(SettlementError) -> CreditNoteFile {
        try await SettlementFiles.creditNote(number, in: documents)
    }
}
