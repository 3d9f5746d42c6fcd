import CommandKit
import CommandKitTesting
import Essentials
import Foundation
import Networking
import Rendering
import Storage
import StorageTesting
import Testing
import Validation

@testable import InvoicesFeature

/// The settlement flows on one in-memory store, with a clock a test moves, real templates and real e-invoice
/// writers.
struct SettlementFlows {
    let documents: FakeDocumentStore
    let clock = LockedValue(fixedNow)
    let submitter: InvoiceSubmitter
    let payments: PaymentRecorder
    let credits: CreditNoteIssuer
    let accounts: InvoiceAccounts
    let uploader: ScriptedSettlementUploader

    static let output = EInvoiceOutput(
        writer: EInvoiceOutput.crossIndustryWriter(for:),
        archival: ["standard": InvoicePDFRenderer(theme: .standard, fonts: .default, creationDate: { fixedNow })])

    init(signedIn: Bool = false, answers: [Result<StoredSettlementItem, APIError>] = []) {
        let documents = FakeDocumentStore(now: { fixedNow })
        let clock = self.clock
        let now: @Sendable () -> Date = { clock.withLock { $0 } }
        let drafting = InvoiceDrafting(
            validator: InvoiceValidator(options: InvoiceValidationOptions(calendar: utcCalendar)), messages: .english,
            now: now, calendar: utcCalendar, locale: RenderingLocale(identifier: "en_US"), currency: testCurrency)
        let sender = InvoiceSender(
            uploader: ScriptedUploader([]), isSignedIn: { false }, records: documents, currency: testCurrency)
        let uploader = ScriptedSettlementUploader(answers)
        let settlementSender = SettlementSender(uploader: uploader, isSignedIn: { signedIn }, records: documents)
        self.documents = documents
        self.uploader = uploader
        submitter = InvoiceSubmitter(
            drafting: drafting, templates: testTemplates(), documents: documents, seller: { germanSeller },
            sender: sender, eInvoices: Self.output)
        payments = PaymentRecorder(documents: documents, now: now, calendar: utcCalendar, sender: settlementSender)
        credits = CreditNoteIssuer(
            drafting: drafting, templates: testTemplates(), documents: documents, seller: { germanSeller },
            eInvoices: Self.output, sender: settlementSender)
        accounts = InvoiceAccounts(documents: documents, now: now, calendar: utcCalendar)
    }

    /// Issues `request` (INV-0001 for the first): 3,996.84 EUR by default, lines of 3,900.00 and 96.84 gross.
    @discardableResult
    func issue(_ request: InvoiceRequest = InvoicesFeatureTests.request()) async throws -> InvoiceRecord {
        try await submitter.submit(request).record
    }

    func pay(
        _ amount: String? = nil, date: String? = nil, invoice: String = "INV-0001"
    ) async throws(SettlementError)
        -> PaymentReceipt
    {
        try await payments.pay(PaymentRequest(invoice: invoice, amount: amount, date: date))
    }

    func credit(
        _ selection: CreditSelection, invoice: String = "INV-0001"
    ) async throws(SettlementError)
        -> CreditNoteIssue
    {
        try await credits.credit(CreditRequest(invoice: invoice, selection: selection))
    }

    /// The commands on these flows.
    var harness: CommandHarness {
        let invoices = Invoices(
            form: submitter, archive: InvoiceArchive(documents: documents),
            uploads: InvoiceUploadRetrier(
                documents: documents,
                sender: InvoiceSender(
                    uploader: ScriptedUploader([]), isSignedIn: { false }, records: documents, currency: testCurrency)),
            duplication: InvoiceDuplicator(documents: documents, form: submitter),
            preview: InvoicePreviewer(
                drafting: testDrafting(), renderer: InvoicePDFPreviewRenderer(fonts: .standard14),
                seller: { germanSeller }),
            templates: ["compact", "creative", "standard"],
            display: DisplayContext(
                days: DayFormat(calendar: utcCalendar),
                money: { amount, code in
                    MoneyFormatter(locale: RenderingLocale(identifier: "en_US"))
                        .string(from: amount, currency: testCurrency(code))
                },
                now: { fixedNow }, defaultCurrency: "EUR"),
            payments: payments, credits: credits, accounts: accounts)
        return CommandHarness(InvoiceCommands(invoices: { invoices }, templates: invoices.templates))
    }

    /// Moves the clock `days` days on.
    func advance(days: Int) {
        clock.withLock { $0 = $0.addingTimeInterval(Double(days) * 86_400) }
    }
}

/// A settlement uploader that answers from a script and records what it was sent.
actor ScriptedSettlementUploader: SettlementUploading {
    private var answers: [Result<StoredSettlementItem, APIError>]
    private(set) var creditNotes: [CreditNoteUpload] = []
    private(set) var payments: [PaymentEvent] = []

    init(_ answers: [Result<StoredSettlementItem, APIError>]) {
        self.answers = answers
    }

    func upload(_ creditNote: CreditNoteUpload) async throws(APIError) -> StoredSettlementItem {
        creditNotes.append(creditNote)
        return try next()
    }

    func post(_ payment: PaymentEvent) async throws(APIError) -> StoredSettlementItem {
        payments.append(payment)
        return try next()
    }

    private func next() throws(APIError) -> StoredSettlementItem {
        guard !answers.isEmpty else { throw .transport(.invalidResponse) }
        return try answers.removeFirst().get()
    }
}

private func decimal(_ text: String) -> Decimal {
    Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")) ?? .nan
}

@Suite("Invoices: balances")
struct InvoiceBalanceTests {
    func balance(
        total: String = "100.00", currency: String = "EUR", dueOn: String = "2026-04-17", payments: [String] = [],
        credits: [String] = [], today: String = "2026-03-18"
    ) throws -> InvoiceBalance {
        let settlement = InvoiceSettlement(
            invoiceNumber: "INV-0001",
            payments: payments.enumerated().map {
                SettlementPayment(
                    id: "P-\($0.offset + 1)", amount: decimal($0.element), date: today, recordedAt: fixedNow)
            },
            creditNotes: credits.enumerated().map {
                SettlementCreditNote(number: "CN-\($0.offset + 1)", amount: decimal($0.element), date: today, lines: [])
            })
        return InvoiceBalance(
            total: decimal(total), currency: currency, dueOn: dueOn, settlement: settlement,
            today: try CalendarDay(parsing: today), calendar: utcCalendar)
    }

    @Test func theAmountDueIsTheTotalLessCreditsAndPayments() throws {
        let balance = try balance(payments: ["10.10", "20.20"], credits: ["30.30"])
        #expect(balance.due == decimal("39.40") && balance.paid == decimal("30.30"))
        #expect(balance.credited == decimal("30.30") && balance.status == .partlyPaid)
    }

    @Test(arguments: [
        ([String](), [String](), "2026-03-18", InvoiceStatus.open, 0),
        (["40"], [], "2026-03-18", .partlyPaid, 0),
        (["40", "60"], [], "2026-03-18", .paid, 0),
        ([], ["100"], "2026-03-18", .credited, 0),
        (["40"], ["60"], "2026-05-01", .paid, 0),
        ([], [], "2026-04-17", .open, 0),
        ([], [], "2026-04-18", .overdue, 1),
        (["40"], [], "2026-05-17", .overdue, 30),
    ])
    func statusFollowsPaymentsCreditsAndTheDueDate(
        payments: [String], credits: [String], today: String, status: InvoiceStatus, days: Int
    ) throws {
        let balance = try balance(payments: payments, credits: credits, today: today)
        #expect(balance.status == status && balance.daysOverdue == days)
    }

    @Test func amountsAreRoundedToTheCurrencysMinorUnits() throws {
        #expect(try balance(total: "1000.4", currency: "JPY").due == 1000)
        #expect(try balance(total: "10.0005", currency: "BHD").due == decimal("10.001"))
        #expect(try balance(total: "10.005", currency: "EUR").due == decimal("10.01"))
    }

    @Test func settlementsReadBackExactly() throws {
        let settlement = InvoiceSettlement(
            invoiceNumber: "INV-0001",
            payments: [
                SettlementPayment(
                    id: "P-1", amount: decimal("0.1"), date: "2026-03-18", reference: "R", recordedAt: fixedNow)
            ],
            creditNotes: [
                SettlementCreditNote(number: "CN-0001", amount: decimal("3996.84"), date: "2026-03-18", lines: [1, 2])
            ])
        let data = try JSONEncoder().encode(settlement)
        #expect(String(decoding: data, as: UTF8.self).contains("\"3996.84\""))
        #expect(try JSONDecoder().decode(InvoiceSettlement.self, from: data) == settlement)
    }
}

@Suite("Invoices: payments")
struct PaymentRecorderTests {
    @Test func aPaymentWithoutAnAmountPaysWhatIsDue() async throws {
        let flows = SettlementFlows()
        try await flows.issue()
        let receipt = try await flows.pay()
        #expect(receipt.payment.id == "P-1" && receipt.payment.amount == decimal("3996.84"))
        #expect(receipt.payment.date == "2026-03-18")
        #expect(receipt.balance.due == 0 && receipt.balance.status == .paid)
        let stored = try await SettlementFiles.settlement(of: "INV-0001", in: flows.documents)
        #expect(stored.payments == [receipt.payment])
    }

    @Test func twoPartPaymentsSettleTheInvoice() async throws {
        let flows = SettlementFlows()
        try await flows.issue()
        let first = try await flows.pay("1000", date: "2026-03-20")
        #expect(first.balance.due == decimal("2996.84") && first.balance.status == .partlyPaid)
        let second = try await flows.pay("2996.84")
        #expect(second.payment.id == "P-2" && second.balance.status == .paid)
        #expect(try await flows.accounts.account(number: "INV-0001").settlement.payments.count == 2)
    }

    @Test func anOverpaymentIsRefusedNamingTheAmountDue() async throws {
        let flows = SettlementFlows()
        try await flows.issue()
        _ = try await flows.pay("3000")
        await #expect(throws: SettlementError.overpayment(amount: 1000, due: decimal("996.84"), currency: "EUR")) {
            try await flows.pay("1000")
        }
        #expect(
            SettlementError.overpayment(amount: 1000, due: decimal("996.84"), currency: "EUR").description
                .contains("amount due, 996.84 EUR"))
        _ = try await flows.pay()
        await #expect(throws: SettlementError.nothingDue(invoice: "INV-0001")) { try await flows.pay() }
        await #expect(throws: SettlementError.nothingDue(invoice: "INV-0001")) { try await flows.pay("1") }
    }

    @Test(arguments: [
        ("abc", SettlementError.malformedAmount("abc", currency: "EUR")),
        ("1.234", .malformedAmount("1.234", currency: "EUR")),
        ("", .malformedAmount("", currency: "EUR")),
        ("0", .nonPositiveAmount(0, currency: "EUR")),
        ("-5", .nonPositiveAmount(-5, currency: "EUR")),
    ])
    func badAmountsAreRefusedAndNothingIsStored(amount: String, error: SettlementError) async throws {
        let flows = SettlementFlows()
        try await flows.issue()
        await #expect(throws: error) { try await flows.pay(amount) }
        #expect(await flows.documents.lastNumber(of: try NumberSequence("payments")) == 0)
        #expect(try await flows.accounts.account(number: "INV-0001").settlement.payments.isEmpty)
    }

    @Test(arguments: [
        ("yesterday", SettlementError.malformedDate("yesterday")),
        ("2026-02-30", .malformedDate("2026-02-30")),
        ("2026-03-17", .dateBeforeIssue(date: "2026-03-17", issuedOn: "2026-03-18")),
    ])
    func badDaysAreRefused(date: String, error: SettlementError) async throws {
        let flows = SettlementFlows()
        try await flows.issue()
        await #expect(throws: error) { try await flows.pay("10", date: date) }
        #expect(await flows.documents.lastNumber(of: try NumberSequence("payments")) == 0)
    }

    @Test(arguments: ["INV-0002", "D-3", "draft.1", "../INV-0001", "INV-0001/x"])
    func aPaymentOnAnUnknownInvoiceIsRefused(number: String) async throws {
        let flows = SettlementFlows()
        try await flows.issue()
        await #expect(throws: SettlementError.unknownInvoice(number)) { try await flows.pay("1", invoice: number) }
    }

    @Test func aPaymentIsPostedAsAnEventAndAFailedPostKeepsIt() async throws {
        let flows = SettlementFlows(
            signedIn: true,
            answers: [.success(StoredSettlementItem(id: "pay_1", createdAt: "x")), .failure(.transport(.timeout))])
        try await flows.issue()
        #expect(try await flows.pay("10").uploadFailure == nil)
        let failed = try await flows.pay("20")
        #expect(failed.uploadFailure?.reason == .unreachable)
        let events = await flows.uploader.payments
        #expect(events.map(\.amountCents) == [1000, 2000] && events.map(\.paymentID) == ["P-1", "P-2"])
        #expect(try await flows.accounts.account(number: "INV-0001").balance.paid == 30)
    }
}

@Suite("Invoices: credit notes")
struct CreditNoteIssuerTests {
    @Test func creditingALineStoresTheCreditNoteAndReplacesTheAccount() async throws {
        let flows = SettlementFlows()
        try await flows.issue()
        let issue = try await flows.credit(.lines([2]))
        #expect(issue.creditNote.number == "CN-0001" && issue.creditNote.lines == [2])
        #expect(issue.creditNote.amount == decimal("96.84"))
        #expect(issue.balance.credited == decimal("96.84") && issue.balance.due == 3900)
        let ids = await flows.documents.list().map(\.id.rawValue)
        #expect(ids.contains("CN-0001.json") && ids.contains("CN-0001.pdf") && !ids.contains("CN-0001.xml"))
        #expect(ids.contains("INV-0001.settlement.json"))
        let file = try await flows.accounts.creditNote(number: "CN-0001")
        #expect(file.pdf.starts(with: Data("%PDF-".utf8)))
        #expect(try await InvoiceArchive(documents: flows.documents).list().map(\.number) == ["INV-0001"])
    }

    @Test func aLineIsCreditedAtMostOnce() async throws {
        let flows = SettlementFlows()
        try await flows.issue()
        _ = try await flows.credit(.lines([1]))
        await #expect(throws: SettlementError.lineAlreadyCredited(line: 1, creditNote: "CN-0001")) {
            try await flows.credit(.lines([2, 1]))
        }
        let rest = try await flows.credit(.all)
        #expect(rest.creditNote.lines == [2] && rest.balance.status == .credited && rest.balance.due == 0)
        await #expect(throws: SettlementError.nothingToCredit(invoice: "INV-0001")) { try await flows.credit(.all) }
        #expect(await flows.documents.lastNumber(of: try NumberSequence("credit-notes")) == 2)
    }

    @Test(arguments: [[0], [3], [1, 7], [-1]])
    func linesOutOfRangeAreRefused(lines: [Int]) async throws {
        let flows = SettlementFlows()
        try await flows.issue()
        let line = lines.first { !(1...2).contains($0) } ?? 0
        await #expect(throws: SettlementError.lineOutOfRange(line: line, lineCount: 2)) {
            try await flows.credit(.lines(lines))
        }
        #expect(await flows.documents.lastNumber(of: try NumberSequence("credit-notes")) == 0)
    }

    @Test func aCreditBeyondWhatIsDueIsRefused() async throws {
        let flows = SettlementFlows()
        try await flows.issue()
        _ = try await flows.pay("100")
        await #expect(throws: SettlementError.creditExceedsDue(credit: 3900, due: decimal("3896.84"), currency: "EUR"))
        {
            try await flows.credit(.lines([1]))
        }
        await #expect(
            throws: SettlementError.creditExceedsDue(
                credit: decimal("3996.84"), due: decimal("3896.84"), currency: "EUR")
        ) { try await flows.credit(.all) }
        let line = try await flows.credit(.lines([2]))
        #expect(line.balance.due == 3800 && line.balance.status == .partlyPaid)
    }

    @Test func aCreditOnAnUnknownInvoiceIsRefused() async throws {
        let flows = SettlementFlows()
        await #expect(throws: SettlementError.unknownInvoice("INV-0009")) {
            try await flows.credit(.all, invoice: "INV-0009")
        }
        await #expect(throws: SettlementError.noLines) { try await flows.credit(.lines([])) }
    }

    @Test func aFullCreditOfADiscountedInvoiceMirrorsItToTheCent() async throws {
        let flows = SettlementFlows()
        var discounted = request()
        discounted.discount = InvoiceDiscount(percent: 10, reason: "Loyalty")
        let invoice = try await flows.issue(discounted)
        let issue = try await flows.credit(.all)
        #expect(issue.creditNote.amount == invoice.total && issue.balance.status == .credited)
    }

    @Test(arguments: [InvoiceFormat.facturx, .xrechnung])
    func anEInvoiceCreditNoteIsType381WithThePrecedingInvoice(format: InvoiceFormat) async throws {
        let flows = SettlementFlows()
        flows.advance(days: 2)
        try await flows.issue(
            businessRequest(
                format: format,
                items: [
                    InvoiceItem(description: "Consulting", quantity: 2, unitPrice: 500),
                    InvoiceItem(description: "Travel", quantity: 1, unitPrice: 80),
                ]))
        flows.advance(days: 3)
        let issue = try await flows.credit(.lines([2]))
        #expect(issue.creditNote.amount == decimal("95.20") && issue.creditNote.issuedOn == "2026-03-23")
        let file = try await flows.accounts.creditNote(number: issue.creditNote.number)
        let xml = String(decoding: try #require(file.xml), as: UTF8.self)
        #expect(xml.contains("<ram:TypeCode>381</ram:TypeCode>"))
        #expect(xml.contains("<ram:InvoiceReferencedDocument>"))
        #expect(xml.contains("<ram:IssuerAssignedID>INV-0001</ram:IssuerAssignedID>"))
        #expect(xml.contains("20260320"))
        #expect(xml.contains("<ram:GrandTotalAmount>95.20</ram:GrandTotalAmount>"))
        #expect(!xml.contains("Consulting"))
        if format == .facturx {
            #expect(String(decoding: file.pdf, as: UTF8.self).contains("factur-x.xml"))
        }
    }

    @Test func aCreditNoteIsUploadedAndAFailedUploadKeepsIt() async throws {
        let flows = SettlementFlows(
            signedIn: true,
            answers: [.success(StoredSettlementItem(id: "cn_1", createdAt: "x")), .failure(.transport(.timeout))])
        try await flows.issue()
        let uploaded = try await flows.credit(.lines([2]))
        #expect(uploaded.creditNote.serverID == "cn_1" && uploaded.uploadFailure == nil)
        #expect(try await flows.accounts.creditNote(number: "CN-0001").record.serverID == "cn_1")
        let kept = try await flows.credit(.lines([1]))
        #expect(kept.creditNote.serverID == nil && kept.uploadFailure?.reason == .unreachable)
        let sent = await flows.uploader.creditNotes
        #expect(sent.map(\.invoiceNumber) == ["INV-0001", "INV-0001"] && sent.map(\.totalCents) == [9_684, 390_000])
    }
}

@Suite("Invoices: payments and credit notes at once")
struct SettlementConcurrencyTests {
    @Test func manyTasksPayingAndCreditingOneInvoiceKeepTheBalanceConsistent() async throws {
        let flows = SettlementFlows()
        let items = (1...8).map { InvoiceItem(description: "Line \($0)", quantity: 1, unitPrice: 100) }
        try await flows.issue(InvoiceRequest(client: "ACME", items: items, currencyCode: "EUR"))
        enum Outcome: Sendable {
            case paid(Decimal)
            case credited(Decimal)
            case refused
        }
        let outcomes = try await withThrowingTaskGroup(of: Outcome.self) { group in
            for index in 0..<40 {
                group.addTask {
                    do {
                        if index.isMultiple(of: 3) {
                            return .credited(try await flows.credit(.lines([index % 8 + 1])).creditNote.amount)
                        }
                        return .paid(try await flows.pay(index.isMultiple(of: 2) ? "70" : "45").payment.amount)
                    } catch let error as SettlementError {
                        switch error {
                        case .overpayment, .nothingDue, .lineAlreadyCredited, .creditExceedsDue: return .refused
                        default: throw error
                        }
                    }
                }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        let account = try await flows.accounts.account(number: "INV-0001")
        let paid = outcomes.reduce(Decimal(0)) { if case .paid(let amount) = $1 { $0 + amount } else { $0 } }
        let credited = outcomes.reduce(Decimal(0)) { if case .credited(let amount) = $1 { $0 + amount } else { $0 } }
        #expect(account.balance.paid == paid, "no payment lost")
        #expect(account.balance.credited == credited)
        #expect(account.balance.credited <= account.balance.total)
        #expect(account.balance.paid <= account.balance.total - account.balance.credited)
        #expect(account.balance.due >= 0)
        // Replaying the account in order never went below zero either.
        var running = account.balance.total
        for payment in account.settlement.payments { running -= payment.amount }
        for note in account.settlement.creditNotes { running -= note.amount }
        #expect(running == account.balance.due)
        let lines = account.settlement.creditNotes.flatMap(\.lines)
        #expect(Set(lines).count == lines.count, "each line credited at most once")
        #expect(outcomes.contains { if case .refused = $0 { true } else { false } })
    }
}

@Suite("Invoices: accounts and the summary")
struct InvoiceAccountsTests {
    @Test func theSummaryAddsUpPerCurrencyAndCountsOverdueInvoices() async throws {
        let flows = SettlementFlows()
        try await flows.issue()
        try await flows.issue(
            InvoiceRequest(
                client: "B", items: [InvoiceItem(description: "x", quantity: 1, unitPrice: 50)], currencyCode: "USD"))
        var later = InvoiceRequest(
            client: "C", items: [InvoiceItem(description: "y", quantity: 1, unitPrice: 10)], currencyCode: "EUR")
        later.dueDate = fixedNow.addingTimeInterval(86_400 * 60)
        try await flows.issue(later)
        _ = try await flows.pay("996.84")
        flows.advance(days: 40)
        let summary = try await flows.accounts.summary()
        #expect(summary.outstanding == ["EUR": 3010, "USD": 50])
        #expect(summary.overdueCount == 2 && summary.mostDaysOverdue == 10)
        let eur = try #require(summary.currencies.first)
        #expect(eur.currency == "EUR" && eur.overdue == 3000 && eur.outstandingCount == 2 && eur.overdueCount == 1)
    }
}
