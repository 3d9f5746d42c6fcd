extension ValidationCode {
    /// The seller's name is empty or only whitespace.
    public static let sellerNameMissing = ValidationCode(rawValue: "seller.nameMissing")
    /// The seller's name is longer than the limit.
    public static let sellerNameTooLong = ValidationCode(rawValue: "seller.nameTooLong")
    /// The seller's name contains control, replacement or direction-override characters, or a line break.
    public static let sellerNameInvalidCharacter = ValidationCode(rawValue: "seller.nameInvalidCharacter")
    /// The seller's name contains characters the configured font cannot draw (named in the parameters).
    public static let sellerNameNotPrintable = ValidationCode(rawValue: "seller.nameNotPrintable")
    /// The address has more lines than the limit.
    public static let sellerTooManyAddressLines = ValidationCode(rawValue: "seller.tooManyAddressLines")
    /// An address line is empty or only whitespace.
    public static let sellerAddressLineBlank = ValidationCode(rawValue: "seller.addressLineBlank")
    /// An address line is longer than the limit.
    public static let sellerAddressLineTooLong = ValidationCode(rawValue: "seller.addressLineTooLong")
    /// An address line contains control, replacement or direction-override characters, or a line break.
    public static let sellerAddressLineInvalidCharacter = ValidationCode(rawValue: "seller.addressLineInvalidCharacter")
    /// An address line contains characters the configured font cannot draw (named in the parameters).
    public static let sellerAddressLineNotPrintable = ValidationCode(rawValue: "seller.addressLineNotPrintable")

    /// The tax identification number is empty (after removing spaces).
    public static let taxIDEmpty = ValidationCode(rawValue: "taxID.empty")
    /// The tax identification number does not start with a two-letter country prefix.
    public static let taxIDMissingCountryPrefix = ValidationCode(rawValue: "taxID.missingCountryPrefix")
    /// The tax identification number contains something other than letters, digits and spaces.
    public static let taxIDInvalidCharacter = ValidationCode(rawValue: "taxID.invalidCharacter")
    /// After the country prefix there are fewer than 2 or more than 13 letters and digits.
    public static let taxIDWrongLength = ValidationCode(rawValue: "taxID.wrongLength")

    /// A Polish tax number (NIP) whose check digit does not match: a digit is mistyped or two are swapped.
    public static let taxIDChecksumMismatch = ValidationCode(rawValue: "taxID.checksumMismatch")
    /// The seller's country code is not an ISO 3166-1 alpha-2 code in upper case (`DE`).
    public static let sellerCountryCodeUnknown = ValidationCode(rawValue: "seller.countryCodeUnknown")
    /// The seller's tax registration is longer than the limit.
    public static let sellerTaxRegistrationTooLong = ValidationCode(rawValue: "seller.taxRegistrationTooLong")
    /// The seller's tax registration contains control, replacement or direction-override characters, or a line
    /// break.
    public static let sellerTaxRegistrationInvalidCharacter = ValidationCode(
        rawValue: "seller.taxRegistrationInvalidCharacter")

    /// The IBAN is empty (after removing spaces).
    public static let ibanEmpty = ValidationCode(rawValue: "iban.empty")
    /// The IBAN contains something other than letters, digits and spaces.
    public static let ibanInvalidCharacter = ValidationCode(rawValue: "iban.invalidCharacter")
    /// The IBAN does not start with the country code of a country in the IBAN registry.
    public static let ibanUnknownCountry = ValidationCode(rawValue: "iban.unknownCountry")
    /// The two characters after the country code are not digits.
    public static let ibanInvalidCheckDigits = ValidationCode(rawValue: "iban.invalidCheckDigits")
    /// The IBAN does not have the length its country's IBANs have (in ``ValidationParameter/expected``).
    public static let ibanWrongLength = ValidationCode(rawValue: "iban.wrongLength")
    /// The IBAN fails the ISO 7064 mod-97 check: a character is mistyped or two are swapped.
    public static let ibanChecksumMismatch = ValidationCode(rawValue: "iban.checksumMismatch")

    /// The currency is not an accepted ISO 4217 code.
    public static let currencyNotISO4217 = ValidationCode(rawValue: "currency.notISO4217")
    /// The locale identifier is empty.
    public static let localeEmpty = ValidationCode(rawValue: "locale.empty")
    /// The locale identifier is not shaped like a BCP 47 language tag (the first wrong part, when it can be
    /// shown, is in ``ValidationParameter/part``).
    public static let localeMalformed = ValidationCode(rawValue: "locale.malformed")
    /// The first day of the week is not 1...7 or a day's English name.
    public static let weekdayInvalid = ValidationCode(rawValue: "weekday.invalid")
    /// The time zone identifier is empty.
    public static let timeZoneEmpty = ValidationCode(rawValue: "timeZone.empty")
    /// The time zone identifier is not one Foundation knows, such as `Europe/Berlin`.
    public static let timeZoneUnknown = ValidationCode(rawValue: "timeZone.unknown")

    /// Every code the settings validators (seller, tax id, IBAN, currency, locale, weekday, time zone) report.
    public static let settingsCodes: [ValidationCode] = [
        .sellerNameMissing, .sellerNameTooLong, .sellerNameInvalidCharacter, .sellerNameNotPrintable,
        .sellerTooManyAddressLines, .sellerAddressLineBlank, .sellerAddressLineTooLong,
        .sellerAddressLineInvalidCharacter, .sellerAddressLineNotPrintable, .taxIDEmpty, .taxIDMissingCountryPrefix,
        .taxIDInvalidCharacter, .taxIDWrongLength, .taxIDChecksumMismatch, .sellerCountryCodeUnknown,
        .sellerTaxRegistrationTooLong, .sellerTaxRegistrationInvalidCharacter, .ibanEmpty, .ibanInvalidCharacter,
        .ibanUnknownCountry,
        .ibanInvalidCheckDigits, .ibanWrongLength, .ibanChecksumMismatch, .currencyNotISO4217, .localeEmpty,
        .localeMalformed, .weekdayInvalid, .timeZoneEmpty, .timeZoneUnknown,
    ]
}
