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

struct Desk {
    let desk: InvoiceDesk
    let documents: FakeDocumentStore
    let uploader: ScriptedUploader

    init(signedIn: Bool = true, answers: [Result<StoredInvoice, APIError>] = []) {
        documents = FakeDocumentStore(now: { fixedNow })
        uploader = ScriptedUploader(answers)
        desk = InvoiceDesk(
            InvoiceDesk.Dependencies(
                validator: InvoiceValidator(options: InvoiceValidationOptions(calendar: utcCalendar)),
                messages: .english,
                templates: .builtIn(creationDate: { fixedNow }),
                templateIDs: ["standard", "compact", "creative"],
                documents: documents,
                uploader: uploader,
                isSignedIn: { signedIn },
                now: { fixedNow },
                calendar: utcCalendar,
                locale: RenderingLocale(identifier: "en_US"),
                seller: { Seller(name: "Seller Ltd", address: ["1 Road"]) },
                currency: { (try? Currency(code: $0, minorUnits: 2)) ?? .usd }))
    }
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
        let desk = Desk(answers: [ScriptedUploader.stored("INV-0001")])
        let submission = try await desk.desk.submit(request())
        guard case .uploaded(let record) = submission else {
            Issue.record("expected an upload, got \(submission)")
            return
        }
        #expect(record.number == "INV-0001")
        #expect(record.total == Decimal(string: "3996.84"))
        #expect(record.serverID == "inv_INV-0001")
        #expect(record.issuedOn == "2026-03-18" && record.dueOn == "2026-04-17")
        let upload = try #require(await desk.uploader.uploads.first)
        #expect(
            upload.totalCents == 399_684 && upload.currency == "EUR" && upload.idempotencyKey == record.idempotencyKey)
        #expect(upload.pdf?.starts(with: Data("%PDF-".utf8)) == true)
        let file = try await desk.desk.invoice(number: "INV-0001")
        #expect(file.pdf == upload.pdf && file.record == record)
    }

    @Test func aFailedUploadKeepsTheInvoiceAndARetrySendsTheSameKey() async throws {
        let desk = Desk(answers: [
            .failure(.http(ServerErrorResponse(status: 503))), ScriptedUploader.stored("INV-0001"),
        ])
        let first = try await desk.desk.submit(request())
        guard case .storedLocally(let record, let failure) = first else {
            Issue.record("expected a local invoice, got \(first)")
            return
        }
        #expect(failure.reason == .serverError)
        #expect(try await desk.desk.list().map(\.number) == ["INV-0001"])
        let retried = try await desk.desk.upload(number: "INV-0001")
        #expect(retried.record.serverID == "inv_INV-0001")
        let keys = await desk.uploader.uploads.map(\.idempotencyKey)
        #expect(keys == [record.idempotencyKey, record.idempotencyKey])
        #expect(try await desk.desk.upload(number: "INV-0001") == retried)
        #expect(await desk.uploader.uploads.count == 2)
    }

    @Test func withoutASessionTheUploadIsNotTried() async throws {
        let desk = Desk(signedIn: false)
        let submission = try await desk.desk.submit(request())
        guard case .storedLocally(_, let failure) = submission else {
            Issue.record("expected a local invoice, got \(submission)")
            return
        }
        #expect(failure.reason == .notSignedIn)
        #expect(await desk.uploader.uploads.isEmpty)
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
        let desk = Desk()
        let bad = InvoiceRequest(
            client: " ", items: [InvoiceItem(description: "", quantity: -1, unitPrice: -1)], currencyCode: "XYZ",
            taxPercent: 120)
        let error = await #expect(throws: InvoiceError.self) { try await desk.desk.submit(bad) }
        guard case .invalid(let problems) = error else {
            Issue.record("expected invalid, got \(String(describing: error))")
            return
        }
        #expect(
            Set(problems.map(\.code.rawValue)).isSuperset(of: [
                "invoice.clientNameMissing", "invoice.quantityNotPositive", "invoice.unitPriceNegative",
                "invoice.taxRateOutOfRange",
            ]))
        await #expect(throws: InvoiceError.unknownTemplate("fancy", available: ["standard", "compact", "creative"])) {
            try await desk.desk.submit(request(template: "fancy"))
        }
        await #expect(throws: InvoiceError.rendering(.unsupportedScript(.arabic))) {
            try await desk.desk.submit(request(client: "شركة"))
        }
        #expect(try await desk.desk.list().isEmpty)
        #expect(await desk.documents.list().isEmpty)
    }

    @Test(arguments: ["../etc/passwd", "", "INV-", "INV-0001/../x", String(repeating: "9", count: 10_000)])
    func numbersThatNameNoInvoiceAreNotFound(number: String) async throws {
        let desk = Desk()
        await #expect(throws: InvoiceError.notFound(number)) { try await desk.desk.invoice(number: number) }
    }

    @Test func concurrentSubmissionsGetDistinctConsecutiveNumbers() async throws {
        let desk = Desk(signedIn: false)
        let numbers = try await withThrowingTaskGroup(of: String.self) { group in
            for index in 0..<20 {
                group.addTask { try await desk.desk.submit(request(client: "Client \(index)")).record.number }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(numbers.sorted() == (1...20).map { String(format: "INV-%04d", $0) })
        for number in numbers {
            let file = try await desk.desk.invoice(number: number)
            #expect(file.record.number == number)
        }
    }

    @Test func numbersTakenByInvoicesStoredEarlierAreSkippedNeverOverwritten() async throws {
        let desk = Desk(signedIn: false)
        let earlier = try DocumentID("INV-0001.json")
        try await desk.documents.save(
            DocumentDraft(id: earlier, contentType: DocumentContentType.json, bytes: Data("{}".utf8)))
        let submission = try await desk.desk.submit(request())
        #expect(submission.record.number == "INV-0002")
        #expect(await desk.documents.load(earlier)?.bytes == Data("{}".utf8))
    }

    @Test func aDuplicateIsANewInvoiceWithTheSameLines() async throws {
        let desk = Desk(answers: [ScriptedUploader.stored("INV-0001"), ScriptedUploader.stored("INV-0002")])
        let original = try await desk.desk.submit(request(template: "creative"))
        let copy = try await desk.desk.duplicate(number: "INV-0001")
        #expect(copy.record.number == "INV-0002")
        #expect(copy.record.request.items == original.record.request.items)
        #expect(copy.record.request.template == "creative")
        #expect(copy.record.idempotencyKey != original.record.idempotencyKey)
    }
}
