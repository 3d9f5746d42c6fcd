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

/// The preview flow and `invoice preview` on the flows of `Flows`, with the preview renderer a test chooses.
struct PreviewFixture {
    let flows: Flows
    let previewer: InvoicePreviewer

    init(
        renderer: any InvoicePreviewRendering = InvoicePDFPreviewRenderer(
            fonts: .standard14, creationDate: { fixedNow }),
        seller: @escaping @Sendable () async throws(InvoiceError) -> Seller = {
            Seller(name: "Seller Ltd", address: ["1 Road"])
        }
    ) {
        flows = Flows(signedIn: false)
        previewer = InvoicePreviewer(drafting: testDrafting(), renderer: renderer, seller: seller)
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
                now: { fixedNow }, defaultCurrency: "EUR"))
        return CommandHarness(InvoiceCommands(invoices: { invoices }, templates: invoices.templates))
    }
}

@Suite("Invoices: the preview")
struct InvoicePreviewTests {
    @Test func anEmptyFormIsPreviewedWithWhatItLacksAndNothingIsStored() async throws {
        let spy = SpyInvoicePreviewRenderer()
        let fixture = PreviewFixture(renderer: spy)
        let preview = await fixture.previewer.preview(InvoiceRequest(client: "", items: [], currencyCode: "EUR"))
        #expect(preview.pdf == Data("%PDF-preview-spy".utf8))
        #expect(
            Set(preview.problems.map(\.code)).isSuperset(of: [.invoiceClientNameMissing, .invoiceNoLineItems]))
        #expect(preview.total == 0 && preview.issuedOn == "2026-03-18" && preview.dueOn == "2026-04-17")
        let drawn = try #require(spy.previewedInvoices.first)
        #expect(drawn.number == InvoicePreviewer.number)
        #expect(drawn.labels[.documentTitle] == "INVOICE (PREVIEW)")
        #expect(await fixture.flows.documents.list().isEmpty)
    }

    @Test func aCompleteFormHasNoProblemsTheTotalsOfASubmissionAndTakesNoNumber() async throws {
        let fixture = PreviewFixture()
        let preview = await fixture.previewer.preview(request())
        #expect(preview.problems.isEmpty)
        #expect(preview.total == Decimal(string: "3996.84"))
        let pdf = try #require(preview.pdf)
        #expect(pdf.starts(with: Data("%PDF-".utf8)))
        // The page is marked: the title and the number field say PREVIEW (uncompressed, built-in fonts).
        #expect(String(decoding: pdf, as: UTF8.self).contains("PREVIEW"))
        let submitted = try await fixture.flows.submitter.submit(request())
        #expect(submitted.record.number == "INV-0001")
        #expect(submitted.record.total == preview.total)
    }

    @Test func whatNoFontCanDrawLeavesNoPDFButStillAPreview() async throws {
        let fixture = PreviewFixture(renderer: SpyInvoicePreviewRenderer(answer: nil))
        let preview = await fixture.previewer.preview(request())
        #expect(preview.pdf == nil)
        #expect(preview.total == Decimal(string: "3996.84"))
    }

    @Test func aRealPreviewOfAFormInAScriptTheFontsCannotShapeIsNilNotAFailure() async throws {
        let fixture = PreviewFixture()
        let preview = await fixture.previewer.preview(request(client: "شركة"))
        #expect(preview.pdf == nil)
    }

    @Test func aSellerThatCannotBeReadLeavesTheSellerBlank() async throws {
        let spy = SpyInvoicePreviewRenderer()
        let fixture = PreviewFixture(
            renderer: spy,
            seller: { () throws(InvoiceError) -> Seller in throw .sellerUnavailable(detail: "damaged settings") })
        let preview = await fixture.previewer.preview(request())
        #expect(preview.pdf != nil)
        #expect(spy.previewedInvoices.first?.seller.name == "")
    }
}

@Suite("Invoices: invoice preview")
struct InvoicePreviewCommandTests {
    @Test func anEmptyPreviewSucceedsMarkedAsAPreviewWithEveryProblem() async {
        let result = await PreviewFixture().harness.run(["invoice", "preview"])
        #expect(result.status == .success, "\(result.error)")
        #expect(result.output.hasPrefix("PREVIEW (not stored, no number taken) for no client yet, issued 2026-03-18"))
        #expect(result.output.contains("--client: ") && result.output.contains("[invoice.clientNameMissing]"))
        #expect(result.output.contains("[invoice.noLineItems]"))
    }

    @Test func aFilledPreviewPrintsTheAmountsAndWritesTheMarkedPDF() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("invoice-preview-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = folder.appendingPathComponent("preview.pdf").path
        let fixture = PreviewFixture()
        let result = await fixture.harness.run([
            "invoice", "preview", "--client", "ACME", "--item", "Consulting;2;100", "--tax", "20", "--out", out,
        ])
        #expect(result.status == .success, "\(result.error)")
        #expect(result.output.contains("Total") && result.output.contains("€240.00"))
        #expect(result.output.contains("Ready: 'ledger invoice new' with the same options creates it."))
        #expect(result.output.contains("PDF (preview): \(out)"))
        let pdf = try Data(contentsOf: URL(fileURLWithPath: out))
        #expect(pdf.starts(with: Data("%PDF-".utf8)) && String(decoding: pdf, as: UTF8.self).contains("PREVIEW"))
        #expect(await fixture.flows.documents.list().isEmpty)
    }

    @Test func withJSONThePreviewIsMarkedAndListsItsProblems() async throws {
        let result = await PreviewFixture().harness.run(["invoice", "preview", "--client", "ACME"], json: true)
        #expect(result.status == .success, "\(result.error)")
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
        #expect(
            Set(object.keys) == ["preview", "client", "issuedOn", "dueOn", "total", "currency", "problems", "pdf"])
        #expect(object["preview"] as? Bool == true && object["client"] as? String == "ACME")
        let problems = try #require(object["problems"] as? [[String: String]])
        let expected = ["code": "invoice.noLineItems", "path": "--item", "message": "Add at least one line item."]
        #expect(problems == [expected])
        #expect(object["pdf"] is NSNull)
    }

    @Test func helpSaysWhatAPreviewIsAndEveryOptionIsOptional() throws {
        let commands = InvoiceCommands(
            invoices: { () throws(StorageError) -> Invoices in throw .closed }, templates: [])
        let preview = try #require(commands.commands.first { $0.name == "invoice preview" })
        #expect(
            preview.usage
                == "ledger invoice preview [DRAFT] [--client KEY|NAME] [--item \"DESCRIPTION;QUANTITY;PRICE\"]... "
                + "[--currency CODE] [--due YYYY-MM-DD] [--tax PERCENT] [--notes TEXT] [--language CODE] [--out FILE.pdf]"
        )
        #expect(preview.help.contains("Nothing is stored and no number is taken"))
        #expect(preview.help.contains("the exit status is still 0"))
    }

    @Test func anOptionThatCannotBeReadIsAUsageError() async {
        let result = await PreviewFixture().harness.run(["invoice", "preview", "--tax", "twenty"])
        #expect(result.status == .usage)
        #expect(result.error.contains("--tax 'twenty' is not a number such as 20"))
    }

    @Test func anUndrawableFormWithOutWritesNothingAndSaysWhy() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("invoice-preview-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = folder.appendingPathComponent("preview.pdf").path
        let result = await PreviewFixture().harness.run([
            "invoice", "preview", "--client", "شركة", "--item", "A;1;1", "--out", out,
        ])
        #expect(result.status == .success, "\(result.error)")
        #expect(result.error.contains("note: no PDF was written"))
        #expect(!FileManager.default.fileExists(atPath: out))
    }
}
