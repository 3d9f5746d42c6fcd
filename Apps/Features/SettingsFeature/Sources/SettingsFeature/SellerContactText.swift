import Validation

/// The seller's fields the Validation package's `SellerDraft` does not hold (post code, city, telephone,
/// contact person): checked here with its building blocks, each refusal a sentence under this feature's codes.
/// Text printed on invoices (city, contact) is also held to the invoice fonts when the store has a check.
enum SellerContactText {
    /// The longest post code: those in use have at most 10 characters; the rest leaves room for spacing.
    static let maximumPostcodeLength = 16
    /// The longest city or contact name.
    static let maximumTextLength = 100
    /// The longest telephone number as written (E.164 has at most 15 digits; spaces and an extension add some).
    static let maximumPhoneLength = 32

    /// The problems of `value` for `key` (one of the four fields), or none.
    static func problems(
        _ key: SettingKey, _ value: String, messages: ValidationMessages, undrawable: UndrawableCharacters?
    ) -> [ValidationProblem] {
        switch key {
        case .sellerPostcode:
            let fits =
                (1...maximumPostcodeLength).contains(value.unicodeScalars.count)
                && value.unicodeScalars.allSatisfy { isASCIIAlphanumeric($0) || $0 == " " || $0 == "-" }
                && value.unicodeScalars.contains(where: isASCIIAlphanumeric)
            return fits ? [] : [postcodeProblem]
        case .sellerPhone:
            let allowed = Set("0123456789 +-()./".unicodeScalars)
            let fits =
                (1...maximumPhoneLength).contains(value.unicodeScalars.count)
                && value.unicodeScalars.allSatisfy { allowed.contains($0) }
                && value.unicodeScalars.filter({ ("0"..."9").contains($0) }).count >= 3
            return fits ? [] : [phoneProblem]
        case .sellerCity, .sellerContact:
            let code: ValidationCode = key == .sellerCity ? .sellerCityInvalid : .sellerContactInvalid
            let plain: Validator<String> =
                .notBlank(code) && .maximumLength(maximumTextLength, code) && .plainText(code)
            if !plain.validate(value).isEmpty {
                return [key == .sellerCity ? cityProblem : contactProblem]
            }
            guard let undrawable else { return [] }
            let notPrintable: ValidationCode =
                key == .sellerCity ? .sellerAddressLineNotPrintable : .sellerNameNotPrintable
            return messages.problems(
                for: Validator.drawable(notPrintable, undrawableCharacters: undrawable).validate(value))
        default:
            return []
        }
    }

    private static func isASCIIAlphanumeric(_ scalar: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar)
    }

    static let postcodeProblem = ValidationProblem(
        code: .sellerPostcodeInvalid,
        message: "A post code has at most \(maximumPostcodeLength) letters, digits, spaces and dashes, "
            + "such as 10117, 90-001 or SW1A 1AA.")
    static let phoneProblem = ValidationProblem(
        code: .sellerPhoneInvalid,
        message: "A telephone number has at least 3 digits and at most \(maximumPhoneLength) characters: digits, "
            + "spaces and + - ( ) . /, such as +49 30 1234567.")
    static let registrationProblem = ValidationProblem(
        code: .sellerRegistrationBlank,
        message: "Enter the tax registration as your tax office writes it, such as 12/345/67890.")
    static let cityProblem = ValidationProblem(
        code: .sellerCityInvalid,
        message: "The city is one line of printable text of at most \(maximumTextLength) characters.")
    static let contactProblem = ValidationProblem(
        code: .sellerContactInvalid,
        message: "The contact's name is one line of printable text of at most \(maximumTextLength) characters.")
}
