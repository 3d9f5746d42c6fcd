import Essentials
import Foundation
import Networking
import Rendering
import RenderingTesting
import Storage
import StorageTesting
import Testing
import Validation
import ValidationTesting

@testable import InvoicesFeature

/// A seller with everything an EN 16931 invoice states about it.
let germanSeller = Seller(
    name: "Muster GmbH", address: ["Hauptstr. 1"], iban: "DE89370400440532013000", vatID: "DE123456788",
    countryCode: "DE", postcode: "10115", city: "Berlin", bic: "COBADEFFXXX", email: "billing@muster.example",
    phone: "+49 30 1234567", contactName: "Erika Muster")

/// A French business buyer of `format`.
func businessRequest(
    format: InvoiceFormat = .facturx, items: [InvoiceItem]? = nil, tax: Decimal? = 19,
    category: VATCategory? = nil, discount: InvoiceDiscount? = nil
) -> InvoiceRequest {
    InvoiceRequest(
        client: "Client SARL",
        items: items ?? [InvoiceItem(description: "Consulting", quantity: 2, unitPrice: 500)],
        currencyCode: "EUR", taxPercent: tax, format: format, clientAddress: ["1 rue de Rivoli"],
        clientPostcode: "75001", clientCity: "Paris", clientCountry: "FR", clientVATID: "FR40303265045",
        clientEmail: "ap@client.example", buyerReference: "04011000-12345-34", vatCategory: category,
        discount: discount)
}

/// The flows with e-invoice output from the test kits' spies.
struct EInvoiceFlows {
    let flows: Flows
    let submitter: InvoiceSubmitter
    let writer = SpyEInvoiceWriter()
    let archival = SpyArchivalInvoiceRenderer()
    let validated = StubValidator<InvoiceDraft>()
    let profiles = LockedValue<[InvoiceProfile]>([])

    init(seller: Seller = germanSeller) {
        flows = Flows(answers: [ScriptedUploader.stored("INV-0001")])
        let sender = InvoiceSender(
            uploader: flows.uploader, isSignedIn: { true }, records: flows.documents, currency: testCurrency)
        let drafting = testDrafting(validator: validated)
        var profiled = drafting
        profiled.profileValidator = { [validated, profiles] profile in
            profiles.withLock { $0.append(profile) }
            return validated
        }
        submitter = InvoiceSubmitter(
            drafting: profiled, templates: testTemplates(fonts: .standard14), documents: flows.documents,
            seller: { seller }, sender: sender,
            eInvoices: EInvoiceOutput(writer: { [writer] _ in writer }, archival: ["standard": archival]))
    }
}

@Suite("Invoices: EN 16931 mapping")
struct EInvoiceDraftingTests {
    @Test func reverseChargeStatesTheStandardWordingAndCodeAndNoVAT() throws {
        let drafting = testDrafting()
        let request = businessRequest(tax: nil, category: .reverseCharge)
        let document = drafting.document(
            request, number: "INV-0001", issued: fixedNow, due: fixedNow, seller: germanSeller)
        #expect(document.lineItems.map(\.vatCategory) == [.reverseCharge])
        #expect(document.lineItems.map(\.taxRate) == [.zero])
        #expect(
            document.vatExemptions[.reverseCharge]
                == VATExemption(reason: "Reverse charge: the recipient is liable for the VAT", code: "VATEX-EU-AE"))
        #expect(document.client.address?.countryCode == "FR" && document.client.vatID == "FR40303265045")
        #expect(document.seller.vatID == "DE123456788" && document.seller.address?.city == "Berlin")
        #expect(
            document.payment
                == PaymentInstructions(iban: germanSeller.iban, bic: "COBADEFFXXX", reference: "INV-0001"))
        #expect(document.paymentTerms == "Due on 2026-03-18")
        #expect(document.buyerReference == "04011000-12345-34")
        let draft = drafting.draft(of: request, issued: fixedNow, due: fixedNow, seller: germanSeller)
        #expect(draft.vatExemptions[.reverseCharge]?.code == "VATEX-EU-AE")
        #expect(draft.buyerVATID == "FR40303265045" && draft.seller?.vatID == "DE123456788")
        #expect(draft.payment?.iban == germanSeller.iban)
    }

    @Test func theExemptionWordingFollowsTheLabelsLanguageAndTheUsersReasonWins() {
        var drafting = testDrafting()
        drafting.labels = .german
        let german = drafting.exemptions(of: businessRequest(tax: nil, category: .reverseCharge))
        #expect(german[.reverseCharge]?.reason == "Steuerschuldnerschaft des Leistungsempfängers")
        let intra = drafting.exemptions(of: businessRequest(tax: nil, category: .intraCommunity))
        #expect(intra[.intraCommunity]?.reason == "Innergemeinschaftliche Lieferung, steuerfrei nach § 4 Nr. 1b UStG")
        #expect(
            testDrafting().exemptions(of: businessRequest(tax: nil, category: .intraCommunity))[.intraCommunity]?.reason
                == "Intra-community supply, exempt under Article 138 of Directive 2006/112/EC")
        var typed = businessRequest(tax: nil, category: .exempt)
        #expect(drafting.exemptions(of: typed).isEmpty, "an exempt invoice names its own article")
        typed.exemptionReason = "Steuerfrei nach § 4 Nr. 21 UStG"
        #expect(drafting.exemptions(of: typed)[.exempt]?.reason == "Steuerfrei nach § 4 Nr. 21 UStG")
    }

    @Test func mixedRatesAndPerItemCategoriesMapLineByLine() {
        let request = businessRequest(
            items: [
                InvoiceItem(description: "Books", quantity: 1, unitPrice: 100, vatCategory: .standard, taxPercent: 7),
                InvoiceItem(description: "Consulting", quantity: 1, unitPrice: 200),
                InvoiceItem(description: "Export", quantity: 1, unitPrice: 50, vatCategory: .export),
            ])
        let drafting = testDrafting()
        let vat = drafting.lineVAT(of: request)
        #expect(vat.map(\.category) == [.standard, .standard, .export])
        #expect(vat.map(\.rate) == [7, 19, 0])
        let draft = drafting.draft(of: request, issued: fixedNow, due: fixedNow, seller: germanSeller)
        #expect(draft.lineItems.map(\.taxPercent) == [7, nil, nil])
        #expect(draft.vatExemptions.keys.sorted { $0.code < $1.code } == [.export])
    }

    @Test func aDiscountIsSplitAcrossTheRatesInProportion() {
        let request = businessRequest(
            items: [
                InvoiceItem(description: "Books", quantity: 1, unitPrice: 100, vatCategory: .standard, taxPercent: 7),
                InvoiceItem(description: "Consulting", quantity: 3, unitPrice: 100),
            ],
            discount: InvoiceDiscount(percent: 10, reason: "Loyalty"))
        let discounts = testDrafting().discounts(of: request)
        #expect(discounts.map(\.amount) == [10, 30])
        #expect(discounts.map(\.rate) == [7, 19] && discounts.allSatisfy { $0.reason == "Loyalty" })
        let amount = businessRequest(discount: InvoiceDiscount(amount: 25))
        let single = testDrafting().discounts(of: amount)
        #expect(single.map(\.amount) == [25] && single.first?.reason == "Discount")
        let document = testDrafting().document(
            amount, number: "INV-0001", issued: fixedNow, due: fixedNow, seller: germanSeller)
        #expect(document.allowancesCharges.map(\.amount) == [25])
        #expect(document.allowancesCharges.first?.reasonCode == "95")
    }

    @Test func aPlainPDFPrintsAsItAlwaysDid() {
        let plain = InvoiceRequest(
            client: "Bob", items: [InvoiceItem(description: "Work", quantity: 1, unitPrice: 10)],
            currencyCode: "EUR")
        let document = testDrafting().document(
            plain, number: "INV-0001", issued: fixedNow, due: fixedNow, seller: Seller(name: "Me", address: []))
        #expect(document.lineItems.map(\.vatCategory) == [nil] && document.vatExemptions.isEmpty)
        #expect(document.payment == nil && document.client.address == nil)
    }

    @Test func problemsOfFieldsWithAnOptionNameTheOption() {
        let problems = testDrafting().problems([
            ValidationFailure(code: .en16931("BR-10"), path: "buyerAddress.countryCode"),
            ValidationFailure(code: .en16931("BR-AE-10"), path: "vatExemptions.AE"),
            ValidationFailure(code: .invoiceNoLineItems, path: "lineItems"),
        ])
        #expect(problems.map(\.path) == ["--client-country", "--exemption-reason", "--item"])
    }

    @Test func anOldRecordWithoutTheNewFieldsStillReads() throws {
        let json = """
            {"number":"INV-0001","issuedOn":"2026-03-18","dueOn":"2026-04-17","total":119,
             "idempotencyKey":"k","request":{"client":"Bob","currencyCode":"EUR","notes":"",
             "template":"standard","taxPercent":19,
             "items":[{"description":"Work","quantity":1,"unitPrice":100}]}}
            """
        let record = try JSONDecoder().decode(InvoiceRecord.self, from: Data(json.utf8))
        #expect(record.request.format == .pdf && record.request.clientAddress.isEmpty)
        #expect(record.request.vatCategory == nil && record.request.items.first?.vatCategory == nil)
        let again = try JSONDecoder().decode(InvoiceRecord.self, from: JSONEncoder().encode(record))
        #expect(again == record)
    }
}

@Suite("Invoices: e-invoice formats")
struct EInvoiceFormatTests {
    @Test func aFacturXInvoiceIsTheArchivalPDFCarryingItsXMLStoredAndUploaded() async throws {
        let fixture = EInvoiceFlows()
        let submission = try await fixture.submitter.submit(businessRequest(format: .facturx))
        #expect(submission.record.serverID == "inv_INV-0001")
        #expect(fixture.profiles.withLock { $0 } == [.en16931])
        let call = try #require(fixture.archival.calls.first)
        #expect(call.metadata.facturX?.conformanceLevel == .en16931)
        let attachment = try #require(call.attachments.first)
        #expect(attachment.fileName == "factur-x.xml" && attachment.mimeType == "text/xml")
        #expect(attachment.data == Data("<?xml version=\"1.0\"?><spy/>".utf8))
        let file = try await fixture.flows.archive.invoice(number: "INV-0001")
        #expect(file.pdf == Data("%PDF-A-spy".utf8) && file.xml == attachment.data)
        let upload = try #require(await fixture.flows.uploader.uploads.first)
        #expect(upload.format == "facturx" && upload.pdf == file.pdf && upload.xml == nil)
    }

    @Test func anXRechnungInvoiceIsItsXMLBesideAPrintedPDF() async throws {
        let fixture = EInvoiceFlows()
        _ = try await fixture.submitter.submit(businessRequest(format: .xrechnung))
        #expect(fixture.profiles.withLock { $0 } == [.xrechnung])
        #expect(fixture.archival.calls.isEmpty && fixture.writer.writtenInvoices.count == 1)
        let file = try await fixture.flows.archive.invoice(number: "INV-0001")
        #expect(file.pdf.starts(with: Data("%PDF-".utf8)) && file.xml != nil)
        let upload = try #require(await fixture.flows.uploader.uploads.first)
        #expect(upload.format == "xrechnung" && upload.xml == file.xml)
        #expect(upload.payload.xmlBase64 == file.xml?.base64EncodedString())
    }

    @Test func aWriterFailureStoresNothing() async throws {
        let fixture = EInvoiceFlows()
        let failing = InvoiceSubmitter(
            drafting: testDrafting(validator: StubValidator<InvoiceDraft>()),
            templates: testTemplates(fonts: .standard14), documents: fixture.flows.documents,
            seller: { germanSeller },
            sender: InvoiceSender(
                uploader: fixture.flows.uploader, isSignedIn: { true }, records: fixture.flows.documents,
                currency: testCurrency),
            eInvoices: EInvoiceOutput(writer: { _ in SpyEInvoiceWriter(result: .failure(.missingBuyerReference)) }))
        await #expect(throws: InvoiceError.eInvoice(.missingBuyerReference)) {
            try await failing.submit(businessRequest(format: .xrechnung))
        }
        await #expect(throws: InvoiceError.formatUnavailable(.facturx)) {
            try await failing.submit(businessRequest(format: .facturx))
        }
        #expect(await fixture.flows.documents.list().isEmpty)
    }

    @Test func aDiscountedInvoiceRecordsTheTotalsAfterTheDiscount() async throws {
        let fixture = EInvoiceFlows()
        let submission = try await fixture.submitter.submit(
            businessRequest(discount: InvoiceDiscount(percent: 10, reason: "Loyalty")))
        let record = submission.record
        #expect(record.lineAmounts == [1000] && record.subtotal == 900 && record.tax == 171 && record.total == 1071)
        let upload = try #require(await fixture.flows.uploader.uploads.first)
        #expect(upload.totalCents == 107_100)
        let lines = InvoiceText.lines(of: record) { amount, _ in "\(amount)" }
        #expect(lines.contains { $0.contains("Discount (Loyalty)") && $0.hasSuffix("-100") })
    }

    @Test func aPDFInvoiceHasNoXMLAndOldInvoicesReadWithout() async throws {
        let fixture = EInvoiceFlows()
        _ = try await fixture.submitter.submit(businessRequest(format: .pdf))
        #expect(fixture.profiles.withLock { $0 } == [.plain] && fixture.writer.writtenInvoices.isEmpty)
        let file = try await fixture.flows.archive.invoice(number: "INV-0001")
        #expect(file.xml == nil)
        let upload = try #require(await fixture.flows.uploader.uploads.first)
        #expect(upload.format == "pdf" && upload.xml == nil)
    }

    @Test func theRealValidatorRefusesAReverseChargeInvoiceWithoutTheBuyersVATID() async throws {
        var request = businessRequest(format: .facturx, tax: nil, category: .reverseCharge)
        request.clientVATID = nil
        let drafting = testDrafting()
        var profiled = drafting
        profiled.profileValidator = { profile in
            InvoiceValidator(options: InvoiceValidationOptions(calendar: utcCalendar, profile: profile))
        }
        let problems = profiled.problems(
            profiled.failures(of: request, issued: fixedNow, due: fixedNow, seller: germanSeller))
        #expect(problems.contains { $0.code == .en16931("BR-AE-02") }, "\(problems)")
        request.clientVATID = "FR40303265045"
        let none = profiled.failures(of: request, issued: fixedNow, due: fixedNow, seller: germanSeller)
        #expect(none.isEmpty, "\(none)")
    }
}
