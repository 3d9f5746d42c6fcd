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

/// A submitter numbering with `pattern` on `documents`, offline.
func numberedSubmitter(_ pattern: String?, documents: FakeDocumentStore) -> InvoiceSubmitter {
    let sender = InvoiceSender(
        uploader: ScriptedUploader([]), isSignedIn: { false }, records: documents, currency: testCurrency)
    return InvoiceSubmitter(
        drafting: testDrafting(), templates: testTemplates(), documents: documents,
        seller: { Seller(name: "Seller Ltd", address: ["1 Road"]) }, sender: sender,
        numbering: .invoices(pattern: pattern, calendar: utcCalendar))
}

/// A day at noon UTC.
func day(_ text: String) throws -> Date {
    try #require(try CalendarDay(parsing: text).start(in: utcCalendar)).addingTimeInterval(12 * 3600)
}

@Suite("Invoices: numbering patterns")
struct InvoiceNumberingTests {
    @Test func theNumberingAPIForBothSeries() throws {
        let invoices = InvoiceNumbering.invoices(pattern: "INV-{yyyy}-{seq:4}", calendar: utcCalendar)
        #expect(invoices.sequenceName(for: fixedNow) == "invoices.2026")
        #expect(invoices.number(counter: 7, date: fixedNow) == "INV-2026-0007")
        let monthly = InvoiceNumbering.invoices(pattern: "FV/{yyyy}/{mm}/{seq:3}", calendar: utcCalendar)
        #expect(monthly.sequenceName(for: fixedNow) == "invoices.2026-03")
        let credits = InvoiceNumbering.creditNotes(calendar: utcCalendar)
        #expect(credits.sequenceName(for: fixedNow) == "credit-notes")
        #expect(credits.number(counter: 3, date: fixedNow) == "CN-0003")
        #expect(InvoiceNumbering.invoices(pattern: "INV-{yyyy}", calendar: utcCalendar).pattern.text == "INV-{seq:4}")
        #expect(InvoiceNumbering.documentIDStem(for: "FV/2026/03/001") == "FV_2026_03_001")
        #expect(InvoiceNumbering.documentIDStem(for: "Nr. 7 ü") == "Nr._7__")
        #expect(InvoiceNumbering.documentIDStem(for: "INV-0001") == "INV-0001")
    }

    @Test func aYearlyPatternCountsInTheYearsSequenceAndStartsAgainNextYear() async throws {
        let documents = FakeDocumentStore(now: { fixedNow })
        let submitter = numberedSubmitter("INV-{yyyy}-{seq:4}", documents: documents)
        var form = request()
        #expect(try await submitter.submit(form).record.number == "INV-2026-0001")
        #expect(try await submitter.submit(form).record.number == "INV-2026-0002")
        form.issueDate = try day("2027-01-02")
        #expect(try await submitter.submit(form).record.number == "INV-2027-0001")
        #expect(await documents.lastNumber(of: try NumberSequence("invoices.2026")) == 2)
        #expect(await documents.lastNumber(of: try NumberSequence("invoices.2027")) == 1)
    }

    @Test func printedCharactersAnIDCannotHoldAreMappedInTheIDOnly() async throws {
        let documents = FakeDocumentStore(now: { fixedNow })
        let submitter = numberedSubmitter("FV/{yyyy}/{mm}/{seq:3}", documents: documents)
        let record = try await submitter.submit(request()).record
        #expect(record.number == "FV/2026/03/001")
        let ids = await documents.list().map(\.id.rawValue).sorted()
        #expect(ids == ["FV_2026_03_001.json", "FV_2026_03_001.pdf"])
        let archive = InvoiceArchive(documents: documents)
        #expect(try await archive.list().map(\.number) == ["FV/2026/03/001"])
        #expect(try await archive.invoice(number: "FV/2026/03/001").record == record)
        await #expect(throws: InvoiceError.notFound("FV_2026_03_001")) {
            try await archive.invoice(number: "FV_2026_03_001")
        }
    }

    @Test func theDefaultPatternContinuesTheNumbersStoredBefore() async throws {
        let documents = FakeDocumentStore(now: { fixedNow })
        _ = try await numberedSubmitter(nil, documents: documents).submit(request())
        // A record written before records carried `kind`, and a document of the invoice that is not its record.
        let old = try #require(await documents.load(try DocumentID("INV-0001.json")))
        _ = try await documents.save(
            DocumentDraft(
                id: old.metadata.id, contentType: DocumentContentType.json, attributes: ["number": "INV-0001"],
                bytes: old.bytes))
        _ = try await documents.save(
            DocumentDraft(
                id: try DocumentID("INV-0001.settlement.json"), contentType: DocumentContentType.json,
                bytes: Data("{}".utf8)))
        let next = try await numberedSubmitter("INV-{seq:4}", documents: documents).submit(request())
        #expect(next.record.number == "INV-0002")
        let archive = InvoiceArchive(documents: documents)
        #expect(try await archive.list().map(\.number) == ["INV-0001", "INV-0002"])
        #expect(try await archive.invoice(number: "INV-0001").record.number == "INV-0001")
        #expect(try await archive.number(matching: "inv-0001") == "INV-0001")
    }

    @Test func concurrentSubmissionsGetGapFreeDistinctNumbers() async throws {
        let documents = FakeDocumentStore(now: { fixedNow })
        let submitter = numberedSubmitter("INV-{yyyy}-{seq:3}", documents: documents)
        let numbers = try await withThrowingTaskGroup(of: String.self) { group in
            for index in 1...16 {
                group.addTask { try await submitter.submit(request(client: "Client \(index)")).record.number }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(
            numbers.sorted() == (1...16).map { "INV-2026-" + String(repeating: "0", count: $0 < 10 ? 2 : 1) + "\($0)" })
        let records = try await InvoiceArchive(documents: documents).list()
        #expect(records.count == 16 && Set(records.map(\.request.client)).count == 16)
    }
}

@Suite("Invoices: finding an invoice by what a user types")
struct InvoiceLookupTests {
    private func records(_ numbers: [String]) -> [InvoiceRecord] {
        numbers.map {
            InvoiceRecord(
                number: $0, request: request(), issuedOn: "2026-03-18", dueOn: "2026-04-17", lineAmounts: nil,
                subtotal: nil, tax: nil, total: 1, serverID: nil, idempotencyKey: "k")
        }
    }

    @Test(arguments: [
        ("INV-0001", "INV-0001"), ("inv-0001", "INV-0001"), (" inv-0007 ", "INV-0007"), ("7", "INV-0007"),
        ("0007", "INV-0007"), ("12", "INV-0012"), ("0012", "INV-0012"), ("-0012", "INV-0012"),
    ])
    func aNumberIsFoundInAnyCaseByItsCounterOrItsEnd(text: String, number: String) throws {
        #expect(try InvoiceLookup.match(text, in: records(["INV-0001", "INV-0007", "INV-0012"])).number == number)
    }

    @Test func twoMatchesAreAmbiguousAndListed() {
        let all = records(["INV-2025-0007", "INV-2026-0007", "INV-2026-0017"])
        #expect(throws: InvoiceError.ambiguous("7", candidates: ["INV-2025-0007", "INV-2026-0007"])) {
            try InvoiceLookup.match("7", in: all)
        }
        #expect(throws: InvoiceError.ambiguous("07", candidates: ["INV-2025-0007", "INV-2026-0007"])) {
            try InvoiceLookup.match("07", in: all)
        }
        #expect(throws: Never.self) { try InvoiceLookup.match("26-0007", in: all) }
    }

    @Test(arguments: ["8", "INV-0008", "", "\u{1B}[2J", "../INV-0001", String(repeating: "1", count: 65)])
    func nothingMatchesIsNotFound(text: String) {
        #expect {
            try InvoiceLookup.match(text, in: records(["INV-0001", "INV-0007"]))
        } throws: { error in
            if case .notFound = error as? InvoiceError { true } else { false }
        }
    }
}

@Suite("Invoices: show, upload and duplicate by any form of the number")
struct InvoiceLookupCommandTests {
    @Test func showUploadAndDuplicateTakeACounterOrAnyCase() async throws {
        let fixture = ClientFixture()
        _ = try await fixture.flows.submitter.submit(request())
        let shown = await fixture.invoices.run(["invoice", "show", "1"])
        #expect(shown.status == .success, "\(shown.error)")
        #expect(shown.output.hasPrefix("INV-0001 for ACME"))
        #expect(await fixture.invoices.run(["invoice", "show", "inv-0001"]).status == .success)
        #expect(await fixture.invoices.run(["invoice", "upload", "inv-0001"]).status == .temporaryFailure)
        let copy = await fixture.invoices.run(["invoice", "duplicate", "1"])
        #expect(copy.output.contains("Invoice INV-0002 for ACME"), "\(copy.error)")
        #expect(await fixture.invoices.run(["invoice", "show", "9"]).status == .dataError)
    }

    @Test func anAmbiguousNumberIsRefusedListingTheCandidates() async throws {
        let documents = FakeDocumentStore(now: { fixedNow })
        let submitter = numberedSubmitter("INV-{yyyy}-{seq:4}", documents: documents)
        var form = request()
        form.issueDate = try day("2025-06-01")
        _ = try await submitter.submit(form)
        _ = try await submitter.submit(request())
        let archive = InvoiceArchive(documents: documents)
        let invoices = Invoices(
            form: submitter, archive: archive,
            uploads: InvoiceUploadRetrier(
                documents: documents,
                sender: InvoiceSender(
                    uploader: ScriptedUploader([]), isSignedIn: { false }, records: documents,
                    currency: testCurrency)),
            duplication: InvoiceDuplicator(documents: documents, form: submitter),
            preview: InvoicePreviewer(
                drafting: testDrafting(), renderer: InvoicePDFPreviewRenderer(fonts: .standard14),
                seller: { germanSeller }),
            templates: ["standard"],
            display: DisplayContext(
                days: DayFormat(calendar: utcCalendar), money: { amount, code in "\(amount) \(code)" },
                now: { fixedNow }, defaultCurrency: "EUR"))
        let harness = CommandHarness(InvoiceCommands(invoices: { invoices }, templates: invoices.templates))
        let result = await harness.run(["invoice", "show", "1"])
        #expect(result.status == .dataError)
        #expect(
            result.error.contains("'1' names more than one invoice: INV-2025-0001, INV-2026-0001"), "\(result.error)")
        #expect(await harness.run(["invoice", "show", "2025-0001"]).status == .success)
    }
}

@Suite("Invoices: duplicates with changes")
struct InvoiceDuplicateChangesTests {
    @Test func aCopyKeepsTheOriginalsPaymentTermsFromItsOwnIssueDay() async throws {
        let flows = Flows(signedIn: false)
        var form = request()
        form.dueDate = try day("2026-04-01")  // 14 days after 2026-03-18
        _ = try await flows.submitter.submit(form)
        let copy = try await flows.duplicator.duplicate(
            number: "INV-0001", changes: InvoiceChanges(issueDate: try day("2026-05-10"))
        ).record
        #expect(copy.issuedOn == "2026-05-10" && copy.dueOn == "2026-05-24")
        let plain = try await flows.duplicator.duplicate(number: "INV-0001").record
        #expect(plain.issuedOn == "2026-03-18" && plain.dueOn == "2026-04-01")
        // A copy of the copy keeps the terms too.
        let again = try await flows.duplicator.duplicate(
            number: copy.number, changes: InvoiceChanges(issueDate: try day("2026-06-01"))
        ).record
        #expect(again.dueOn == "2026-06-15")
    }

    @Test func anOriginalWithoutADueDayGivesTheUsualThirtyDays() async throws {
        let flows = Flows(signedIn: false)
        _ = try await flows.submitter.submit(request())
        let copy = try await flows.duplicator.duplicate(
            number: "INV-0001", changes: InvoiceChanges(issueDate: try day("2026-05-10"))
        ).record
        #expect(copy.dueOn == "2026-06-09")
    }

    @Test func theCommandChangesClientDatesAndLines() async throws {
        let fixture = ClientFixture()
        _ = try await fixture.directory.save(acme, replacing: false)
        var form = request(client: "Bob")
        form.clientCity = "Berlin"
        form.dueDate = try day("2026-03-28")
        _ = try await fixture.flows.submitter.submit(form)
        let result = await fixture.invoices.run([
            "invoice", "duplicate", "1", "--client", "acme", "--date", "2026-04-01", "--item", "Audit;2;300",
        ])
        #expect(result.status == .temporaryFailure, "\(result.error)")
        let copy = try await fixture.flows.archive.invoice(number: "INV-0002").record
        #expect(copy.request.client == "ACME SARL" && copy.request.clientKey == "acme")
        #expect(copy.request.clientCity == "Paris" && copy.request.clientVATID == "FR40303265045")
        #expect(copy.request.items.map(\.description) == ["Audit"])
        #expect(copy.issuedOn == "2026-04-01" && copy.dueOn == "2026-04-11")
        let due = await fixture.invoices.run(["invoice", "duplicate", "1", "--client", "Eve", "--due", "2026-12-31"])
        #expect(due.status == .temporaryFailure, "\(due.error)")
        let third = try await fixture.flows.archive.invoice(number: "INV-0003").record
        #expect(third.request.client == "Eve" && third.request.clientCity == nil && third.dueOn == "2026-12-31")
        let bad = await fixture.invoices.run(["invoice", "duplicate", "1", "--item", "nonsense"])
        #expect(bad.status == .usage)
        #expect(try await fixture.flows.archive.list().count == 3)
    }
}
