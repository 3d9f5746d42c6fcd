/// A postal address as EN 16931 structures it (BG-5 seller, BG-8 buyer, BG-15 deliver to): what an invoice
/// draft is checked with and what the printed invoice and the e-invoice state, so both read the same fields.
public struct PostalAddress: Hashable, Sendable {
    /// Street and further lines, at most three in an e-invoice (BT-35, BT-36, BT-162).
    public var lines: [String]
    /// The post code (BT-38, BT-53); XRechnung requires it.
    public var postcode: String
    /// The city (BT-37, BT-52); XRechnung requires it.
    public var city: String
    /// A region or state, when the country uses one in addresses (BT-39, BT-54).
    public var subdivision: String?
    /// The ISO 3166-1 alpha-2 country code, upper case (`DE`, BT-40, BT-55); required in an e-invoice.
    public var countryCode: String

    /// Creates an address; only the country is required.
    public init(
        lines: [String] = [], postcode: String = "", city: String = "", subdivision: String? = nil,
        countryCode: String
    ) {
        self.lines = lines
        self.postcode = postcode
        self.city = city
        self.subdivision = subdivision
        self.countryCode = countryCode
    }
}

/// How the buyer pays (BG-16, BG-17): a credit transfer to the seller's account, with the reference to quote.
/// Present means "pay by credit transfer", which needs the IBAN (BR-61).
public struct PaymentInstructions: Hashable, Sendable {
    /// The IBAN (BT-84), as typed in a draft and without spaces once checked.
    public var iban: String?
    /// The BIC of the seller's bank (BT-86).
    public var bic: String?
    /// The account holder's name, when it differs from the seller's (BT-85).
    public var accountName: String?
    /// The remittance information the buyer quotes, usually the invoice number (BT-83).
    public var reference: String?

    /// Creates payment instructions. A transfer needs an IBAN; without one the e-invoice states no payment means.
    public init(iban: String? = nil, bic: String? = nil, accountName: String? = nil, reference: String? = nil) {
        self.iban = iban
        self.bic = bic
        self.accountName = accountName
        self.reference = reference
    }
}
