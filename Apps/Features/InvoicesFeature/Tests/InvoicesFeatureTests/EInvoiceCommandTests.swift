import CommandKit
import CommandKitTesting
import Essentials
import Foundation
import Rendering
import RenderingTesting
import Storage
import Testing
import Validation

@testable import InvoicesFeature

/// `invoice new` and `invoice show` over the e-invoice flows of `EInvoiceFlows`, with the defaults a test chooses.
struct EInvoiceCommandFixture {
    let fixture = EInvoiceFlows()
    var defaults = InvoiceDefaults()

    var harness: CommandHarness {
        let flows = fixture.flows
        let invoices = Invoices(
            form: fixture.submitter, archive: flows.archive, uploads: flows.retrier, duplication: flows.duplicator,
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
            defaults: defaults)
        return CommandHarness(InvoiceCommands(invoices: { invoices }, templates: invoices.templates))
    }
}

/// A fresh folder for `--out`, removed by the caller.
func outFolder() throws -> URL {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("einvoice-\(UUID())")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
    return folder
}

let buyerOptions = [
    "--client", "Client SARL", "--client-address", "1 rue de Rivoli", "--client-postcode", "75001",
    "--client-city", "Paris", "--client-country", "fr", "--client-vat-id", "FR 40 303265045",
    "--client-email", "ap@client.example", "--buyer-reference", "04011000-12345-34",
]

@Suite("Invoices: invoice new with e-invoice options")
struct EInvoiceCommandTests {
    @Test func everyOptionReachesTheRequest() async throws {
        let command = EInvoiceCommandFixture()
        let result = await command.harness.run(
            ["invoice", "new", "--format", "facturx"] + buyerOptions + [
                "--item", "Books;1;100;S7", "--item", "Consulting;2;50", "--item", "Parts;1;10;ae", "--tax", "19",
                "--order-reference", "PO-7", "--service-date", "2026-03-01", "--discount", "10%;Loyalty",
                "--exemption-reason", "Reverse charge",
            ], json: true)
        #expect(result.status == .success, "\(result.error)")
        let json = try #require(
            try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
        #expect(json["format"] as? String == "facturx" && json["xml"] is NSNull && json["pdf"] is NSNull)
        let request = try #require(try await command.fixture.flows.archive.list().first).request
        #expect(request.format == .facturx && request.clientCountry == "FR" && request.clientVATID == "FR40303265045")
        #expect(request.clientAddress == ["1 rue de Rivoli"] && request.orderReference == "PO-7")
        #expect(request.items.map(\.vatCategory) == [.standard, nil, .reverseCharge])
        #expect(request.items.map(\.taxPercent) == [7, nil, nil])
        #expect(request.discount == InvoiceDiscount(percent: 10, reason: "Loyalty"))
        #expect(request.exemptionReason == "Reverse charge" && request.serviceDate != nil)
    }

    @Test func problemsNameTheOptionTheUserTypedNotTheFormsPath() throws {
        let draft = InvoiceDraft(
            clientName: "ACME",
            lineItems: [
                LineItem(id: "1", description: "Work", quantity: 1, unitPrice: 10),
                LineItem(
                    id: "2", description: "Yen work", quantity: 2, unitPrice: try #require(Decimal(string: "12.5"))),
            ],
            currencyCode: "JPY", issueDate: fixedNow, dueDate: fixedNow)
        let drafting = testDrafting()
        let problems = drafting.problems(InvoiceValidator().validate(invoice: draft))
        #expect(problems.map(\.path) == ["--item 2 (price)"], "\(problems)")
        #expect(problems.first?.message.hasPrefix("Prices in JPY have no decimal places") == true)
        #expect(InvoiceDrafting.optionName(ofPath: "lineItems[0].description") == "--item 1 (description)")
        #expect(InvoiceDrafting.optionName(ofPath: "lineItems") == "--item")
        #expect(InvoiceDrafting.optionName(ofPath: "lineItems[x]") == "--item")
        #expect(InvoiceDrafting.optionName(ofPath: "currencyCode") == "--currency")
        #expect(InvoiceDrafting.optionName(ofPath: "clientName") == "--client")
    }

    @Test func aDescriptionWithSemicolonsAndThreeFieldItemsStillRead() throws {
        #expect(
            try InvoiceCommands.item("Design; phase 2;1;300")
                == InvoiceItem(description: "Design; phase 2", quantity: 1, unitPrice: 300))
        #expect(
            try InvoiceCommands.item("a;b;2;10") == InvoiceItem(description: "a;b", quantity: 2, unitPrice: 10))
        #expect(
            try InvoiceCommands.item("Hosting;1;20;S 7%")
                == InvoiceItem(
                    description: "Hosting", quantity: 1, unitPrice: 20, vatCategory: .standard, taxPercent: 7))
        #expect(try InvoiceCommands.item("Parts;1;20;Z").vatCategory == .zeroRated)
    }

    @Test(arguments: [
        (["--vat-category", "X"], "--vat-category: 'X' is not a VAT category"),
        (["--item", "Parts;1;20;SX"], "the VAT 'SX' is not a category followed by a rate"),
        (["--item", "Parts;1;20;S"], "the item 'Parts' is standard-rated (S) without a rate"),
        (["--vat-category", "s"], "--vat-category S needs a rate"),
        (["--client-country", "XX"], "--client-country 'XX' is not a country code"),
        (["--client-vat-id", "FR00303265045"], "--client-vat-id 'FR00303265045':"),
        (["--format", "ubl"], "--format 'ubl' is not a format"),
        (["--discount", "ten"], "--discount 'ten' is not an amount or a percentage"),
        (["--discount", "150%"], "--discount '150%' is not an amount or a percentage"),
        (["--format", "xrechnung", "--out", "x.pdf"], "an XRechnung invoice is XML"),
        (["--format", "facturx", "--out", "x.xml"], "a facturx invoice is written as a PDF"),
    ])
    func badInputIsAUsageErrorAndStoresNothing(options: [String], message: String) async throws {
        let command = EInvoiceCommandFixture()
        let base =
            ["invoice", "new", "--client", "ACME"] + (options.contains("--item") ? [] : ["--item", "Work;1;10"])
        let result = await command.harness.run(base + options)
        #expect(result.status == .usage, "\(result.output) \(result.error)")
        #expect(result.error.contains(message), "\(result.error)")
        #expect(try await command.fixture.flows.archive.list().isEmpty)
    }

    @Test func anXRechnungOutIsTheXMLAndShowXMLPrintsExactlyWhatWasIssued() async throws {
        let folder = try outFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let command = EInvoiceCommandFixture()
        let out = folder.appendingPathComponent("INV-0001.xml").path
        let result = await command.harness.run(
            ["invoice", "new", "--format", "xrechnung", "--item", "Work;1;100", "--tax", "19", "--out", out]
                + buyerOptions, json: true)
        #expect(result.status == .success, "\(result.error)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
        #expect(json["xml"] as? String == out && json["pdf"] is NSNull && json["format"] as? String == "xrechnung")
        let issued = try Data(contentsOf: URL(fileURLWithPath: out))
        #expect(issued == Data("<?xml version=\"1.0\"?><spy/>".utf8))

        let shown = await command.harness.run(["invoice", "show", "INV-0001", "--xml"])
        #expect(shown.status == .success && shown.output == String(decoding: issued, as: UTF8.self))
        let copy = folder.appendingPathComponent("copy.xml").path
        let written = await command.harness.run(["invoice", "show", "INV-0001", "--xml", "--out", copy])
        #expect(written.status == .success && written.output.contains("XML: \(copy)"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: copy)) == issued)
    }

    @Test func aPDFOnlyInvoiceSaysItHasNoXML() async throws {
        let command = EInvoiceCommandFixture()
        _ = await command.harness.run(["invoice", "new", "--client", "Bob", "--item", "Work;1;10"])
        let result = await command.harness.run(["invoice", "show", "INV-0001", "--xml"])
        #expect(result.status == .dataError)
        #expect(result.error.contains("invoice INV-0001 was issued as a PDF only; it has no e-invoice XML"))
    }

    @Test func theDefaultsApplyWhenTheOptionsNameNone() async throws {
        var command = EInvoiceCommandFixture()
        command.defaults = InvoiceDefaults(format: .xrechnung, vatCategory: .reverseCharge)
        let result = await command.harness.run(["invoice", "new", "--item", "Work;1;100"] + buyerOptions)
        #expect(result.status == .success, "\(result.error)")
        let request = try #require(try await command.fixture.flows.archive.list().first).request
        #expect(request.format == .xrechnung && request.vatCategory == .reverseCharge)
        var standard = EInvoiceCommandFixture()
        standard.defaults = InvoiceDefaults(vatCategory: .standard)
        let untaxed = await standard.harness.run(["invoice", "new", "--client", "Bob", "--item", "Work;1;10"])
        #expect(untaxed.status == .success, "a configured S waits for --tax: \(untaxed.error)")
    }

    @Test func helpListsTheFormatsAndTheVATField() throws {
        let commands = InvoiceCommands(
            invoices: { () throws(StorageError) -> Invoices in throw .closed }, templates: [])
        let new = try #require(commands.commands.first { $0.name == "invoice new" })
        for word in [
            "--format", "facturx", "--client-vat-id", "--vat-category", "S19", "--discount", "--client-address",
        ] {
            #expect(new.help.contains(word), "\(word)")
        }
    }
}
