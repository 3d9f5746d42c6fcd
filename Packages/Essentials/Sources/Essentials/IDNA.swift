import Foundation

/// Internationalized domain names in the one ASCII form DNS compares: every label with non-ASCII letters written as
/// its A-label (`xn--` and its Punycode), so `Bücher.example`, `bücher.example` and `xn--bcher-kva.example` are one
/// string.
///
/// Two conversions, for two needs, over the same labels and Punycode:
/// - ``toASCII(_:)`` is the strict one, for a host that decides what a link may open: a subset of IDNA 2008 /
///   UTS #46 ToASCII that refuses, with a reason, whatever is not a host name (see ``Failure``);
/// - ``asciiDomain(_:)`` is the lenient one, for comparing a domain that its caller has already judged: it
///   converts every label and refuses nothing but a domain too long to exist.
///
/// ``aLabel(_:)`` and ``unicodeLabel(of:)`` are the two directions for one label, for a caller with its own rules.
public enum IDNA {
    /// The longest label DNS allows, in ASCII characters.
    public static let maximumLabelLength = 63
    /// The longest name DNS allows, in ASCII characters, without a trailing dot.
    public static let maximumDomainLength = 253

    /// Why ``toASCII(_:)`` refused a host.
    public enum Failure: Error, Hashable, Sendable, CustomStringConvertible {
        /// The host, or one of its dot-separated labels, is empty.
        case emptyLabel
        /// A label is longer than 63 characters in its ASCII form.
        case labelTooLong
        /// The whole host is longer than 253 characters in its ASCII form.
        case domainTooLong
        /// A character that cannot appear in a host name.
        case disallowedCharacter
        /// A label starts or ends with a hyphen, or has hyphens in positions 3 and 4 without being `xn--`.
        case hyphenPlacement
        /// An `xn--` label is not valid, canonical Punycode.
        case invalidPunycode

        /// The reason as a sentence.
        public var description: String {
            switch self {
            case .emptyLabel: "The host name, or a part of it between dots, is empty."
            case .labelTooLong: "A part of the host name between dots is longer than 63 characters."
            case .domainTooLong: "The host name is longer than 253 characters."
            case .disallowedCharacter: "The host name holds a character that no host name may hold."
            case .hyphenPlacement:
                "A part of the host name starts or ends with a hyphen, or has two in its third and fourth places."
            case .invalidPunycode: "A part of the host name starts with xn-- but is not the one spelling of a name."
            }
        }
    }

    // MARK: One label

    /// The A-label of a Unicode label: `xn--` and the Punycode of its code points as they are (the caller maps
    /// them first). `nil` when the label is too long for Punycode's arithmetic, far past any DNS label.
    public static func aLabel(_ label: some StringProtocol) -> String? {
        aLabel(Array(label.unicodeScalars))
    }

    /// The code points an `xn--` label spells, when its Punycode is valid and names at least one non-ASCII code
    /// point; `nil` otherwise (`xn--abc-` decodes to plain `abc`, a second spelling of it). Whether the label is
    /// the canonical spelling (lower case, mapped) is the caller's rule to check.
    public static func unicodeLabel(of label: some StringProtocol) -> [Unicode.Scalar]? {
        let scalars = label.unicodeScalars
        guard scalars.starts(with: prefix.unicodeScalars),
            let decoded = try? Punycode.decode(String(String.UnicodeScalarView(scalars.dropFirst(4)))),
            decoded.contains(where: { !$0.isASCII })
        else { return nil }
        return decoded
    }

    // MARK: Whole domains

    /// `domain` with ASCII labels lower-cased and Unicode labels normalised (NFC, then lower-cased, the parts of
    /// UTS 46 mapping that matter for typed addresses) and written as A-labels. Nothing else is checked: empty
    /// labels stay, and an address literal (`[192.0.2.1]`) is only lower-cased. `nil` when the domain is longer
    /// than 253 UTF-8 bytes, so too long to be valid.
    public static func asciiDomain(_ domain: String) -> String? {
        guard domain.utf8.count <= maximumDomainLength else { return nil }
        if domain.utf8.allSatisfy({ $0 < 0x80 }) { return asciiLowercased(domain) }
        var labels: [String] = []
        for label in domain.split(separator: ".", omittingEmptySubsequences: false) {
            if label.utf8.allSatisfy({ $0 < 0x80 }) {
                labels.append(asciiLowercased(String(label)))
                continue
            }
            guard let encoded = aLabel(String(label).precomposedStringWithCanonicalMapping.lowercased()) else {
                return nil
            }
            labels.append(encoded)
        }
        return labels.joined(separator: ".")
    }

    /// The ASCII form of a host name: IDNA ToASCII, strict.
    ///
    /// A strict subset of IDNA 2008 / UTS #46: compatibility normalisation (NFKC), lower-casing, the ideographic
    /// full stops as label separators, one trailing dot (the DNS root) dropped, then Punycode for labels that are
    /// not ASCII. Code points other than letters, combining marks and decimal digits are refused (so a full-width
    /// solidus or a zero-width joiner can never smuggle a separator into a host), ASCII labels are letters, digits
    /// and hyphens, an `xn--` label must be the canonical spelling of a valid Unicode label, and bidirectional and
    /// contextual rules are not evaluated: refusing more than a browser would is the safe side for an allow-list.
    public static func toASCII(_ host: String) throws(Failure) -> String {
        guard host.utf8.count <= 4 * maximumDomainLength else { throw .domainTooLong }
        let mapped: String
        if host.utf8.allSatisfy({ $0 < 0x80 }) {
            mapped = host.lowercased()
        } else {
            let folded = host.precomposedStringWithCompatibilityMapping.lowercased()
            mapped = String(
                String.UnicodeScalarView(
                    folded.precomposedStringWithCompatibilityMapping.unicodeScalars.map { scalar in
                        // U+3002 IDEOGRAPHIC FULL STOP separates labels like "." (U+FF0E and U+FF61 map to these
                        // under NFKC).
                        scalar == "\u{3002}" ? "." : scalar
                    }
                )
            )
        }
        var rawLabels = mapped.split(separator: ".", omittingEmptySubsequences: false)
        // One trailing dot names the DNS root: `good.test.` is the fully qualified spelling of `good.test`, the same
        // host, so it must not be a second spelling that an allow-list or a route misses.
        if rawLabels.count > 1, rawLabels.last?.isEmpty == true { rawLabels.removeLast() }
        var labels: [String] = []
        for label in rawLabels {
            labels.append(try strictASCIILabel(label))
        }
        let result = labels.joined(separator: ".")
        guard result.utf8.count <= maximumDomainLength else { throw .domainTooLong }
        return result
    }

    // MARK: The strict rules

    private static let prefix = "xn--"

    private static func aLabel(_ scalars: [Unicode.Scalar]) -> String? {
        guard let encoded = try? Punycode.encode(scalars) else { return nil }
        return prefix + encoded
    }

    private static func strictASCIILabel(_ label: Substring) throws(Failure) -> String {
        guard !label.isEmpty else { throw .emptyLabel }
        let scalars = Array(label.unicodeScalars)
        guard scalars.count <= maximumLabelLength else { throw .labelTooLong }
        if scalars.allSatisfy({ $0.isASCII }) {
            let ascii = String(label)
            try checkHyphens(ascii)
            guard ascii.utf8.allSatisfy(isLetterDigitHyphen) else { throw .disallowedCharacter }
            if ascii.hasPrefix(prefix) { try checkALabel(ascii) }
            return ascii
        }
        try checkUnicode(scalars)
        guard let encoded = aLabel(scalars) else { throw .invalidPunycode }
        guard encoded.utf8.count <= maximumLabelLength else { throw .labelTooLong }
        return encoded
    }

    /// An `xn--` label must decode to a Unicode label that is valid and encodes back to exactly the same text,
    /// so there is one spelling per host and an allow-list cannot be bypassed with a second one.
    private static func checkALabel(_ label: String) throws(Failure) {
        guard let decoded = unicodeLabel(of: label) else { throw .invalidPunycode }
        let unicode = String(String.UnicodeScalarView(decoded))
        let normalized = unicode.precomposedStringWithCompatibilityMapping.lowercased()
        guard normalized.unicodeScalars.elementsEqual(decoded) else { throw .invalidPunycode }
        try checkUnicode(decoded)
        guard aLabel(decoded) == label else { throw .invalidPunycode }
    }

    private static func checkUnicode(_ scalars: [Unicode.Scalar]) throws(Failure) {
        guard let first = scalars.first else { throw .emptyLabel }
        switch first.properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark: throw .disallowedCharacter
        default: break
        }
        for scalar in scalars {
            if scalar.isASCII {
                guard isLetterDigitHyphen(UInt8(truncatingIfNeeded: scalar.value)) else {
                    throw .disallowedCharacter
                }
                continue
            }
            switch scalar.properties.generalCategory {
            case .lowercaseLetter, .otherLetter, .modifierLetter, .nonspacingMark, .spacingMark, .enclosingMark,
                .decimalNumber:
                continue
            default:
                throw .disallowedCharacter
            }
        }
        try checkHyphens(String(String.UnicodeScalarView(scalars)))
    }

    private static func checkHyphens(_ label: String) throws(Failure) {
        let bytes = Array(label.utf8)
        guard bytes.first != UInt8(ascii: "-"), bytes.last != UInt8(ascii: "-") else { throw .hyphenPlacement }
        if bytes.count >= 4, bytes[2] == UInt8(ascii: "-"), bytes[3] == UInt8(ascii: "-"),
            !(bytes[0] == UInt8(ascii: "x") && bytes[1] == UInt8(ascii: "n"))
        {
            throw .hyphenPlacement
        }
    }

    private static func isLetterDigitHyphen(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"): true
        default: false
        }
    }

    private static func asciiLowercased(_ text: String) -> String {
        String(decoding: text.utf8.map { (0x41...0x5A).contains($0) ? $0 | 0x20 : $0 }, as: UTF8.self)
    }
}
