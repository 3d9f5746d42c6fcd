import Foundation

/// Host names compared the way DNS compares them: lower-cased ASCII after IDNA ToASCII.
///
/// This is a strict subset of IDNA 2008 / UTS #46: compatibility normalisation (NFKC), lower-casing, the
/// ideographic full stops as label separators, one trailing dot (the DNS root) dropped, then Punycode for labels
/// that are not ASCII. Code points other
/// than letters, combining marks and decimal digits are refused (so a full-width solidus or a zero-width joiner
/// can never smuggle a separator into a host), and bidirectional and contextual rules are not evaluated:
/// refusing more than a browser would is the safe side for an allow-list.
enum HostName {
    /// Why a host is not a valid host name.
    enum Failure: Error, Equatable {
        /// The host, or one of its dot-separated labels, is empty.
        case emptyLabel
        /// A label is longer than 63 characters in its ASCII form.
        case labelTooLong
        /// The whole host is longer than 253 characters in its ASCII form.
        case hostTooLong
        /// A character that cannot appear in a host name.
        case disallowedCharacter
        /// A label starts or ends with a hyphen, or has hyphens in positions 3 and 4 without being `xn--`.
        case hyphenPlacement
        /// An `xn--` label is not valid, canonical Punycode.
        case invalidPunycode
        /// A bracketed IP literal is malformed.
        case invalidIPLiteral
        /// A percent escape is malformed or does not decode to UTF-8.
        case invalidPercentEncoding
    }

    private static let maximumLabelLength = 63
    private static let maximumHostLength = 253

    /// The canonical ASCII spelling of `raw`; returns `raw` itself, without copying, when it already is.
    static func canonical(_ raw: String) throws(Failure) -> String {
        if let verdict = plainASCIIVerdict(raw[...]), verdict.valid, !verdict.upper { return raw }
        return try canonical(raw[...])
    }

    /// The canonical ASCII spelling of `raw` (as it appears in a URL: maybe percent-encoded, maybe Unicode).
    static func canonical(_ raw: Substring) throws(Failure) -> String {
        if let plain = plainASCII(raw) { return plain }
        guard !raw.isEmpty else { throw .emptyLabel }
        if raw.utf8.first == UInt8(ascii: "[") { return try ipLiteral(raw) }
        guard let decoded = PercentEncoding.decode(raw) else { throw .invalidPercentEncoding }
        return try toASCII(decoded)
    }

    /// The common case in one pass and without allocating: letters, digits, hyphens and dots in well-formed
    /// labels, no Punycode. `nil` sends everything else through the full (and exact) path.
    private static func plainASCII(_ raw: Substring) -> String? {
        guard let verdict = plainASCIIVerdict(raw), verdict.valid else { return nil }
        return verdict.upper ? raw.lowercased() : String(raw)
    }

    private static func plainASCIIVerdict(_ raw: Substring) -> (valid: Bool, upper: Bool)? {
        raw.utf8.withContiguousStorageIfAvailable { bytes -> (valid: Bool, upper: Bool) in
            guard !bytes.isEmpty, bytes.count <= maximumHostLength else { return (false, false) }
            var labelLength = 0
            var upper = false
            var previous: UInt8 = 0
            for byte in bytes {
                switch byte {
                case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                    labelLength += 1
                case UInt8(ascii: "A")...UInt8(ascii: "Z"):
                    upper = true
                    labelLength += 1
                case UInt8(ascii: "-"):
                    // A leading hyphen, or one in the third or fourth place ("xn--"), needs the exact rules.
                    guard labelLength != 0, labelLength != 2, labelLength != 3 else { return (false, false) }
                    labelLength += 1
                case UInt8(ascii: "."):
                    guard labelLength != 0, previous != UInt8(ascii: "-") else { return (false, false) }
                    labelLength = 0
                default:
                    return (false, false)
                }
                guard labelLength <= maximumLabelLength else { return (false, false) }
                previous = byte
            }
            return (labelLength != 0 && previous != UInt8(ascii: "-"), upper)
        }
    }

    /// IDNA ToASCII of a whole host.
    static func toASCII(_ host: String) throws(Failure) -> String {
        guard host.utf8.count <= 4 * maximumHostLength else { throw .hostTooLong }
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
            labels.append(try asciiLabel(label))
        }
        let result = labels.joined(separator: ".")
        guard result.utf8.count <= maximumHostLength else { throw .hostTooLong }
        return result
    }

    private static func asciiLabel(_ label: Substring) throws(Failure) -> String {
        guard !label.isEmpty else { throw .emptyLabel }
        let scalars = Array(label.unicodeScalars)
        guard scalars.count <= maximumLabelLength else { throw .labelTooLong }
        if scalars.allSatisfy({ $0.isASCII }) {
            let ascii = String(label)
            try checkHyphens(ascii)
            guard ascii.utf8.allSatisfy(isLetterDigitHyphen) else { throw .disallowedCharacter }
            if ascii.hasPrefix("xn--") { try checkPunycodeLabel(ascii) }
            return ascii
        }
        try checkUnicode(scalars)
        let encoded: String
        do {
            encoded = "xn--" + (try Punycode.encode(scalars))
        } catch {
            throw .invalidPunycode
        }
        guard encoded.utf8.count <= maximumLabelLength else { throw .labelTooLong }
        return encoded
    }

    /// An `xn--` label must decode to a Unicode label that is valid and encodes back to exactly the same text,
    /// so there is one spelling per host and an allow-list cannot be bypassed with a second one.
    private static func checkPunycodeLabel(_ label: String) throws(Failure) {
        let decoded: [Unicode.Scalar]
        do {
            decoded = try Punycode.decode(label.dropFirst(4))
        } catch {
            throw .invalidPunycode
        }
        guard decoded.contains(where: { !$0.isASCII }) else { throw .invalidPunycode }
        let unicode = String(String.UnicodeScalarView(decoded))
        let normalized = unicode.precomposedStringWithCompatibilityMapping.lowercased()
        guard normalized.unicodeScalars.elementsEqual(decoded) else { throw .invalidPunycode }
        try checkUnicode(decoded)
        let reencoded: String
        do {
            reencoded = "xn--" + (try Punycode.encode(decoded))
        } catch {
            throw .invalidPunycode
        }
        guard reencoded == label else { throw .invalidPunycode }
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
        let text = String(String.UnicodeScalarView(scalars))
        try checkHyphens(text)
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

    /// `[v6 address]` or `[v6 address with embedded v4]`, lower-cased; zone identifiers are refused.
    private static func ipLiteral(_ raw: Substring) throws(Failure) -> String {
        let bytes = Array(raw.utf8)
        guard bytes.count > 2, bytes.last == UInt8(ascii: "]") else { throw .invalidIPLiteral }
        let inner = bytes[1..<(bytes.count - 1)]
        let allowed = inner.allSatisfy { byte in
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "a")...UInt8(ascii: "f"),
                UInt8(ascii: "A")...UInt8(ascii: "F"), UInt8(ascii: ":"), UInt8(ascii: "."):
                true
            default: false
            }
        }
        guard allowed, inner.contains(UInt8(ascii: ":")) else { throw .invalidIPLiteral }
        return raw.lowercased()
    }
}
