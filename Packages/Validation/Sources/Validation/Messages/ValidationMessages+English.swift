extension ValidationMessages {
    /// The default catalog: short English sentences a form can show next to the field in `path`.
    /// Limits that options can change are not quoted, so the text stays true whatever the options.
    ///
    /// Entries that name a failure's parameters (the characters a font cannot draw, a currency's minor units)
    /// have a plain wording too, used when a failure arrives without its parameters (rebuilt from a stored
    /// code, say).
    public static let english: ValidationMessages = {
        let table = ValidationMessages(
            englishTable.merging(englishEInvoiceTable) { entry, _ in entry },
            fallback: { englishPlainTable[$0.code] ?? englishEInvoicePlainTable[$0.code] ?? "This value is not valid." }
        )
        return ValidationMessages { failure in
            // "At most 0 decimal places" is what a machine says; a currency without minor units has no decimals.
            if failure.parameters[ValidationParameter.decimalPlaces] == "0",
                let currency = failure.parameters[ValidationParameter.currency],
                let amounts = wholeUnitAmounts[failure.code]
            {
                return "\(amounts) in \(currency) have no decimal places: enter whole units, such as 1500."
            }
            return table.message(for: failure)
        }
    }()

    /// What each code's amounts are called, for the sentence about currencies without minor units.
    private static let wholeUnitAmounts: [ValidationCode: String] = [
        .invoiceUnitPriceTooPrecise: "Prices", .expensePriceTooPrecise: "Prices",
        .invoiceAllowanceChargeTooPrecise: "Amounts", .invoicePaidAmountTooPrecise: "Amounts",
    ]

    private static let englishTable: [ValidationCode: String] = [
        .unexpectedlyValid: "This value is not allowed.",

        .emailMissingAt: "An email address needs an @ between the name and the domain.",
        .emailMultipleAt: "An email address can contain only one @.",
        .emailWhitespace: "An email address cannot contain spaces or line breaks.",
        .emailControlCharacter: "The email address contains an invisible control character.",
        .emailInternationalizedNotAllowed: "Use an email address made of unaccented Latin letters, digits and symbols.",
        .emailAddressTooLong: "An email address can be at most 254 characters long.",
        .emailEmptyLocalPart: "Enter the part of the email address before the @.",
        .emailLocalPartTooLong: "The part before the @ can be at most 64 characters long.",
        .emailInvalidCharacter: "The part before the @ contains a character that is not allowed.",
        .emailLocalPartLeadingDot: "The part before the @ cannot start with a dot.",
        .emailLocalPartTrailingDot: "The part before the @ cannot end with a dot.",
        .emailLocalPartConsecutiveDots: "The part before the @ cannot contain two dots in a row.",
        .emailQuotedLocalPartNotAllowed: "Email addresses with quotation marks are not supported.",
        .emailUnterminatedQuote: "A quotation mark in the email address is never closed.",
        .emailMisplacedQuote: "Quotation marks must enclose the whole part before the @.",
        .emailEmptyDomain: "Enter the domain after the @, such as example.com.",
        .emailDomainTooLong: "The domain can be at most 253 characters long.",
        .emailDomainInvalidCharacter: "The domain can contain only letters, digits, hyphens and dots.",
        .emailDomainEmptyLabel: "The domain cannot start or end with a dot or contain two dots in a row.",
        .emailDomainLabelTooLong: "Each part of the domain between dots can be at most 63 characters long.",
        .emailDomainLabelLeadingHyphen: "A part of the domain cannot start with a hyphen.",
        .emailDomainLabelTrailingHyphen: "A part of the domain cannot end with a hyphen.",
        .emailNumericTopLevelDomain: "The domain cannot end with a number.",
        .emailSingleLabelDomain: "The domain needs a dot, such as example.com.",
        .emailIPLiteralNotAllowed: "Use a domain name instead of an IP address.",
        .emailInvalidIPLiteral: "The IP address in brackets is not valid.",

        .invoiceClientNameMissing: "Enter the client's name.",
        .invoiceClientNameTooLong: "The client's name is too long.",
        .invoiceClientNameInvalidCharacter: "The client's name contains characters that cannot be printed.",
        .invoiceClientNameNotPrintable: "These characters cannot be printed: {characters}.",
        .invoiceNoLineItems: "Add at least one line item.",
        .invoiceTooManyLineItems: "This invoice has too many line items.",
        .invoiceDuplicateLineItemID: "Two line items have the same identifier.",
        .invoiceLineDescriptionMissing: "Describe this line item.",
        .invoiceLineDescriptionTooLong: "This description is too long.",
        .invoiceLineDescriptionInvalidCharacter: "This description contains characters that cannot be printed.",
        .invoiceLineDescriptionNotPrintable: "These characters cannot be printed: {characters}.",
        .invoiceQuantityNotFinite: "Enter a number for the quantity.",
        .invoiceQuantityNotPositive: "The quantity must be more than zero.",
        .invoiceQuantityTooLarge: "The quantity is too large.",
        .invoiceQuantityTooPrecise:
            "The quantity can have at most {decimalPlaces} decimal places, such as 1.5 or 0.125.",
        .invoiceUnitPriceNotFinite: "Enter a number for the unit price.",
        .invoiceUnitPriceNegative: "The unit price cannot be negative.",
        .invoiceUnitPriceTooLarge: "The unit price is too large.",
        .invoiceUnitPriceTooPrecise: "Prices in {currency} can have at most {decimalPlaces} decimal places.",
        .invoiceLineTotalTooLarge: "The total of this line is too large.",
        .invoiceTotalTooLarge: "The invoice total with tax is too large.",
        .invoiceCurrencyNotISO4217: "Choose a currency such as EUR or USD.",
        .invoiceTaxRateNotFinite: "Enter a number for the tax rate.",
        .invoiceTaxRateOutOfRange: "The tax rate must be between 0 and 100 percent.",
        .invoiceTaxRateTooPrecise: "The tax rate can have at most {decimalPlaces} decimal places, such as 7.7 or 8.25.",
        .invoiceIssueDateOutOfRange: "The issue date is not a valid date.",
        .invoiceDueDateOutOfRange: "The due date is not a valid date.",
        .invoiceDueDateBeforeIssueDate: "The due date cannot be before the issue date.",
        .invoiceNotesTooLong: "The notes are too long.",
        .invoiceNotesInvalidCharacter: "The notes contain characters that cannot be printed.",
        .invoiceNotesNotPrintable: "These characters cannot be printed: {characters}.",

        .expenseTitleMissing: "Enter what the expense was for.",
        .expenseTitleTooLong: "The title is too long.",
        .expenseTitleInvalidCharacter: "The title contains characters that cannot be shown, or a line break.",
        .expensePriceNotFinite: "Enter a number for the price.",
        .expensePriceNotPositive: "The price must be more than zero.",
        .expensePriceTooLarge: "The price is too large.",
        .expensePriceTooPrecise: "Prices in {currency} can have at most {decimalPlaces} decimal places.",
        .expenseCurrencyNotISO4217: "Choose a currency such as EUR or USD.",
        .expenseDateMissing: "Choose the date of the expense.",
        .expenseDateOutOfRange: "The date is not a valid date.",
        .expenseDateTooFarInFuture:
            "The date is more than a year from today. Check the year, or allow future dates to record it anyway.",
        .expenseCommentTooLong: "The comment is too long.",
        .expenseCommentInvalidCharacter: "The comment contains characters that cannot be shown.",

        .urlEmpty: "Enter a link.",
        .urlTooLong: "The link is too long.",
        .urlWhitespace: "A link cannot contain spaces or line breaks.",
        .urlControlCharacter: "The link contains an invisible control character.",
        .urlMissingScheme: "Enter the whole link, starting with https://.",
        .urlInvalidScheme: "The link does not start with a valid scheme such as https:.",
        .urlSchemeNotAllowed: "Links of this kind are not supported.",
        .urlDangerousScheme: "This link could run code or open local files, so it is not allowed.",
        .urlMissingHost: "The link needs a website address after https://.",
        .urlInvalidHost: "The website address in the link is not valid.",
        .urlInvalidPort: "The port number in the link is not valid.",
        .urlCredentialsNotAllowed: "Links cannot contain a user name or password.",
        .urlInvalidCharacter: "The link contains a character that is not allowed.",
        .urlInvalidPercentEncoding: "The link contains a % that is not followed by two hexadecimal digits.",

        .sellerNameMissing: "Enter the seller's name.",
        .sellerNameTooLong: "The seller's name is too long.",
        .sellerNameInvalidCharacter: "The seller's name contains characters that cannot be printed, or a line break.",
        .sellerNameNotPrintable: "These characters cannot be printed: {characters}.",
        .sellerTooManyAddressLines: "The address has too many lines.",
        .sellerAddressLineBlank: "Remove the empty address line.",
        .sellerAddressLineTooLong: "This address line is too long.",
        .sellerAddressLineInvalidCharacter: "This address line contains characters that cannot be printed.",
        .sellerAddressLineNotPrintable: "These characters cannot be printed: {characters}.",
        .taxIDEmpty: "Enter the VAT identification number, or leave the setting out.",
        .taxIDMissingCountryPrefix:
            "A VAT identification number starts with a two-letter country code, such as DE or FR.",
        .taxIDInvalidCharacter: "A VAT identification number contains only letters, digits and spaces.",
        .taxIDWrongLength: "A VAT identification number has 2 to 13 letters and digits after the country code.",
        .ibanEmpty: "Enter the IBAN, or leave the setting out.",
        .ibanInvalidCharacter: "An IBAN contains only letters, digits and spaces.",
        .ibanUnknownCountry: "The IBAN starts with {part}, which is not the code of a country that uses IBANs.",
        .ibanInvalidCheckDigits: "The two characters after the country code of an IBAN are digits.",
        .ibanWrongLength: "IBANs from {part} have {expected} characters.",
        .ibanChecksumMismatch: "This IBAN is not valid: check it for a mistyped or swapped character.",
        .currencyNotISO4217: "Choose a currency such as EUR or USD.",
        .localeEmpty: "Enter a locale, such as en_US or de-DE.",
        .localeMalformed: "The part \"{part}\" does not fit a locale such as en_US or de-DE.",
        .weekdayInvalid: "Enter a number from 1 (Monday) to 7 (Sunday), or a day such as monday.",
        .timeZoneEmpty: "Enter a time zone, such as Europe/Berlin.",
        .timeZoneUnknown: "Enter a known time zone, such as Europe/Berlin or America/New_York.",

        .dayNotYYYYMMDD: "Write the date as YYYY-MM-DD, such as 2025-02-28.",
        .dayNoSuchYear: "{text} does not exist: years start at 0001.",
        .dayNoSuchMonth: "{text} does not exist: there is no month {month}, months run from 01 to 12.",
        .dayNoSuchDay: "{text} does not exist: {monthName} {year} has {daysInMonth} days.",
    ]

    /// Wording without parameters for the entries of `englishTable` that name some.
    private static let englishPlainTable: [ValidationCode: String] = [
        .invoiceClientNameNotPrintable: "The client's name contains characters that cannot be printed.",
        .invoiceLineDescriptionNotPrintable: "This description contains characters that cannot be printed.",
        .invoiceNotesNotPrintable: "The notes contain characters that cannot be printed.",
        .invoiceQuantityTooPrecise: "The quantity has too many decimal places.",
        .invoiceUnitPriceTooPrecise: "The unit price has more decimal places than the currency allows.",
        .invoiceTaxRateTooPrecise: "The tax rate has too many decimal places.",
        .expensePriceTooPrecise: "The price has more decimal places than the currency allows.",
        .sellerNameNotPrintable: "The seller's name contains characters that cannot be printed.",
        .sellerAddressLineNotPrintable: "This address line contains characters that cannot be printed.",
        .ibanUnknownCountry: "The IBAN does not start with the code of a country that uses IBANs.",
        .ibanWrongLength: "The IBAN has the wrong number of characters for its country.",
        .localeMalformed: "Enter a locale such as en_US or de-DE.",
        .dayNoSuchYear: "This day does not exist: years start at 0001.",
        .dayNoSuchMonth: "This day does not exist: months run from 01 to 12.",
        .dayNoSuchDay: "This day does not exist in its month.",
    ]
}
