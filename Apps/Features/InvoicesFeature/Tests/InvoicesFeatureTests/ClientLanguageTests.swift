import CommandKit
import CommandKitTesting
import Essentials
import Foundation
import Rendering
import RenderingTesting
import Storage
import StorageTesting
import Testing
import Validation

@testable import InvoicesFeature

/// A German client: invoices for them print in German whatever the setting says.
let bauhaus = ClientRecord(
    key: "bauhaus", name: "Bauhaus GmbH", address: ["Unter den Linden 1"], postcode: "10117", city: "Berlin",
    countryCode: "DE", vatID: "DE136695976", language: "de")

/// The invoice and client commands over one in-memory store, printing through spies, with the labels of each
/// language from the Rendering package's catalogs as the composition root gives them.
struct LanguageFixture {
    let documents = FakeDocumentStore(now: { fixedNow })
    let renderer = SpyInvoiceRenderer()
    let previewRenderer = SpyInvoicePreviewRenderer()
    let drafting: InvoiceDrafting = {
        var drafting = testDrafting()
        drafting.languageLabels = { try? InvoiceLabels(language: $0) }
        return drafting
    }()

    var directory: ClientDirectory { ClientDirectory(documents: documents) }

    var submitter: InvoiceSubmitter {
        InvoiceSubmitter(
            drafting: drafting, templates: ["standard": renderer], documents: documents,
            seller: { Seller(name: "Seller Ltd", address: ["1 Road"]) }, sender: sender)
    }

    var sender: InvoiceSender {
        InvoiceSender(
            uploader: ScriptedUploader([]), isSignedIn: { false }, records: documents, currency: testCurrency)
    }

    var credits: CreditNoteIssuer {
        CreditNoteIssuer(
            drafting: drafting, templates: ["standard": renderer], documents: documents,
            seller: { Seller(name: "Seller Ltd", address: ["1 Road"]) })
    }

    var invoices: CommandHarness {
        let form = submitter
        let invoices = Invoices(
            form: form, archive: InvoiceArchive(documents: documents),
            uploads: InvoiceUploadRetrier(documents: documents, sender: sender),
            duplication: InvoiceDuplicator(documents: documents, form: form, clients: directory),
            preview: InvoicePreviewer(drafting: drafting, renderer: previewRenderer, seller: { germanSeller }),
            templates: ["standard"],
            display: DisplayContext(
                days: DayFormat(calendar: utcCalendar), money: { amount, code in "\(amount) \(code)" },
                now: { fixedNow }, defaultCurrency: "EUR"),
            clients: directory,
            drafts: InvoiceDraftFlows(
                desk: DraftDesk(documents: documents),
                issuer: DraftIssuer(composer: form.composer, documents: documents, sender: sender)))
        return CommandHarness(InvoiceCommands(invoices: { invoices }, templates: invoices.templates))
    }

    var clients: CommandHarness {
        let directory = directory
        return CommandHarness(ClientCommands(clients: { directory }))
    }

    /// The stored invoices' requests, oldest first.
    func requests() async throws -> [InvoiceRequest] {
        try await InvoiceArchive(documents: documents).list().map(\.request)
    }
}

@Suite("Invoices: the client's language")
struct ClientLanguageTests {
    @Test func anInvoiceForAGermanClientPrintsGermanWordsAndExemption() async throws {
        let fixture = LanguageFixture()
        _ = try await fixture.directory.save(bauhaus, replacing: false)
        let result = await fixture.invoices.run([
            "invoice", "new", "--client", "bauhaus", "--item", "Beratung;2;500", "--vat-category", "AE",
        ])
        #expect(result.status == .temporaryFailure, "\(result.error)")
        let printed = try #require(fixture.renderer.renderedInvoices.first)
        #expect(printed.labels[.documentTitle] == "RECHNUNG" && printed.labels[.total] != "Total")
        #expect(printed.paymentTerms?.hasPrefix("Zahlbar bis") == true)
        #expect(printed.vatExemptions[.reverseCharge]?.reason == "Steuerschuldnerschaft des Leistungsempfängers")
        #expect(try await fixture.requests().first?.language == "de")
    }

    @Test func anExplicitLanguageWinsOverTheClients() async throws {
        let fixture = LanguageFixture()
        _ = try await fixture.directory.save(bauhaus, replacing: false)
        let result = await fixture.invoices.run([
            "invoice", "new", "--client", "bauhaus", "--item", "Conseil;2;500", "--language", "FR",
        ])
        #expect(result.status == .temporaryFailure, "\(result.error)")
        #expect(fixture.renderer.renderedInvoices.first?.labels[.documentTitle] == "FACTURE")
        #expect(try await fixture.requests().first?.language == "fr")
    }

    @Test func withoutALanguageTheSettingsWordsPrint() async throws {
        let fixture = LanguageFixture()
        let result = await fixture.invoices.run(["invoice", "new", "--client", "Bob", "--item", "Work;1;100"])
        #expect(result.status == .temporaryFailure, "\(result.error)")
        #expect(fixture.renderer.renderedInvoices.first?.labels == InvoiceLabels.english)
        #expect(try await fixture.requests().first?.language == nil)
    }

    @Test(arguments: ["xx", "deutsch", "", "de\u{1B}[2J"])
    func anUnknownLanguageIsRefusedWithTheLanguagesListed(language: String) async throws {
        let fixture = LanguageFixture()
        for words in [
            ["invoice", "new", "--client", "Bob", "--item", "Work;1;100", "--language", language],
            ["invoice", "new", "--draft", "--language", language],
            ["invoice", "preview", "--language", language],
        ] {
            let result = await fixture.invoices.run(words)
            #expect(result.status == .usage, "\(words)")
            #expect(result.error.contains("cs, de, en"), "\(result.error)")
            #expect(!result.error.contains("\u{1B}"))
        }
        #expect(await fixture.documents.list().isEmpty)
    }

    @Test func aRequestStoredWithoutTheLanguageReads() throws {
        let old =
            #"{"client":"Bob","items":[],"currencyCode":"EUR","template":"standard","notes":"","clientKey":"bob"}"#
        let request = try JSONDecoder().decode(InvoiceRequest.self, from: Data(old.utf8))
        #expect(request.language == nil && request.clientKey == "bob")
        var german = request
        german.language = "de"
        let read = try JSONDecoder().decode(InvoiceRequest.self, from: JSONEncoder().encode(german))
        #expect(read == german)
    }

    @Test func theCreditNotePrintsInTheInvoicesLanguage() async throws {
        let fixture = LanguageFixture()
        var form = request(client: "Bauhaus GmbH")
        form.language = "de"
        _ = try await fixture.submitter.submit(form)
        _ = try await fixture.credits.credit(CreditRequest(invoice: "INV-0001", selection: .lines([2])))
        let creditNote = try #require(fixture.renderer.renderedInvoices.last)
        #expect(creditNote.kind == .creditNote && creditNote.labels[.creditNoteTitle] == "GUTSCHRIFT")
        #expect(creditNote.paymentTerms?.hasPrefix("Korrektur der Rechnung INV-0001") == true)
    }

    @Test func thePreviewPrintsInTheFormsLanguage() async throws {
        let fixture = LanguageFixture()
        let result = await fixture.invoices.run(["invoice", "preview", "--client", "Bob", "--language", "de"])
        #expect(result.status == .success, "\(result.error)")
        #expect(fixture.previewRenderer.previewedInvoices.first?.labels[.documentTitle] == "RECHNUNG (PREVIEW)")
    }

    @Test func aPreviewForADirectoryClientShowsTheClientAsTheInvoiceWould() async throws {
        let fixture = LanguageFixture()
        _ = try await fixture.directory.save(bauhaus, replacing: false)
        let result = await fixture.invoices.run(["invoice", "preview", "--client", "bauhaus", "--item", "Beratung;1;9"])
        #expect(result.status == .success, "\(result.error)")
        let previewed = try #require(fixture.previewRenderer.previewedInvoices.first)
        #expect(previewed.client.name == bauhaus.name && previewed.labels[.documentTitle] == "RECHNUNG (PREVIEW)")
    }

    @Test func aDuplicateForAnotherClientTakesThatClientsLanguage() async throws {
        let fixture = LanguageFixture()
        _ = try await fixture.directory.save(bauhaus, replacing: false)
        _ = try await fixture.directory.save(acme, replacing: false)
        _ = await fixture.invoices.run(["invoice", "new", "--client", "bauhaus", "--item", "Beratung;1;100"])
        _ = await fixture.invoices.run(["invoice", "duplicate", "1"])
        _ = await fixture.invoices.run(["invoice", "duplicate", "1", "--client", "acme"])
        _ = await fixture.invoices.run(["invoice", "duplicate", "1", "--client", "Bob"])
        #expect(try await fixture.requests().map(\.language) == ["de", "de", "fr", nil])
        #expect(
            fixture.renderer.renderedInvoices.map { $0.labels[.documentTitle] } == [
                "RECHNUNG", "RECHNUNG", "FACTURE", "INVOICE",
            ])
    }

    @Test func aDraftTakesTheClientsLanguageAndAnEditChangesIt() async throws {
        let fixture = LanguageFixture()
        _ = try await fixture.directory.save(bauhaus, replacing: false)
        let saved = await fixture.invoices.run(["invoice", "new", "--draft", "--client", "bauhaus"])
        #expect(saved.status == .success, "\(saved.error)")
        let desk = DraftDesk(documents: fixture.documents)
        let draft = try #require(try await desk.draft(DraftID(number: 1)!).request)
        #expect(draft.clientKey == "bauhaus" && draft.language == "de" && draft.clientCity == "Berlin")
        #expect(await fixture.invoices.run(["invoice", "edit", "D-1", "--language", "fr"]).status == .success)
        #expect(try await desk.draft(DraftID(number: 1)!).request?.language == "fr")
        let moved = await fixture.invoices.run(["invoice", "edit", "D-1", "--client", "Bob"])
        #expect(moved.status == .success, "\(moved.error)")
        let free = try #require(try await desk.draft(DraftID(number: 1)!).request)
        #expect(free.clientKey == nil && free.language == nil && free.clientCity == nil && free.client == "Bob")
    }
}

@Suite("Invoices: deleting a client that drafts bill")
struct ClientDraftDeletionTests {
    @Test func aClientASavedDraftBillsIsNotDeleted() async throws {
        let fixture = LanguageFixture()
        _ = try await fixture.directory.save(bauhaus, replacing: false)
        _ = await fixture.invoices.run(["invoice", "new", "--draft", "--client", "bauhaus"])
        _ = await fixture.invoices.run(["invoice", "new", "--draft", "--client", "Bob"])
        _ = await fixture.invoices.run(["invoice", "new", "--draft", "--client", "BAUHAUS"])
        await #expect(throws: ClientError.inUseByDrafts("bauhaus", drafts: ["D-1", "D-3"])) {
            try await fixture.directory.delete("bauhaus")
        }
        let refused = await fixture.clients.run(["client", "delete", "bauhaus"])
        #expect(refused.status == .dataError)
        #expect(refused.error.contains("client 'bauhaus' cannot be deleted: drafts D-1, D-3 bill it"))
        #expect(refused.error.contains("ledger invoice delete D-1"))
        #expect(try await fixture.directory.client("bauhaus") != nil)
        #expect(await fixture.invoices.run(["invoice", "delete", "D-1"]).status == .success)
        #expect(await fixture.invoices.run(["invoice", "edit", "D-3", "--client", "Bob"]).status == .success)
        #expect(await fixture.clients.run(["client", "delete", "bauhaus"]).status == .success)
    }

    @Test func aTombstoneBillsNoOne() async throws {
        let fixture = LanguageFixture()
        _ = try await fixture.directory.save(bauhaus, replacing: false)
        let id = try #require(DraftID(number: 4))
        for content in [DraftFiles.Content.issued(as: "INV-0009"), .deleted] {
            _ = try await fixture.documents.save(try DraftFiles.document(content, for: id))
            try await fixture.directory.delete("bauhaus")
            _ = try await fixture.directory.save(bauhaus, replacing: false)
        }
    }
}

@Suite("Invoices: client commands refuse what they cannot do")
struct ClientRefusalTests {
    let add = ["client", "add", "acme", "--name", "ACME SARL", "--country", "FR"]

    @Test func showEditAndDeleteOfAnUnknownKeyAreRefused() async {
        let fixture = LanguageFixture()
        for words in [
            ["client", "show", "nobody"], ["client", "edit", "nobody", "--city", "Paris"],
            ["client", "delete", "nobody"],
        ] {
            let result = await fixture.clients.run(words)
            #expect(result.status == .dataError, "\(words)")
            #expect(result.error.contains("there is no client 'nobody'"), "\(result.error)")
            #expect(result.error.contains("ledger client list"))
        }
        #expect(await fixture.documents.list().isEmpty)
    }

    @Test func addingAnExistingKeyIsRefusedAndKeepsTheClient() async throws {
        let fixture = LanguageFixture()
        #expect(await fixture.clients.run(add).status == .success)
        let again = await fixture.clients.run(["client", "add", "ACME", "--name", "Other", "--country", "DE"])
        #expect(again.status == .dataError)
        #expect(again.error.contains("there is already a client 'acme'") && again.error.contains("client edit acme"))
        #expect(try await fixture.directory.client("acme")?.name == "ACME SARL")
    }

    @Test(arguments: ["../etc/passwd", "\u{1B}[2Jx", "a\nb", String(repeating: "k", count: 49), "client.acme.json/"])
    func hostileKeysNeverReachTheStoreNorTheTerminal(key: String) async {
        let fixture = LanguageFixture()
        for words in [
            ["client", "show", key], ["client", "edit", key, "--city", "X"], ["client", "delete", key],
            ["client", "add", key, "--name", "X", "--country", "FR"],
        ] {
            let result = await fixture.clients.run(words)
            #expect(result.status == .dataError || result.status == .usage, "\(words)")
            #expect(!result.error.contains("\u{1B}") && !result.error.contains("a\nb"), "\(result.error)")
        }
        #expect(await fixture.documents.list().isEmpty)
    }

    @Test(arguments: [
        ["--name", "ACME\u{1B}[31m"], ["--name", "A\nB"], ["--address", "1 rue\u{7}"], ["--city", "\u{202E}siraP"],
        ["--email", "ap@acme.example\r\nBcc: x@y.z"], ["--buyer-reference", String(repeating: "r", count: 101)],
    ])
    func hostileValuesAreRefusedWithNothingSaved(option: [String]) async {
        let fixture = LanguageFixture()
        let result = await fixture.clients.run(add + option)
        // Control characters in an argument are refused by the shell's parsing (64), the rest by the rules (65).
        #expect(result.status == .dataError || result.status == .usage, "\(option): \(result.error)")
        #expect(!result.error.contains("\u{1B}"))
        #expect(await fixture.documents.list().isEmpty)
    }

    @Test func aClientsLanguageIsOneInvoicesHaveWordsFor() async throws {
        let fixture = LanguageFixture()
        let refused = await fixture.clients.run(add + ["--language", "klingon"])
        #expect(refused.status == .dataError)
        #expect(refused.error.contains("An invoice language is one of cs, de, en"), "\(refused.error)")
        #expect(await fixture.documents.list().isEmpty)
        #expect(await fixture.clients.run(add + ["--language", "DE"]).status == .success)
        #expect(try await fixture.directory.client("acme")?.language == "de")
        #expect(await fixture.clients.run(["client", "edit", "acme", "--language", ""]).status == .success)
        #expect(try await fixture.directory.client("acme")?.language == nil)
    }

    @Test func aClientKeptWithALanguageBeforeTheCheckStillEdits() async throws {
        let fixture = LanguageFixture()
        var old = acme
        old.language = "sv"
        _ = try await fixture.directory.save(old, replacing: false)
        #expect(await fixture.clients.run(["client", "edit", "acme", "--city", "Lyon"]).status == .success)
        _ = await fixture.invoices.run(["invoice", "new", "--client", "acme", "--item", "Work;1;100"])
        #expect(fixture.renderer.renderedInvoices.first?.labels[.documentTitle] == "INVOICE")
    }
}
