public import Essentials

/// A seller or a buyer (BG-4, BG-7): a name in bold, the postal address, identifiers and a contact.
public struct InvoiceParty: Hashable, Sendable {
    /// The name, printed first and in bold (BT-27, BT-44).
    public var name: String
    /// Further lines printed after the address (a department, a contact person); long lines wrap.
    public var lines: [String]
    /// The postal address (BG-5, BG-8); e-invoices need it with a country code.
    public var address: PostalAddress?
    /// The VAT identifier with its country prefix, normalised (`DE123456789`, BT-31, BT-48).
    public var vatID: String?
    /// A tax registration that is not a VAT identifier (a German Steuernummer, BT-32), printed with its label.
    public var taxRegistration: String?
    /// The contact's e-mail address (BT-43, BT-58; XRechnung requires the seller's).
    public var email: String?
    /// The contact's name (BT-41, BT-56).
    public var contactName: String?
    /// The contact's telephone number (BT-42, BT-57).
    public var phone: String?

    /// Creates a party. Empty or blank optional fields print nothing.
    public init(
        name: String, lines: [String] = [], address: PostalAddress? = nil, vatID: String? = nil,
        taxRegistration: String? = nil, email: String? = nil, contactName: String? = nil, phone: String? = nil
    ) {
        self.name = name
        self.lines = lines
        self.address = address
        self.vatID = vatID
        self.taxRegistration = taxRegistration
        self.email = email
        self.contactName = contactName
        self.phone = phone
    }
}

/// A postal address as EN 16931 structures it (BG-5, BG-8): the kernel's, named here so that code importing only
/// Rendering can write it.
public typealias PostalAddress = Essentials.PostalAddress
