public import Essentials

/// Why an invoice could not be written as an e-invoice. Cases are stable so callers switch on them instead of
/// reading text; ``description`` is the sentence to show a person.
public enum EInvoiceError: Error, Hashable, Sendable {
    /// The invoice has no lines; every e-invoice bills at least one (the schema requires a line, rule BR-16).
    case noLines
    /// The line at `line` (0-based) has no VAT category: the invoice states no VAT, which an EN 16931 invoice must
    /// (BT-151).
    case missingVATCategory(line: Int)
    /// The currency has more minor units than EN 16931 allows amounts to state (two, rules BR-DEC-*).
    case unsupportedCurrency(code: String, minorUnits: Int)
    /// The party has no postal address, or its address has no ISO 3166-1 country code of two capital letters
    /// (BT-40, BT-55).
    case missingCountryCode(EInvoiceRole)
    /// The party's address has more lines than the three an e-invoice holds (BT-35, BT-36, BT-162).
    case tooManyAddressLines(EInvoiceRole)
    /// A text contains a character XML 1.0 cannot carry (a control character other than tab, line feed and
    /// carriage return, or U+FFFE, U+FFFF).
    case invalidCharacter(Unicode.Scalar, field: EInvoiceField)
    /// A number is not a number, too large for an invoice (``InvoiceLimits``), or (a quantity) has more than four
    /// decimals.
    case invalidNumber(EInvoiceField)
    /// XRechnung: the buyer reference is missing or blank (BT-10, the Leitweg-ID of a German public buyer;
    /// rule BR-DE-15).
    case missingBuyerReference
    /// XRechnung: the seller's contact name or telephone number is missing (BT-41, BT-42; rules BR-DE-2, BR-DE-5,
    /// BR-DE-6).
    case missingSellerContact
    /// XRechnung: the seller's e-mail address is missing (BT-43 and the electronic address BT-34; rule BR-DE-7).
    case missingSellerEmail
    /// XRechnung: the party's address has no post code or no city (BT-37, BT-38, BT-52, BT-53; rules BR-DE-3,
    /// BR-DE-4, BR-DE-8, BR-DE-9).
    case missingPostcodeOrCity(EInvoiceRole)
    /// XRechnung: the buyer's e-mail address, its electronic address, is missing (BT-49).
    case missingBuyerEmail
    /// XRechnung: the invoice states no IBAN to pay to (BG-16, BG-17; rule BR-DE-1).
    case missingPaymentInstructions
}

/// The seller or the buyer, for errors that name a party.
public enum EInvoiceRole: String, Hashable, Sendable, CaseIterable {
    /// The party that issues the invoice (BG-4).
    case seller
    /// The party that is billed (BG-7).
    case buyer
}

/// Names a value of an invoice that an e-invoice could not carry, for ``EInvoiceError``.
public enum EInvoiceField: Hashable, Sendable {
    /// The invoice number (BT-1).
    case number
    /// The notes (BT-22).
    case notes
    /// The buyer reference (BT-10).
    case buyerReference
    /// The purchase order reference (BT-13).
    case orderReference
    /// The number of the preceding invoice (BT-25).
    case precedingInvoice
    /// The payment terms (BT-20).
    case paymentTerms
    /// The payment instructions: IBAN, BIC, account name or remittance reference (BG-16).
    case payment
    /// The party's name (BT-27, BT-44).
    case name(EInvoiceRole)
    /// The party's postal address (BG-5, BG-8).
    case address(EInvoiceRole)
    /// The party's VAT identifier or tax registration (BT-31, BT-32, BT-48).
    case taxIdentifier(EInvoiceRole)
    /// The party's contact: name, telephone or e-mail (BG-6, BG-9).
    case contact(EInvoiceRole)
    /// The description of the line at `line` (0-based, BT-153).
    case lineDescription(line: Int)
    /// The unit code of the line at `line` (BT-130).
    case unitCode(line: Int)
    /// The quantity of the line at `line` (BT-129).
    case quantity(line: Int)
    /// The net price of the line at `line` (BT-146).
    case unitPrice(line: Int)
    /// The VAT rate of the line at `line` (BT-152).
    case taxRate(line: Int)
    /// An allowance or charge of the line at `line` (BG-27, BG-28).
    case lineAllowanceCharge(line: Int)
    /// The document-level allowance or charge at `index` of ``InvoiceDocument/allowancesCharges`` (BG-20, BG-21).
    case allowanceCharge(index: Int)
    /// The exemption reason of a VAT category (BT-120, BT-121).
    case exemptionReason(VATCategory)
    /// The amount already paid (BT-113).
    case paidAmount
    /// A computed total (BG-22).
    case total
}
