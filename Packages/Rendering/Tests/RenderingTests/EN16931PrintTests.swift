import Essentials
import Foundation
import Rendering
import RenderingTesting
import Testing

/// The printed invoice states the EN 16931 figures: VAT per category and rate rounded once (BR-CO-17), every
/// category printed with its exemption reason, discounts, credit notes, and the parties' and payment details.
@Suite("Rendering: EN 16931 on paper")
struct EN16931PrintTests {
    /// Six lines of 19 % summing to 220,023.75: rounding VAT per line and adding gives 41,804.52, the rule
    /// (BR-CO-17) 41,804.51.
    static func nineteenPercent() throws -> InvoiceDocument {
        let prices = ["36670.63", "36670.63", "36670.63", "36670.62", "36670.62", "36670.62"]
        return InvoiceDocumentBuilder().en16931().currency(.eur).lineItems(
            try prices.enumerated().map { index, price in
                InvoiceLineItem(
                    description: "Milestone \(index + 1)", quantity: 1, unitPrice: try decimal(price),
                    taxRate: TaxRate(percent: 19))
            }
        ).build()
    }

    @Test(arguments: Fixture.templateIDs)
    func vatIsRoundedOncePerRateAndTheRowsAddUpToThePrintedTotal(template: String) async throws {
        let document = try Self.nineteenPercent()
        let totals = try InvoiceTotals(of: document)
        #expect(totals.subtotal == (try decimal("220023.75")))
        #expect(totals.taxes.map(\.taxAmount) == [try decimal("41804.51")])
        let text = try await PDFTools.text(try Fixture.renderer(template).render(document))
        #expect(text.contains("Subtotal €220,023.75"), "\(text)")
        #expect(text.contains("VAT 19% on €220,023.75 €41,804.51"))
        #expect(text.contains("Total €261,828.26"))
        #expect(totals.subtotal + totals.taxTotal == totals.total)
        #expect(!text.contains("VAT total"), "one rate needs no VAT total")
    }

    @Test(arguments: Fixture.templateIDs)
    func aReverseChargeInvoicePrintsItsZeroRowAndItsReason(template: String) async throws {
        let document = InvoiceDocumentBuilder().en16931().currency(.eur)
            .lineItems([InvoiceLineItem(description: "Consulting", quantity: 10, unitPrice: 150)])
            .reverseCharge(reason: "Recipient accounts for the VAT.").build()
        let text = try await PDFTools.text(try Fixture.renderer(template).render(document))
        #expect(text.contains("VAT 0% (reverse charge) on €1,500.00 €0.00"), "\(text)")
        #expect(text.contains("VAT exemption – reverse charge: Recipient accounts for the VAT. (VATEX-EU-AE)"))
        #expect(text.contains("0% AE"), "the line's category is in its VAT cell")
        #expect(text.contains("Total €1,500.00"))
    }

    @Test func germanReverseChargeWordingIsGerman() async throws {
        let document = InvoiceDocumentBuilder().en16931().currency(.eur).locale(.deDE).labels(.german)
            .lineItems([InvoiceLineItem(description: "Beratung", quantity: 1, unitPrice: 100)])
            .reverseCharge(reason: "Steuerschuldnerschaft des Leistungsempfängers").build()
        let text = try await PDFTools.text(try Fixture.renderer("standard").render(document), raw: true)
        #expect(text.withoutWhitespace.contains("MwSt.0%(SteuerschuldnerschaftdesLeistungsempfängers)auf100,00€"))
        #expect(text.contains("Steuerbefreiung"))
    }

    @Test(arguments: Fixture.templateIDs)
    func aMixedRateInvoicePrintsOneRowPerCategoryAndRateInOrder(template: String) async throws {
        let document = InvoiceDocumentBuilder().en16931().currency(.eur).lineItems([
            InvoiceLineItem(description: "Work", quantity: 1, unitPrice: 100, taxRate: TaxRate(percent: 19)),
            InvoiceLineItem(description: "Books", quantity: 2, unitPrice: 10, taxRate: TaxRate(percent: 7)),
            InvoiceLineItem(description: "Export", quantity: 1, unitPrice: 50, vatCategory: .export),
            InvoiceLineItem(description: "More work", quantity: 1, unitPrice: 10, taxRate: TaxRate(percent: 19)),
            InvoiceLineItem(description: "Food", quantity: 1, unitPrice: 5, vatCategory: .zeroRated),
        ]).vatExemption(.export, reason: "Export outside the EU").build()
        let text = try await PDFTools.text(try Fixture.renderer(template).render(document))
        let rows = [
            "VAT 7% on €20.00 €1.40", "VAT 19% on €110.00 €20.90", "VAT 0% (zero-rated) on €5.00 €0.00",
            "VAT 0% (export) on €50.00 €0.00", "VAT total €22.30", "Total €207.30",
            "VAT exemption – export: Export outside the EU (VATEX-EU-G)",
        ]
        var previous = text.startIndex
        for row in rows {
            let found = try #require(text.range(of: row, range: previous..<text.endIndex), "\(row) in order")
            previous = found.upperBound
        }
    }

    @Test(arguments: [InvoiceLabels.english, .german])
    func everyCategoryPrintsItsRowNameAndReason(labels: InvoiceLabels) async throws {
        let lines = VATCategory.allCases.map { category in
            InvoiceLineItem(
                description: category.code, quantity: 1, unitPrice: 10,
                taxRate: TaxRate(percent: category.chargesVAT ? 19 : 0), vatCategory: category)
        }
        var builder = InvoiceDocumentBuilder().en16931().currency(.eur).labels(labels).lineItems(lines)
            .kind(.invoice).dueDate(nil)
            .allowancesCharges([
                InvoiceAllowanceCharge(isCharge: true, amount: 5, reason: "", vatCategory: .exempt, taxRate: .zero)
            ])
        for category in VATCategory.allCases where category.needsExemptionReason {
            builder = builder.vatExemption(category, reason: "Reason \(category.code)", code: "CODE-\(category.code)")
        }
        var document = builder.build()
        document.seller.address?.subdivision = "Hamburg-Mitte"
        let text = try await PDFTools.text(try Fixture.renderer("standard").render(document))
        #expect(text.contains("Hamburg-Mitte"))
        let names: [InvoiceLabel] = [
            .categoryZeroRated, .categoryExempt, .categoryReverseCharge, .categoryIntraCommunity, .categoryExport,
            .categoryOutsideScope,
        ]
        for name in names {
            #expect(text.contains("(\(labels[name]))"), "\(name)")
        }
        for category in VATCategory.allCases where category.needsExemptionReason {
            #expect(text.contains("\(labels[.vatExemption]) – "), "\(category)")
            #expect(text.contains("Reason \(category.code) (CODE-\(category.code))"), "\(category)")
        }
        #expect(text.contains(labels[.charge]))
        let totals = try InvoiceTotals(of: document)
        #expect(totals.taxes.map(\.category) == VATCategory.allCases)
        #expect(totals.taxes.first { $0.category == .exempt }?.taxableAmount == 15)
    }

    @Test(arguments: Fixture.templateIDs)
    func discountsChangeTheTotalsAsTheSharedArithmeticSays(template: String) async throws {
        let lines = [
            InvoiceLineItem(
                description: "Licence", quantity: 3, unitPrice: 200, taxRate: TaxRate(percent: 19),
                allowancesCharges: [InvoiceAllowanceCharge(isCharge: false, amount: 60, reason: "Volume")]),
            InvoiceLineItem(description: "Support", quantity: 1, unitPrice: 100, taxRate: TaxRate(percent: 19)),
        ]
        let document = InvoiceDocumentBuilder().en16931().currency(.eur).lineItems(lines)
            .allowance(try decimal("40.50"), reason: "Loyalty", percent: 19)
            .charge(10, reason: "Shipping", percent: 19)
            .paidAmount(100).build()
        let expected = InvoiceCalculation(
            lines: [
                .init(quantity: 3, netPrice: 200, allowances: 60, category: .standard, ratePercent: 19),
                .init(quantity: 1, netPrice: 100, category: .standard, ratePercent: 19),
            ],
            adjustments: [
                .init(isCharge: false, amount: try decimal("40.50"), category: .standard, ratePercent: 19),
                .init(isCharge: true, amount: 10, category: .standard, ratePercent: 19),
            ], paidAmount: 100, minorUnits: 2)
        let totals = try InvoiceTotals(of: document)
        #expect(totals.lineAmounts == expected.lineNetAmounts && totals.taxTotal == expected.vatTotal)
        #expect(totals.total == expected.totalWithVAT && totals.amountDue == expected.amountDue)
        #expect(totals.lineAmounts == [540, 100] && totals.lineTotal == 640)
        #expect(totals.subtotal == (try decimal("609.50")))
        #expect(totals.taxTotal == (try decimal("115.81")))
        #expect(totals.total == (try decimal("725.31")))
        #expect(totals.amountDue == (try decimal("625.31")))
        let text = try await PDFTools.text(try Fixture.renderer(template).render(document))
        for row in [
            "Discount: Volume -€60.00", "Subtotal €640.00", "Discount: Loyalty -€40.50", "Surcharge: Shipping €10.00",
            "Total without VAT €609.50", "VAT 19% on €609.50 €115.81", "Total €725.31", "Paid -€100.00",
            "Amount due €625.31",
        ] {
            #expect(text.contains(row), "\(row)")
        }
    }

    @Test(arguments: Fixture.templateIDs)
    func aCreditNoteIsTitledAsOneAndNamesTheInvoiceItCorrects(template: String) async throws {
        let document = InvoiceDocumentBuilder().en16931().currency(.eur)
            .creditNote(correcting: "INV-2025-0017", issued: try day(2025, 2, 28))
            .lineItems([
                InvoiceLineItem(description: "Returned", quantity: -1, unitPrice: 100, taxRate: .init(percent: 19))
            ])
            .paymentTerms("Set off against invoice INV-2025-0017")
            .build()
        let pdf = try Fixture.renderer(template).render(document)
        let text = try await PDFTools.text(pdf)
        let title = template == "compact" ? "Credit note INV-2025-0042" : "CREDIT NOTE"
        #expect(text.contains(title), "\(text)")
        #expect(text.contains("Credit note number"))
        #expect(text.contains("Corrects invoice INV-2025-0017 of 02/28/2025"))
        #expect(text.contains("Total -€119.00"))
        #expect(!text.contains("INVOICE"))
        #expect(!text.contains("Set off against"), "a credit note asks for no payment: \(text)")
        #expect(try await PDFTools.info(pdf)["Title"] == "Credit note INV-2025-0042")
    }

    @Test(arguments: Fixture.templateIDs)
    func partiesHeadingFactsAndPaymentArePrinted(template: String) async throws {
        let document = InvoiceDocumentBuilder().en16931().currency(.eur)
            .servicePeriod(from: try day(2025, 3, 1), to: try day(2025, 3, 31)).build()
        let text = try await PDFTools.text(try Fixture.renderer(template).render(document))
        for expected in [
            "Hafenstraße 12", "20457 Hamburg", "VAT ID: DE123456789", "Tax number: 22/815/08150",
            "E-mail: billing@nordlicht.example", "Friedrichstraße 100", "Aufgang B", "10117 Berlin",
            "VAT ID: DE987654321", "Buyer reference 04011000-12345-34", "Order reference PO-7781",
            "Service period 03/01/2025 – 03/31/2025", "Payable within 30 days without deduction.",
            "IBAN: DE89 3704 0044 0532 0130 00", "BIC: COBADEFFXXX", "Reference: INV-2025-0042",
        ] {
            #expect(text.contains(expected), "\(expected)")
        }
        #expect(text.components(separatedBy: "IBAN:").count == 2, "the IBAN is in the payment block only")
    }

    /// Hostile text in every new field: characters no font draws are the typed error naming them; huge text wraps
    /// (or ends in an ellipsis in the totals) and still renders a valid PDF.
    @Test(arguments: Array(0..<14))
    func hostileTextInEveryNewFieldIsATypedErrorOrWraps(field: Int) async throws {
        for hostile in [
            "a\u{7}b\u{1B}c", "x\u{202E}y", String(repeating: "Wort ", count: 4_000),
            String(repeating: "X", count: 20_000),
        ] {
            var builder = InvoiceDocumentBuilder().en16931().currency(.eur)
            let address = PostalAddress(lines: [hostile], postcode: hostile, city: hostile, countryCode: hostile)
            switch field {
            case 0: builder = builder.seller(InvoiceParty(name: "S", address: address))
            case 1: builder = builder.client(InvoiceParty(name: "C", vatID: hostile, taxRegistration: hostile))
            case 2:
                builder = builder.seller(InvoiceParty(name: "S", email: hostile, contactName: hostile, phone: hostile))
            case 3: builder = builder.buyerReference(hostile)
            case 4: builder = builder.orderReference(hostile)
            case 5: builder = builder.creditNote(correcting: hostile, issued: try day(2025, 1, 1))
            case 6: builder = builder.paymentTerms(hostile)
            case 7: builder = builder.payment(PaymentInstructions(iban: hostile, bic: hostile, accountName: hostile))
            case 8: builder = builder.payment(PaymentInstructions(reference: hostile))
            case 9: builder = builder.allowance(1, reason: hostile, percent: 19)
            case 10: builder = builder.reverseCharge(reason: hostile)
            case 11: builder = builder.reverseCharge().vatExemption(.reverseCharge, reason: "r", code: hostile)
            case 12:
                builder = builder.lineItems([
                    InvoiceLineItem(
                        description: "Line", quantity: 1, unitPrice: 10, taxRate: TaxRate(percent: 19),
                        allowancesCharges: [InvoiceAllowanceCharge(isCharge: true, amount: 1, reason: hostile)])
                ])
            default:
                builder = builder.labels(InvoiceLabels([.vatID: hostile, .taxLineWithCategory: hostile]))
                    .reverseCharge()
            }
            let document = builder.build()
            let unsupported = hostile.filter { $0.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x202E } }
            for (_, renderer) in Fixture.templates {
                if unsupported.isEmpty {
                    let pdf = try renderer.render(document)
                    #expect(try await PDFTools.check(pdf).status == 0, "field \(field)")
                } else {
                    #expect {
                        try renderer.render(document)
                    } throws: { error in
                        guard case .unsupportedCharacters(let characters) = error as? RenderingError else {
                            return false
                        }
                        return !characters.isEmpty && characters.allSatisfy { unsupported.contains($0) }
                    }
                }
            }
        }
    }

    @Test func outOfRangeAdjustmentsAndPaymentsAreTypedErrors() {
        let nan = InvoiceDocumentBuilder().allowance(.nan, reason: "x", percent: 19).build()
        #expect(throws: RenderingError.numberOutOfRange(.total)) { try InvoiceTotals(of: nan) }
        let rate = InvoiceDocumentBuilder().charge(1, reason: "x", percent: 101).build()
        #expect(throws: RenderingError.numberOutOfRange(.total)) { try InvoiceTotals(of: rate) }
        let paid = InvoiceDocumentBuilder().paidAmount(InvoiceLimits.maximumTotal).build()
        #expect(throws: RenderingError.numberOutOfRange(.total)) { try InvoiceTotals(of: paid) }
        let line = InvoiceDocumentBuilder().lineItems([
            InvoiceLineItem(
                description: "x", quantity: 1, unitPrice: 1,
                allowancesCharges: [InvoiceAllowanceCharge(isCharge: false, amount: .nan, reason: "")])
        ]).build()
        #expect(throws: RenderingError.numberOutOfRange(.lineAmount(line: 0))) { try InvoiceTotals(of: line) }
    }
}
