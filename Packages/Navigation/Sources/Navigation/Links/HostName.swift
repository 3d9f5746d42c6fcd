import Essentials
import Foundation

/// Host names compared the way DNS compares them: lower-cased ASCII after IDNA ToASCII.
///
/// The labels are the kernel's (`IDNA.toASCII(_:)`: NFKC, lower-casing, ideographic full stops, the root dot,
/// letters, marks and digits only, canonical `xn--` labels); what is a link's own is here: percent escapes, bracketed
/// IP literals, and a fast path for the plain ASCII hosts nearly every link has.
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

        /// The kernel's reason as this one.
        init(_ failure: IDNA.Failure) {
            switch failure {
            case .emptyLabel: self = .emptyLabel
            case .labelTooLong: self = .labelTooLong
            case .domainTooLong: self = .hostTooLong
            case .disallowedCharacter: self = .disallowedCharacter
            case .hyphenPlacement: self = .hyphenPlacement
            case .invalidPunycode: self = .invalidPunycode
            }
        }
    }

    private static let maximumLabelLength = IDNA.maximumLabelLength
    private static let maximumHostLength = IDNA.maximumDomainLength

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

    /// IDNA ToASCII of a whole host, by the kernel's strict rules.
    static func toASCII(_ host: String) throws(Failure) -> String {
        do throws(IDNA.Failure) {
            return try IDNA.toASCII(host)
        } catch {
            throw Failure(error)
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
