/// International bank account numbers (ISO 13616): a country code, two check digits and the country's
/// account number, with a length fixed per country, checked with ISO 7064 mod 97-10.
public enum IBAN {
    /// The length of an IBAN per country code, from the SWIFT IBAN registry: every SEPA country and the other
    /// registered countries. A code not listed here issues no IBANs (territories use their parent country's
    /// code: Åland `FI`, Guadeloupe `FR`, Jersey `GB`).
    public static let lengthByCountry: [String: Int] = [
        "AD": 24, "AE": 23, "AL": 28, "AT": 20, "AZ": 28, "BA": 20, "BE": 16, "BG": 22, "BH": 22, "BI": 27,
        "BR": 29, "BY": 28, "CH": 21, "CR": 22, "CY": 28, "CZ": 24, "DE": 22, "DJ": 27, "DK": 18, "DO": 28,
        "EE": 20, "EG": 29, "ES": 24, "FI": 18, "FK": 18, "FO": 18, "FR": 27, "GB": 22, "GE": 22, "GI": 23,
        "GL": 18, "GR": 27, "GT": 28, "HN": 28, "HR": 21, "HU": 28, "IE": 22, "IL": 23, "IQ": 23, "IS": 26,
        "IT": 27, "JO": 30, "KW": 30, "KZ": 20, "LB": 28, "LC": 32, "LI": 21, "LT": 20, "LU": 20, "LV": 21,
        "LY": 25, "MC": 27, "MD": 24, "ME": 22, "MK": 19, "MN": 20, "MR": 27, "MT": 31, "MU": 30, "NI": 28,
        "NL": 18, "NO": 15, "OM": 23, "PK": 24, "PL": 28, "PS": 29, "PT": 25, "QA": 29, "RO": 24, "RS": 22,
        "RU": 33, "SA": 24, "SC": 31, "SD": 18, "SE": 24, "SI": 19, "SK": 24, "SM": 27, "SO": 23, "ST": 25,
        "SV": 28, "TL": 23, "TN": 24, "TR": 26, "UA": 29, "VA": 22, "VG": 24, "XK": 20, "YE": 30,
    ]

    /// `text` without spaces and upper-cased: the electronic form to store and compare
    /// (`de89 3704 0044 0532 0130 00` → `DE89370400440532013000`).
    public static func normalized(_ text: String) -> String {
        VATIdentificationNumber.normalized(text)
    }

    /// Every failure of `text` as an IBAN, spaces ignored and letters of either case accepted. Stops at the
    /// first step that fails, because the later ones mean nothing on a broken value.
    static func failures(of text: String) -> [ValidationFailure] {
        let scalars = Array(text.unicodeScalars.lazy.filter { $0 != " " })
        guard !scalars.isEmpty else { return [ValidationFailure(code: .ibanEmpty)] }
        guard scalars.allSatisfy(ASCIIText.isAlphanumeric) else {
            return [ValidationFailure(code: .ibanInvalidCharacter)]
        }
        let upper = scalars.map { UInt8($0.value) & (ASCIIText.isLetter($0) ? 0xDF : 0xFF) }
        let country = upper.count >= 2 ? String(decoding: upper.prefix(2), as: UTF8.self) : ""
        guard let length = lengthByCountry[country] else {
            var parameters: [String: String] = [:]
            if ASCIIText.isQuotable(country[...]) { parameters[ValidationParameter.part] = country }
            return [ValidationFailure(code: .ibanUnknownCountry, parameters: parameters)]
        }
        guard upper.count >= 4, upper[2...3].allSatisfy({ (0x30...0x39).contains($0) }) else {
            return [ValidationFailure(code: .ibanInvalidCheckDigits)]
        }
        guard upper.count == length else {
            return [
                ValidationFailure(
                    code: .ibanWrongLength,
                    parameters: [ValidationParameter.part: country, ValidationParameter.expected: String(length)])
            ]
        }
        return remainderMod97(upper) == 1 ? [] : [ValidationFailure(code: .ibanChecksumMismatch)]
    }

    /// ISO 7064 mod 97-10 over the IBAN rearranged (the first four characters moved to the end) with letters
    /// read as 10...35, computed digit by digit so no big number is ever built.
    static func remainderMod97(_ upper: [UInt8]) -> Int {
        var remainder = 0
        for byte in upper[4...] + upper[..<4] {
            if byte >= 0x41 {
                remainder = (remainder * 100 + Int(byte - 0x41 + 10)) % 97
            } else {
                remainder = (remainder * 10 + Int(byte - 0x30)) % 97
            }
        }
        return remainder
    }
}

extension Validator where Value == String {
    /// An IBAN (see ``IBAN``); reports `iban.*` codes.
    public static var iban: Validator {
        Validator { IBAN.failures(of: $0) }
    }
}
