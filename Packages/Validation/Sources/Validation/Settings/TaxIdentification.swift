/// The shape of a VAT identification number: a two-letter country prefix (`DE`, `EL` for Greece, `XI` for
/// Northern Ireland) and 2 to 13 letters and digits, spaces allowed anywhere and removed.
///
/// This is a format check only. It does not know each country's own pattern or check digit, and it does not
/// ask the EU's VIES service whether the number is registered; a number that passes may still not exist.
public enum VATIdentificationNumber {
    /// The shortest and longest number after the prefix, over all countries that issue one.
    public static let characterCount = 2...13

    /// `text` without spaces and upper-cased: the form to store, print and compare (`de 123 456 789` →
    /// `DE123456789`).
    public static func normalized(_ text: String) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.filter { $0 != " " })).uppercased()
    }

    /// Every failure of `text`'s format: empty, a character other than a letter, digit or space, no
    /// two-letter prefix, or the wrong number of characters after it.
    static func failures(of text: String) -> [ValidationCode] {
        let scalars = text.unicodeScalars.filter { $0 != " " }
        guard !scalars.isEmpty else { return [.taxIDEmpty] }
        guard scalars.allSatisfy(ASCIIText.isAlphanumeric) else { return [.taxIDInvalidCharacter] }
        var codes: [ValidationCode] = []
        if scalars.count < 2 || !scalars.prefix(2).allSatisfy(ASCIIText.isLetter) {
            codes.append(.taxIDMissingCountryPrefix)
        }
        if !characterCount.contains(scalars.count - 2) { codes.append(.taxIDWrongLength) }
        return codes
    }
}

extension Validator where Value == String {
    /// A VAT identification number's format (see ``VATIdentificationNumber``); reports `taxID.*` codes.
    public static var vatIdentificationNumber: Validator {
        Validator { text in VATIdentificationNumber.failures(of: text).map { ValidationFailure(code: $0) } }
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
