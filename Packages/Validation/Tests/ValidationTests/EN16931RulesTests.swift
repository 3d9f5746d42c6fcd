import Essentials
import Foundation
import Testing
import Validation

private func decimal(_ text: String) -> Decimal {
    Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")) ?? .nan
}

/// A German seller and buyer with everything an XRechnung needs.
private func completeDraft(
    lines: [LineItem] = [LineItem(id: "A", description: "Consulting", quantity: 10, unitPrice: 120)],
    taxPercent: Decimal? = 19
) -> InvoiceDraft {
    InvoiceDraft.sample(lineItems: lines, taxPercent: taxPercent)
        .with {
            $0.seller = InvoicePartyDraft(
                name: "Müller GmbH",
                address: PostalAddressDraft(
                    lines: ["Hauptstraße 1"], postcode: "10115", city: "Berlin", countryCode: "DE"),
                vatID: "DE 123 456 788", email: "billing@example.com", contactName: "Anna Müller", phone: "+49 30 1234")
            $0.buyerAddress = PostalAddressDraft(
                lines: ["Rue de la Paix 2"], postcode: "75002", city: "Paris", countryCode: "FR")
            $0.buyerVATID = "FR 32 123 456 789"
            $0.buyerReference = "04011000-12345-34"
            $0.payment = PaymentDraft(iban: "DE89 3704 0044 0532 0130 00", bic: "COBADEFFXXX", reference: "2025-001")
        }
}

extension InvoiceDraft {
    func with(_ change: (inout InvoiceDraft) -> Void) -> InvoiceDraft {
        var copy = self
        change(&copy)
        return copy
    }
}

@Suite("Validation: EN 16931 and XRechnung rules")
struct EN16931RulesTests {
    let plain = InvoiceValidator()
    let en16931 = InvoiceValidator(options: InvoiceValidationOptions(profile: .en16931))
    let xrechnung = InvoiceValidator(options: InvoiceValidationOptions(profile: .xrechnung))

    @Test func aCompleteInvoicePassesEveryProfile() {
        let draft = completeDraft()
        #expect(plain.validate(invoice: draft).isEmpty)
        #expect(en16931.validate(invoice: draft).isEmpty)
        #expect(xrechnung.validate(invoice: draft).isEmpty)
    }

    @Test func aPlainInvoiceWithoutVATKeepsValidating() {
        let draft = InvoiceDraft.sample()
        #expect(plain.validate(invoice: draft).isEmpty)
        #expect(
            en16931.validate(invoice: draft).codes == [
                .en16931("BR-06"), .en16931("BR-08"), .en16931("BR-10"), .en16931("BR-CO-26"), .en16931("BR-Z-02"),
            ])
    }

    @Test func codesAreTheRuleIdentifiers() {
        #expect(ValidationCode.en16931("BR-S-02").rawValue == "en16931.BR-S-02")
        #expect(ValidationCode.xrechnung("BR-DE-15").rawValue == "xrechnung.BR-DE-15")
        #expect(Set(ValidationCode.en16931Codes).count == ValidationCode.en16931Codes.count)
        #expect(ValidationCode.en16931Codes.contains(.en16931("BR-IC-12")))
    }

    @Test func standardRateNeedsTheSellersVATIDOrTaxRegistration() {
        let draft = completeDraft().with { $0.seller?.vatID = nil }
        let failures = en16931.validate(invoice: draft)
        #expect(
            failures
                == [
                    ValidationFailure(code: .en16931("BR-CO-26"), path: "seller.vatID"),
                    ValidationFailure(code: .en16931("BR-S-02"), path: "seller.vatID"),
                ])
        let registered = draft.with { $0.seller?.taxRegistration = "12/345/67890" }
        #expect(en16931.validate(invoice: registered).isEmpty)
        let charged = draft.with {
            $0.allowancesCharges = [AllowanceChargeDraft(isCharge: true, amount: 10, reason: "Freight")]
        }
        #expect(en16931.validate(invoice: charged).codes.contains(.en16931("BR-S-04")))
    }

    @Test func everyCategoryHoldsItsRate() {
        #expect(
            plain.validate(
                invoice: .sample(lineItems: [
                    LineItem(id: "A", description: "X", quantity: 1, unitPrice: 1, vatCategory: .standard)
                ])
            ) == [ValidationFailure(code: .en16931("BR-S-05"), path: "lineItems[0].taxPercent", elementID: "A")])
        for category in VATCategory.allCases where category != .standard {
            let line = LineItem(
                id: "A", description: "X", quantity: 1, unitPrice: 1, vatCategory: category, taxPercent: 19)
            let prefix = category == .intraCommunity ? "BR-IC" : "BR-" + category.code
            #expect(plain.validate(invoice: .sample(lineItems: [line])).codes == [.en16931(prefix + "-05")])
            // Without a rate of its own, a line of such a category is at zero whatever the invoice's rate.
            var zero = line
            zero.taxPercent = nil
            #expect(plain.validate(invoice: .sample(lineItems: [zero], taxPercent: 19)).isEmpty)
        }
        let discount = AllowanceChargeDraft(
            isCharge: false, amount: 5, reason: "Loyalty", vatCategory: .exempt, taxPercent: 7)
        #expect(
            plain.validate(invoice: .sample(taxPercent: 19).with { $0.allowancesCharges = [discount] })
                == [ValidationFailure(code: .en16931("BR-E-06"), path: "allowancesCharges[0].taxPercent")])
    }

    @Test func exemptAndReverseChargeNeedAReasonAndTheRightIdentifiers() {
        let exempt = completeDraft(
            lines: [LineItem(id: "A", description: "Training", quantity: 1, unitPrice: 500, vatCategory: .exempt)])
        #expect(
            en16931.validate(invoice: exempt)
                == [ValidationFailure(code: .en16931("BR-E-10"), path: "vatExemptions.E")])
        let stated = exempt.with {
            $0.vatExemptions[.exempt] = VATExemptionDraft(reason: "Exempt under § 4 Nr. 21 UStG")
        }
        #expect(en16931.validate(invoice: stated).isEmpty)

        let reverse = completeDraft(
            lines: [LineItem(id: "A", description: "Build", quantity: 1, unitPrice: 500, vatCategory: .reverseCharge)]
        ).with {
            $0.buyerVATID = nil
            $0.vatExemptions[.reverseCharge] = VATExemptionDraft(code: "VATEX-EU-AE")
        }
        #expect(en16931.validate(invoice: reverse).codes == [.en16931("BR-AE-02")])
        #expect(en16931.validate(invoice: reverse.with { $0.buyerVATID = "FR32123456789" }).isEmpty)
        #expect(
            plain.validate(invoice: reverse.with { $0.vatExemptions[.reverseCharge]?.code = "EU-AE" }).codes == [
                .invoiceExemptionCodeInvalid
            ])
        let standardWithReason = completeDraft().with { $0.vatExemptions[.standard] = VATExemptionDraft(reason: "No") }
        #expect(en16931.validate(invoice: standardWithReason).codes == [.en16931("BR-S-10")])
    }

    @Test func intraCommunitySuppliesNeedBothIdentifiersAndTheDayOfSupply() throws {
        let draft = completeDraft(
            lines: [LineItem(id: "A", description: "Goods", quantity: 1, unitPrice: 500, vatCategory: .intraCommunity)]
        ).with { $0.vatExemptions[.intraCommunity] = VATExemptionDraft(code: "VATEX-EU-IC") }
        #expect(en16931.validate(invoice: draft).codes == [.en16931("BR-IC-11")])
        let day = try #require(CalendarDay(year: 2025, month: 3, day: 14))
        #expect(en16931.validate(invoice: draft.with { $0.serviceDate = day }).isEmpty)
        let withoutSellerVATID = draft.with {
            $0.serviceDate = day
            $0.seller?.vatID = nil
        }
        let codes = en16931.validate(invoice: withoutSellerVATID).codes
        #expect(codes.contains(.en16931("BR-IC-02")))
    }

    @Test func outsideScopeStandsAloneAndWithoutVATIdentifiers() {
        let draft = completeDraft(
            lines: [
                LineItem(id: "A", description: "Damages", quantity: 1, unitPrice: 500, vatCategory: .outsideScope),
                LineItem(id: "B", description: "Work", quantity: 1, unitPrice: 100),
            ]
        ).with { $0.vatExemptions[.outsideScope] = VATExemptionDraft(reason: "Not a supply") }
        #expect(en16931.validate(invoice: draft).codes == [.en16931("BR-O-02"), .en16931("BR-O-12")])
        let alone = draft.with {
            $0.lineItems.removeLast()
            $0.seller?.vatID = nil
            $0.seller?.taxRegistration = "12/345/67890"
            $0.buyerVATID = nil
        }
        #expect(en16931.validate(invoice: alone).isEmpty)
    }

    @Test func exportNeedsTheSellersVATIdentifier() {
        let draft = completeDraft(
            lines: [LineItem(id: "A", description: "Goods", quantity: 1, unitPrice: 500, vatCategory: .export)]
        ).with {
            $0.vatExemptions[.export] = VATExemptionDraft(code: "VATEX-EU-G")
            $0.seller?.vatID = nil
            $0.seller?.taxRegistration = "12/345/67890"
        }
        #expect(en16931.validate(invoice: draft).codes == [.en16931("BR-G-02")])
    }

    @Test func currenciesWithMoreThanTwoMinorUnitsCannotBeEInvoiced() {
        let draft = completeDraft().with { $0.currencyCode = "BHD" }
        #expect(plain.validate(invoice: draft).isEmpty)
        let failures = en16931.validate(invoice: draft)
        #expect(
            failures == [
                ValidationFailure(
                    code: .en16931("BR-DEC"), path: "currencyCode", parameters: [ValidationParameter.currency: "BHD"])
            ])
        #expect(ValidationMessages.english.message(for: failures[0]).contains("cannot be written in BHD"))
    }

    @Test func creditTransferNeedsAnIBAN() {
        let draft = completeDraft().with { $0.payment = PaymentDraft(reference: "2025-001") }
        #expect(en16931.validate(invoice: draft).codes == [.en16931("BR-61")])
        #expect(xrechnung.validate(invoice: draft).codes == [.en16931("BR-61"), .xrechnung("BR-DE-23")])
        #expect(
            plain.validate(invoice: completeDraft().with { $0.payment?.iban = "DE00 1234" }).codes == [
                .ibanWrongLength
            ])
        #expect(plain.validate(invoice: completeDraft().with { $0.payment?.bic = "COBA" }).codes == [.bicWrongLength])
    }

    @Test func xrechnungRequiresTheGermanCIUSFields() {
        let bare = completeDraft().with {
            $0.buyerReference = nil
            $0.payment = nil
            $0.seller?.email = nil
            $0.seller?.phone = nil
            $0.seller?.contactName = nil
            $0.seller?.address?.city = ""
            $0.seller?.address?.postcode = " "
            $0.buyerAddress?.city = ""
            $0.buyerAddress?.postcode = ""
        }
        #expect(en16931.validate(invoice: bare).isEmpty)
        #expect(
            Set(xrechnung.validate(invoice: bare).codes)
                == Set(
                    ["1", "2", "3", "4", "5", "6", "7", "8", "9", "15"].map { ValidationCode.xrechnung("BR-DE-" + $0) })
        )
        for failure in xrechnung.validate(invoice: bare) {
            let message = ValidationMessages.english.message(for: failure)
            #expect(message.hasPrefix("An XRechnung needs"), "\(message)")
        }
    }

    @Test func checksTheGivenFieldsOnEveryProfile() throws {
        let start = try #require(CalendarDay(year: 2025, month: 3, day: 31))
        let end = try #require(CalendarDay(year: 2025, month: 3, day: 1))
        let draft = InvoiceDraft.sample().with {
            $0.seller = InvoicePartyDraft(
                name: " ", address: PostalAddressDraft(lines: ["a", "b", "c", "d"], countryCode: "Deutschland"),
                vatID: "123456789", email: "x@")
            $0.buyerVATID = "GR123456789"
            $0.buyerReference = "ref\u{202E}"
            $0.servicePeriod = InvoicePeriodDraft(start: start, end: end)
            $0.paidAmount = decimal("-1")
        }
        #expect(
            plain.validate(invoice: draft).map(\.path) == [
                "seller.name", "seller.address.lines", "seller.address.countryCode", "seller.vatID", "seller.email",
                "buyerVATID", "buyerReference", "servicePeriod", "paidAmount",
            ])
        #expect(
            plain.validate(invoice: draft).codes == [
                .en16931("BR-06"), .invoiceTooManyAddressLines, .invoiceCountryCodeUnknown, .vatIDMissingCountryPrefix,
                .emailEmptyDomain, .vatIDGreekPrefix, .invoiceTextInvalidCharacter, .en16931("BR-29"),
                .invoicePaidAmountNegative,
            ])
    }

    @Test func allowancesAndChargesAndThePaidAmountEnterTheTotals() throws {
        let line = LineItem(
            id: "A", description: "Design", quantity: 10, unitPrice: 100,
            allowancesCharges: [AllowanceChargeDraft(isCharge: false, amount: 50, reason: "Early booking")])
        let draft = InvoiceDraft.sample(lineItems: [line], taxPercent: 19).with {
            $0.allowancesCharges = [
                AllowanceChargeDraft(isCharge: false, amount: 100, reason: "Loyalty"),
                AllowanceChargeDraft(
                    isCharge: true, amount: decimal("20.50"), reason: "Freight", vatCategory: .zeroRated),
            ]
            $0.paidAmount = 200
        }
        #expect(plain.validate(invoice: draft).isEmpty)
        let figures = try #require(draft.calculation())
        #expect(figures.lineNetAmounts == [950])
        #expect(figures.totalWithoutVAT == decimal("870.50"))
        #expect(figures.vatTotal == decimal("161.50"))  // 19 % of 850
        #expect(figures.amountDue == decimal("832.00"))

        let tooMuchOff = draft.with { $0.lineItems[0].allowancesCharges[0].amount = 1_001 }
        #expect(
            plain.validate(invoice: tooMuchOff)
                == [
                    ValidationFailure(
                        code: .invoiceLineNetAmountNegative, path: "lineItems[0].allowancesCharges", elementID: "A")
                ])
        #expect(
            plain.validate(invoice: draft.with { $0.allowancesCharges[0].amount = 2_000 }).codes == [
                .invoiceTotalNegative
            ])
        #expect(plain.validate(invoice: draft.with { $0.paidAmount = 5_000 }).codes == [.invoicePaidAmountTooLarge])
        #expect(
            plain.validate(invoice: draft.with { $0.allowancesCharges[1].amount = decimal("0.001") }).codes == [
                .invoiceAllowanceChargeTooPrecise
            ])
        #expect(
            en16931.validate(
                invoice: completeDraft().with {
                    $0.allowancesCharges = [AllowanceChargeDraft(isCharge: false, amount: 1)]
                }
            )
            .codes == [.en16931("BR-33")])
    }

    @Test func everyNewCodeHasAnEnglishSentence() {
        for code in ValidationCode.en16931Codes + ValidationCode.xrechnungCodes + ValidationCode.vatIDCodes
            + ValidationCode.bicCodes
        {
            let message = ValidationMessages.english.message(for: ValidationFailure(code: code))
            #expect(
                message != "This value is not valid." && message.hasSuffix(".") && !message.contains("{"), "\(code)")
            #expect(!message.contains("BT-") && !message.contains("seller."), "\(code): \(message)")
        }
    }
}
