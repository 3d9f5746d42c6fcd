import Essentials
import Foundation
import Rendering
import RenderingTesting
import Testing

/// A German invoice with everything XRechnung needs: addresses, contact, identifiers, IBAN, buyer reference.
func germanInvoice(lines: [InvoiceLineItem]? = nil) throws -> InvoiceDocument {
    InvoiceDocument(
        number: "RE-2025-0042",
        issueDate: try day(2025, 3, 14),
        serviceDate: try day(2025, 3, 10),
        dueDate: try day(2025, 4, 13),
        seller: InvoiceParty(
            name: "Nordlicht Design GmbH",
            address: PostalAddress(lines: ["Hafenstraße 12"], postcode: "20457", city: "Hamburg", countryCode: "DE"),
            vatID: "DE 123 456 789", taxRegistration: "22/815/08150", email: "rechnung@nordlicht.example",
            contactName: "Jana Weber", phone: "+49 40 123456"),
        client: InvoiceParty(
            name: "Stadt Musterhausen",
            address: PostalAddress(
                lines: ["Rathausplatz 1", "Kämmerei"], postcode: "12345", city: "Musterhausen", countryCode: "DE"),
            vatID: "DE987654321", email: "e-rechnung@musterhausen.example"),
        buyerReference: "04011000-12345-67",
        orderReference: "PO-7781",
        currency: .eur,
        lineItems: try lines
            ?? [
                InvoiceLineItem(
                    description: "Beratung", quantity: try decimal("1.5"), unitCode: "HUR", unitPrice: 120,
                    taxRate: TaxRate(percent: 19))
            ],
        paymentTerms: "Zahlbar innerhalb von 30 Tagen ohne Abzug.",
        payment: PaymentInstructions(
            iban: "DE89 3704 0044 0532 0130 00", bic: "COBADEFFXXX", reference: "RE-2025-0042"),
        notes: "Vielen Dank für Ihren Auftrag."
    )
}

/// Writes `invoice` with `profile` and parses the result back.
func writtenTree(
    _ invoice: InvoiceDocument, profile: CrossIndustryInvoiceWriter.Profile = .en16931
) throws -> XMLTree {
    try XMLTree.parse(try CrossIndustryInvoiceWriter(profile: profile).xml(for: invoice))
}

@Suite("Rendering: CII e-invoices")
struct CrossIndustryInvoiceTests {
    static let settlement = "rsm:SupplyChainTradeTransaction/ram:ApplicableHeaderTradeSettlement"
    static let summation = settlement + "/ram:SpecifiedTradeSettlementHeaderMonetarySummation"

    @Test func nineteenPercentExampleStatesTheSharedFigures() throws {
        let rate = TaxRate(percent: 19)
        let lines = [
            InvoiceLineItem(description: "Konzept", quantity: 10, unitPrice: 10_000, taxRate: rate),
            InvoiceLineItem(description: "Entwurf", quantity: try decimal("2.5"), unitPrice: 20_000, taxRate: rate),
            InvoiceLineItem(description: "Umsetzung", quantity: 40, unitCode: "HUR", unitPrice: 1_000, taxRate: rate),
            InvoiceLineItem(description: "Lizenz", quantity: 1, unitPrice: 20_000, taxRate: rate),
            InvoiceLineItem(description: "Schulung", quantity: 8, unitCode: "HUR", unitPrice: 1_250, taxRate: rate),
            InvoiceLineItem(
                description: "Porto", quantity: try decimal("0.25"), unitPrice: try decimal("95"), taxRate: rate),
        ]
        let root = try writtenTree(try germanInvoice(lines: lines))
        #expect(root.name == "rsm:CrossIndustryInvoice")
        #expect(CrossIndustryInvoiceSchemaOrder.violations(in: root) == [])
        #expect(
            root.text("rsm:ExchangedDocumentContext/ram:GuidelineSpecifiedDocumentContextParameter/ram:ID")
                == "urn:cen.eu:en16931:2017")
        #expect(root.at("rsm:ExchangedDocumentContext/ram:BusinessProcessSpecifiedDocumentContextParameter") == nil)
        #expect(root.text("rsm:ExchangedDocument/ram:ID") == "RE-2025-0042")
        #expect(root.text("rsm:ExchangedDocument/ram:TypeCode") == "380")
        let issued = try #require(root.at("rsm:ExchangedDocument/ram:IssueDateTime/udt:DateTimeString"))
        #expect(issued.text == "20250314")
        #expect(issued.attributes["format"] == "102")
        let items = try #require(root.child("rsm:SupplyChainTradeTransaction")).all(
            "ram:IncludedSupplyChainTradeLineItem")
        #expect(
            items.map { $0.text("ram:AssociatedDocumentLineDocument/ram:LineID") } == ["1", "2", "3", "4", "5", "6"])
        #expect(
            items.map {
                $0.text(
                    "ram:SpecifiedLineTradeSettlement/ram:SpecifiedTradeSettlementLineMonetarySummation/ram:LineTotalAmount"
                )
            }
                == ["100000.00", "50000.00", "40000.00", "20000.00", "10000.00", "23.75"])
        #expect(items[1].text("ram:SpecifiedLineTradeDelivery/ram:BilledQuantity") == "2.5")
        #expect(items[2].at("ram:SpecifiedLineTradeDelivery/ram:BilledQuantity")?.attributes["unitCode"] == "HUR")
        #expect(
            items[5].text("ram:SpecifiedLineTradeAgreement/ram:NetPriceProductTradePrice/ram:ChargeAmount") == "95.00")
        #expect(items[0].text("ram:SpecifiedLineTradeSettlement/ram:ApplicableTradeTax/ram:CategoryCode") == "S")
        #expect(
            items[0].text("ram:SpecifiedLineTradeSettlement/ram:ApplicableTradeTax/ram:RateApplicablePercent") == "19")
        let settlement = try #require(root.at(Self.settlement))
        let taxes = settlement.all("ram:ApplicableTradeTax")
        #expect(taxes.count == 1)
        #expect(taxes.first?.text("ram:BasisAmount") == "220023.75")
        #expect(taxes.first?.text("ram:CalculatedAmount") == "41804.51")
        #expect(taxes.first?.text("ram:RateApplicablePercent") == "19")
        let summation = try #require(root.at(Self.summation))
        #expect(summation.text("ram:LineTotalAmount") == "220023.75")
        #expect(summation.text("ram:TaxBasisTotalAmount") == "220023.75")
        #expect(summation.text("ram:TaxTotalAmount") == "41804.51")
        #expect(summation.child("ram:TaxTotalAmount")?.attributes["currencyID"] == "EUR")
        #expect(summation.text("ram:GrandTotalAmount") == "261828.26")
        #expect(summation.text("ram:DuePayableAmount") == "261828.26")
        #expect(summation.child("ram:TotalPrepaidAmount") == nil)
        #expect(summation.child("ram:AllowanceTotalAmount") == nil)
    }

    @Test func partiesPaymentAndDatesAreWrittenWhereTheSchemaPutsThem() throws {
        var invoice = try germanInvoice()
        invoice.servicePeriod = InvoicePeriod(start: try day(2025, 3, 1), end: try day(2025, 3, 31))
        invoice.paidAmount = 100
        let root = try writtenTree(invoice)
        #expect(CrossIndustryInvoiceSchemaOrder.violations(in: root) == [])
        let agreement = try #require(root.at("rsm:SupplyChainTradeTransaction/ram:ApplicableHeaderTradeAgreement"))
        #expect(agreement.text("ram:BuyerReference") == "04011000-12345-67")
        #expect(agreement.text("ram:BuyerOrderReferencedDocument/ram:IssuerAssignedID") == "PO-7781")
        let seller = try #require(agreement.child("ram:SellerTradeParty"))
        #expect(seller.text("ram:Name") == "Nordlicht Design GmbH")
        #expect(seller.text("ram:DefinedTradeContact/ram:PersonName") == "Jana Weber")
        #expect(
            seller.text("ram:DefinedTradeContact/ram:TelephoneUniversalCommunication/ram:CompleteNumber")
                == "+49 40 123456")
        #expect(
            seller.text("ram:DefinedTradeContact/ram:EmailURIUniversalCommunication/ram:URIID")
                == "rechnung@nordlicht.example")
        #expect(seller.text("ram:PostalTradeAddress/ram:PostcodeCode") == "20457")
        #expect(seller.text("ram:PostalTradeAddress/ram:LineOne") == "Hafenstraße 12")
        #expect(seller.text("ram:PostalTradeAddress/ram:CityName") == "Hamburg")
        #expect(seller.text("ram:PostalTradeAddress/ram:CountryID") == "DE")
        #expect(seller.at("ram:URIUniversalCommunication/ram:URIID")?.attributes["schemeID"] == "EM")
        let registrations = seller.all("ram:SpecifiedTaxRegistration").compactMap { $0.child("ram:ID") }
        #expect(registrations.map(\.text) == ["DE123456789", "22/815/08150"])
        #expect(registrations.map { $0.attributes["schemeID"] } == ["VA", "FC"])
        let buyer = try #require(agreement.child("ram:BuyerTradeParty"))
        #expect(buyer.text("ram:PostalTradeAddress/ram:LineTwo") == "Kämmerei")
        #expect(buyer.child("ram:DefinedTradeContact")?.childNames == ["ram:EmailURIUniversalCommunication"])
        #expect(
            root.text(
                "rsm:SupplyChainTradeTransaction/ram:ApplicableHeaderTradeDelivery/ram:ActualDeliverySupplyChainEvent/ram:OccurrenceDateTime/udt:DateTimeString"
            )
                == "20250310")
        let settlement = try #require(root.at(Self.settlement))
        #expect(settlement.text("ram:PaymentReference") == "RE-2025-0042")
        #expect(settlement.text("ram:InvoiceCurrencyCode") == "EUR")
        let means = try #require(settlement.child("ram:SpecifiedTradeSettlementPaymentMeans"))
        #expect(means.text("ram:TypeCode") == "58")
        #expect(means.text("ram:PayeePartyCreditorFinancialAccount/ram:IBANID") == "DE89370400440532013000")
        #expect(means.text("ram:PayeeSpecifiedCreditorFinancialInstitution/ram:BICID") == "COBADEFFXXX")
        #expect(settlement.text("ram:BillingSpecifiedPeriod/ram:StartDateTime/udt:DateTimeString") == "20250301")
        #expect(settlement.text("ram:BillingSpecifiedPeriod/ram:EndDateTime/udt:DateTimeString") == "20250331")
        #expect(
            settlement.text("ram:SpecifiedTradePaymentTerms/ram:Description")
                == "Zahlbar innerhalb von 30 Tagen ohne Abzug.")
        #expect(settlement.text("ram:SpecifiedTradePaymentTerms/ram:DueDateDateTime/udt:DateTimeString") == "20250413")
        // 1.5 h × 120.00 = 180.00, 19 % = 34.20, 214.20 in all, 100.00 paid.
        let summation = try #require(settlement.child("ram:SpecifiedTradeSettlementHeaderMonetarySummation"))
        #expect(summation.text("ram:GrandTotalAmount") == "214.20")
        #expect(summation.text("ram:TotalPrepaidAmount") == "100.00")
        #expect(summation.text("ram:DuePayableAmount") == "114.20")
        #expect(root.text("rsm:ExchangedDocument/ram:IncludedNote/ram:Content") == "Vielen Dank für Ihren Auftrag.")
    }

    @Test func aTransferOutsideSEPAIsAPlainCreditTransfer() throws {
        var invoice = try germanInvoice()
        invoice.payment = PaymentInstructions(iban: "BR1800360305000010009795493C1")
        let root = try writtenTree(invoice)
        #expect(root.text(Self.settlement + "/ram:SpecifiedTradeSettlementPaymentMeans/ram:TypeCode") == "30")
        invoice.payment = PaymentInstructions(reference: "only a reference")
        let withoutAccount = try writtenTree(invoice)
        #expect(withoutAccount.at(Self.settlement + "/ram:SpecifiedTradeSettlementPaymentMeans") == nil)
        #expect(withoutAccount.text(Self.settlement + "/ram:PaymentReference") == "only a reference")
    }

    @Test func reverseChargeStatesTheExemptionReasonAndCode() throws {
        var invoice = try germanInvoice(lines: [
            InvoiceLineItem(description: "Montage", quantity: 3, unitPrice: 500, vatCategory: .reverseCharge)
        ])
        invoice.client.address?.countryCode = "AT"
        invoice.vatExemptions = [.reverseCharge: VATExemption(reason: "Steuerschuldnerschaft des Leistungsempfängers")]
        let root = try writtenTree(invoice)
        #expect(CrossIndustryInvoiceSchemaOrder.violations(in: root) == [])
        let tax = try #require(root.at(Self.settlement + "/ram:ApplicableTradeTax"))
        #expect(
            tax.childNames == [
                "ram:CalculatedAmount", "ram:TypeCode", "ram:ExemptionReason", "ram:BasisAmount", "ram:CategoryCode",
                "ram:ExemptionReasonCode", "ram:RateApplicablePercent",
            ])
        #expect(tax.text("ram:CalculatedAmount") == "0.00")
        #expect(tax.text("ram:BasisAmount") == "1500.00")
        #expect(tax.text("ram:CategoryCode") == "AE")
        #expect(tax.text("ram:ExemptionReason") == "Steuerschuldnerschaft des Leistungsempfängers")
        #expect(tax.text("ram:ExemptionReasonCode") == "VATEX-EU-AE")
        #expect(tax.text("ram:RateApplicablePercent") == "0")
        // A code the invoice states wins over the category's usual one.
        invoice.vatExemptions = [.reverseCharge: VATExemption(reason: "Reverse charge", code: "VATEX-EU-AE")]
        invoice.lineItems[0].vatCategory = .exempt
        invoice.vatExemptions = [.exempt: VATExemption(reason: "Exempt", code: "VATEX-EU-132-1I")]
        let exempt = try writtenTree(invoice)
        #expect(exempt.text(Self.settlement + "/ram:ApplicableTradeTax/ram:ExemptionReasonCode") == "VATEX-EU-132-1I")
    }

    @Test func anIntraCommunitySupplyStatesWhereItWent() throws {
        var invoice = try germanInvoice(lines: [
            InvoiceLineItem(description: "Maschine", quantity: 1, unitPrice: 9_000, vatCategory: .intraCommunity)
        ])
        invoice.client.address?.countryCode = "FR"
        let delivery = "rsm:SupplyChainTradeTransaction/ram:ApplicableHeaderTradeDelivery"
        let root = try writtenTree(invoice)
        #expect(CrossIndustryInvoiceSchemaOrder.violations(in: root) == [])
        // BT-80, the deliver-to country, is required for an intra-community supply (BR-IC-12).
        #expect(root.text(delivery + "/ram:ShipToTradeParty/ram:PostalTradeAddress/ram:CountryID") == "FR")
        #expect(root.text(delivery + "/ram:ShipToTradeParty/ram:PostalTradeAddress/ram:CityName") == "Musterhausen")
        #expect(root.at(delivery)?.childNames == ["ram:ShipToTradeParty", "ram:ActualDeliverySupplyChainEvent"])
        // Any other supply names no deliver-to party.
        invoice.lineItems[0].vatCategory = .standard
        invoice.lineItems[0].taxRate = TaxRate(percent: 19)
        #expect(try writtenTree(invoice).at(delivery)?.childNames == ["ram:ActualDeliverySupplyChainEvent"])
    }

    @Test func outsideTheScopeOfVATStatesNoRate() throws {
        var invoice = try germanInvoice(lines: [
            InvoiceLineItem(description: "Spende", quantity: 1, unitPrice: 50, vatCategory: .outsideScope)
        ])
        invoice.allowancesCharges = [
            InvoiceAllowanceCharge(isCharge: true, amount: 5, reason: "Versand", vatCategory: .outsideScope)
        ]
        let root = try writtenTree(invoice)
        #expect(CrossIndustryInvoiceSchemaOrder.violations(in: root) == [])
        // Lines and allowances state no rate (BR-O-05 to BR-O-07); the breakdown states 0 (XRechnung's BR-DE-14).
        let rates = root.descendants.filter { $0.name == "ram:RateApplicablePercent" }
        #expect(rates.map(\.text) == ["0"])
        #expect(root.at(Self.settlement + "/ram:ApplicableTradeTax")?.child("ram:RateApplicablePercent") != nil)
        #expect(root.text(Self.settlement + "/ram:ApplicableTradeTax/ram:ExemptionReasonCode") == "VATEX-EU-O")
        #expect(root.text(Self.settlement + "/ram:ApplicableTradeTax/ram:BasisAmount") == "55.00")
        // With a VAT identifier the seller is identified by it; without one (BR-O-02 forbids it here), by its tax
        // registration as the seller identifier too (BT-29), so BR-CO-26 holds.
        let seller = "rsm:SupplyChainTradeTransaction/ram:ApplicableHeaderTradeAgreement/ram:SellerTradeParty"
        #expect(root.at(seller)?.child("ram:ID") == nil)
        invoice.seller.vatID = nil
        let withoutVATID = try writtenTree(invoice)
        #expect(CrossIndustryInvoiceSchemaOrder.violations(in: withoutVATID) == [])
        #expect(withoutVATID.text(seller + "/ram:ID") == "22/815/08150")
    }

    @Test func mixedRatesGetOneBreakdownEachInTheSharedOrder() throws {
        let lines = [
            InvoiceLineItem(
                description: "Buch", quantity: 3, unitPrice: try decimal("19.99"), taxRate: TaxRate(percent: 7)),
            InvoiceLineItem(
                description: "Kabel", quantity: 1, unitPrice: try decimal("9.99"), taxRate: TaxRate(percent: 19)),
            InvoiceLineItem(
                description: "Zeitung", quantity: 2, unitPrice: try decimal("2.50"), vatCategory: .zeroRated),
            InvoiceLineItem(
                description: "Heft", quantity: 4, unitPrice: try decimal("0.99"), taxRate: TaxRate(percent: 7)),
            InvoiceLineItem(
                description: "Kaffee", quantity: 1, unitPrice: try decimal("4.20"),
                taxRate: TaxRate(percent: try decimal("7.7"))),
        ]
        let invoice = try germanInvoice(lines: lines)
        let root = try writtenTree(invoice)
        let taxes = try #require(root.at(Self.settlement)).all("ram:ApplicableTradeTax")
        let figures = InvoiceCalculation(
            lines: lines.map {
                InvoiceCalculation.Line(
                    quantity: $0.quantity, netPrice: $0.unitPrice, category: $0.vatCategory ?? .standard,
                    ratePercent: $0.taxRate.percent)
            }, minorUnits: 2)
        #expect(taxes.map { $0.text("ram:CategoryCode") } == ["S", "S", "S", "Z"])
        #expect(taxes.map { $0.text("ram:RateApplicablePercent") } == ["7", "7.7", "19", "0"])
        // 7 %: 59.97 + 3.96 = 63.93 → 4.48 (rounded once, not 4.20 + 0.28 per line).
        #expect(taxes.map { $0.text("ram:BasisAmount") } == ["63.93", "4.20", "9.99", "5.00"])
        #expect(taxes.map { $0.text("ram:CalculatedAmount") } == ["4.48", "0.32", "1.90", "0.00"])
        let summation = try #require(root.at(Self.summation))
        #expect(summation.text("ram:TaxTotalAmount") == "6.70")
        #expect(summation.text("ram:TaxTotalAmount").flatMap { Decimal(string: $0) } == figures.vatTotal)
        #expect(summation.text("ram:GrandTotalAmount").flatMap { Decimal(string: $0) } == figures.totalWithVAT)
    }

    @Test func allowancesAndChargesChangeTheLineAndTheTotals() throws {
        var invoice = try germanInvoice(lines: [
            InvoiceLineItem(
                description: "Stühle", quantity: 10, unitPrice: try decimal("89.90"), taxRate: TaxRate(percent: 19),
                allowancesCharges: [
                    InvoiceAllowanceCharge(
                        isCharge: false, amount: try decimal("89.904"), reason: "Mengenrabatt", reasonCode: "95"),
                    InvoiceAllowanceCharge(isCharge: true, amount: 25, reason: "Montage"),
                ]),
            InvoiceLineItem(description: "Tisch", quantity: 1, unitPrice: 450, taxRate: TaxRate(percent: 19)),
        ])
        invoice.allowancesCharges = [
            InvoiceAllowanceCharge(
                isCharge: false, amount: 50, reason: "Treuerabatt", reasonCode: "95", taxRate: TaxRate(percent: 19)),
            InvoiceAllowanceCharge(
                isCharge: true, amount: try decimal("12.5"), reason: "Fracht", reasonCode: "FC",
                taxRate: TaxRate(percent: 19)),
        ]
        let root = try writtenTree(invoice)
        #expect(CrossIndustryInvoiceSchemaOrder.violations(in: root) == [])
        let firstLine = try #require(
            root.at(
                "rsm:SupplyChainTradeTransaction/ram:IncludedSupplyChainTradeLineItem/ram:SpecifiedLineTradeSettlement")
        )
        let lineAdjustments = firstLine.all("ram:SpecifiedTradeAllowanceCharge")
        #expect(lineAdjustments.map { $0.text("ram:ChargeIndicator/udt:Indicator") } == ["false", "true"])
        #expect(lineAdjustments.map { $0.text("ram:ActualAmount") } == ["89.90", "25.00"])
        #expect(lineAdjustments.map { $0.text("ram:Reason") } == ["Mengenrabatt", "Montage"])
        #expect(lineAdjustments.first?.text("ram:ReasonCode") == "95")
        #expect(lineAdjustments.allSatisfy { $0.child("ram:CategoryTradeTax") == nil })
        // 899.00 − 89.90 + 25.00
        #expect(firstLine.text("ram:SpecifiedTradeSettlementLineMonetarySummation/ram:LineTotalAmount") == "834.10")
        let settlement = try #require(root.at(Self.settlement))
        let documentAdjustments = settlement.all("ram:SpecifiedTradeAllowanceCharge")
        #expect(documentAdjustments.map { $0.text("ram:ActualAmount") } == ["50.00", "12.50"])
        #expect(documentAdjustments.map { $0.text("ram:CategoryTradeTax/ram:CategoryCode") } == ["S", "S"])
        #expect(documentAdjustments.map { $0.text("ram:CategoryTradeTax/ram:RateApplicablePercent") } == ["19", "19"])
        let summation = try #require(settlement.child("ram:SpecifiedTradeSettlementHeaderMonetarySummation"))
        #expect(summation.text("ram:LineTotalAmount") == "1284.10")
        #expect(summation.text("ram:ChargeTotalAmount") == "12.50")
        #expect(summation.text("ram:AllowanceTotalAmount") == "50.00")
        #expect(summation.text("ram:TaxBasisTotalAmount") == "1246.60")
        #expect(settlement.text("ram:ApplicableTradeTax/ram:BasisAmount") == "1246.60")
        // 1,246.60 × 19 % = 236.854 → 236.85
        #expect(summation.text("ram:TaxTotalAmount") == "236.85")
        #expect(summation.text("ram:GrandTotalAmount") == "1483.45")
    }

    @Test func aCreditNoteIsType381WithItsPrecedingInvoiceAndPositiveAmounts() throws {
        var invoice = try germanInvoice()
        invoice.kind = .creditNote
        invoice.number = "GS-2025-0003"
        invoice.precedingInvoice = PrecedingInvoice(number: "RE-2025-0042", issueDate: try day(2025, 3, 14))
        let root = try writtenTree(invoice)
        #expect(CrossIndustryInvoiceSchemaOrder.violations(in: root) == [])
        #expect(root.text("rsm:ExchangedDocument/ram:TypeCode") == "381")
        let settlement = try #require(root.at(Self.settlement))
        #expect(settlement.childNames.last == "ram:InvoiceReferencedDocument")
        #expect(settlement.text("ram:InvoiceReferencedDocument/ram:IssuerAssignedID") == "RE-2025-0042")
        let date = try #require(
            settlement.at("ram:InvoiceReferencedDocument/ram:FormattedIssueDateTime/qdt:DateTimeString"))
        #expect(date.text == "20250314")
        #expect(date.attributes["format"] == "102")
        #expect(settlement.text("ram:SpecifiedTradeSettlementHeaderMonetarySummation/ram:GrandTotalAmount") == "214.20")
    }

    @Test func yenAmountsHaveNoDecimals() throws {
        var invoice = try germanInvoice(lines: [
            InvoiceLineItem(description: "Tee", quantity: 3, unitPrice: 1_234, taxRate: TaxRate(percent: 10)),
            InvoiceLineItem(
                description: "Kanne", quantity: 1, unitPrice: try decimal("999.5"), taxRate: TaxRate(percent: 10)),
        ])
        invoice.currency = .jpy
        let root = try writtenTree(invoice)
        let summation = try #require(root.at(Self.summation))
        // 3,702 + 1,000 (999.5 rounded) = 4,702; 10 % = 470.2 → 470.
        #expect(summation.text("ram:LineTotalAmount") == "4702")
        #expect(summation.text("ram:TaxTotalAmount") == "470")
        #expect(summation.child("ram:TaxTotalAmount")?.attributes["currencyID"] == "JPY")
        #expect(summation.text("ram:GrandTotalAmount") == "5172")
        let prices = root.descendants.filter { $0.name == "ram:ChargeAmount" }.map(\.text)
        #expect(prices == ["1234", "999.5"])
    }

    @Test func aCurrencyWithThreeDecimalsIsRefused() throws {
        var invoice = try germanInvoice()
        invoice.currency = .bhd
        #expect(throws: EInvoiceError.unsupportedCurrency(code: "BHD", minorUnits: 3)) {
            try CrossIndustryInvoiceWriter().xml(for: invoice)
        }
    }

    @Test func hostileTextIsEscapedAndComesBackUnchanged() throws {
        let hostile = "Tom & Jerry's <b>\"Werkstatt\"</b> ]]> 🦊 \u{202E}gnp.exe \t tab\r\nCRLF"
        var invoice = try germanInvoice(lines: [
            InvoiceLineItem(
                description: hostile, quantity: 1, unitCode: "C62\"<&", unitPrice: 1, taxRate: TaxRate(percent: 19))
        ])
        invoice.seller.name = hostile
        invoice.notes = hostile
        invoice.seller.email = "a&b<c>@example.com"
        let data = try CrossIndustryInvoiceWriter().xml(for: invoice)
        let text = try #require(String(data: data, encoding: .utf8))
        #expect(text.hasPrefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<rsm:CrossIndustryInvoice "))
        #expect(
            text.contains("Tom &amp; Jerry&apos;s &lt;b&gt;&quot;Werkstatt&quot;&lt;/b&gt; ]]&gt; 🦊 \u{202E}gnp.exe"))
        #expect(text.contains("unitCode=\"C62&quot;&lt;&amp;\""))
        #expect(!text.contains("<b>"))
        let root = try XMLTree.parse(data)
        #expect(root.text("rsm:ExchangedDocument/ram:IncludedNote/ram:Content") == hostile)
        #expect(
            root.text(
                "rsm:SupplyChainTradeTransaction/ram:ApplicableHeaderTradeAgreement/ram:SellerTradeParty/ram:Name")
                == hostile)
        let item = try #require(root.at("rsm:SupplyChainTradeTransaction/ram:IncludedSupplyChainTradeLineItem"))
        #expect(item.text("ram:SpecifiedTradeProduct/ram:Name") == hostile)
        #expect(item.at("ram:SpecifiedLineTradeDelivery/ram:BilledQuantity")?.attributes["unitCode"] == "C62\"<&")
        #expect(
            root.at(
                "rsm:SupplyChainTradeTransaction/ram:ApplicableHeaderTradeAgreement/ram:SellerTradeParty/ram:URIUniversalCommunication/ram:URIID"
            )?
            .text == "a&b<c>@example.com")
    }

    @Test(arguments: [0x00, 0x07, 0x1B, 0x7F, 0x85, 0xFFFE, 0xFFFF] as [UInt32])
    func controlCharactersAreRefusedNamingTheField(_ value: UInt32) throws {
        let scalar = try #require(Unicode.Scalar(value))
        var invoice = try germanInvoice()
        invoice.lineItems.append(
            InvoiceLineItem(
                description: "Bell \(Character(scalar)) here", quantity: 1, unitPrice: 1, taxRate: TaxRate(percent: 19))
        )
        #expect(throws: EInvoiceError.invalidCharacter(scalar, field: .lineDescription(line: 1))) {
            try CrossIndustryInvoiceWriter().xml(for: invoice)
        }
        var named = try germanInvoice()
        named.client.name = "Client\(Character(scalar))"
        #expect(throws: EInvoiceError.invalidCharacter(scalar, field: .name(.buyer))) {
            try CrossIndustryInvoiceWriter().xml(for: named)
        }
        var unit = try germanInvoice()
        unit.lineItems[0].unitCode = "H\(Character(scalar))"
        #expect(throws: EInvoiceError.invalidCharacter(scalar, field: .unitCode(line: 0))) {
            try CrossIndustryInvoiceWriter().xml(for: unit)
        }
    }

    @Test func aThousandLineInvoiceStatesEveryLineAndTheSharedTotals() throws {
        let cents = try decimal("0.37")
        let lines = (0..<1_000).map { (index: Int) -> InvoiceLineItem in
            let rate: Decimal = index % 3 == 0 ? 7 : 19
            return InvoiceLineItem(
                description: "Position \(index + 1)", quantity: Decimal(index % 7 + 1),
                unitPrice: Decimal(index) + cents, taxRate: TaxRate(percent: rate))
        }
        let invoice = try germanInvoice(lines: lines)
        let root = try writtenTree(invoice)
        let items = try #require(root.child("rsm:SupplyChainTradeTransaction")).all(
            "ram:IncludedSupplyChainTradeLineItem")
        #expect(items.count == 1_000)
        #expect(items.last?.text("ram:AssociatedDocumentLineDocument/ram:LineID") == "1000")
        let figures = InvoiceCalculation(
            lines: lines.map {
                InvoiceCalculation.Line(
                    quantity: $0.quantity, netPrice: $0.unitPrice, category: .standard, ratePercent: $0.taxRate.percent)
            }, minorUnits: 2)
        let summation = try #require(root.at(Self.summation))
        #expect(summation.text("ram:LineTotalAmount").flatMap { Decimal(string: $0) } == figures.lineTotal)
        #expect(summation.text("ram:TaxTotalAmount").flatMap { Decimal(string: $0) } == figures.vatTotal)
        #expect(summation.text("ram:GrandTotalAmount").flatMap { Decimal(string: $0) } == figures.totalWithVAT)
        #expect(CrossIndustryInvoiceSchemaOrder.violations(in: root) == [])
    }

    @Test func theSameInvoiceIsTheSameBytes() throws {
        var invoice = try germanInvoice()
        invoice.vatExemptions = [
            .reverseCharge: VATExemption(reason: "a"), .exempt: VATExemption(reason: "b"),
            .export: VATExemption(reason: "c"), .intraCommunity: VATExemption(reason: "d"),
        ]
        for category in [VATCategory.export, .reverseCharge, .intraCommunity, .exempt] {
            invoice.lineItems.append(
                InvoiceLineItem(description: "x", quantity: 1, unitPrice: 1, vatCategory: category))
        }
        for profile in CrossIndustryInvoiceWriter.Profile.allCases {
            let first = try CrossIndustryInvoiceWriter(profile: profile).xml(for: invoice)
            for _ in 0..<5 {
                #expect(try CrossIndustryInvoiceWriter(profile: profile).xml(for: invoice) == first)
            }
        }
    }

    @Test func whatTheSchemaCannotCarryIsRefused() throws {
        let writer = CrossIndustryInvoiceWriter()
        var noLines = try germanInvoice()
        noLines.lineItems = []
        #expect(throws: EInvoiceError.noLines) { try writer.xml(for: noLines) }

        var noVAT = try germanInvoice()
        noVAT.lineItems.append(InvoiceLineItem(description: "ohne USt", quantity: 1, unitPrice: 5))
        #expect(throws: EInvoiceError.missingVATCategory(line: 1)) { try writer.xml(for: noVAT) }

        var noSellerAddress = try germanInvoice()
        noSellerAddress.seller.address = nil
        #expect(throws: EInvoiceError.missingCountryCode(.seller)) { try writer.xml(for: noSellerAddress) }

        var badBuyerCountry = try germanInvoice()
        badBuyerCountry.client.address?.countryCode = "de"
        #expect(throws: EInvoiceError.missingCountryCode(.buyer)) { try writer.xml(for: badBuyerCountry) }

        var longAddress = try germanInvoice()
        longAddress.client.address?.lines = ["a", "b", "c", "d"]
        #expect(throws: EInvoiceError.tooManyAddressLines(.buyer)) { try writer.xml(for: longAddress) }

        var fineQuantity = try germanInvoice()
        fineQuantity.lineItems[0].quantity = try decimal("1.23456")
        #expect(throws: EInvoiceError.invalidNumber(.quantity(line: 0))) { try writer.xml(for: fineQuantity) }

        var notANumber = try germanInvoice()
        notANumber.lineItems[0].unitPrice = .nan
        #expect(throws: EInvoiceError.invalidNumber(.unitPrice(line: 0))) { try writer.xml(for: notANumber) }

        var hugeRate = try germanInvoice()
        hugeRate.lineItems[0].taxRate = TaxRate(percent: 150)
        #expect(throws: EInvoiceError.invalidNumber(.taxRate(line: 0))) { try writer.xml(for: hugeRate) }

        var hugeAllowance = try germanInvoice()
        hugeAllowance.allowancesCharges = [
            InvoiceAllowanceCharge(isCharge: false, amount: InvoiceLimits.maximumAmount, reason: "x")
        ]
        #expect(throws: EInvoiceError.invalidNumber(.allowanceCharge(index: 0))) { try writer.xml(for: hugeAllowance) }

        var fourDecimals = try germanInvoice()
        fourDecimals.lineItems[0].quantity = try decimal("1.2345")
        #expect(throws: Never.self) { try writer.xml(for: fourDecimals) }
    }

    @Test func xRechnungNamesItsSpecificationAndProcess() throws {
        let root = try writtenTree(try germanInvoice(), profile: .xrechnung)
        #expect(CrossIndustryInvoiceSchemaOrder.violations(in: root) == [])
        let context = try #require(root.child("rsm:ExchangedDocumentContext"))
        #expect(
            context.text("ram:BusinessProcessSpecifiedDocumentContextParameter/ram:ID")
                == "urn:fdc:peppol.eu:2017:poacc:billing:01:1.0")
        #expect(
            context.text("ram:GuidelineSpecifiedDocumentContextParameter/ram:ID")
                == "urn:cen.eu:en16931:2017#compliant#urn:xeinkauf.de:kosit:xrechnung_3.0")
        #expect(
            root.text("rsm:SupplyChainTradeTransaction/ram:ApplicableHeaderTradeAgreement/ram:BuyerReference")
                == "04011000-12345-67")
    }

    @Test func xRechnungRefusesWhatTheGermanRulesRequire() throws {
        let writer = CrossIndustryInvoiceWriter(profile: .xrechnung)
        func refusal(_ change: (inout InvoiceDocument) -> Void) throws -> EInvoiceError? {
            var invoice = try germanInvoice()
            change(&invoice)
            do {
                _ = try writer.xml(for: invoice)
                return nil
            } catch {
                // The EN 16931 writer accepts what only XRechnung refuses.
                #expect(throws: Never.self) { try CrossIndustryInvoiceWriter().xml(for: invoice) }
                return error
            }
        }
        #expect(try refusal { $0.buyerReference = nil } == .missingBuyerReference)
        #expect(try refusal { $0.buyerReference = "  " } == .missingBuyerReference)
        #expect(try refusal { $0.seller.contactName = nil } == .missingSellerContact)
        #expect(try refusal { $0.seller.phone = "" } == .missingSellerContact)
        #expect(try refusal { $0.seller.email = nil } == .missingSellerEmail)
        #expect(try refusal { $0.client.email = nil } == .missingBuyerEmail)
        #expect(try refusal { $0.client.address?.city = "" } == .missingPostcodeOrCity(.buyer))
        #expect(try refusal { $0.seller.address?.postcode = "" } == .missingPostcodeOrCity(.seller))
        #expect(try refusal { $0.payment = nil } == .missingPaymentInstructions)
        #expect(try refusal { $0.payment?.iban = " " } == .missingPaymentInstructions)
        #expect(try refusal { _ in } == nil)
    }

    /// The example of the article "E-invoices", line for line.
    @Test func theDocumentationExampleRuns() throws {
        let invoice = try germanInvoice()
        // One type per format; features take any EInvoiceWriting, the composition root picks the profile.
        let writer: any EInvoiceWriting = CrossIndustryInvoiceWriter(profile: .xrechnung)
        let xml = try writer.xml(for: invoice)

        var withoutReference = invoice
        withoutReference.buyerReference = nil
        var message = ""
        do {
            _ = try writer.xml(for: withoutReference)
        } catch {
            // `error` is an `EInvoiceError`: switch on the case, show the sentence.
            guard case .missingBuyerReference = error else { throw error }
            message = "\(error)"
        }
        #expect(String(decoding: xml, as: UTF8.self).contains("<ram:BuyerReference>04011000-12345-67<"))
        #expect(message.hasPrefix("An XRechnung needs the buyer reference"))
    }

    @Test func errorsReadAsSentences() {
        let errors: [EInvoiceError] = [
            .noLines, .missingVATCategory(line: 2), .unsupportedCurrency(code: "BHD", minorUnits: 3),
            .missingCountryCode(.seller), .tooManyAddressLines(.buyer),
            .invalidCharacter("\u{7}", field: .lineDescription(line: 0)), .invalidNumber(.quantity(line: 0)),
            .invalidNumber(.taxRate(line: 1)), .invalidNumber(.total), .invalidNumber(.paidAmount),
            .missingBuyerReference, .missingSellerContact, .missingSellerEmail, .missingBuyerEmail,
            .missingPostcodeOrCity(.buyer), .missingPaymentInstructions,
        ]
        for error in errors {
            let sentence = "\(error)"
            #expect(sentence.first?.isUppercase == true, "\(sentence)")
            #expect(sentence.hasSuffix("."), "\(sentence)")
            #expect(
                !sentence.contains("EInvoice") && !sentence.contains("line:") && !sentence.contains("field:"),
                "\(sentence)")
            #expect(error.localizedDescription == sentence)
        }
        let fields: [EInvoiceField] = [
            .number, .notes, .buyerReference, .orderReference, .precedingInvoice, .paymentTerms, .payment,
            .name(.seller), .address(.buyer), .taxIdentifier(.seller), .contact(.buyer), .lineDescription(line: 0),
            .unitCode(line: 0), .quantity(line: 0), .unitPrice(line: 0), .taxRate(line: 0),
            .lineAllowanceCharge(line: 0), .allowanceCharge(index: 0), .exemptionReason(.exempt), .paidAmount, .total,
        ]
        let names = fields.map { "\($0)" }
        #expect(Set(names).count == fields.count)
        for (field, name) in zip(fields, names) {
            #expect(name.first?.isLowercase == true && !name.contains("("), "\(name)")
            let sentence = "\(EInvoiceError.invalidNumber(field))"
            #expect(sentence.first?.isUppercase == true && sentence.hasSuffix("."), "\(sentence)")
        }
        #expect(names[7] == "the seller's name")
        #expect(names[11] == "the description of line 1")
        #expect("\(EInvoiceError.missingVATCategory(line: 2))".hasPrefix("Line 3 states no VAT category"))
        #expect("\(EInvoiceError.invalidCharacter("\u{7}", field: .lineDescription(line: 0)))".contains("U+0007"))
    }
}

@Suite("RenderingTesting: the e-invoice spy")
struct SpyEInvoiceWriterTests {
    @Test func recordsEveryInvoiceAndAnswersWithItsResult() throws {
        let invoice = try germanInvoice()
        let spy = SpyEInvoiceWriter(result: .success(Data([1, 2])))
        let writer: any EInvoiceWriting = spy
        #expect(try writer.xml(for: invoice) == Data([1, 2]))
        let failing = SpyEInvoiceWriter(result: .failure(.missingBuyerReference))
        #expect(throws: EInvoiceError.missingBuyerReference) { try failing.xml(for: invoice) }
        #expect(spy.writtenInvoices == [invoice])
        #expect(failing.writtenInvoices == [invoice])
    }
}
