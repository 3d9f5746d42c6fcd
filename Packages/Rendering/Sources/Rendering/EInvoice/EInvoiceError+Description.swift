import Essentials
public import Foundation

extension EInvoiceError: CustomStringConvertible, LocalizedError {
    /// What went wrong and what to do, as sentences a person can be shown (`"\(error)"` prints them); code switches
    /// on the case instead.
    public var description: String {
        switch self {
        case .noLines:
            return "The invoice has no lines. An e-invoice bills at least one line; add the goods or services billed."
        case .missingVATCategory(let line):
            return "Line \(line + 1) states no VAT category, so the invoice cannot be written as an e-invoice. Give "
                + "every line a VAT category (standard, zero-rated, exempt, reverse charge, ...), or send the "
                + "invoice as a PDF only."
        case .unsupportedCurrency(let code, let minorUnits):
            return "The currency \(code) has \(minorUnits) decimal places, but an e-invoice states amounts with at "
                + "most 2. Invoice in a currency with at most two decimal places."
        case .missingCountryCode(let role):
            return "The \(role)'s address has no country code. Give the \(role) a postal address with its ISO 3166 "
                + "country code, two capital letters such as DE."
        case .tooManyAddressLines(let role):
            return "The \(role)'s address has more than three lines, and an e-invoice holds three. Join lines so at "
                + "most three remain besides the post code and city."
        case .invalidCharacter(let scalar, let field):
            return "\(field.sentenceSubject) contains \(ReadableText.codePoint(scalar)), a control character XML "
                + "cannot carry. Remove it."
        case .invalidNumber(let field):
            return field.invalidNumberSentence
        case .missingBuyerReference:
            return "An XRechnung needs the buyer reference (the Leitweg-ID of a German public buyer). Ask the buyer "
                + "for it and enter it as the invoice's buyer reference."
        case .missingSellerContact:
            return "An XRechnung needs the seller's contact name and telephone number. Add them to the seller."
        case .missingSellerEmail:
            return "An XRechnung needs the seller's e-mail address. Add it to the seller."
        case .missingPostcodeOrCity(let role):
            return "An XRechnung needs the \(role)'s post code and city. Complete the \(role)'s address."
        case .missingBuyerEmail:
            return "An XRechnung needs the buyer's e-mail address as its electronic address. Add it to the buyer."
        case .missingPaymentInstructions:
            return "An XRechnung needs payment instructions. Add the IBAN the buyer pays to."
        }
    }

    /// The same sentences, for `localizedDescription`.
    public var errorDescription: String? { description }
}

extension EInvoiceRole: CustomStringConvertible {
    /// "seller" or "buyer".
    public var description: String { rawValue }
}

extension EInvoiceField: CustomStringConvertible {
    /// The value in words, lines counted from 1 as a person counts them: "the description of line 3".
    public var description: String {
        switch self {
        case .number: "the invoice number"
        case .notes: "the notes"
        case .buyerReference: "the buyer reference"
        case .orderReference: "the purchase order reference"
        case .precedingInvoice: "the number of the preceding invoice"
        case .paymentTerms: "the payment terms"
        case .payment: "the payment instructions"
        case .name(let role): "the \(role)'s name"
        case .address(let role): "the \(role)'s address"
        case .taxIdentifier(let role): "the \(role)'s tax identifier"
        case .contact(let role): "the \(role)'s contact"
        case .lineDescription(let line): "the description of line \(line + 1)"
        case .unitCode(let line): "the unit code of line \(line + 1)"
        case .quantity(let line): "the quantity of line \(line + 1)"
        case .unitPrice(let line): "the unit price of line \(line + 1)"
        case .taxRate(let line): "the VAT rate of line \(line + 1)"
        case .lineAllowanceCharge(let line): "an allowance or charge of line \(line + 1)"
        case .allowanceCharge(let index): "allowance or charge \(index + 1) of the invoice"
        case .exemptionReason(let category): "the exemption reason of VAT category \(category.code)"
        case .paidAmount: "the amount already paid"
        case .total: "a total of the invoice"
        }
    }

    /// The description with a capital letter, to start a sentence.
    fileprivate var sentenceSubject: String {
        description.prefix(1).uppercased() + description.dropFirst()
    }

    /// Why the number was refused, with the limit it broke.
    fileprivate var invalidNumberSentence: String {
        let amountLimit = ReadableText.grouped(NSDecimalNumber(decimal: InvoiceLimits.maximumAmount).int64Value)
        let totalLimit = ReadableText.grouped(NSDecimalNumber(decimal: InvoiceLimits.maximumTotal).int64Value)
        switch self {
        case .quantity:
            return "\(sentenceSubject) is not a number, too large, or has more than four decimals: it must be less "
                + "than \(amountLimit) in magnitude, with at most four decimals."
        case .taxRate:
            return "\(sentenceSubject) is not a number or outside 0 to 100 percent."
        case .total:
            return "\(sentenceSubject) is too large: it must be "
                + "less than \(totalLimit) in magnitude. Split the invoice."
        default:
            return "\(sentenceSubject) is not a number or too large: it must be less than \(amountLimit) in magnitude."
        }
    }
}
