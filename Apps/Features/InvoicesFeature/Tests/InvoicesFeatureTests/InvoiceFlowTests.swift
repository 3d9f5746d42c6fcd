import Foundation
import Networking
import Rendering
import Storage
import StorageTesting
import Testing
import Validation

@testable import InvoicesFeature

/// 2026-03-18 12:00 UTC.
let fixedNow = Date(timeIntervalSince1970: 1_773_835_200)

var utcCalendar: Calendar {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
    return calendar
}

/// An uploader that answers from a script and records what it was sent.
actor ScriptedUploader: InvoiceUploading {
    private var answers: [Result<StoredInvoice, APIError>]
    private(set) var uploads: [InvoiceUpload] = []

    init(_ answers: [Result<StoredInvoice, APIError>]) {
        self.answers = answers
    }

    func upload(_ invoice: InvoiceUpload) async throws(APIError) -> StoredInvoice {
        uploads.append(invoice)
        guard !answers.isEmpty else { throw .transport(.invalidResponse) }
        return try answers.removeFirst().get()
    }

    static func stored(_ number: String) -> Result<StoredInvoice, APIError> {
        .success(StoredInvoice(id: "inv_\(number)", number: number, createdAt: "2026-03-18T12:00:00Z"))
    }
}

/// The four flows on one in-memory document store, as the composition root wires them on the data folder's store.
struct Flows {
    let submitter: InvoiceSubmitter
    let archive: InvoiceArchive
    let retrier: InvoiceUploadRetrier
    let duplicator: InvoiceDuplicator
    let documents: FakeDocumentStore
    let uploader: ScriptedUploader

    init(signedIn: Bool = true, answers: [Result<StoredInvoice, APIError>] = []) {
        let documents = FakeDocumentStore(now: { fixedNow })
        let uploader = ScriptedUploader(answers)
        let sender = InvoiceSender(
            uploader: uploader, isSignedIn: { signedIn }, records: documents, currency: testCurrency)
        let submitter = InvoiceSubmitter(
            drafting: testDrafting(), templates: testTemplates(), documents: documents,
            seller: { Seller(name: "Seller Ltd", address: ["1 Road"]) }, sender: sender)
        self.documents = documents
        self.uploader = uploader
        self.submitter = submitter
        archive = InvoiceArchive(documents: documents)
        retrier = InvoiceUploadRetrier(documents: documents, sender: sender)
        duplicator = InvoiceDuplicator(documents: documents, form: submitter)
    }
}

/// Two minor units for every code the tests use.
@Sendable func testCurrency(_ code: String) -> Currency {
    (try? Currency(code: code, minorUnits: 2)) ?? .usd
}

/// The shared parts of the flows, in UTC on the fixed clock.
func testDrafting(
    validator: any InvoiceValidating = InvoiceValidator(options: InvoiceValidationOptions(calendar: utcCalendar)),
    currency: @escaping @Sendable (String) -> Currency = testCurrency
) -> InvoiceDrafting {
    InvoiceDrafting(
        validator: validator, messages: .english, now: { fixedNow }, calendar: utcCalendar,
        locale: RenderingLocale(identifier: "en_US"), currency: currency)
}

/// The built-in templates by id, dated with the fixed clock.
func testTemplates(fonts: InvoiceFonts = .default) -> [String: any InvoiceRendering] {
    let registry = InvoiceTemplateRegistry.builtIn(fonts: fonts, creationDate: { fixedNow })
    return Dictionary(uniqueKeysWithValues: registry.templateIDs.map { ($0.rawValue, registry.renderer(for: $0)) })
}

func request(client: String = "ACME", template: String = "standard") -> InvoiceRequest {
    InvoiceRequest(
        client: client,
        items: [
            InvoiceItem(description: "Consulting", quantity: 5, unitPrice: 650),
            InvoiceItem(description: "Travel", quantity: 1, unitPrice: Decimal(string: "80.70") ?? 0),
        ],
        currencyCode: "EUR", template: template, taxPercent: 20)
}

@Suite("Invoices: the form")
struct InvoiceFormTests {
    @Test func aValidInvoiceIsRenderedStoredAndUploaded() async throws {
        let flows = Flows(answers: [ScriptedUploader.stored("INV-0001")])
        let submission = try await flows.submitter.submit(request())
        guard case .uploaded(let record) = submission else {
            Issue.record("expected an upload, got \(submission)")
            return
        }
        #expect(record.number == "INV-0001")
        #expect(record.total == Decimal(string: "3996.84"))
        #expect(record.serverID == "inv_INV-0001")
        #expect(record.issuedOn == "2026-03-18" && record.dueOn == "2026-04-17")
        let upload = try #require(await flows.uploader.uploads.first)
        #expect(
            upload.totalCents == 399_684 && upload.currency == "EUR" && upload.idempotencyKey == record.idempotencyKey)
        #expect(upload.pdf?.starts(with: Data("%PDF-".utf8)) == true)
        let file = try await flows.archive.invoice(number: "INV-0001")
        #expect(file.pdf == upload.pdf && file.record == record)
    }

    @Test func aFailedUploadKeepsTheInvoiceAndARetrySendsTheSameKey() async throws {
        let flows = Flows(answers: [
            .failure(.http(ServerErrorResponse(status: 503))), ScriptedUploader.stored("INV-0001"),
        ])
        let first = try await flows.submitter.submit(request())
        guard case .storedLocally(let record, let failure) = first else {
            Issue.record("expected a local invoice, got \(first)")
            return
        }
        #expect(failure.reason == .serverError)
        #expect(try await flows.archive.list().map(\.number) == ["INV-0001"])
        let retried = try await flows.retrier.upload(number: "INV-0001")
        #expect(retried.record.serverID == "inv_INV-0001")
        let keys = await flows.uploader.uploads.map(\.idempotencyKey)
        #expect(keys == [record.idempotencyKey, record.idempotencyKey])
        #expect(try await flows.retrier.upload(number: "INV-0001") == retried)
        #expect(await flows.uploader.uploads.count == 2)
    }

    @Test func withoutASessionTheUploadIsNotTried() async throws {
        let flows = Flows(signedIn: false)
        let submission = try await flows.submitter.submit(request())
        guard case .storedLocally(_, let failure) = submission else {
            Issue.record("expected a local invoice, got \(submission)")
            return
        }
        #expect(failure.reason == .notSignedIn)
        #expect(await flows.uploader.uploads.isEmpty)
    }

    @Test(arguments: [
        (APIError.http(ServerErrorResponse(status: 401)), UploadFailure.Reason.notSignedIn),
        (.transport(.refreshRejected(status: 401)), .notSignedIn),
        (.http(ServerErrorResponse(status: 422)), .rejected),
        (.http(ServerErrorResponse(status: 502)), .serverError),
        (.transport(.timeout), .unreachable),
    ])
    func everyUploadFailureHasAReason(error: APIError, reason: UploadFailure.Reason) {
        #expect(UploadFailure(error).reason == reason)
    }

    @Test func anInvalidInvoiceStoresNothingAndListsEveryProblem() async throws {
        let flows = Flows()
        let bad = InvoiceRequest(
            client: " ", items: [InvoiceItem(description: "", quantity: -1, unitPrice: -1)], currencyCode: "XYZ",
            taxPercent: 120)
        let error = await #expect(throws: InvoiceError.self) { try await flows.submitter.submit(bad) }
        guard case .invalid(let problems) = error else {
            Issue.record("expected invalid, got \(String(describing: error))")
            return
        }
        #expect(
            Set(problems.map(\.code.rawValue)).isSuperset(of: [
                "invoice.clientNameMissing", "invoice.quantityNotPositive", "invoice.unitPriceNegative",
                "invoice.taxRateOutOfRange",
            ]))
        await #expect(throws: InvoiceError.unknownTemplate("fancy", available: ["compact", "creative", "standard"])) {
            try await flows.submitter.submit(request(template: "fancy"))
        }
        await #expect(throws: InvoiceError.rendering(.unsupportedScript(.arabic))) {
            try await flows.submitter.submit(request(client: "شركة"))
        }
        #expect(try await flows.archive.list().isEmpty)
        #expect(await flows.documents.list().isEmpty)
    }

    @Test(arguments: ["../etc/passwd", "", "INV-", "INV-0001/../x", String(repeating: "9", count: 10_000)])
    func numbersThatNameNoInvoiceAreNotFound(number: String) async throws {
        let flows = Flows()
        await #expect(throws: InvoiceError.notFound(number)) { try await flows.archive.invoice(number: number) }
    }

    @Test func concurrentSubmissionsGetDistinctConsecutiveNumbers() async throws {
        let flows = Flows(signedIn: false)
        let numbers = try await withThrowingTaskGroup(of: String.self) { group in
            for index in 0..<20 {
                group.addTask { try await flows.submitter.submit(request(client: "Client \(index)")).record.number }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(numbers.sorted() == (1...20).map { String(format: "INV-%04d", $0) })
        for number in numbers {
            let file = try await flows.archive.invoice(number: number)
            #expect(file.record.number == number)
        }
    }

    @Test func numbersTakenByInvoicesStoredEarlierAreSkippedNeverOverwritten() async throws {
        let flows = Flows(signedIn: false)
        let earlier = try DocumentID("INV-0001.json")
        try await flows.documents.save(
            DocumentDraft(id: earlier, contentType: DocumentContentType.json, bytes: Data("{}".utf8)))
        let submission = try await flows.submitter.submit(request())
        #expect(submission.record.number == "INV-0002")
        #expect(await flows.documents.load(earlier)?.bytes == Data("{}".utf8))
    }

    @Test func aDuplicateIsANewInvoiceWithTheSameLines() async throws {
        let flows = Flows(answers: [ScriptedUploader.stored("INV-0001"), ScriptedUploader.stored("INV-0002")])
        let original = try await flows.submitter.submit(request(template: "creative"))
        let copy = try await flows.duplicator.duplicate(number: "INV-0001")
        #expect(copy.record.number == "INV-0002")
        #expect(copy.record.request.items == original.record.request.items)
        #expect(copy.record.request.template == "creative")
        #expect(copy.record.idempotencyKey != original.record.idempotencyKey)
    }
}
