import Essentials
import Foundation

extension ValidationCode {
    /// A text of the parties, references, payment or allowances is longer than
    /// ``InvoiceValidationOptions/maximumFieldLength``; the path names the field.
    public static let invoiceTextTooLong = ValidationCode(rawValue: "invoice.textTooLong")
    /// Such a text contains control, replacement or direction-override characters, or a line break.
    public static let invoiceTextInvalidCharacter = ValidationCode(rawValue: "invoice.textInvalidCharacter")
    /// Such a text contains characters the configured font cannot draw (named in the parameters).
    public static let invoiceTextNotPrintable = ValidationCode(rawValue: "invoice.textNotPrintable")
    /// A country code is not an ISO 3166-1 alpha-2 code in upper case (`DE`).
    public static let invoiceCountryCodeUnknown = ValidationCode(rawValue: "invoice.countryCodeUnknown")
    /// A postal address has more than three lines, the most an e-invoice holds.
    public static let invoiceTooManyAddressLines = ValidationCode(rawValue: "invoice.tooManyAddressLines")
    /// An allowance or charge amount is NaN.
    public static let invoiceAllowanceChargeNotFinite = ValidationCode(rawValue: "invoice.allowanceChargeNotFinite")
    /// An allowance or charge amount is negative (an allowance is a positive amount that lowers the total).
    public static let invoiceAllowanceChargeNegative = ValidationCode(rawValue: "invoice.allowanceChargeNegative")
    /// An allowance or charge amount is not below the amount limit.
    public static let invoiceAllowanceChargeTooLarge = ValidationCode(rawValue: "invoice.allowanceChargeTooLarge")
    /// An allowance or charge has more decimal places than the currency's minor units (currency and places in
    /// the parameters).
    public static let invoiceAllowanceChargeTooPrecise = ValidationCode(
        rawValue: "invoice.allowanceChargeTooPrecise")
    /// The paid amount is NaN.
    public static let invoicePaidAmountNotFinite = ValidationCode(rawValue: "invoice.paidAmountNotFinite")
    /// The paid amount is negative.
    public static let invoicePaidAmountNegative = ValidationCode(rawValue: "invoice.paidAmountNegative")
    /// The paid amount has more decimal places than the currency's minor units (in the parameters).
    public static let invoicePaidAmountTooPrecise = ValidationCode(rawValue: "invoice.paidAmountTooPrecise")
    /// More was paid than the invoice's total with VAT, so the amount due would be negative.
    public static let invoicePaidAmountTooLarge = ValidationCode(rawValue: "invoice.paidAmountTooLarge")
    /// A line's allowances exceed its amount, so its net amount would be negative.
    public static let invoiceLineNetAmountNegative = ValidationCode(rawValue: "invoice.lineNetAmountNegative")
    /// The document's allowances exceed the lines and charges, so the total without VAT would be negative.
    public static let invoiceTotalNegative = ValidationCode(rawValue: "invoice.totalNegative")
    /// A VAT exemption code does not have the shape of a VATEX code (`VATEX-EU-AE`).
    public static let invoiceExemptionCodeInvalid = ValidationCode(rawValue: "invoice.exemptionCodeInvalid")

    /// The codes of the invoice's e-invoice fields (parties, allowances, payment), reported for every profile
    /// when such a field is given and wrong.
    static let invoiceFieldCodes: [ValidationCode] = [
        .invoiceTextTooLong, .invoiceTextInvalidCharacter, .invoiceTextNotPrintable, .invoiceCountryCodeUnknown,
        .invoiceTooManyAddressLines, .invoiceAllowanceChargeNotFinite, .invoiceAllowanceChargeNegative,
        .invoiceAllowanceChargeTooLarge, .invoiceAllowanceChargeTooPrecise, .invoicePaidAmountNotFinite,
        .invoicePaidAmountNegative, .invoicePaidAmountTooPrecise, .invoicePaidAmountTooLarge,
        .invoiceLineNetAmountNegative, .invoiceTotalNegative, .invoiceExemptionCodeInvalid,
    ]
}

/// The rules on what an e-invoice states beyond a printed invoice: the fields' formats (every profile), the
/// rates each VAT category allows (every profile), and EN 16931's and XRechnung's rules on presence and
/// combinations (their profiles).
enum InvoiceBusinessRules {
    /// Whether an optional text says anything.
    static func given(_ text: String?) -> Bool {
        text.map(TextInspection.hasVisibleContent) ?? false
    }

    // MARK: Formats of the given fields (every profile)

    static func fields(_ options: InvoiceValidationOptions) -> Validator<InvoiceDraft> {
        let text = InvoiceText.validator(
            missing: nil, tooLong: .invoiceTextTooLong, limit: options.maximumFieldLength,
            invalid: .invoiceTextInvalidCharacter, notPrintable: .invoiceTextNotPrintable, options: options)
        let email = Validator<String>.email(EmailValidator())
        let address: Validator<PostalAddressDraft> =
            .field(
                "lines", \.lines,
                .maximumCount(3, .invoiceTooManyAddressLines) && text.forEachElement())
            && .field("postcode", \.postcode, text) && .field("city", \.city, text)
            && .field(
                "countryCode", \.countryCode, .rule(.invoiceCountryCodeUnknown) { $0.isEmpty || CountryCode.exists($0) }
            )
        let seller = Validator<InvoicePartyDraft> { party in
            var failures = (Validator<String>.notBlank(.en16931("BR-06")) && text).validate(party.name)
                .map { $0.nested(under: "name") }
            failures += Validator.field("address", \.address, address.optional).validate(party)
            failures += partyDetails(country: party.address?.countryCode, text: text, email: email)
                .validate(party)
            return failures
        }
        let payment: Validator<PaymentDraft> =
            .field("iban", \.iban, Validator.iban.optional) && .field("bic", \.bic, Validator.bic.optional)
            && .field("accountName", \.accountName, text.optional) && .field("reference", \.reference, text.optional)
        let exemption: Validator<VATExemptionDraft> =
            .field("reason", \.reason, text)
            && .field("code", \.code, Validator<String>.rule(.invoiceExemptionCodeInvalid, isVATEXCode).optional)
        let buyerVATID = Validator<InvoiceDraft> { draft in
            guard let vatID = draft.buyerVATID else { return [] }
            return Validator.vatIdentifier(countryCode: draft.buyerAddress?.countryCode).validate(vatID)
                .map { $0.nested(under: "buyerVATID") }
        }
        let period = Validator<InvoiceDraft>.rule(.en16931("BR-29")) { draft in
            draft.servicePeriod.map { $0.start <= $0.end } ?? true
        }
        let exemptions = Validator<InvoiceDraft> { draft in
            draft.vatExemptions.sorted { $0.key.code < $1.key.code }.flatMap { category, reason in
                exemption.validate(reason).map { $0.nested(under: "vatExemptions." + category.code) }
            }
        }
        let adjustments: Validator<[AllowanceChargeDraft]> = Validator<AllowanceChargeDraft>.field(
            "reason", \.reason, text
        ).forEachElement()
        let optionalText: Validator<String?> = text.optional
        return .all([
            .field("seller", \.seller, seller.optional),
            .field("buyerAddress", \.buyerAddress, address.optional),
            buyerVATID,
            .field("buyerTaxRegistration", \.buyerTaxRegistration, optionalText),
            .field("buyerEmail", \.buyerEmail, email.optional),
            .field("buyerReference", \.buyerReference, optionalText),
            .field("orderReference", \.orderReference, optionalText),
            .field("paymentTerms", \.paymentTerms, optionalText),
            .field("payment", \.payment, payment.optional),
            period.at("servicePeriod"),
            exemptions,
            .field("allowancesCharges", \.allowancesCharges, adjustments),
        ])
    }

    /// The checks a party's identifiers and contact share, for the seller (under its own path).
    private static func partyDetails(
        country: String?, text: Validator<String>, email: Validator<String>
    ) -> Validator<InvoicePartyDraft> {
        .field("vatID", \.vatID, Validator.vatIdentifier(countryCode: country).optional)
            && .field("taxRegistration", \.taxRegistration, text.optional)
            && .field("email", \.email, email.optional)
            && .field("contactName", \.contactName, text.optional)
            && .field("phone", \.phone, text.optional)
    }

    /// `VATEX-` followed by letters, digits and dashes, at most 30 characters.
    static func isVATEXCode(_ code: String) -> Bool {
        code.utf8.count <= 30 && code.uppercased().hasPrefix("VATEX-")
            && code.unicodeScalars.allSatisfy { ASCIIText.isAlphanumeric($0) || $0 == "-" }
    }

    // MARK: Amounts of allowances, charges and the paid amount (every profile)

    /// An allowance's or charge's amount and, on the document, its rate.
    static func adjustmentAmount(
        _ options: InvoiceValidationOptions, currency: String, minorUnits: Int?
    ) -> Validator<AllowanceChargeDraft> {
        let amount = Validator<Decimal>.notNaN(.invoiceAllowanceChargeNotFinite).then(
            .atLeast(0, .invoiceAllowanceChargeNegative)
                && .lessThan(options.amountLimit, .invoiceAllowanceChargeTooLarge)
                && precision(.invoiceAllowanceChargeTooPrecise, currency: currency, minorUnits: minorUnits))
        return .field("amount", \.amount, amount)
    }

    static func precision(_ code: ValidationCode, currency: String, minorUnits: Int?) -> Validator<Decimal> {
        Validator { value in
            guard let places = minorUnits, !value.isNaN, !MoneyLimits.hasAtMost(places, decimalPlaces: value) else {
                return []
            }
            return [
                ValidationFailure(
                    code: code,
                    parameters: [
                        ValidationParameter.currency: currency, ValidationParameter.decimalPlaces: String(places),
                    ])
            ]
        }
    }

    // MARK: Rates of the VAT categories (every profile)

    /// BR-S-05 (a standard rate is above zero) and BR-x-05 of every other category (its rate is zero); `06`
    /// and `07` for the document's allowances and charges.
    static func rateFits(_ category: VATCategory, _ rate: Decimal) -> Bool {
        category.chargesVAT ? rate > 0 : rate == 0
    }

    static func rateFailure(_ category: VATCategory, rule: String) -> ValidationFailure {
        ValidationFailure(code: .en16931(ValidationCode.rulePrefix(category) + "-" + rule), path: "taxPercent")
    }

    // MARK: EN 16931 (e-invoice profiles)

    static func en16931(_ draft: InvoiceDraft, minorUnits: Int?) -> [ValidationFailure] {
        var failures: [ValidationFailure] = []
        func fail(_ rule: String, _ path: String) {
            failures.append(ValidationFailure(code: .en16931(rule), path: path))
        }
        let seller = draft.seller
        if seller == nil { fail("BR-06", "seller") }
        if seller != nil, seller?.address == nil { fail("BR-08", "seller.address") }
        if seller == nil { fail("BR-08", "seller.address") }
        if let address = seller?.address, address.countryCode.isEmpty { fail("BR-09", "seller.address.countryCode") }
        if draft.buyerAddress == nil { fail("BR-10", "buyerAddress") }
        if let address = draft.buyerAddress, address.countryCode.isEmpty {
            fail("BR-11", "buyerAddress.countryCode")
        }
        if let places = minorUnits, places > 2 {
            failures.append(
                ValidationFailure(
                    code: .en16931("BR-DEC"), path: "currencyCode",
                    parameters: [ValidationParameter.currency: draft.currencyCode]))
        }
        if let payment = draft.payment, !given(payment.iban) { fail("BR-61", "payment.iban") }

        let sellerVAT = given(seller?.vatID)
        let sellerTax = sellerVAT || given(seller?.taxRegistration)
        let buyerVAT = given(draft.buyerVATID)
        if !sellerTax { fail("BR-CO-26", "seller.vatID") }

        for (index, adjustment) in draft.allowancesCharges.enumerated()
        where !given(adjustment.reason) && !given(adjustment.reasonCode) {
            fail(adjustment.isCharge ? "BR-38" : "BR-33", "allowancesCharges[\(index)].reason")
        }
        for (lineIndex, line) in draft.lineItems.enumerated() {
            for (index, adjustment) in line.allowancesCharges.enumerated()
            where !given(adjustment.reason) && !given(adjustment.reasonCode) {
                failures.append(
                    ValidationFailure(
                        code: .en16931(adjustment.isCharge ? "BR-44" : "BR-42"),
                        path: "lineItems[\(lineIndex)].allowancesCharges[\(index)].reason", elementID: line.id))
            }
        }

        // The categories used by lines, allowances and charges, and what each requires of the parties.
        let lineCategories = Set(draft.lineItems.map { draft.vat(of: $0).category })
        let allowanceCategories = Set(
            draft.allowancesCharges.filter { !$0.isCharge }.map { draft.vat(of: $0).category })
        let chargeCategories = Set(draft.allowancesCharges.filter(\.isCharge).map { draft.vat(of: $0).category })
        for category in VATCategory.allCases {
            let prefix = ValidationCode.rulePrefix(category)
            let partiesFit: Bool
            let path: String
            switch category {
            case .standard, .zeroRated, .exempt:
                (partiesFit, path) = (sellerTax, "seller.vatID")
            case .reverseCharge:
                (partiesFit, path) = (sellerTax && buyerVAT, sellerTax ? "buyerVATID" : "seller.vatID")
            case .intraCommunity:
                (partiesFit, path) = (sellerVAT && buyerVAT, sellerVAT ? "buyerVATID" : "seller.vatID")
            case .export:
                (partiesFit, path) = (sellerVAT, "seller.vatID")
            case .outsideScope:
                (partiesFit, path) = (!sellerVAT && !buyerVAT, sellerVAT ? "seller.vatID" : "buyerVATID")
            }
            let used = [(lineCategories, "02"), (allowanceCategories, "03"), (chargeCategories, "04")]
                .filter { $0.0.contains(category) }
            if !partiesFit {
                for (_, rule) in used { fail(prefix + "-" + rule, path) }
            }
            guard !used.isEmpty else { continue }
            let exemption = draft.vatExemptions[category]
            let stated = given(exemption?.reason) || given(exemption?.code)
            if category.needsExemptionReason, !stated { fail(prefix + "-10", "vatExemptions." + category.code) }
            if !category.needsExemptionReason, exemption != nil {
                fail(prefix + "-10", "vatExemptions." + category.code)
            }
            if category == .intraCommunity {
                if draft.serviceDate == nil, draft.servicePeriod == nil { fail("BR-IC-11", "serviceDate") }
                if !given(draft.buyerAddress?.countryCode) { fail("BR-IC-12", "buyerAddress.countryCode") }
            }
        }
        if lineCategories.contains(.outsideScope) || allowanceCategories.contains(.outsideScope)
            || chargeCategories.contains(.outsideScope)
        {
            if lineCategories.contains(where: { $0 != .outsideScope }) { fail("BR-O-12", "lineItems") }
            if allowanceCategories.contains(where: { $0 != .outsideScope }) { fail("BR-O-13", "allowancesCharges") }
            if chargeCategories.contains(where: { $0 != .outsideScope }) { fail("BR-O-14", "allowancesCharges") }
        }
        return failures
    }

    // MARK: XRechnung 3.0

    static func xrechnung(_ draft: InvoiceDraft) -> [ValidationFailure] {
        var failures: [ValidationFailure] = []
        func fail(_ rule: String, _ path: String) {
            failures.append(ValidationFailure(code: .xrechnung(rule), path: path))
        }
        if !given(draft.buyerReference) { fail("BR-DE-15", "buyerReference") }
        if draft.payment == nil { fail("BR-DE-1", "payment") }
        if let payment = draft.payment, !given(payment.iban) { fail("BR-DE-23", "payment.iban") }
        let seller = draft.seller
        if !given(seller?.contactName) && !given(seller?.phone) && !given(seller?.email) {
            fail("BR-DE-2", "seller.contactName")
        }
        if !given(seller?.contactName) { fail("BR-DE-5", "seller.contactName") }
        if !given(seller?.phone) { fail("BR-DE-6", "seller.phone") }
        if !given(seller?.email) { fail("BR-DE-7", "seller.email") }
        if !given(seller?.address?.city) { fail("BR-DE-3", "seller.address.city") }
        if !given(seller?.address?.postcode) { fail("BR-DE-4", "seller.address.postcode") }
        if !given(draft.buyerAddress?.city) { fail("BR-DE-8", "buyerAddress.city") }
        if !given(draft.buyerAddress?.postcode) { fail("BR-DE-9", "buyerAddress.postcode") }
        return failures
    }
}
