/// The seller printed on every invoice, as the settings hold it before validation.
public struct SellerDraft: Hashable, Sendable {
    /// The business or person issuing invoices; required.
    public var name: String
    /// The postal address, one printed line each (street, postcode and city, country).
    public var addressLines: [String]
    /// The tax identification number as printed, when the seller has one: prefixed (`DE 123 456 789`) or the
    /// bare national number (`123-456-32-18`); a Polish NIP's check digit is checked.
    public var taxID: String?
    /// The account payments go to, when printed (`DE89 3704 0044 0532 0130 00`).
    public var iban: String?
    /// The VAT identifier (BT-31), checked against its country's pattern and check digits (see
    /// ``VATIdentifier``); a bare number takes `countryCode` as its prefix. Store ``VATIdentifier/normalized``.
    public var vatID: String?
    /// The seller's country, ISO 3166-1 alpha-2 in upper case (`DE`): the prefix of a bare VAT number or NIP, and
    /// the address's country in an e-invoice.
    public var countryCode: String?
    /// The BIC of the seller's bank (see ``BIC``).
    public var bic: String?
    /// A tax registration that is not a VAT identifier (a German Steuernummer, BT-32); free text.
    public var taxRegistration: String?
    /// The seller's contact e-mail address (BT-43).
    public var email: String?

    /// Creates a draft. Every field after `iban` is optional, so a seller without VAT keeps working.
    public init(
        name: String, addressLines: [String] = [], taxID: String? = nil, iban: String? = nil, vatID: String? = nil,
        countryCode: String? = nil, bic: String? = nil, taxRegistration: String? = nil, email: String? = nil
    ) {
        self.name = name
        self.addressLines = addressLines
        self.taxID = taxID
        self.iban = iban
        self.vatID = vatID
        self.countryCode = countryCode
        self.bic = bic
        self.taxRegistration = taxRegistration
        self.email = email
    }
}

/// Checks the seller before it is saved in the settings and printed on invoices.
public protocol SellerValidating: Sendable {
    /// Every failure found in `seller`; empty when it can be saved.
    func validate(seller: SellerDraft) -> [ValidationFailure]
}

/// The limits a seller is checked against.
public struct SellerValidationOptions: Sendable {
    /// The longest name, in Unicode scalars.
    public var maximumNameLength: Int
    /// The most address lines.
    public var maximumAddressLines: Int
    /// The longest address line, in Unicode scalars.
    public var maximumAddressLineLength: Int
    /// The characters the invoice's font cannot draw (see ``InvoiceValidationOptions/undrawableCharacters``);
    /// `nil` when every character is drawable.
    public var undrawableCharacters: UndrawableCharacters?

    /// Creates options; the defaults fit the address block of an A4 invoice.
    public init(
        maximumNameLength: Int = 200,
        maximumAddressLines: Int = 6,
        maximumAddressLineLength: Int = 100,
        undrawableCharacters: UndrawableCharacters? = nil
    ) {
        self.maximumNameLength = maximumNameLength
        self.maximumAddressLines = maximumAddressLines
        self.maximumAddressLineLength = maximumAddressLineLength
        self.undrawableCharacters = undrawableCharacters
    }
}

/// The seller rules: name, address lines, and the optional tax id and IBAN, each under its field's path.
public struct SellerValidator: SellerValidating {
    /// The whole rule set as a ``Validator``.
    public let validator: Validator<SellerDraft>

    /// Creates the validator with `options`.
    public init(options: SellerValidationOptions = SellerValidationOptions()) {
        validator =
            .field(
                "name", \.name,
                .sellerName(
                    maximumLength: options.maximumNameLength, undrawableCharacters: options.undrawableCharacters))
            && .field(
                "addressLines", \.addressLines,
                .addressLines(
                    maximumCount: options.maximumAddressLines, maximumLength: options.maximumAddressLineLength,
                    undrawableCharacters: options.undrawableCharacters))
            && Validator { seller in
                var failures: [ValidationFailure] = []
                if let taxID = seller.taxID {
                    failures += Validator.taxIdentificationNumber(countryCode: seller.countryCode).validate(taxID)
                        .map { $0.nested(under: "taxID") }
                }
                if let vatID = seller.vatID {
                    failures += Validator.vatIdentifier(countryCode: seller.countryCode).validate(vatID)
                        .map { $0.nested(under: "vatID") }
                }
                return failures
            }
            && .field("iban", \.iban, Validator.iban.optional)
            && .field(
                "countryCode", \.countryCode,
                Validator<String>.rule(.sellerCountryCodeUnknown, CountryCode.exists).optional)
            && .field("bic", \.bic, Validator.bic.optional)
            && .field(
                "taxRegistration", \.taxRegistration,
                (Validator<String>.maximumLength(options.maximumNameLength, .sellerTaxRegistrationTooLong)
                    && .plainText(.sellerTaxRegistrationInvalidCharacter)).optional)
            && .field("email", \.email, Validator<String>.email(EmailValidator()).optional)
    }

    /// Every failure found in `seller`.
    public func validate(seller: SellerDraft) -> [ValidationFailure] {
        validator.validate(seller)
    }
}

extension Validator where Value == String {
    /// The seller's name: required, at most `maximumLength` scalars, one line of plain text (no control or
    /// direction-override characters), and drawable when a font check is given.
    public static func sellerName(
        maximumLength: Int = 200,
        undrawableCharacters: UndrawableCharacters? = nil
    ) -> Validator {
        var checked: Validator =
            .maximumLength(maximumLength, .sellerNameTooLong) && .plainText(.sellerNameInvalidCharacter)
        if let undrawableCharacters {
            checked = checked.then(.drawable(.sellerNameNotPrintable, undrawableCharacters: undrawableCharacters))
        }
        return .notBlank(.sellerNameMissing) && checked
    }
}

extension Validator where Value == [String] {
    /// The seller's address: at most `maximumCount` lines, each non-blank, at most `maximumLength` scalars of
    /// plain single-line text, and drawable when a font check is given. Line failures carry the line's index
    /// in their path (`[1]`).
    public static func addressLines(
        maximumCount: Int = 6,
        maximumLength: Int = 100,
        undrawableCharacters: UndrawableCharacters? = nil
    ) -> Validator {
        var line: Validator<String> =
            .maximumLength(maximumLength, .sellerAddressLineTooLong)
            && .plainText(.sellerAddressLineInvalidCharacter)
        if let undrawableCharacters {
            line = line.then(.drawable(.sellerAddressLineNotPrintable, undrawableCharacters: undrawableCharacters))
        }
        let eachLine: Validator = (Validator<String>.notBlank(.sellerAddressLineBlank) && line).forEachElement()
        return .maximumCount(maximumCount, .sellerTooManyAddressLines) && eachLine
    }
}
