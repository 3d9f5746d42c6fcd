import Essentials
import Foundation

/// One invoice checked for what CII can carry, with its figures computed, ready to write. Checking happens in
/// the initialiser so writing never meets a value it cannot spell.
struct CrossIndustryInvoiceContent {
    private let invoice: InvoiceDocument
    private let profile: CrossIndustryInvoiceWriter.Profile
    /// The figures of every amount written, from the shared arithmetic.
    private let figures: InvoiceCalculation
    /// The lines' VAT categories, checked present.
    private let categories: [VATCategory]
    /// Decimals of every amount: the currency's minor units (at most two).
    private let places: Int

    init(_ invoice: InvoiceDocument, profile: CrossIndustryInvoiceWriter.Profile) throws(EInvoiceError) {
        let currency = invoice.currency
        guard currency.minorUnits <= 2 else {
            throw .unsupportedCurrency(code: currency.code, minorUnits: currency.minorUnits)
        }
        guard !invoice.lineItems.isEmpty else { throw .noLines }
        let limit = InvoiceLimits.maximumAmount
        var categories: [VATCategory] = []
        var lines: [InvoiceCalculation.Line] = []
        categories.reserveCapacity(invoice.lineItems.count)
        lines.reserveCapacity(invoice.lineItems.count)
        for (index, item) in invoice.lineItems.enumerated() {
            guard let category = item.vatCategory else { throw .missingVATCategory(line: index) }
            guard EInvoiceNumbers.isFinite(item.quantity, below: limit),
                EInvoiceNumbers.hasAtMost(4, decimalsIn: item.quantity)
            else { throw .invalidNumber(.quantity(line: index)) }
            guard EInvoiceNumbers.isFinite(item.unitPrice, below: limit) else {
                throw .invalidNumber(.unitPrice(line: index))
            }
            try Self.checkRate(item.taxRate, .taxRate(line: index))
            var allowances = Decimal.zero
            var charges = Decimal.zero
            for adjustment in item.allowancesCharges {
                guard EInvoiceNumbers.isFinite(adjustment.amount, below: limit) else {
                    throw .invalidNumber(.lineAllowanceCharge(line: index))
                }
                // Each amount is written rounded, so the line sums what is written.
                let amount = EInvoiceNumbers.rounded(adjustment.amount, places: currency.minorUnits)
                if adjustment.isCharge { charges += amount } else { allowances += amount }
            }
            categories.append(category)
            lines.append(
                InvoiceCalculation.Line(
                    quantity: item.quantity, netPrice: item.unitPrice, allowances: allowances, charges: charges,
                    category: category, ratePercent: item.taxRate.percent))
        }
        var adjustments: [InvoiceCalculation.Adjustment] = []
        for (index, adjustment) in invoice.allowancesCharges.enumerated() {
            guard EInvoiceNumbers.isFinite(adjustment.amount, below: limit) else {
                throw .invalidNumber(.allowanceCharge(index: index))
            }
            try Self.checkRate(adjustment.taxRate, .allowanceCharge(index: index))
            adjustments.append(
                InvoiceCalculation.Adjustment(
                    isCharge: adjustment.isCharge, amount: adjustment.amount, category: adjustment.vatCategory,
                    ratePercent: adjustment.taxRate.percent))
        }
        guard EInvoiceNumbers.isFinite(invoice.paidAmount, below: InvoiceLimits.maximumTotal) else {
            throw .invalidNumber(.paidAmount)
        }
        for role in EInvoiceRole.allCases {
            try Self.checkAddress(role == .seller ? invoice.seller : invoice.client, role)
        }
        if profile == .xrechnung { try Self.checkXRechnung(invoice) }
        let figures = InvoiceCalculation(
            lines: lines, adjustments: adjustments, paidAmount: invoice.paidAmount, minorUnits: currency.minorUnits)
        let totals =
            [figures.lineTotal, figures.totalWithoutVAT, figures.vatTotal, figures.totalWithVAT]
            + figures.vatBreakdown.map(\.taxableAmount) + [figures.amountDue]
        guard totals.allSatisfy({ EInvoiceNumbers.isFinite($0, below: InvoiceLimits.maximumTotal) }) else {
            throw .invalidNumber(.total)
        }
        self.invoice = invoice
        self.profile = profile
        self.figures = figures
        self.categories = categories
        self.places = currency.minorUnits
    }

    private static func checkRate(_ rate: TaxRate, _ field: EInvoiceField) throws(EInvoiceError) {
        guard !rate.percent.isNaN, rate.percent >= 0, rate.percent <= InvoiceLimits.maximumTaxPercent else {
            throw .invalidNumber(field)
        }
    }

    private static func checkAddress(_ party: InvoiceParty, _ role: EInvoiceRole) throws(EInvoiceError) {
        guard let address = party.address,
            address.countryCode.utf8.count == 2,
            address.countryCode.utf8.allSatisfy({ (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains($0) })
        else { throw .missingCountryCode(role) }
        guard address.lines.filter(\.isPresent).count <= 3 else { throw .tooManyAddressLines(role) }
    }

    /// The German rules (BR-DE-*) that the invoice's own values decide; the rest are the validator's.
    private static func checkXRechnung(_ invoice: InvoiceDocument) throws(EInvoiceError) {
        guard invoice.buyerReference.isPresent else { throw .missingBuyerReference }
        let seller = invoice.seller
        guard seller.contactName.isPresent, seller.phone.isPresent else { throw .missingSellerContact }
        guard seller.email.isPresent else { throw .missingSellerEmail }
        for role in EInvoiceRole.allCases {
            let address = (role == .seller ? invoice.seller : invoice.client).address
            guard address?.postcode.isPresent == true, address?.city.isPresent == true else {
                throw .missingPostcodeOrCity(role)
            }
        }
        guard invoice.client.email.isPresent else { throw .missingBuyerEmail }
        guard invoice.payment?.iban.isPresent == true else { throw .missingPaymentInstructions }
    }

    // MARK: - Writing

    /// The whole document.
    func write() throws(EInvoiceError) -> [UInt8] {
        var xml = XMLWriter()
        xml.open(
            "rsm:CrossIndustryInvoice",
            [
                "xmlns:rsm": "urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100",
                "xmlns:qdt": "urn:un:unece:uncefact:data:standard:QualifiedDataType:100",
                "xmlns:ram": "urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100",
                "xmlns:udt": "urn:un:unece:uncefact:data:standard:UnqualifiedDataType:100",
            ])
        writeContext(&xml)
        try writeHeader(&xml)
        xml.open("rsm:SupplyChainTradeTransaction")
        for index in invoice.lineItems.indices {
            try writeLine(index, &xml)
        }
        try writeAgreement(&xml)
        try writeDelivery(&xml)
        try writeSettlement(&xml)
        xml.close()
        xml.close()
        return xml.bytes
    }

    private func writeContext(_ xml: inout XMLWriter) {
        xml.open("rsm:ExchangedDocumentContext")
        if let process = profile.businessProcessID {
            xml.open("ram:BusinessProcessSpecifiedDocumentContextParameter")
            xml.element("ram:ID", formatted: process)
            xml.close()
        }
        xml.open("ram:GuidelineSpecifiedDocumentContextParameter")
        xml.element("ram:ID", formatted: profile.guidelineID)
        xml.close()
        xml.close()
    }

    private func writeHeader(_ xml: inout XMLWriter) throws(EInvoiceError) {
        xml.open("rsm:ExchangedDocument")
        try xml.element("ram:ID", invoice.number, field: .number)
        xml.element("ram:TypeCode", formatted: invoice.kind.typeCode)
        writeDate("ram:IssueDateTime", invoice.issueDate, &xml)
        if invoice.notes.isPresent {
            xml.open("ram:IncludedNote")
            try xml.element("ram:Content", invoice.notes, field: .notes)
            xml.close()
        }
        xml.close()
    }

    private func writeLine(_ index: Int, _ xml: inout XMLWriter) throws(EInvoiceError) {
        let item = invoice.lineItems[index]
        xml.open("ram:IncludedSupplyChainTradeLineItem")
        xml.open("ram:AssociatedDocumentLineDocument")
        xml.element("ram:LineID", formatted: String(index + 1))
        xml.close()
        xml.open("ram:SpecifiedTradeProduct")
        try xml.element("ram:Name", item.description, field: .lineDescription(line: index))
        xml.close()
        xml.open("ram:SpecifiedLineTradeAgreement")
        xml.open("ram:NetPriceProductTradePrice")
        xml.element("ram:ChargeAmount", formatted: EInvoiceNumbers.atLeast(item.unitPrice, places: places))
        xml.close()
        xml.close()
        xml.open("ram:SpecifiedLineTradeDelivery")
        try XMLWriter.check(item.unitCode, field: .unitCode(line: index))
        xml.element(
            "ram:BilledQuantity", formatted: EInvoiceNumbers.plain(item.quantity), ["unitCode": item.unitCode])
        xml.close()
        xml.open("ram:SpecifiedLineTradeSettlement")
        writeTax("ram:ApplicableTradeTax", category: categories[index], rate: item.taxRate.percent, &xml)
        for adjustment in item.allowancesCharges {
            try writeAllowanceCharge(adjustment, field: .lineAllowanceCharge(line: index), withTax: false, &xml)
        }
        xml.open("ram:SpecifiedTradeSettlementLineMonetarySummation")
        writeAmount("ram:LineTotalAmount", figures.lineNetAmounts[index], &xml)
        xml.close()
        xml.close()
        xml.close()
    }

    private func writeAgreement(_ xml: inout XMLWriter) throws(EInvoiceError) {
        xml.open("ram:ApplicableHeaderTradeAgreement")
        if let reference = invoice.buyerReference, reference.isPresent {
            try xml.element("ram:BuyerReference", reference, field: .buyerReference)
        }
        try writeParty("ram:SellerTradeParty", invoice.seller, .seller, &xml)
        try writeParty("ram:BuyerTradeParty", invoice.client, .buyer, &xml)
        if let order = invoice.orderReference, order.isPresent {
            xml.open("ram:BuyerOrderReferencedDocument")
            try xml.element("ram:IssuerAssignedID", order, field: .orderReference)
            xml.close()
        }
        xml.close()
    }

    private func writeParty(
        _ name: String, _ party: InvoiceParty, _ role: EInvoiceRole, _ xml: inout XMLWriter
    ) throws(EInvoiceError) {
        xml.open(name)
        // A seller without a VAT identifier is identified by its tax registration (BT-29 as well as BT-32), so an
        // invoice outside the scope of VAT, which may state no VAT identifier (BR-O-02), still names its seller
        // (BR-CO-26).
        if role == .seller, !party.vatID.isPresent, let registration = party.taxRegistration, registration.isPresent {
            try xml.element("ram:ID", registration.filter { !$0.isWhitespace }, field: .taxIdentifier(role))
        }
        try xml.element("ram:Name", party.name, field: .name(role))
        if party.contactName.isPresent || party.phone.isPresent || party.email.isPresent {
            xml.open("ram:DefinedTradeContact")
            if let person = party.contactName, person.isPresent {
                try xml.element("ram:PersonName", person, field: .contact(role))
            }
            if let phone = party.phone, phone.isPresent {
                xml.open("ram:TelephoneUniversalCommunication")
                try xml.element("ram:CompleteNumber", phone, field: .contact(role))
                xml.close()
            }
            if let email = party.email, email.isPresent {
                xml.open("ram:EmailURIUniversalCommunication")
                try xml.element("ram:URIID", email, field: .contact(role))
                xml.close()
            }
            xml.close()
        }
        if let address = party.address {
            try writeAddress(address, role, &xml)
        }
        if let email = party.email, email.isPresent {
            xml.open("ram:URIUniversalCommunication")
            try xml.element("ram:URIID", email, ["schemeID": "EM"], field: .contact(role))
            xml.close()
        }
        for (scheme, identifier) in [("VA", party.vatID), ("FC", role == .seller ? party.taxRegistration : nil)] {
            guard let identifier, identifier.isPresent else { continue }
            xml.open("ram:SpecifiedTaxRegistration")
            try xml.element(
                "ram:ID", identifier.filter { !$0.isWhitespace }, ["schemeID": scheme], field: .taxIdentifier(role))
            xml.close()
        }
        xml.close()
    }

    private func writeAddress(
        _ address: PostalAddress, _ role: EInvoiceRole, _ xml: inout XMLWriter
    ) throws(EInvoiceError) {
        xml.open("ram:PostalTradeAddress")
        if address.postcode.isPresent {
            try xml.element("ram:PostcodeCode", address.postcode, field: .address(role))
        }
        let lines = address.lines.filter(\.isPresent)
        for (element, line) in zip(["ram:LineOne", "ram:LineTwo", "ram:LineThree"], lines) {
            try xml.element(element, line, field: .address(role))
        }
        if address.city.isPresent {
            try xml.element("ram:CityName", address.city, field: .address(role))
        }
        xml.element("ram:CountryID", formatted: address.countryCode)
        if let subdivision = address.subdivision, subdivision.isPresent {
            try xml.element("ram:CountrySubDivisionName", subdivision, field: .address(role))
        }
        xml.close()
    }

    /// The delivery: an intra-community supply states where it went (BT-80, rule BR-IC-12), the buyer's address
    /// (the model has no separate deliver-to address); every invoice states the day of supply when it has one.
    private func writeDelivery(_ xml: inout XMLWriter) throws(EInvoiceError) {
        xml.open("ram:ApplicableHeaderTradeDelivery")
        if figures.vatBreakdown.contains(where: { $0.category == .intraCommunity }),
            let address = invoice.client.address
        {
            xml.open("ram:ShipToTradeParty")
            try xml.element("ram:Name", invoice.client.name, field: .name(.buyer))
            try writeAddress(address, .buyer, &xml)
            xml.close()
        }
        if let day = invoice.serviceDate {
            xml.open("ram:ActualDeliverySupplyChainEvent")
            writeDate("ram:OccurrenceDateTime", day, &xml)
            xml.close()
        }
        xml.close()
    }

    private func writeSettlement(_ xml: inout XMLWriter) throws(EInvoiceError) {
        xml.open("ram:ApplicableHeaderTradeSettlement")
        let payment = invoice.payment
        if let reference = payment?.reference, reference.isPresent {
            try xml.element("ram:PaymentReference", reference, field: .payment)
        }
        xml.element("ram:InvoiceCurrencyCode", formatted: invoice.currency.code)
        if let payment, let iban = payment.iban, iban.isPresent {
            try writePaymentMeans(payment, iban: iban.filter { !$0.isWhitespace }, &xml)
        }
        for breakdown in figures.vatBreakdown {
            try writeBreakdown(breakdown, &xml)
        }
        if let period = invoice.servicePeriod {
            xml.open("ram:BillingSpecifiedPeriod")
            writeDate("ram:StartDateTime", period.start, &xml)
            writeDate("ram:EndDateTime", period.end, &xml)
            xml.close()
        }
        for (index, adjustment) in invoice.allowancesCharges.enumerated() {
            try writeAllowanceCharge(adjustment, field: .allowanceCharge(index: index), withTax: true, &xml)
        }
        if invoice.paymentTerms.isPresent || invoice.dueDate != nil {
            xml.open("ram:SpecifiedTradePaymentTerms")
            if let terms = invoice.paymentTerms, terms.isPresent {
                try xml.element("ram:Description", terms, field: .paymentTerms)
            }
            if let due = invoice.dueDate {
                writeDate("ram:DueDateDateTime", due, &xml)
            }
            xml.close()
        }
        writeSummation(&xml)
        if let preceding = invoice.precedingInvoice {
            xml.open("ram:InvoiceReferencedDocument")
            try xml.element("ram:IssuerAssignedID", preceding.number, field: .precedingInvoice)
            xml.open("ram:FormattedIssueDateTime")
            xml.element(
                "qdt:DateTimeString", formatted: EInvoiceNumbers.format102(preceding.issueDate), ["format": "102"])
            xml.close()
            xml.close()
        }
        xml.close()
    }

    private func writePaymentMeans(
        _ payment: PaymentInstructions, iban: String, _ xml: inout XMLWriter
    ) throws(EInvoiceError) {
        xml.open("ram:SpecifiedTradeSettlementPaymentMeans")
        xml.element("ram:TypeCode", formatted: Self.isSEPA(iban) ? "58" : "30")
        xml.open("ram:PayeePartyCreditorFinancialAccount")
        try xml.element("ram:IBANID", iban, field: .payment)
        if let name = payment.accountName, name.isPresent {
            try xml.element("ram:AccountName", name, field: .payment)
        }
        xml.close()
        if let bic = payment.bic, bic.isPresent {
            xml.open("ram:PayeeSpecifiedCreditorFinancialInstitution")
            try xml.element("ram:BICID", bic.filter { !$0.isWhitespace }, field: .payment)
            xml.close()
        }
        xml.close()
    }

    private func writeBreakdown(
        _ breakdown: InvoiceCalculation.VATBreakdown, _ xml: inout XMLWriter
    ) throws(EInvoiceError) {
        let category = breakdown.category
        let exemption = invoice.vatExemptions[category]
        xml.open("ram:ApplicableTradeTax")
        writeAmount("ram:CalculatedAmount", breakdown.taxAmount, &xml)
        xml.element("ram:TypeCode", formatted: "VAT")
        if category.needsExemptionReason, let reason = exemption?.reason, reason.isPresent {
            try xml.element("ram:ExemptionReason", reason, field: .exemptionReason(category))
        }
        writeAmount("ram:BasisAmount", breakdown.taxableAmount, &xml)
        xml.element("ram:CategoryCode", formatted: category.code)
        if category.needsExemptionReason,
            let code = exemption?.code.flatMap({ $0.isPresent ? $0 : nil }) ?? category.standardExemptionCode
        {
            try xml.element("ram:ExemptionReasonCode", code, field: .exemptionReason(category))
        }
        // Outside the scope of VAT too: EN 16931 allows the rate there (only lines and allowances must not state
        // one), and XRechnung requires it in every breakdown (rule BR-DE-14).
        xml.element("ram:RateApplicablePercent", formatted: EInvoiceNumbers.plain(breakdown.ratePercent))
        xml.close()
    }

    private func writeAllowanceCharge(
        _ adjustment: InvoiceAllowanceCharge, field: EInvoiceField, withTax: Bool, _ xml: inout XMLWriter
    ) throws(EInvoiceError) {
        xml.open("ram:SpecifiedTradeAllowanceCharge")
        xml.open("ram:ChargeIndicator")
        xml.element("udt:Indicator", formatted: adjustment.isCharge ? "true" : "false")
        xml.close()
        writeAmount("ram:ActualAmount", adjustment.amount, &xml)
        if let code = adjustment.reasonCode, code.isPresent {
            try xml.element("ram:ReasonCode", code, field: field)
        }
        if adjustment.reason.isPresent {
            try xml.element("ram:Reason", adjustment.reason, field: field)
        }
        if withTax {
            writeTax("ram:CategoryTradeTax", category: adjustment.vatCategory, rate: adjustment.taxRate.percent, &xml)
        }
        xml.close()
    }

    private func writeSummation(_ xml: inout XMLWriter) {
        xml.open("ram:SpecifiedTradeSettlementHeaderMonetarySummation")
        writeAmount("ram:LineTotalAmount", figures.lineTotal, &xml)
        let adjustments = invoice.allowancesCharges
        if adjustments.contains(where: \.isCharge) {
            writeAmount("ram:ChargeTotalAmount", figures.chargeTotal, &xml)
        }
        if adjustments.contains(where: { !$0.isCharge }) {
            writeAmount("ram:AllowanceTotalAmount", figures.allowanceTotal, &xml)
        }
        writeAmount("ram:TaxBasisTotalAmount", figures.totalWithoutVAT, &xml)
        xml.element(
            "ram:TaxTotalAmount", formatted: EInvoiceNumbers.fixed(figures.vatTotal, places: places),
            ["currencyID": invoice.currency.code])
        writeAmount("ram:GrandTotalAmount", figures.totalWithVAT, &xml)
        if !figures.paidAmount.isZero {
            writeAmount("ram:TotalPrepaidAmount", figures.paidAmount, &xml)
        }
        writeAmount("ram:DuePayableAmount", figures.amountDue, &xml)
        xml.close()
    }

    /// A line's tax or an allowance's tax category: type, category and, except outside the scope of VAT (rules
    /// BR-O-05 to BR-O-07), the rate.
    private func writeTax(_ name: String, category: VATCategory, rate: Decimal, _ xml: inout XMLWriter) {
        xml.open(name)
        xml.element("ram:TypeCode", formatted: "VAT")
        xml.element("ram:CategoryCode", formatted: category.code)
        if category != .outsideScope {
            xml.element("ram:RateApplicablePercent", formatted: EInvoiceNumbers.plain(rate))
        }
        xml.close()
    }

    private func writeAmount(_ name: String, _ value: Decimal, _ xml: inout XMLWriter) {
        xml.element(name, formatted: EInvoiceNumbers.fixed(value, places: places))
    }

    private func writeDate(_ name: String, _ day: CalendarDay, _ xml: inout XMLWriter) {
        xml.open(name)
        xml.element("udt:DateTimeString", formatted: EInvoiceNumbers.format102(day), ["format": "102"])
        xml.close()
    }

    /// Whether the IBAN's country takes part in SEPA, whose credit transfers have their own code (58); other
    /// transfers are plain credit transfers (30).
    static func isSEPA(_ iban: String) -> Bool {
        sepaCountries.contains(String(iban.prefix(2)).uppercased())
    }

    /// The SEPA countries and territories with IBANs of their own (EEA, Switzerland, the United Kingdom, Monaco,
    /// San Marino, Andorra, Vatican City, Gibraltar and the Crown dependencies).
    private static let sepaCountries: Set<String> = [
        "AD", "AT", "BE", "BG", "CH", "CY", "CZ", "DE", "DK", "EE", "ES", "FI", "FR", "GB", "GI", "GR", "HR", "HU",
        "IE", "IS", "IT", "LI", "LT", "LU", "LV", "MC", "MT", "NL", "NO", "PL", "PT", "RO", "SE", "SI", "SK", "SM",
        "VA", "GG", "IM", "JE",
    ]
}

extension Optional where Wrapped == String {
    /// Whether the optional text holds something other than white space.
    fileprivate var isPresent: Bool { self?.isPresent ?? false }
}

extension String {
    /// Whether the text holds something other than white space: blank optional fields are left out.
    fileprivate var isPresent: Bool { contains { !$0.isWhitespace } }
}
