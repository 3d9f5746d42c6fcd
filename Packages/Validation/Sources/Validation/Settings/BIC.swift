/// Business identifier codes (ISO 9362, the "SWIFT code" of a bank): a 4-letter institution code, the
/// ISO 3166 country code, a 2-character location code, and an optional 3-character branch code (`XXX` for the
/// head office), so 8 or 11 characters.
public enum BIC {
    /// `text` without spaces and upper-cased: the form to store and write (`deut de ff` → `DEUTDEFF`).
    public static func normalized(_ text: String) -> String {
        VATIdentificationNumber.normalized(text)
    }

    /// Every failure of `text` as a BIC, spaces ignored and letters of either case accepted; the first step
    /// that fails, because later ones mean nothing on a broken value.
    static func failures(of text: String) -> [ValidationFailure] {
        guard text.utf8.count <= 64 else { return [ValidationFailure(code: .bicWrongLength)] }
        let scalars = Array(text.unicodeScalars.lazy.filter { $0 != " " })
        guard !scalars.isEmpty else { return [ValidationFailure(code: .bicEmpty)] }
        guard scalars.allSatisfy(ASCIIText.isAlphanumeric) else {
            return [ValidationFailure(code: .bicInvalidCharacter)]
        }
        guard scalars.count == 8 || scalars.count == 11 else { return [ValidationFailure(code: .bicWrongLength)] }
        let upper = String(String.UnicodeScalarView(scalars)).uppercased()
        let characters = Array(upper.unicodeScalars)
        guard characters[0..<4].allSatisfy(ASCIIText.isLetter) else {
            return [ValidationFailure(code: .bicInvalidBankCode)]
        }
        let country = String(String.UnicodeScalarView(characters[4..<6]))
        guard CountryCode.exists(country) else {
            var parameters: [String: String] = [:]
            if ASCIIText.isQuotable(country[...]) { parameters[ValidationParameter.part] = country }
            return [ValidationFailure(code: .bicUnknownCountry, parameters: parameters)]
        }
        // A branch code starting with X is reserved for the head office's XXX.
        if characters.count == 11, characters[8] == "X", String(String.UnicodeScalarView(characters[8...])) != "XXX" {
            return [ValidationFailure(code: .bicInvalidBranch)]
        }
        return []
    }
}

extension ValidationCode {
    /// The BIC is empty (after removing spaces).
    public static let bicEmpty = ValidationCode(rawValue: "bic.empty")
    /// The BIC contains something other than letters, digits and spaces.
    public static let bicInvalidCharacter = ValidationCode(rawValue: "bic.invalidCharacter")
    /// The BIC does not have 8 or 11 characters.
    public static let bicWrongLength = ValidationCode(rawValue: "bic.wrongLength")
    /// The first four characters (the bank's code) are not all letters.
    public static let bicInvalidBankCode = ValidationCode(rawValue: "bic.invalidBankCode")
    /// Characters 5 and 6 are not a country code (in ``ValidationParameter/part`` when quotable).
    public static let bicUnknownCountry = ValidationCode(rawValue: "bic.unknownCountry")
    /// The branch code starts with X but is not `XXX`.
    public static let bicInvalidBranch = ValidationCode(rawValue: "bic.invalidBranch")

    /// Every code a BIC reports.
    public static let bicCodes: [ValidationCode] = [
        .bicEmpty, .bicInvalidCharacter, .bicWrongLength, .bicInvalidBankCode, .bicUnknownCountry, .bicInvalidBranch,
    ]
}

extension Validator where Value == String {
    /// A BIC (see ``BIC``); reports `bic.*` codes.
    public static var bic: Validator {
        Validator { BIC.failures(of: $0) }
    }
}
