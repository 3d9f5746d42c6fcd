import CommandKit
import CommandKitTesting
import Essentials
import Foundation
import Networking
import Rendering
import RenderingTesting
import Storage
import StorageTesting
import Testing
import Validation

@testable import InvoicesFeature

/// The draft flows on the flows of `Flows` (one in-memory store, which implements `NumberedDocumentUpdating`), as
/// the composition root wires them, and `ledger invoice` on them.
struct DraftFixture {
    let flows: Flows
    let desk: DraftDesk
    let issuer: DraftIssuer
    let previewer: InvoicePreviewer

    init(
        signedIn: Bool = false, answers: [Result<StoredInvoice, APIError>] = [],
        previewRenderer: any InvoicePreviewRendering = InvoicePDFPreviewRenderer(
            fonts: .standard14, creationDate: { fixedNow })
    ) {
        flows = Flows(signedIn: signedIn, answers: answers)
        desk = DraftDesk(documents: flows.documents)
        let sender = InvoiceSender(
            uploader: flows.uploader, isSignedIn: { signedIn }, records: flows.documents, currency: testCurrency)
        issuer = DraftIssuer(composer: flows.submitter.composer, documents: flows.documents, sender: sender)
        previewer = InvoicePreviewer(
            drafting: testDrafting(), renderer: previewRenderer,
            seller: { Seller(name: "Seller Ltd", address: ["1 Road"]) })
    }

    var draftPreviewer: DraftPreviewer { DraftPreviewer(drafts: desk, previewer: previewer) }

    /// An issuer on the same store whose seller is read through `seller`: the moment between the issue's first
    /// look at the draft and the store's lock, where a test makes other work happen.
    func issuer(seller: @escaping @Sendable () async -> Void) -> DraftIssuer {
        let composer = InvoiceComposer(
            drafting: testDrafting(), templates: testTemplates(),
            seller: {
                await seller()
                return Seller(name: "Seller Ltd", address: ["1 Road"])
            })
        let sender = InvoiceSender(
            uploader: flows.uploader, isSignedIn: { false }, records: flows.documents, currency: testCurrency)
        return DraftIssuer(composer: composer, documents: flows.documents, sender: sender)
    }

    var harness: CommandHarness {
        let invoices = Invoices(
            form: flows.submitter, archive: flows.archive, uploads: flows.retrier, duplication: flows.duplicator,
            preview: previewer, templates: ["compact", "creative", "standard"],
            display: DisplayContext(
                days: DayFormat(calendar: utcCalendar),
                money: { amount, code in
                    MoneyFormatter(locale: RenderingLocale(identifier: "en_US"))
                        .string(from: amount, currency: testCurrency(code))
                },
                now: { fixedNow }, defaultCurrency: "EUR"),
            drafts: InvoiceDraftFlows(desk: desk, issuer: issuer))
        return CommandHarness(InvoiceCommands(invoices: { invoices }, templates: invoices.templates))
    }

    var invoices: NumberSequence {
        get throws { try NumberSequence("invoices") }
    }
}

/// A form with nothing filled in but the currency: what `invoice new --draft` saves without options.
let emptyForm = InvoiceRequest(client: "", items: [], currencyCode: "EUR")

/// Holds every task that arrives until `count` have, then lets them all go: so every issue has made its first look
/// at the draft before any takes the store's lock.
actor Gate {
    private let count: Int
    private var arrived = 0
    private var waiting: [CheckedContinuation<Void, Never>] = []

    init(count: Int) {
        self.count = count
    }

    func arrive() async {
        arrived += 1
        guard arrived < count else {
            for continuation in waiting { continuation.resume() }
            waiting = []
            return
        }
        await withCheckedContinuation { waiting.append($0) }
    }
}

/// Runs `action` the first time it is called, and nothing after.
func once(_ action: @escaping @Sendable () async -> Void) -> @Sendable () async -> Void {
    let first = LockedValue(true)
    return {
        if first.withLock({ state in
            defer { state = false }
            return state
        }) {
            await action()
        }
    }
}

func draftID(_ number: Int) throws -> DraftID {
    try #require(DraftID(number: number))
}

@Suite("Invoices: drafts")
struct DraftFlowTests {
    @Test func draftsAreSavedListedEditedAndDeletedAndDeletingTwiceIsNotAnError() async throws {
        let fixture = DraftFixture()
        let first = try await fixture.desk.save(emptyForm)
        let second = try await fixture.desk.save(request())
        #expect(first.id.description == "D-1" && second.id.description == "D-2")
        #expect(first.request == emptyForm && first.savedAt == fixedNow)
        #expect(try await fixture.desk.drafts().map(\.id) == [first.id, second.id])

        let edited = try await fixture.desk.edit(first.id) { $0.client = "Bob" }
        #expect(edited.request?.client == "Bob" && edited.request?.items == [])
        #expect(try await fixture.desk.draft(first.id).request?.client == "Bob")

        #expect(try await fixture.desk.delete(second.id))
        #expect(try await !fixture.desk.delete(second.id))
        await #expect(throws: DraftError.notFound(second.id)) { try await fixture.desk.draft(second.id) }
        await #expect(throws: DraftError.notFound(second.id)) {
            try await fixture.desk.edit(second.id) { $0.client = "Ghost" }
        }
        #expect(try await fixture.desk.drafts().map(\.id) == [first.id])
        // A saved draft takes no invoice number.
        #expect(try await fixture.flows.documents.lastNumber(of: fixture.invoices) == 0)
    }

    @Test func anIncompleteDraftIsPreviewedWithWhatItLacksAndNothingIsNumbered() async throws {
        let spy = SpyInvoicePreviewRenderer()
        let fixture = DraftFixture(previewRenderer: spy)
        let draft = try await fixture.desk.save(emptyForm)
        let preview = try await fixture.draftPreviewer.preview(draft.id)
        #expect(Set(preview.problems.map(\.code)).isSuperset(of: [.invoiceClientNameMissing, .invoiceNoLineItems]))
        #expect(preview.pdf == Data("%PDF-preview-spy".utf8))
        #expect(spy.previewedInvoices.first?.number == InvoicePreviewer.number)
        #expect(try await fixture.flows.documents.lastNumber(of: fixture.invoices) == 0)
        await #expect(throws: DraftError.notFound(try draftID(9))) {
            try await fixture.draftPreviewer.preview(try draftID(9))
        }
    }

    @Test func issuingStoresTheInvoiceOfTheFormUploadsItAndLeavesATombstone() async throws {
        let fixture = DraftFixture(signedIn: true, answers: [ScriptedUploader.stored("INV-0001")])
        let draft = try await fixture.desk.save(request())
        let submission = try await fixture.issuer.issue(draft.id)
        guard case .uploaded(let record) = submission else {
            Issue.record("expected an upload, got \(submission)")
            return
        }
        #expect(record.number == "INV-0001" && record.request == request())
        #expect(record.total == Decimal(string: "3996.84") && record.issuedOn == "2026-03-18")
        #expect(record.serverID == "inv_INV-0001")
        #expect(await fixture.flows.uploader.uploads.map(\.number) == ["INV-0001"])
        #expect(try await fixture.flows.archive.invoice(number: "INV-0001").record == record)
        let tombstone = try await fixture.desk.draft(draft.id)
        #expect(tombstone.state == .issued(number: "INV-0001") && tombstone.request == nil)
        // The next new form takes the next number: the draft's number was the invoices sequence's.
        #expect(try await fixture.flows.submitter.submit(request()).record.number == "INV-0002")
    }

    @Test func anIncompleteDraftIsRefusedAtIssueWithTheProblemsOfInvoiceNewAndNothingChanges() async throws {
        let fixture = DraftFixture()
        let bad = InvoiceRequest(
            client: " ", items: [InvoiceItem(description: "", quantity: -1, unitPrice: -1)], currencyCode: "EUR")
        let draft = try await fixture.desk.save(bad)
        let new = await #expect(throws: InvoiceError.self) { try await fixture.flows.submitter.submit(bad) }
        let newError = try #require(new)
        await #expect(throws: DraftError.invoice(newError)) { try await fixture.issuer.issue(draft.id) }
        await #expect(throws: DraftError.invoice(.invalid(try #require(Self.problems(newError))))) {
            try await fixture.issuer.issue(draft.id)
        }
        #expect(try await fixture.desk.draft(draft.id).request == bad)
        #expect(try await fixture.flows.documents.lastNumber(of: fixture.invoices) == 0)
        #expect(try await fixture.flows.archive.list().isEmpty)
    }

    @Test func aStandardRatedDraftWithoutARateIsRefusedAtIssueThoughItCouldBeSaved() async throws {
        // `invoice new --vat-category S` without a rate is refused while reading the options; a draft may wait for
        // its rate, and the rules refuse it at issue.
        let fixture = DraftFixture()
        var form = request()
        form.taxPercent = nil
        form.vatCategory = .standard
        let draft = try await fixture.desk.save(form)
        let error = await #expect(throws: DraftError.self) { try await fixture.issuer.issue(draft.id) }
        guard case .invoice(.invalid(let problems)) = error else {
            Issue.record("expected the form's problems, got \(String(describing: error))")
            return
        }
        #expect(Set(problems.map(\.code.rawValue)) == ["en16931.BR-S-05"])
        #expect(try await fixture.flows.archive.list().isEmpty)
    }

    private static func problems(_ error: InvoiceError) -> [ValidationProblem]? {
        guard case .invalid(let problems) = error, !problems.isEmpty else { return nil }
        return problems
    }

    @Test func anIssuedDraftCannotBeEditedDeletedPreviewedOrIssuedAgain() async throws {
        let fixture = DraftFixture()
        let draft = try await fixture.desk.save(request())
        _ = try await fixture.issuer.issue(draft.id)
        let issued = DraftError.issued(draft.id, number: "INV-0001")
        await #expect(throws: issued) { try await fixture.desk.edit(draft.id) { $0.client = "Changed" } }
        await #expect(throws: issued) { try await fixture.desk.delete(draft.id) }
        await #expect(throws: issued) { try await fixture.draftPreviewer.preview(draft.id) }
        await #expect(throws: issued) { try await fixture.issuer.issue(draft.id) }
        #expect(try await fixture.flows.archive.list().map(\.number) == ["INV-0001"])
        #expect(try await fixture.desk.drafts().map(\.issuedAs) == ["INV-0001"])
    }

    @Test func aDraftThatIsNotThereIsNotIssuedAndTakesNoNumber() async throws {
        let fixture = DraftFixture()
        let draft = try await fixture.desk.save(request())
        #expect(try await fixture.desk.delete(draft.id))
        await #expect(throws: DraftError.notFound(draft.id)) { try await fixture.issuer.issue(draft.id) }
        await #expect(throws: DraftError.notFound(try draftID(42))) { try await fixture.issuer.issue(try draftID(42)) }
        #expect(try await fixture.flows.documents.lastNumber(of: fixture.invoices) == 0)
    }

    @Test func twentyTasksIssuingOneDraftIssueItOnce() async throws {
        let fixture = DraftFixture()
        let draft = try await fixture.desk.save(request())
        // Every task has found the draft open before any takes the lock: only the check under the lock can stop
        // the other nineteen.
        let gate = Gate(count: 20)
        let issuer = fixture.issuer { await gate.arrive() }
        let results = await withTaskGroup(of: Result<String, DraftError>.self) { group in
            for _ in 0..<20 {
                group.addTask {
                    do throws(DraftError) {
                        return .success(try await issuer.issue(draft.id).record.number)
                    } catch {
                        return .failure(error)
                    }
                }
            }
            return await group.reduce(into: []) { $0.append($1) }
        }
        let issued = results.compactMap { try? $0.get() }
        #expect(issued == ["INV-0001"])
        for case .failure(let error) in results {
            #expect(error == .issued(draft.id, number: "INV-0001"))
        }
        #expect(try await fixture.flows.archive.list().map(\.number) == ["INV-0001"])
        #expect(try await fixture.flows.documents.lastNumber(of: fixture.invoices) == 1)
    }

    @Test func aDraftDeletedAfterTheIssuesFirstLookIsNotIssued() async throws {
        let fixture = DraftFixture()
        let draft = try await fixture.desk.save(request())
        let desk = fixture.desk
        let issuer = fixture.issuer(seller: once { _ = try? await desk.delete(draft.id) })
        await #expect(throws: DraftError.notFound(draft.id)) { try await issuer.issue(draft.id) }
        #expect(try await fixture.flows.archive.list().isEmpty)
        #expect(try await fixture.flows.documents.lastNumber(of: fixture.invoices) == 0)
    }

    @Test func aDraftIssuedAfterTheIssuesFirstLookIsNotIssuedAgain() async throws {
        let fixture = DraftFixture()
        let draft = try await fixture.desk.save(request())
        let other = fixture.issuer
        let issuer = fixture.issuer(seller: once { _ = try? await other.issue(draft.id) })
        await #expect(throws: DraftError.issued(draft.id, number: "INV-0001")) { try await issuer.issue(draft.id) }
        #expect(try await fixture.flows.archive.list().map(\.number) == ["INV-0001"])
    }

    @Test func aDraftEditedAfterTheIssuesFirstLookIsIssuedAsEditedAndCheckedAgain() async throws {
        let fixture = DraftFixture()
        let desk = fixture.desk
        let draft = try await desk.save(request())
        let renamed = fixture.issuer(seller: once { _ = try? await desk.edit(draft.id) { $0.client = "Renamed" } })
        #expect(try await renamed.issue(draft.id).record.request.client == "Renamed")

        let second = try await desk.save(request())
        let emptied = fixture.issuer(seller: once { _ = try? await desk.edit(second.id) { $0.items = [] } })
        let error = await #expect(throws: DraftError.self) { try await emptied.issue(second.id) }
        guard case .invoice(.invalid(let problems)) = error else {
            Issue.record("expected the edited form's problems, got \(String(describing: error))")
            return
        }
        #expect(problems.map(\.code) == [.invoiceNoLineItems])
        #expect(try await fixture.flows.archive.list().count == 1)
        #expect(try await desk.draft(second.id).request?.items == [])
    }

    @Test func anEditMadeBeforeTheIssueIsWhatIsIssued() async throws {
        let fixture = DraftFixture()
        let draft = try await fixture.desk.save(emptyForm)
        _ = try await fixture.desk.edit(draft.id) { form in
            form = request(client: "Edited GmbH")
        }
        let record = try await fixture.issuer.issue(draft.id).record
        #expect(record.request.client == "Edited GmbH")
    }

    @Test func aDamagedDraftIsAStorageErrorNamingItNotACrash() async throws {
        let fixture = DraftFixture()
        try await fixture.flows.documents.save(
            DocumentDraft(
                id: try DocumentID("draft.1.json"), contentType: DocumentContentType.json, bytes: Data("{".utf8)))
        let error = await #expect(throws: DraftError.self) { try await fixture.desk.draft(try draftID(1)) }
        guard case .storage(.coding(let failure)) = error else {
            Issue.record("expected a coding failure, got \(String(describing: error))")
            return
        }
        #expect(failure.message.hasPrefix("draft.1.json"))
        await #expect(throws: DraftError.self) { try await fixture.issuer.issue(try draftID(1)) }
        #expect(try await fixture.flows.documents.lastNumber(of: fixture.invoices) == 0)
    }
}

@Suite("Invoices: draft ids")
struct DraftIDTests {
    @Test(arguments: [("D-3", 3), ("d-3", 3), ("D-007", 7), ("D-\(Int.max)", Int.max)])
    func draftIDsAreRead(text: String, number: Int) throws {
        #expect(try DraftID(parsing: text).number == number)
        #expect(try DraftID(parsing: text).description == "D-\(number)")
    }

    @Test(arguments: [
        ("", DraftIDError.empty), ("D-", .malformed("D-")), ("D-x", .malformed("D-x")), ("3", .malformed("3")),
        (" D-1", .malformed(" D-1")), ("D--1", .malformed("D--1")), ("D-+1", .malformed("D-+1")),
        ("D-1/../x", .malformed("D-1/../x")), ("D-\u{661}", .malformed("D-\u{661}")),
        ("D-5\u{301}", .malformed("D-5\u{301}")), ("D-1\u{1B}[31m", .malformed("D-1\u{1B}[31m")),
        ("D-0", .outOfRange("D-0")), ("D-99999999999999999999", .outOfRange("D-99999999999999999999")),
        ("INV-0001", .invoiceNumber("INV-0001")), ("inv-0001", .invoiceNumber("inv-0001")),
    ])
    func everyOtherTextIsRefusedWithTheReason(text: String, error: DraftIDError) {
        #expect(throws: error) { try DraftID(parsing: text) }
    }

    @Test func aLongTextIsShortenedInTheSentence() {
        let error = DraftIDError.malformed(String(repeating: "x", count: 10_000))
        #expect(error.description.count < 120 && error.description.contains("…"))
    }
}
