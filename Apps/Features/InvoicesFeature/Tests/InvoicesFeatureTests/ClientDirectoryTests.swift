import CommandKit
import CommandKitTesting
import Essentials
import Foundation
import Rendering
import Storage
import StorageTesting
import Testing
import Validation

@testable import InvoicesFeature

/// A French client with every detail.
let acme = ClientRecord(
    key: "acme", name: "ACME SARL", address: ["1 rue de Rivoli"], postcode: "75001", city: "Paris",
    countryCode: "FR", vatID: "FR 40 303265045", email: "ap@acme.example", currency: "CHF", paymentTermsDays: 14,
    language: "fr", buyerReference: "PO-BOX-7")

/// `invoice` and `client` commands over one in-memory store, as the composition root wires them.
struct ClientFixture {
    let flows = Flows(signedIn: false)
    var directory: ClientDirectory { ClientDirectory(documents: flows.documents) }

    var invoices: CommandHarness {
        let flows = flows
        let invoices = Invoices(
            form: flows.submitter, archive: flows.archive, uploads: flows.retrier,
            duplication: InvoiceDuplicator(documents: flows.documents, form: flows.submitter, clients: directory),
            preview: InvoicePreviewer(
                drafting: testDrafting(), renderer: InvoicePDFPreviewRenderer(fonts: .standard14),
                seller: { germanSeller }),
            templates: ["compact", "creative", "standard"],
            display: DisplayContext(
                days: DayFormat(calendar: utcCalendar), money: { amount, code in "\(amount) \(code)" },
                now: { fixedNow }, defaultCurrency: "EUR"),
            clients: directory)
        return CommandHarness(InvoiceCommands(invoices: { invoices }, templates: invoices.templates))
    }

    var clients: CommandHarness {
        let directory = directory
        return CommandHarness(ClientCommands(clients: { directory }))
    }
}

@Suite("Invoices: the client directory")
struct ClientDirectoryTests {
    @Test func aClientIsKeptNormalisedAndReadBackByKeyInAnyCase() async throws {
        let directory = ClientDirectory(documents: FakeDocumentStore(now: { fixedNow }))
        let saved = try await directory.save(acme, replacing: false)
        #expect(saved.vatID == "FR40303265045")
        #expect(try await directory.client("ACME") == saved)
        #expect(try await directory.list().map(\.key) == ["acme"])
        #expect(try await directory.client("nobody") == nil)
        #expect(try await directory.client("../etc") == nil)
    }

    @Test func theDocumentIsClientKeyJSON() async throws {
        let documents = FakeDocumentStore(now: { fixedNow })
        _ = try await ClientDirectory(documents: documents).save(acme, replacing: false)
        #expect(await documents.list().map(\.id.rawValue) == ["client.acme.json"])
    }

    @Test func addingATakenKeyIsRefused() async throws {
        let directory = ClientDirectory(documents: FakeDocumentStore(now: { fixedNow }))
        _ = try await directory.save(acme, replacing: false)
        await #expect(throws: ClientError.alreadyExists("acme")) {
            try await directory.save(acme, replacing: false)
        }
    }

    @Test(arguments: ["", "-acme", "a/b", "acme corp", String(repeating: "a", count: 49), "ac\u{0}me", "é"])
    func hostileKeysAreRefused(key: String) async throws {
        let directory = ClientDirectory(documents: FakeDocumentStore(now: { fixedNow }))
        var client = acme
        client.key = key
        await #expect(throws: ClientError.invalidKey(key.lowercased())) {
            try await directory.save(client, replacing: false)
        }
    }

    @Test func everyDetailIsCheckedWithTheValidationPackage() async throws {
        let directory = ClientDirectory(documents: FakeDocumentStore(now: { fixedNow }))
        var client = acme
        client.name = " "
        client.countryCode = "XX"
        client.vatID = "FR00303265045"
        client.email = "not an address"
        client.currency = "EURO"
        client.paymentTermsDays = -1
        do {
            _ = try await directory.save(client, replacing: false)
            Issue.record("an invalid client was saved")
        } catch {
            guard case .invalid(let problems) = error else {
                Issue.record("expected invalid, got \(error)")
                return
            }
            #expect(
                Set(problems.map(\.path)) == ["name", "countryCode", "vatID", "email", "currency", "paymentTermsDays"])
            #expect(problems.allSatisfy { !$0.message.isEmpty })
        }
        #expect(try await directory.list().isEmpty)
    }

    @Test func aClientNamedByAnInvoiceIsNotDeleted() async throws {
        let fixture = ClientFixture()
        _ = try await fixture.directory.save(acme, replacing: false)
        var form = request(client: "ACME SARL")
        form.clientKey = "acme"
        _ = try await fixture.flows.submitter.submit(form)
        await #expect(throws: ClientError.inUse("acme", invoices: ["INV-0001"])) {
            try await fixture.directory.delete("acme")
        }
        #expect(try await fixture.directory.client("acme") != nil)
    }

    @Test func aClientNoInvoiceNamesIsDeleted() async throws {
        let fixture = ClientFixture()
        _ = try await fixture.directory.save(acme, replacing: false)
        _ = try await fixture.flows.submitter.submit(request(client: "acme"))
        try await fixture.directory.delete("ACME")
        #expect(try await fixture.directory.client("acme") == nil)
        await #expect(throws: ClientError.notFound("acme")) { try await fixture.directory.delete("acme") }
    }

    @Test func recordsStoredBeforeClientKeysStillRead() throws {
        let old = #"{"client":"Bob","items":[],"currencyCode":"EUR","template":"standard","notes":""}"#
        let request = try JSONDecoder().decode(InvoiceRequest.self, from: Data(old.utf8))
        #expect(request.clientKey == nil && request.paymentTermsDays == nil && request.client == "Bob")
    }
}

@Suite("Invoices: client commands")
struct ClientCommandTests {
    let add = [
        "client", "add", "acme", "--name", "ACME SARL", "--address", "1 rue de Rivoli", "--postcode", "75001",
        "--city", "Paris", "--country", "fr", "--vat-id", "FR 40 303265045", "--email", "ap@acme.example",
        "--currency", "chf", "--terms", "14", "--language", "fr", "--buyer-reference", "PO-BOX-7",
    ]

    @Test func addShowListEditDelete() async throws {
        let fixture = ClientFixture()
        let added = await fixture.clients.run(add)
        #expect(added.status == .success, "\(added.error)")
        #expect(added.output.contains("Added client acme"))
        let shown = await fixture.clients.run(["client", "show", "acme"], json: true)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(shown.output.utf8)) as? [String: Any])
        #expect(json["vatID"] as? String == "FR40303265045" && json["currency"] as? String == "CHF")
        #expect(json["paymentTermsDays"] as? Int == 14 && json["countryCode"] as? String == "FR")
        let listed = await fixture.clients.run(["client", "list"])
        #expect(listed.output.contains("acme") && listed.output.contains("ACME SARL"))
        let edited = await fixture.clients.run([
            "client", "edit", "acme", "--address", "2 rue de la Paix", "--address", "Bât. B", "--email", "",
        ])
        #expect(edited.status == .success, "\(edited.error)")
        let client = try #require(try await fixture.directory.client("acme"))
        #expect(client.address == ["2 rue de la Paix", "Bât. B"] && client.email == nil && client.city == "Paris")
        #expect(await fixture.clients.run(["client", "delete", "acme"]).status == .success)
        #expect(await fixture.clients.run(["client", "show", "acme"]).status == .dataError)
    }

    @Test func anInvalidClientIsRefusedWithEveryProblem() async {
        let fixture = ClientFixture()
        let result = await fixture.clients.run([
            "client", "add", "acme", "--name", "ACME", "--country", "XX", "--vat-id", "FR00303265045",
        ])
        #expect(result.status == .dataError)
        #expect(result.error.contains("the client is not valid") && result.error.contains("countryCode"))
    }

    @Test func badTermsAndKeysAreUsageErrors() async {
        let fixture = ClientFixture()
        #expect(await fixture.clients.run(add.map { $0 == "14" ? "two weeks" : $0 }).status == .usage)
        #expect(await fixture.clients.run(add.map { $0 == "acme" ? "a/b" : $0 }).status == .usage)
    }

    @Test func deletingAClientAnInvoiceNamesIsRefusedWithASentence() async {
        let fixture = ClientFixture()
        _ = await fixture.clients.run(add)
        let issued = await fixture.invoices.run(["invoice", "new", "--client", "acme", "--item", "Work;1;100"])
        #expect(issued.status == .temporaryFailure, "\(issued.error)")
        let result = await fixture.clients.run(["client", "delete", "acme"])
        #expect(result.status == .dataError)
        #expect(result.error.contains("client 'acme' cannot be deleted: invoice INV-0001 names it"))
    }

    @Test func invoiceNewFillsTheRequestFromTheDirectoryAndOptionsWin() async throws {
        let fixture = ClientFixture()
        _ = await fixture.clients.run(add)
        let result = await fixture.invoices.run([
            "invoice", "new", "--client", "ACME", "--item", "Work;1;100", "--client-city", "Lyon",
        ])
        #expect(result.status == .temporaryFailure, "\(result.error)")
        let record = try #require(try await fixture.flows.archive.list().first)
        #expect(record.request.client == "ACME SARL" && record.request.clientKey == "acme")
        #expect(record.request.clientAddress == ["1 rue de Rivoli"] && record.request.clientPostcode == "75001")
        #expect(record.request.clientCity == "Lyon" && record.request.clientCountry == "FR")
        #expect(record.request.clientVATID == "FR40303265045" && record.request.clientEmail == "ap@acme.example")
        #expect(record.request.buyerReference == "PO-BOX-7" && record.request.currencyCode == "CHF")
        #expect(record.issuedOn == "2026-03-18" && record.dueOn == "2026-04-01")
    }

    @Test func explicitCurrencyAndDueWinOverTheClientsDefaults() async throws {
        let fixture = ClientFixture()
        _ = await fixture.clients.run(add)
        _ = await fixture.invoices.run([
            "invoice", "new", "--client", "acme", "--item", "Work;1;100", "--currency", "EUR", "--due", "2026-05-01",
        ])
        let record = try #require(try await fixture.flows.archive.list().first)
        #expect(record.request.currencyCode == "EUR" && record.dueOn == "2026-05-01")
    }

    @Test func aNameThatIsNoKeyStaysFreeText() async throws {
        let fixture = ClientFixture()
        _ = await fixture.clients.run(add)
        _ = await fixture.invoices.run(["invoice", "new", "--client", "Bob Smith", "--item", "Work;1;100"])
        let record = try #require(try await fixture.flows.archive.list().first)
        #expect(record.request.client == "Bob Smith" && record.request.clientKey == nil)
        #expect(record.request.clientAddress.isEmpty && record.dueOn == "2026-04-17")
    }

    @Test func editingAClientNeverChangesAnIssuedInvoice() async throws {
        let fixture = ClientFixture()
        _ = await fixture.clients.run(add)
        _ = await fixture.invoices.run(["invoice", "new", "--client", "acme", "--item", "Work;1;100"])
        let before = try await fixture.flows.archive.invoice(number: "INV-0001")
        let edited = await fixture.clients.run([
            "client", "edit", "acme", "--name", "ACME Holding", "--city", "Nice", "--vat-id", "",
        ])
        #expect(edited.status == .success, "\(edited.error)")
        let after = try await fixture.flows.archive.invoice(number: "INV-0001")
        #expect(after == before)
        #expect(after.record.request.client == "ACME SARL" && after.record.request.clientCity == "Paris")
    }
}
