/// The shape of a tax identification number as the settings hold it: a two-letter country prefix (`DE`, `EL`
/// for Greece, `XI` for Northern Ireland) and 2 to 13 letters and digits, with spaces, dots, dashes and
/// slashes allowed anywhere and removed (`PL 123-456-32-18`).
///
/// A format check: a Polish number (prefix `PL`, or a bare number when the country is Poland) is also held to
/// its NIP check digit; every other country's pattern and check digits are ``VATIdentifier``'s, which the
/// seller's `vatID` setting uses. Nothing asks the EU's VIES service whether the number is registered.
public enum VATIdentificationNumber {
    /// The shortest and longest number after the prefix, over all countries that issue one.
    public static let characterCount = 2...13

    /// The separators people write between groups of digits: space, dot, dash and slash.
    static func isSeparator(_ scalar: Unicode.Scalar) -> Bool {
        scalar == " " || scalar == "." || scalar == "-" || scalar == "/"
    }

    /// `text` without separators (spaces, dots, dashes, slashes) and upper-cased: the form to store, print and
    /// compare (`de 123 456 789` → `DE123456789`, `123-456-32-18` → `1234563218`).
    public static func normalized(_ text: String) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.filter { !isSeparator($0) })).uppercased()
    }

    /// Every failure of `text`'s format: empty, a character other than a letter, digit or separator, no
    /// two-letter prefix (unless `requiresPrefix` is off and a bare national number of 2 to 15 characters is
    /// given), the wrong number of characters after it, or a Polish NIP whose check digit is wrong (prefix
    /// `PL`, or a bare number when `countryCode` is `PL`).
    static func failures(of text: String, requiresPrefix: Bool = true, countryCode: String? = nil) -> [ValidationCode] {
        guard text.utf8.count <= 64 else { return [.taxIDWrongLength] }
        let scalars = Array(text.unicodeScalars.filter { !isSeparator($0) })
        guard !scalars.isEmpty else { return [.taxIDEmpty] }
        guard scalars.allSatisfy(ASCIIText.isAlphanumeric) else { return [.taxIDInvalidCharacter] }
        let prefixed = scalars.count >= 2 && scalars.prefix(2).allSatisfy(ASCIIText.isLetter)
        var codes: [ValidationCode] = []
        if !prefixed, requiresPrefix {
            codes.append(.taxIDMissingCountryPrefix)
        }
        let national = prefixed || requiresPrefix ? Array(scalars.dropFirst(2)) : scalars
        if !(prefixed || requiresPrefix ? characterCount : 2...15).contains(national.count) {
            codes.append(.taxIDWrongLength)
        }
        let country = prefixed ? String(String.UnicodeScalarView(scalars.prefix(2))).uppercased() : countryCode
        if codes.isEmpty, country == "PL", national.count == 10, national.allSatisfy(ASCIIText.isDigit) {
            let digits = national.map { Int($0.value) - 0x30 }
            if VATIdentifier.polishCheckDigit(digits) != digits[9] { codes.append(.taxIDChecksumMismatch) }
        }
        return codes
    }
}

extension Validator where Value == String {
    /// A VAT identification number's format (see ``VATIdentificationNumber``); reports `taxID.*` codes.
    public static var vatIdentificationNumber: Validator {
        Validator { text in VATIdentificationNumber.failures(of: text).map { ValidationFailure(code: $0) } }
    }

    /// The seller's tax identification number: a prefixed number as ``vatIdentificationNumber`` reads it, or a
    /// bare national number of 2 to 15 letters and digits (`123-456-32-18`), whose NIP check digit is checked
    /// when `countryCode` is `PL`. Reports `taxID.*` codes.
    public static func taxIdentificationNumber(countryCode: String? = nil) -> Validator {
        Validator { text in
            VATIdentificationNumber.failures(of: text, requiresPrefix: false, countryCode: countryCode)
                .map { ValidationFailure(code: $0) }
        }
    }
}

/// ASCII classes for identifiers typed by people (codes, account numbers), where other scripts never occur.
enum ASCIIText {
    static func isLetter(_ scalar: Unicode.Scalar) -> Bool {
        ("A"..."Z").contains(scalar) || ("a"..."z").contains(scalar)
    }

    static func isDigit(_ scalar: Unicode.Scalar) -> Bool {
        ("0"..."9").contains(scalar)
    }

    static func isAlphanumeric(_ scalar: Unicode.Scalar) -> Bool {
        isLetter(scalar) || isDigit(scalar)
    }

    /// Whether `text` can be quoted back in a message: short printable ASCII, never a control character.
    static func isQuotable(_ text: Substring) -> Bool {
        !text.isEmpty && text.utf8.count <= 16 && text.utf8.allSatisfy { (0x21...0x7E).contains($0) }
    }
}
