public import Essentials
public import Foundation

/// A postal address as EN 16931 structures it (BG-5 seller, BG-8 buyer), before validation: the kernel's
/// `PostalAddress`, which the printed invoice and the e-invoice state too. XRechnung requires the post code and the
/// city (BR-DE-3, BR-DE-4, BR-DE-8, BR-DE-9); an e-invoice requires the country (BR-09, BR-11).
public typealias PostalAddressDraft = PostalAddress

/// A seller or a buyer (BG-4, BG-7) with what an e-invoice states about them; every field but the name is
/// optional, so an invoice between people without VAT keeps working.
public struct InvoicePartyDraft: Hashable, Sendable {
    /// The name (BT-27, BT-44).
    public var name: String
    /// The postal address; an e-invoice needs one with a country code (BR-08, BR-10).
    public var address: PostalAddressDraft?
    /// The VAT identifier as typed (`DE 123 456 788`); checked per country (see ``VATIdentifier``), with the
    /// address's country supplying the prefix of a bare number.
    public var vatID: String?
    /// A tax registration that is not a VAT identifier (a German Steuernummer, BT-32); free text.
    public var taxRegistration: String?
    /// The contact's e-mail address (BT-43, BT-58).
    public var email: String?
    /// The contact's name (BT-41, BT-56).
    public var contactName: String?
    /// The contact's telephone number (BT-42, BT-57).
    public var phone: String?

    /// Creates a party.
    public init(
        name: String, address: PostalAddressDraft? = nil, vatID: String? = nil, taxRegistration: String? = nil,
        email: String? = nil, contactName: String? = nil, phone: String? = nil
    ) {
        self.name = name
        self.address = address
        self.vatID = vatID
        self.taxRegistration = taxRegistration
        self.email = email
        self.contactName = contactName
        self.phone = phone
    }
}

/// A discount (allowance) or a surcharge (charge) on one line (BG-27, BG-28) or on the whole invoice (BG-20,
/// BG-21).
public struct AllowanceChargeDraft: Hashable, Sendable {
    /// A charge raises the amount, an allowance lowers it.
    public var isCharge: Bool
    /// The amount, zero or more, with no more decimal places than the currency's minor units.
    public var amount: Decimal
    /// Why, in words (BT-97, BT-104, BT-139, BT-144); an e-invoice needs this or `reasonCode` (BR-33, BR-38,
    /// BR-42, BR-44).
    public var reason: String
    /// Why, as a code: UNTDID 5189 for allowances (`95` discount), UNTDID 7161 for charges.
    public var reasonCode: String?
    /// The VAT category of a document-level allowance or charge (BT-95, BT-102); `nil` takes the invoice's
    /// (standard above a zero rate, zero-rated otherwise). Ignored on a line, which taxes it in its own.
    public var vatCategory: VATCategory?
    /// The VAT rate of a document-level allowance or charge; `nil` takes the invoice's `taxPercent` for the
    /// standard category and zero for every other. Ignored on a line.
    public var taxPercent: Decimal?

    /// Creates an allowance or a charge.
    public init(
        isCharge: Bool, amount: Decimal, reason: String = "", reasonCode: String? = nil,
        vatCategory: VATCategory? = nil, taxPercent: Decimal? = nil
    ) {
        self.isCharge = isCharge
        self.amount = amount
        self.reason = reason
        self.reasonCode = reasonCode
        self.vatCategory = vatCategory
        self.taxPercent = taxPercent
    }
}

/// Why no VAT is charged in a category (BT-120 text, BT-121 VATEX code).
public struct VATExemptionDraft: Hashable, Sendable {
    /// The reason in words ("Reverse charge").
    public var reason: String
    /// The VATEX code, such as `VATEX-EU-AE`.
    public var code: String?

    /// Creates a reason.
    public init(reason: String = "", code: String? = nil) {
        self.reason = reason
        self.code = code
    }
}

/// How the buyer pays (BG-16, BG-17), before validation: the kernel's `PaymentInstructions`. Present means "pay by
/// credit transfer", which needs the IBAN (BR-61); the IBAN is checked with its check digits (see ``IBAN``) and the
/// BIC with ``BIC``.
public typealias PaymentDraft = PaymentInstructions

/// The days a service was delivered (BG-14): the first and the last, the last not before the first (BR-29).
public struct InvoicePeriodDraft: Hashable, Sendable {
    /// The first day (BT-73).
    public var start: CalendarDay
    /// The last day (BT-74).
    public var end: CalendarDay

    /// Creates a period.
    public init(start: CalendarDay, end: CalendarDay) {
        self.start = start
        self.end = end
    }
}

/// Which rules an invoice must meet beyond those every printed invoice meets.
public enum InvoiceProfile: String, Hashable, Sendable, CaseIterable {
    /// A printed invoice: amounts, texts, formats of what is given, and the rates each VAT category allows.
    /// An invoice from a freelancer without VAT passes as it always did.
    case plain
    /// An EN 16931 e-invoice: also the parties, addresses, VAT identifiers, exemption reasons and payment rules
    /// of the standard (`en16931.BR-*` codes).
    case en16931
    /// An XRechnung 3.0 e-invoice (the German CIUS): EN 16931 plus the `xrechnung.BR-DE-*` rules.
    case xrechnung
}
