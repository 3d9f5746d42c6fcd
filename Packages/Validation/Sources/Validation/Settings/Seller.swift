/// The seller printed on every invoice, as the settings hold it before validation.
public struct SellerDraft: Hashable, Sendable {
    /// The business or person issuing invoices; required.
    public var name: String
    /// The postal address, one printed line each (street, postcode and city, country).
    public var addressLines: [String]
    /// The VAT identification number, when the seller has one (`DE 123 456 789`).
    public var taxID: String?
    /// The account payments go to, when printed (`DE89 3704 0044 0532 0130 00`).
    public var iban: String?

    /// Creates a draft.
    public init(name: String, addressLines: [String] = [], taxID: String? = nil, iban: String? = nil) {
        self.name = name
        self.addressLines = addressLines
        self.taxID = taxID
        self.iban = iban
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
            && .field("taxID", \.taxID, Validator.vatIdentificationNumber.optional)
            && .field("iban", \.iban, Validator.iban.optional)
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
