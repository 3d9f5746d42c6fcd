/// A VAT identifier (BT-31, BT-48) read the way people write it, checked against its country's pattern and,
/// where the tax authority publishes one, its check digits, and kept in the one compact form e-invoices and
/// VIES use: the prefix and the national number without separators (`DE123456789`, `PL1234563218`).
///
/// Spaces, dots, dashes and slashes are separators and removed (`PL 123-456-32-18`, `FR 40 303 265 045`,
/// `de 123.456.788`). Greece's prefix is `EL` (its ISO code `GR` is refused with a hint); Northern Ireland's
/// is `XI`. A bare national number is accepted when the country is known from elsewhere (the seller's
/// address): `VATIdentifier(parsing: "123-456-32-18", countryCode: "PL")` is `PL1234563218`.
///
/// Patterns: every EU member state, `XI`, and `GB`, `CH` and `NO`; check digits: `DE` (ISO 7064 MOD 11,10),
/// `PL` (NIP weights 6, 5, 7, 2, 3, 4, 5, 6, 7), `IT` (Luhn over the partita IVA), `ES` (the NIF letter of
/// a DNI or NIE, the control character of a CIF) and `FR` (key = (12 + 3 × (SIREN mod 97)) mod 97, when the
/// key is numeric). An identifier with another two-letter prefix (a non-EU country's tax number) is accepted
/// when it has 2 to 13 letters and digits, as the shape every country shares. Nothing here asks VIES whether
/// the number is registered.
public struct VATIdentifier: Hashable, Sendable, CustomStringConvertible {
    /// The prefix, upper case: an ISO 3166-1 alpha-2 code, except `EL` for Greece and `XI` for Northern Ireland.
    public let countryPrefix: String
    /// The national part, upper case, without separators.
    public let number: String

    /// The compact form to store, print and write in an e-invoice: prefix and number (`DE123456789`).
    public var normalized: String { countryPrefix + number }

    /// The compact form.
    public var description: String { normalized }

    /// Whether this prefix has a pattern of its own here (every EU member state, `XI`, `GB`, `CH`, `NO`), so
    /// more than the common shape was checked.
    public var hasKnownFormat: Bool { Self.patterns[countryPrefix] != nil }

    /// The longest text read: far more than any identifier written with separators, so a hostile megabyte is
    /// refused before it is scanned.
    public static let maximumLength = 64

    /// The national part of each prefix whose pattern is checked, as alternatives in a small pattern
    /// language: `9` a digit, `A` a letter, `X` a letter or digit, `+` a letter, digit, `+` or `*`; any other
    /// character stands for itself.
    public static let patterns: [String: [String]] = [
        "AT": ["U99999999"], "BE": ["0999999999", "1999999999"], "BG": ["999999999", "9999999999"],
        "CY": ["99999999A"], "CZ": ["99999999", "999999999", "9999999999"], "DE": ["999999999"],
        "DK": ["99999999"], "EE": ["999999999"], "EL": ["999999999"], "ES": ["X9999999X"], "FI": ["99999999"],
        "FR": ["XX999999999"], "HR": ["99999999999"], "HU": ["99999999"],
        "IE": ["9999999A", "9999999AA", "9+99999A"], "IT": ["99999999999"], "LT": ["999999999", "999999999999"],
        "LU": ["99999999"], "LV": ["99999999999"], "MT": ["99999999"], "NL": ["999999999B99"], "PL": ["9999999999"],
        "PT": ["999999999"], "RO": (2...10).map { String(repeating: "9", count: $0) }, "SE": ["999999999901"],
        "SI": ["99999999"], "SK": ["9999999999"],
        "XI": ["999999999", "999999999999", "GD999", "HA999"], "GB": ["999999999", "999999999999", "GD999", "HA999"],
        "CH": ["E999999999"], "NO": ["999999999MVA"],
    ]

    /// Reads `text` (see the type's description). `countryCode` is the country the identifier belongs to when
    /// the text may omit its prefix (`GR` stands for the prefix `EL`).
    public init(parsing text: String, countryCode: String? = nil) throws(VATIdentifierError) {
        guard text.utf8.count <= Self.maximumLength else { throw .tooLong }
        var compact: [UInt8] = []
        for scalar in text.unicodeScalars {
            switch scalar {
            case " ", ".", "-", "/": continue
            case "a"..."z": compact.append(UInt8(scalar.value) - 0x20)
            case "A"..."Z", "0"..."9", "+", "*": compact.append(UInt8(scalar.value))
            default: throw .invalidCharacter
            }
        }
        guard !compact.isEmpty else { throw .empty }
        let isLetter = { (byte: UInt8) in (0x41...0x5A).contains(byte) }
        let lead =
            compact.count >= 2 && isLetter(compact[0]) && isLetter(compact[1])
            ? String(decoding: compact.prefix(2), as: UTF8.self) : nil
        let expected = countryCode.map { $0.uppercased() == "GR" ? "EL" : $0.uppercased() }
        let prefix: String
        let number: [UInt8]
        if let lead, expected == nil || lead == expected || Self.patterns[lead] != nil || lead == "GR" {
            prefix = lead
            number = Array(compact.dropFirst(2))
        } else if let expected, expected.utf8.count == 2, expected.unicodeScalars.allSatisfy(ASCIIText.isLetter) {
            prefix = expected
            number = compact
        } else {
            throw .missingCountryPrefix
        }
        guard prefix != "GR" else { throw .greekPrefix }
        guard prefix == "EL" || prefix == "XI" || CountryCode.exists(prefix) else {
            throw .unknownCountry(prefix: prefix)
        }
        if let alternatives = Self.patterns[prefix] {
            guard alternatives.contains(where: { Self.matches(number, $0) }) else { throw .wrongFormat(prefix: prefix) }
            guard Self.checksumHolds(prefix: prefix, number) else { throw .checksumMismatch(prefix: prefix) }
        } else {
            guard (2...13).contains(number.count), number.allSatisfy({ $0 != 0x2B && $0 != 0x2A }) else {
                throw .wrongFormat(prefix: prefix)
            }
        }
        countryPrefix = prefix
        self.number = String(decoding: number, as: UTF8.self)
    }

    /// The compact form of `text`, or `nil` when it is not a valid identifier.
    public static func normalized(_ text: String, countryCode: String? = nil) -> String? {
        try? VATIdentifier(parsing: text, countryCode: countryCode).normalized
    }

    private static func matches(_ number: [UInt8], _ pattern: String) -> Bool {
        let pattern = Array(pattern.utf8)
        guard number.count == pattern.count else { return false }
        return zip(number, pattern).allSatisfy { byte, expected in
            let digit = (0x30...0x39).contains(byte)
            let letter = (0x41...0x5A).contains(byte)
            switch expected {
            case UInt8(ascii: "9"): return digit
            case UInt8(ascii: "A"): return letter
            case UInt8(ascii: "X"): return digit || letter
            case UInt8(ascii: "+"): return digit || letter || byte == 0x2B || byte == 0x2A
            default: return byte == expected
            }
        }
    }

    private static func digits(_ number: [UInt8]) -> [Int] {
        number.map { Int($0) - 0x30 }
    }

    private static func checksumHolds(prefix: String, _ number: [UInt8]) -> Bool {
        switch prefix {
        case "DE": return germanCheckDigit(digits(number).prefix(8)) == Int(number[8]) - 0x30
        case "PL": return polishCheckDigit(digits(number)) == Int(number[9]) - 0x30
        case "IT": return luhnHolds(digits(number))
        case "ES": return spanishControlHolds(number)
        case "FR": return frenchKeyHolds(number)
        default: return true
        }
    }

    /// ISO 7064 MOD 11,10 over the first eight digits.
    static func germanCheckDigit(_ digits: ArraySlice<Int>) -> Int {
        var product = 10
        for digit in digits {
            var sum = (digit + product) % 10
            if sum == 0 { sum = 10 }
            product = (2 * sum) % 11
        }
        let check = 11 - product
        return check == 10 ? 0 : check
    }

    /// The NIP check digit over the first nine digits; 10 means no valid NIP has these nine.
    static func polishCheckDigit(_ digits: [Int]) -> Int {
        zip(digits, [6, 5, 7, 2, 3, 4, 5, 6, 7]).reduce(0) { $0 + $1.0 * $1.1 } % 11
    }

    static func luhnHolds(_ digits: [Int]) -> Bool {
        var sum = 0
        for (index, digit) in digits.reversed().enumerated() {
            let value = index % 2 == 1 ? digit * 2 : digit
            sum += value > 9 ? value - 9 : value
        }
        return sum % 10 == 0
    }

    private static let dniLetters = Array("TRWAGMYFPDXBNJZSQVHLCKE".utf8)

    /// A DNI (eight digits and a letter), an NIE (`X`, `Y` or `Z`, seven digits, a letter), a `K`, `L` or `M`
    /// number (seven digits and the DNI letter), or a CIF (an entity letter, seven digits, a control digit or
    /// letter).
    static func spanishControlHolds(_ number: [UInt8]) -> Bool {
        let first = number[0]
        let last = number[8]
        let middle = number[1...7].map { Int($0) - 0x30 }
        let middleValue = middle.reduce(0) { $0 * 10 + $1 }
        let isDigit = { (byte: UInt8) in (0x30...0x39).contains(byte) }
        if isDigit(first) {
            guard number[0...7].allSatisfy(isDigit) else { return false }
            return dniLetters[(Int(first - 0x30) * 10_000_000 + middleValue) % 23] == last
        }
        switch first {
        case UInt8(ascii: "X"), UInt8(ascii: "Y"), UInt8(ascii: "Z"):
            let lead = Int(first - UInt8(ascii: "X"))
            return dniLetters[(lead * 10_000_000 + middleValue) % 23] == last
        case UInt8(ascii: "K"), UInt8(ascii: "L"), UInt8(ascii: "M"):
            return dniLetters[middleValue % 23] == last
        default:
            guard Array("ABCDEFGHJNPQRSUVW".utf8).contains(first) else { return false }
            var sum = 0
            for (index, digit) in middle.enumerated() {
                if index % 2 == 1 {
                    sum += digit
                } else {
                    let doubled = digit * 2
                    sum += doubled / 10 + doubled % 10
                }
            }
            let control = (10 - sum % 10) % 10
            let letter = Array("JABCDEFGHI".utf8)[control]
            if Array("ABEH".utf8).contains(first) { return last == UInt8(control) + 0x30 }
            if Array("KPQSNW".utf8).contains(first) { return last == letter }
            return last == UInt8(control) + 0x30 || last == letter
        }
    }

    /// A numeric key is (12 + 3 × (SIREN mod 97)) mod 97; the newer alphanumeric keys have no published rule.
    static func frenchKeyHolds(_ number: [UInt8]) -> Bool {
        let isDigit = { (byte: UInt8) in (0x30...0x39).contains(byte) }
        guard isDigit(number[0]), isDigit(number[1]) else { return true }
        let key = Int(number[0] - 0x30) * 10 + Int(number[1] - 0x30)
        let siren = number[2...].reduce(0) { $0 * 10 + Int($1 - 0x30) }
        return key == (12 + 3 * (siren % 97)) % 97
    }
}

/// Why a text is not a ``VATIdentifier``: stable cases, each a sentence with a hint as its description.
public enum VATIdentifierError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Nothing but separators.
    case empty
    /// Longer than ``VATIdentifier/maximumLength``.
    case tooLong
    /// A character other than letters, digits and the separators (space, dot, dash, slash).
    case invalidCharacter
    /// No two-letter prefix and no country to take it from.
    case missingCountryPrefix
    /// `GR`: Greek VAT identifiers start with `EL`.
    case greekPrefix
    /// A prefix that names no country.
    case unknownCountry(prefix: String)
    /// The number does not have the shape of the country's VAT identifiers.
    case wrongFormat(prefix: String)
    /// The shape is right but the check digits are not: a digit is mistyped or two are swapped.
    case checksumMismatch(prefix: String)

    /// The failure a form shows for this reason, with the prefix as a parameter when there is one.
    public var failure: ValidationFailure {
        switch self {
        case .empty: ValidationFailure(code: .vatIDEmpty)
        case .tooLong: ValidationFailure(code: .vatIDTooLong)
        case .invalidCharacter: ValidationFailure(code: .vatIDInvalidCharacter)
        case .missingCountryPrefix: ValidationFailure(code: .vatIDMissingCountryPrefix)
        case .greekPrefix: ValidationFailure(code: .vatIDGreekPrefix)
        case .unknownCountry(let prefix):
            ValidationFailure(
                code: .vatIDUnknownCountry,
                parameters: ASCIIText.isQuotable(prefix[...]) ? [ValidationParameter.part: prefix] : [:])
        case .wrongFormat(let prefix):
            ValidationFailure(code: .vatIDWrongFormat, parameters: [ValidationParameter.part: prefix])
        case .checksumMismatch(let prefix):
            ValidationFailure(code: .vatIDChecksumMismatch, parameters: [ValidationParameter.part: prefix])
        }
    }

    /// The English catalog's sentence.
    public var description: String {
        ValidationMessages.english.message(for: failure)
    }
}

extension ValidationCode {
    /// The VAT identifier is empty (after removing separators).
    public static let vatIDEmpty = ValidationCode(rawValue: "vatID.empty")
    /// The VAT identifier is far longer than any written with separators.
    public static let vatIDTooLong = ValidationCode(rawValue: "vatID.tooLong")
    /// The VAT identifier contains something other than letters, digits, spaces, dots, dashes and slashes.
    public static let vatIDInvalidCharacter = ValidationCode(rawValue: "vatID.invalidCharacter")
    /// The VAT identifier has no country prefix and no country is known to supply one.
    public static let vatIDMissingCountryPrefix = ValidationCode(rawValue: "vatID.missingCountryPrefix")
    /// The VAT identifier starts with `GR`; Greece's prefix is `EL`.
    public static let vatIDGreekPrefix = ValidationCode(rawValue: "vatID.greekPrefix")
    /// The prefix names no country (in ``ValidationParameter/part`` when quotable).
    public static let vatIDUnknownCountry = ValidationCode(rawValue: "vatID.unknownCountry")
    /// The number does not fit its country's pattern (the prefix is in ``ValidationParameter/part``).
    public static let vatIDWrongFormat = ValidationCode(rawValue: "vatID.wrongFormat")
    /// The check digits do not match (the prefix is in ``ValidationParameter/part``).
    public static let vatIDChecksumMismatch = ValidationCode(rawValue: "vatID.checksumMismatch")

    /// Every code a VAT identifier reports.
    public static let vatIDCodes: [ValidationCode] = [
        .vatIDEmpty, .vatIDTooLong, .vatIDInvalidCharacter, .vatIDMissingCountryPrefix, .vatIDGreekPrefix,
        .vatIDUnknownCountry, .vatIDWrongFormat, .vatIDChecksumMismatch,
    ]
}

extension Validator where Value == String {
    /// A VAT identifier with its country's pattern and check digits (see ``VATIdentifier``); `countryCode`
    /// supplies the prefix of a bare national number. Reports `vatID.*` codes.
    public static func vatIdentifier(countryCode: String? = nil) -> Validator {
        Validator { text in
            do throws(VATIdentifierError) {
                _ = try VATIdentifier(parsing: text, countryCode: countryCode)
                return []
            } catch {
                return [error.failure]
            }
        }
    }
}
