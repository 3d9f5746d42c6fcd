import Essentials
import Foundation

extension ValidationMessages {
    /// The English sentences of VAT identifiers, BICs, the invoice's e-invoice fields and the EN 16931 and
    /// XRechnung rules, part of ``english``.
    static let englishEInvoiceTable: [ValidationCode: String] = {
        var table: [ValidationCode: String] = [
            .vatIDEmpty: "Enter the VAT identifier, or leave it out.",
            .vatIDTooLong: "This is too long for a VAT identifier. Enter it as printed, such as DE 123 456 788.",
            .vatIDInvalidCharacter:
                "A VAT identifier contains only letters and digits, with spaces, dots, dashes or slashes between them.",
            .vatIDMissingCountryPrefix:
                "Start the VAT identifier with its country code, such as DE or FR, or choose the country first.",
            .vatIDGreekPrefix: "Greek VAT identifiers start with EL, not GR.",
            .vatIDUnknownCountry:
                "The VAT identifier starts with {part}, which is not a country code. Northern Ireland uses XI.",
            .vatIDWrongFormat: "This does not have the shape of a VAT identifier from {part}. Check the digits.",
            .vatIDChecksumMismatch:
                "This VAT identifier from {part} is not valid: check it for a mistyped or swapped digit.",
            .bicEmpty: "Enter the BIC, or leave it out.",
            .bicInvalidCharacter: "A BIC contains only letters and digits.",
            .bicWrongLength: "A BIC has 8 or 11 characters, such as DEUTDEFF or DEUTDEFF500.",
            .bicInvalidBankCode: "A BIC starts with four letters, the bank's code.",
            .bicUnknownCountry: "Characters 5 and 6 of a BIC are a country code; {part} is not one.",
            .bicInvalidBranch: "A BIC's branch code starts with X only when it is XXX, the head office.",
            .taxIDChecksumMismatch:
                "This Polish tax number (NIP) is not valid: check it for a mistyped or swapped digit.",
            .sellerCountryCodeUnknown: "Enter the country as a two-letter code, such as DE or PL.",
            .sellerTaxRegistrationTooLong: "The tax registration is too long.",
            .sellerTaxRegistrationInvalidCharacter:
                "The tax registration contains characters that cannot be printed, or a line break.",
            .invoiceTextTooLong: "This text is too long.",
            .invoiceTextInvalidCharacter: "This text contains characters that cannot be printed, or a line break.",
            .invoiceTextNotPrintable: "These characters cannot be printed: {characters}.",
            .invoiceCountryCodeUnknown: "Enter the country as a two-letter code, such as DE or FR.",
            .invoiceTooManyAddressLines: "An address can have at most three street lines.",
            .invoiceAllowanceChargeNotFinite: "Enter a number for the amount.",
            .invoiceAllowanceChargeNegative: "The amount cannot be negative; a discount lowers the total by itself.",
            .invoiceAllowanceChargeTooLarge: "The amount is too large.",
            .invoiceAllowanceChargeTooPrecise: "Amounts in {currency} can have at most {decimalPlaces} decimal places.",
            .invoicePaidAmountNotFinite: "Enter a number for the amount already paid.",
            .invoicePaidAmountNegative: "The amount already paid cannot be negative.",
            .invoicePaidAmountTooPrecise: "Amounts in {currency} can have at most {decimalPlaces} decimal places.",
            .invoicePaidAmountTooLarge: "More was paid than the invoice's total. Check the amount already paid.",
            .invoiceLineNetAmountNegative: "The discounts on this line are larger than the line itself.",
            .invoiceTotalNegative: "The discounts on the invoice are larger than its lines.",
            .invoiceExemptionCodeInvalid: "An exemption code starts with VATEX-, such as VATEX-EU-AE.",

            .en16931("BR-06"): "Enter the seller's name.",
            .en16931("BR-08"): "An e-invoice needs the seller's postal address.",
            .en16931("BR-09"): "An e-invoice needs the country of the seller's address.",
            .en16931("BR-10"): "An e-invoice needs the buyer's postal address.",
            .en16931("BR-11"): "An e-invoice needs the country of the buyer's address.",
            .en16931("BR-29"): "The service period cannot end before it starts.",
            .en16931("BR-33"): "Say why this discount is given, in words or as a code.",
            .en16931("BR-38"): "Say what this surcharge is for, in words or as a code.",
            .en16931("BR-42"): "Say why this discount is given, in words or as a code.",
            .en16931("BR-44"): "Say what this surcharge is for, in words or as a code.",
            .en16931("BR-61"): "Payment by bank transfer needs the IBAN of the account to pay into.",
            .en16931("BR-CO-26"):
                "An e-invoice needs the seller's VAT identifier or tax registration, so the buyer can identify them.",
            .en16931("BR-DEC"):
                "E-invoices state amounts with at most two decimal places, so they cannot be written in {currency}. "
                + "Choose another currency or send a printed invoice.",
            .xrechnung("BR-DE-1"): "An XRechnung needs payment instructions: add the account to pay into.",
            .xrechnung("BR-DE-2"): "An XRechnung needs a contact at the seller: a name, a phone number and an e-mail.",
            .xrechnung("BR-DE-3"): "An XRechnung needs the city of the seller's address.",
            .xrechnung("BR-DE-4"): "An XRechnung needs the postcode of the seller's address.",
            .xrechnung("BR-DE-5"): "An XRechnung needs the name of the seller's contact person.",
            .xrechnung("BR-DE-6"): "An XRechnung needs the seller's phone number.",
            .xrechnung("BR-DE-7"): "An XRechnung needs the seller's e-mail address.",
            .xrechnung("BR-DE-8"): "An XRechnung needs the city of the buyer's address.",
            .xrechnung("BR-DE-9"): "An XRechnung needs the postcode of the buyer's address.",
            .xrechnung("BR-DE-15"):
                "An XRechnung needs the buyer's reference (for public buyers, their Leitweg-ID). Ask the buyer for it.",
            .xrechnung("BR-DE-23"): "Payment by bank transfer needs the IBAN of the account to pay into.",
        ]
        for category in VATCategory.allCases {
            let prefix = ValidationCode.rulePrefix(category)
            let name = categoryName(category)
            let rate =
                category.chargesVAT
                ? "Lines at the \(name) need a VAT rate above zero."
                : "Lines that are \(name) have a VAT rate of zero."
            table[.en16931(prefix + "-05")] = rate
            table[.en16931(prefix + "-06")] = rate.replacingOccurrences(of: "Lines", with: "Discounts")
            table[.en16931(prefix + "-07")] = rate.replacingOccurrences(of: "Lines", with: "Surcharges")
            let parties: String
            switch category {
            case .standard, .zeroRated, .exempt:
                parties =
                    "An e-invoice with amounts \(category == .standard ? "at" : "that are") \(name) needs the "
                    + "seller's VAT identifier or tax registration."
            case .reverseCharge:
                parties = "A reverse charge needs the VAT identifiers of both the seller and the buyer."
            case .intraCommunity:
                parties = "An intra-community supply needs the VAT identifiers of both the seller and the buyer."
            case .export:
                parties = "An export invoice needs the seller's VAT identifier."
            case .outsideScope:
                parties =
                    "Amounts outside the scope of VAT cannot go with a VAT identifier of the seller or the buyer: "
                    + "remove it, or choose another VAT category."
            }
            for rule in ["02", "03", "04"] { table[.en16931(prefix + "-" + rule)] = parties }
            table[.en16931(prefix + "-10")] =
                category.needsExemptionReason
                ? "Say why no VAT is charged on amounts that are \(name), in words or as a VATEX code"
                    + (category.standardExemptionCode.map { " such as \($0)." } ?? ".")
                : "Amounts \(category == .standard ? "at" : "that are") \(name) carry VAT, so they take no exemption reason."
        }
        table[.en16931("BR-IC-11")] = "An intra-community supply needs the day of supply or the service period."
        table[.en16931("BR-IC-12")] = "An intra-community supply needs the country the goods are delivered to."
        table[.en16931("BR-O-12")] =
            "An invoice with lines outside the scope of VAT cannot have lines in another VAT category."
        table[.en16931("BR-O-13")] =
            "An invoice outside the scope of VAT cannot have discounts in another VAT category."
        table[.en16931("BR-O-14")] =
            "An invoice outside the scope of VAT cannot have surcharges in another VAT category."
        return table
    }()

    /// Wording without parameters for the entries above that name some.
    static let englishEInvoicePlainTable: [ValidationCode: String] = [
        .vatIDUnknownCountry: "The VAT identifier does not start with a country code. Northern Ireland uses XI.",
        .vatIDWrongFormat: "This does not have the shape of a VAT identifier from its country. Check the digits.",
        .vatIDChecksumMismatch: "This VAT identifier is not valid: check it for a mistyped or swapped digit.",
        .bicUnknownCountry: "Characters 5 and 6 of a BIC are a country code.",
        .invoiceTextNotPrintable: "This text contains characters that cannot be printed.",
        .invoiceAllowanceChargeTooPrecise: "The amount has more decimal places than the currency allows.",
        .invoicePaidAmountTooPrecise: "The amount already paid has more decimal places than the currency allows.",
        .en16931("BR-DEC"):
            "E-invoices state amounts with at most two decimal places, so they cannot be written in this currency.",
    ]

    private static func categoryName(_ category: VATCategory) -> String {
        switch category {
        case .standard: "standard rate"
        case .zeroRated: "zero-rated"
        case .exempt: "exempt from VAT"
        case .reverseCharge: "under the reverse charge"
        case .intraCommunity: "intra-community supplies"
        case .export: "exports outside the EU"
        case .outsideScope: "outside the scope of VAT"
        }
    }
}
