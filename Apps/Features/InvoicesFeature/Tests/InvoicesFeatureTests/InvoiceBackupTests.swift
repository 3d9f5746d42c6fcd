import CommandKit
import CommandKitTesting
import Essentials
import EssentialsTesting
import Foundation
import Rendering
import Storage
import StorageTesting
import Testing
import Validation

@testable import InvoicesFeature

/// Every invoices flow on one in-memory store, so a test can fill a ledger as a user would and back it up.
struct BackupLedger {
    let documents: FakeDocumentStore
    let clients: ClientDirectory
    let submitter: InvoiceSubmitter
    let desk: DraftDesk
    let issuer: DraftIssuer
    let payments: PaymentRecorder
    let credits: CreditNoteIssuer
    let accounts: InvoiceAccounts

    init(documents: FakeDocumentStore = FakeDocumentStore(now: { fixedNow })) {
        self.documents = documents
        let drafting = testDrafting()
        let sender = InvoiceSender(
            uploader: ScriptedUploader([]), isSignedIn: { false }, records: documents, currency: testCurrency)
        clients = ClientDirectory(documents: documents)
        submitter = InvoiceSubmitter(
            drafting: drafting, templates: testTemplates(), documents: documents, seller: { germanSeller },
            sender: sender, eInvoices: SettlementFlows.output)
        desk = DraftDesk(documents: documents)
        issuer = DraftIssuer(composer: submitter.composer, documents: documents, sender: sender)
        payments = PaymentRecorder(documents: documents, now: { fixedNow }, calendar: utcCalendar)
        credits = CreditNoteIssuer(
            drafting: drafting, templates: testTemplates(), documents: documents, seller: { germanSeller },
            eInvoices: SettlementFlows.output)
        accounts = InvoiceAccounts(documents: documents, now: { fixedNow }, calendar: utcCalendar)
    }

    var exporter: InvoiceBackupExporter { InvoiceBackupExporter(documents: documents) }
    var importer: InvoiceBackupImporter { InvoiceBackupImporter(documents: documents) }

    /// Clients, invoices (PDF and Factur-X), drafts (open, issued, deleted), credit notes and payments, made by the
    /// flows from `seed`; returns the issued invoices' numbers.
    @discardableResult
    func fill(seed: UInt64) async throws -> [String] {
        var random = SeededGenerator(seed: seed)
        var keys: [ClientRecord] = []
        for index in 0..<Int.random(in: 2...4, using: &random) {
            let client = ClientRecord(
                key: "client-\(index)", name: "Client \(index) GmbH", address: ["\(index + 1) Hauptstraße"],
                postcode: "1011\(index)", city: "Berlin", countryCode: "DE", email: "ap\(index)@client.example",
                currency: "EUR", paymentTermsDays: 14)
            keys.append(try await clients.save(client, replacing: false))
        }
        func form(lines: Int = 1) -> InvoiceRequest {
            let client = keys[Int.random(in: 0..<keys.count, using: &random)]
            var form = InvoiceRequest(
                client: client.name,
                items: (0..<Int.random(in: lines...3, using: &random)).map { line in
                    InvoiceItem(
                        description: "Work \(line + 1)", quantity: Decimal(Int.random(in: 1...5, using: &random)),
                        unitPrice: Decimal(Int.random(in: 1_000...90_000, using: &random)) / 100)
                },
                currencyCode: "EUR", taxPercent: 19)
            form.clientKey = client.key
            form.clientAddress = client.address
            form.clientPostcode = client.postcode
            form.clientCity = client.city
            form.clientCountry = client.countryCode
            form.clientEmail = client.email
            if Bool.random(using: &random) { form.format = .facturx }
            return form
        }
        var numbers: [String] = []
        // The first has two lines or more, so crediting its first line leaves something to pay.
        numbers.append(try await submitter.submit(form(lines: 2)).record.number)
        for _ in 0..<Int.random(in: 3...6, using: &random) {
            numbers.append(try await submitter.submit(form()).record.number)
        }
        var drafts: [DraftID] = []
        for _ in 0..<4 { drafts.append(try await desk.save(form()).id) }
        numbers.append(try await issuer.issue(drafts[0]).record.number)
        numbers.append(try await issuer.issue(drafts[2]).record.number)
        _ = try await desk.delete(drafts[3])
        // Credit notes first (a line of one invoice, all of another), then payments, so none is refused.
        _ = try await credits.credit(CreditRequest(invoice: numbers[0], selection: .lines([1])))
        _ = try await credits.credit(CreditRequest(invoice: numbers[1], selection: .all))
        _ = try await payments.pay(
            PaymentRequest(invoice: numbers[0], amount: "\(Int.random(in: 1...9, using: &random))"))
        _ = try await payments.pay(PaymentRequest(invoice: numbers[2], amount: "1.50", reference: "Bank 7"))
        _ = try await payments.pay(PaymentRequest(invoice: numbers[3]))
        return numbers
    }

    /// Documents other parts of the app keep in the same store, which a backup of invoices never holds.
    func addOthers() async throws {
        for (id, type) in [
            ("settings.json", DocumentContentType.json), ("home.section.news", DocumentContentType.json),
            ("expense-import-profile-bank.json", DocumentContentType.json), ("INV-0999.pdf", DocumentContentType.pdf),
            ("clients.json", DocumentContentType.json), ("draft.x.json", DocumentContentType.json),
        ] {
            try await documents.save(DocumentDraft(id: try DocumentID(id), contentType: type, bytes: Data("{}".utf8)))
        }
    }
}

/// A backup file of `entries`.
private func envelope(
    _ entries: [Any], format: Any = "ledger-invoices", version: Any = 1
) throws -> Data {
    try JSONSerialization.data(withJSONObject: ["format": format, "version": version, "documents": entries])
}

/// An entry that imports as it is, with the given fields replaced.
private func entry(_ id: Any = "client.acme.json", _ changes: [String: Any] = [:]) -> [String: Any] {
    var entry: [String: Any] = [
        "id": id, "contentType": "application/json", "attributes": ["kind": "client"],
        "bytes": Data("{\"key\":\"acme\"}".utf8).base64EncodedString(), "createdAt": "2026-03-18T12:00:00.000Z",
        "modifiedAt": "2026-03-18T12:00:00.000Z",
    ]
    for (key, value) in changes { entry[key] = value }
    return entry
}

private func ids(in data: Data) throws -> [String] {
    let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    let documents = try #require(object["documents"] as? [[String: Any]])
    return documents.compactMap { $0["id"] as? String }
}

@Suite("Invoices: backup and restore")
struct InvoiceBackupTests {
    @Test(arguments: [1, 7, 42] as [UInt64])
    func aGeneratedLedgerRoundTripsByteForByteWithTheSameFigures(seed: UInt64) async throws {
        let source = BackupLedger()
        let numbers = try await source.fill(seed: seed)
        try await source.addOthers()
        let first = try await source.exporter.exportBackup()

        let restored = BackupLedger()
        let result = try await restored.importer.importBackup(first.data)
        #expect(result.imported == first.contents.documents && result.unchanged == 0)
        let second = try await restored.exporter.exportBackup()
        #expect(second.data == first.data, "the export of the restored store is the export it was restored from")
        #expect(second.contents == first.contents)
        #expect(first.contents.invoices == numbers.count && first.contents.creditNotes == 2)
        #expect(first.contents.drafts == 3 && first.contents.settlements == 4)

        #expect(try await restored.accounts.accounts() == source.accounts.accounts())
        #expect(try await restored.accounts.summary() == source.accounts.summary())
        for number in numbers {
            #expect(try await restored.accounts.account(number: number) == source.accounts.account(number: number))
        }
        #expect(try await restored.clients.list() == source.clients.list())
        #expect(try await restored.desk.drafts() == source.desk.drafts())
        for cn in ["CN-0001", "CN-0002"] {
            #expect(try await restored.accounts.creditNote(number: cn) == source.accounts.creditNote(number: cn))
        }
    }

    /// Storage has no way to save a document with given dates: the store dates what an import saves, and nothing
    /// else of the document changes.
    @Test func anImportIsDatedByTheStoreThatSavesItAndKeepsEverythingElse() async throws {
        let source = BackupLedger()
        try await source.fill(seed: 13)
        let first = try await source.exporter.exportBackup().data
        let later = fixedNow.addingTimeInterval(86_400)
        let restored = BackupLedger(documents: FakeDocumentStore(now: { later }))
        _ = try await restored.importer.importBackup(first)
        let second = try await restored.exporter.exportBackup().data
        func documents(_ data: Data) throws -> [[String: Any]] {
            let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
            return try #require(object["documents"] as? [[String: Any]])
        }
        let before = try documents(first)
        let after = try documents(second)
        #expect(before.count == after.count && !before.isEmpty)
        for (old, new) in zip(before, after) {
            #expect(new["createdAt"] as? String == "2026-03-19T12:00:00.000Z")
            let kept = ["id", "contentType", "bytes"]
            #expect(kept.map { new[$0] as? String } == kept.map { old[$0] as? String })
            #expect(new["attributes"] as? [String: String] == old["attributes"] as? [String: String])
        }
    }

    @Test func onlyTheFeaturesDocumentsAreExported() async throws {
        let ledger = BackupLedger()
        try await ledger.fill(seed: 3)
        try await ledger.addOthers()
        let exported = try ids(in: try await ledger.exporter.exportBackup().data)
        let others: Set = [
            "settings.json", "home.section.news", "expense-import-profile-bank.json", "INV-0999.pdf", "clients.json",
            "draft.x.json",
        ]
        let all = await ledger.documents.list().map(\.id.rawValue)
        #expect(exported == all.filter { !others.contains($0) })
    }

    @Test func numbersContinueAfterTheImportedOnes() async throws {
        let source = BackupLedger()
        let numbers = try await source.fill(seed: 11)
        let restored = BackupLedger()
        _ = try await restored.importer.importBackup(try await source.exporter.exportBackup().data)

        let next = try await restored.submitter.submit(request()).record.number
        #expect(next == String(format: "INV-%04d", numbers.count + 1))
        // D-1 and D-3 were issued, D-2 is open, D-4 was deleted (its document is gone, so nothing holds its number).
        #expect(try await restored.desk.save(request()).id.description == "D-4")
        let credit = try await restored.credits.credit(CreditRequest(invoice: next, selection: .all))
        #expect(credit.creditNote.number == "CN-0003")
        // Three payments were imported (P-1 to P-3, each with its own document), so the next one is P-4.
        let another = try await restored.submitter.submit(request()).record.number
        let payment = try await restored.payments.pay(PaymentRequest(invoice: another, amount: "1"))
        #expect(payment.payment.id == "P-4")
    }

    @Test func importingTheSameFileAgainChangesNothing() async throws {
        let source = BackupLedger()
        try await source.fill(seed: 5)
        let data = try await source.exporter.exportBackup().data
        let restored = BackupLedger()
        let first = try await restored.importer.importBackup(data)
        let before = await restored.documents.list()
        let again = try await restored.importer.importBackup(data)
        #expect(again.imported == 0 && again.unchanged == first.imported)
        #expect(await restored.documents.list() == before)
        // Into the store it came from: everything is already there.
        #expect(try await source.importer.importBackup(data).imported == 0)
    }

    @Test func aDocumentThatExistsWithOtherBytesRefusesTheWholeImportAndWritesNothing() async throws {
        let source = BackupLedger()
        try await source.fill(seed: 9)
        let data = try await source.exporter.exportBackup().data
        let target = BackupLedger()
        for id in [
            "client.client-0.json", "client.client-1.json", "INV-0001.json", "INV-0001.pdf", "INV-0002.json",
            "INV-0002.pdf", "draft.2.json",
        ] {
            try await target.documents.save(
                DocumentDraft(id: try DocumentID(id), contentType: DocumentContentType.json, bytes: Data("{}".utf8)))
        }
        let before = await target.documents.list()
        await #expect(
            throws: InvoiceBackupError.conflicts(
                ids: ["INV-0001.json", "INV-0001.pdf", "INV-0002.json", "INV-0002.pdf", "client.client-0.json"],
                count: 7)
        ) {
            try await target.importer.importBackup(data)
        }
        #expect(await target.documents.list() == before)
        let refusal = InvoiceBackupError.conflicts(ids: ["a", "b"], count: 7)
        #expect(
            refusal.description == "7 documents of the backup already exist here with other contents: a, b and 5 more.")
    }

    static let hostile: [(String, Data, InvoiceBackupError)] = {
        func data(_ text: String) -> Data { Data(text.utf8) }
        let build = { (entries: [Any], format: Any, version: Any) in
            (try? envelope(entries, format: format, version: version)) ?? Data()
        }
        let valid = { (entries: [Any]) in build(entries, "ledger-invoices", 1) }
        return [
            ("empty", Data(), .empty),
            ("blank", data(" \n"), .empty),
            ("not JSON", data("invoices,1,2"), .notJSON),
            ("cut short", data("{\"format\": \"ledger-invoices\""), .notJSON),
            ("a list", data("[1, 2]"), .notAnObject),
            ("a string", data("\"ledger-invoices\""), .notAnObject),
            ("another format", build([], "ledger-expenses", 1), .wrongFormat(found: "ledger-expenses")),
            ("no format", data("{\"version\": 1, \"documents\": []}"), .wrongFormat(found: nil)),
            ("a newer version", build([], "ledger-invoices", 2), .unsupportedVersion(found: 2)),
            ("a version that is text", build([], "ledger-invoices", "1"), .unsupportedVersion(found: nil)),
            ("no documents", data("{\"format\": \"ledger-invoices\", \"version\": 1}"), .missingDocuments),
            (
                "an entry that is not an object", valid([entry(), "x"]),
                .invalidEntry(index: 2, id: nil, problem: .notAnObject)
            ),
            (
                "bad base64", valid([entry("client.acme.json", ["bytes": "%%%"])]),
                .invalidEntry(index: 1, id: "client.acme.json", problem: .invalidBase64)
            ),
            (
                "an id outside the feature", valid([entry("settings.json")]),
                .invalidEntry(index: 1, id: "settings.json", problem: .notOwned)
            ),
            (
                "a PDF without its record", valid([entry("INV-0001.pdf", ["contentType": "application/pdf"])]),
                .invalidEntry(index: 1, id: "INV-0001.pdf", problem: .notOwned)
            ),
            (
                "a traversal id", valid([entry("../client.acme.json")]),
                .invalidEntry(index: 1, id: "../client.acme.json", problem: .invalidID(.pathSeparator))
            ),
            (
                "a parent reference", valid([entry("client..json")]),
                .invalidEntry(index: 1, id: "client..json", problem: .invalidID(.parentReference))
            ),
            (
                "an id that is a number", valid([entry(7)]),
                .invalidEntry(index: 1, id: nil, problem: .missingField("id"))
            ),
            (
                "no bytes", valid([entry("client.acme.json", ["bytes": NSNull()])]),
                .invalidEntry(index: 1, id: "client.acme.json", problem: .missingField("bytes"))
            ),
            (
                "a bad date", valid([entry("client.acme.json", ["createdAt": "yesterday"])]),
                .invalidEntry(index: 1, id: "client.acme.json", problem: .invalidDate("createdAt"))
            ),
            (
                "a bad content type", valid([entry("client.acme.json", ["contentType": "text plain"])]),
                .invalidEntry(index: 1, id: "client.acme.json", problem: .invalidContentType)
            ),
            (
                "huge attributes",
                valid([entry("client.acme.json", ["attributes": ["k": String(repeating: "v", count: 20_000)]])]),
                .invalidEntry(index: 1, id: "client.acme.json", problem: .invalidAttributes)
            ),
            (
                "duplicate ids", valid([entry(), entry()]),
                .invalidEntry(index: 2, id: "client.acme.json", problem: .duplicate(firstIndex: 1))
            ),
        ]
    }()

    @Test(arguments: hostile)
    func hostileFilesAreRefusedWholeNamingTheEntryAndWriteNothing(
        name: String, data: Data, expected: InvoiceBackupError
    ) async throws {
        let ledger = BackupLedger()
        // A good document first: it must not be written when a later one is refused.
        await #expect(throws: expected, "\(name)") { try await ledger.importer.importBackup(data) }
        #expect(await ledger.documents.list().isEmpty)
        #expect(!expected.description.contains("InvoiceBackup"), "a sentence, not a type: \(expected)")
    }

    @Test func aFileLargerThanTheCapIsRefusedUnread() async throws {
        let source = BackupLedger()
        try await source.fill(seed: 2)
        let data = try await source.exporter.exportBackup().data
        let target = BackupLedger()
        await #expect(throws: InvoiceBackupError.tooLarge(byteCount: data.count, limit: 1_000)) {
            try await InvoiceBackupImporter(documents: target.documents, maximumFileByteCount: 1_000)
                .importBackup(data)
        }
        #expect(await target.documents.list().isEmpty)
    }

    @Test func aDocumentLargerThanAStoreKeepsIsRefused() async throws {
        let big = Data(count: DocumentLimits.maximumByteCount + 3).base64EncodedString()
        let data = try envelope([entry("client.acme.json", ["bytes": big])])
        await #expect(
            throws: InvoiceBackupError.invalidEntry(
                index: 1, id: "client.acme.json", problem: .tooLarge(byteCount: DocumentLimits.maximumByteCount + 3))
        ) {
            try await BackupLedger().importer.importBackup(data)
        }
    }

    // MARK: the commands

    private func harness(_ ledger: BackupLedger) -> CommandHarness {
        let invoices = Invoices(
            form: ledger.submitter, archive: InvoiceArchive(documents: ledger.documents),
            uploads: InvoiceUploadRetrier(
                documents: ledger.documents,
                sender: InvoiceSender(
                    uploader: ScriptedUploader([]), isSignedIn: { false }, records: ledger.documents,
                    currency: testCurrency)),
            duplication: InvoiceDuplicator(documents: ledger.documents, form: ledger.submitter),
            preview: InvoicePreviewer(
                drafting: testDrafting(), renderer: InvoicePDFPreviewRenderer(fonts: .standard14),
                seller: { germanSeller }),
            templates: ["standard"],
            display: DisplayContext(
                days: DayFormat(calendar: utcCalendar), money: { amount, code in "\(amount) \(code)" },
                now: { fixedNow }, defaultCurrency: "EUR"),
            clients: ledger.clients, payments: ledger.payments, credits: ledger.credits, accounts: ledger.accounts,
            backup: InvoiceBackupFlows(exporter: ledger.exporter, importer: ledger.importer))
        return CommandHarness(InvoiceCommands(invoices: { invoices }, templates: invoices.templates))
    }

    @Test func exportWritesTheFileAndImportReadsItIntoAnotherLedger() async throws {
        let folder = try outFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("invoices.json").path
        let source = BackupLedger()
        let numbers = try await source.fill(seed: 4)
        let exported = await harness(source).run(["invoice", "export", file])
        #expect(exported.status == .success, "\(exported.error)")
        #expect(exported.output.contains("Exported \(numbers.count) invoices, 2 credit notes, 4 accounts"))

        let target = BackupLedger()
        let imported = await harness(target).run(["invoice", "import", file], json: true)
        #expect(imported.status == .success, "\(imported.error)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(imported.output.utf8)) as? [String: Any])
        #expect(object["unchanged"] as? Int == 0 && (object["imported"] as? Int ?? 0) > numbers.count)
        #expect(try Data(contentsOf: URL(fileURLWithPath: file)) == (await target.exporter.exportBackup().data))

        let again = await harness(target).run(["invoice", "import", file])
        #expect(again.status == .success && again.output.contains("Imported 0 documents"))
    }

    @Test func refusalsExitWithBadDataAndASentence() async throws {
        let folder = try outFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("bad.json")
        try Data("[]".utf8).write(to: file)
        let ledger = BackupLedger()
        let refused = await harness(ledger).run(["invoice", "import", file.path])
        #expect(refused.status == .dataError)
        #expect(
            refused.error.contains("nothing was imported from \(file.path): The backup file is JSON but not an object"))

        let conflicting = folder.appendingPathComponent("conflict.json")
        try envelope([entry()]).write(to: conflicting)
        try await ledger.documents.save(
            DocumentDraft(
                id: try DocumentID("client.acme.json"), contentType: DocumentContentType.json, bytes: Data("{}".utf8)))
        let conflict = await harness(ledger).run(["invoice", "import", conflicting.path])
        #expect(conflict.status == .dataError)
        #expect(
            conflict.error.contains(
                "A document of the backup already exists here with other contents: client.acme.json."))
        #expect(conflict.error.contains("An import never overwrites."))

        let missing = await harness(ledger).run(["invoice", "import", folder.appendingPathComponent("none.json").path])
        #expect(missing.status == .usage && missing.error.contains("there is no such file"))
    }
}
