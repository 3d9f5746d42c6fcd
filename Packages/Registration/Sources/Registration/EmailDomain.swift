import Essentials
import Foundation

/// A domain name in the one form domain rules compare: exact, case-insensitive and in ASCII, so `Example.COM` is
/// `example.com` and `Bücher.example` is `xn--bcher-kva.example`, but `example.com.evil.test` and
/// `mail.example.com` are not `example.com` (a ``DomainList`` may match subdomains, explicitly).
///
/// Normalization exists so that a block list cannot be walked around by spellings that mail systems treat as
/// the same domain; it never makes two different domains equal:
/// - Unicode compatibility forms are folded (NFKC), so full-width `ｅｖｉｌ．test` is `evil.test`;
/// - the ideographic full stop `。` separates labels like `.`;
/// - letters are lower-cased;
/// - surrounding whitespace is ignored;
/// - one trailing dot (the fully qualified form `example.com.`) is dropped, because DNS resolves it to the
///   same domain;
/// - every label with non-ASCII letters becomes its IDNA A-label (`xn--` and its Punycode, RFC 3492), the form
///   DNS resolves and the Validation package reports, so the Unicode and the Punycode spellings of one domain
///   are one ``EmailDomain``.
///
/// Anything else that cannot be a domain (empty, an empty label as in `a..b` or `.a`, an `@`, whitespace or a
/// control character inside, more than 253 bytes in its ASCII form, more than 4 KiB of text before
/// normalization, or an `xn--` label that no normalized Unicode label encodes to, such as `xn--abc-`, which
/// would be a second spelling of `abc`) has no ``EmailDomain``.
public struct EmailDomain: Hashable, Sendable, CustomStringConvertible {
    /// The normalized name, such as `example.com` or `xn--bcher-kva.example`.
    public let name: String

    /// The longest domain name DNS allows, in bytes of its ASCII form.
    public static let maximumLength = 253

    /// Text longer than this (in UTF-8 bytes) is refused before normalization, whatever it contains.
    public static let maximumInputBytes = 4_096

    /// Normalizes a bare domain such as `Example.COM.`, or returns `nil` when `text` cannot be a domain.
    public init?(_ text: String) {
        // Nothing this long can normalize to 253 characters of domain; refusing it first keeps hostile input
        // from paying for Unicode folding of megabytes.
        guard text.utf8.count <= Self.maximumInputBytes else { return nil }
        // ASCII is already in compatibility form, so the common case skips Foundation's Unicode work entirely.
        let folded = text.utf8.allSatisfy { $0 < 0x80 } ? Self.normalizedASCII(text) : Self.normalizedUnicode(text)
        guard let folded, let name = Self.asciiForm(folded) else { return nil }
        self.name = name
    }

    /// Wraps a name that is already normalized, such as a parent of a normalized domain.
    init(normalized name: String) {
        self.name = name
    }

    /// The names of the domains above this one, nearest first: `eu.mailinator.com` has `mailinator.com` and
    /// `com`. Every one is normalized, because it is made of this domain's labels.
    var parents: some Sequence<EmailDomain> {
        let name = name
        return sequence(state: name[...]) { rest -> EmailDomain? in
            guard let dot = rest.firstIndex(of: ".") else { return nil }
            rest = rest[rest.index(after: dot)...]
            return EmailDomain(normalized: String(rest))
        }
    }

    /// The domain of an email address: the text after its last `@`, normalized; `nil` when the address has
    /// no `@` or its domain is not well formed.
    ///
    /// The last `@` is the separator because a quoted local part may contain `@` while a domain never does.
    /// It is found byte by byte, as a mail server reads the address, so a combining mark cannot hide it.
    public init?(ofEmail address: String) {
        guard let at = address.utf8.lastIndex(of: UInt8(ascii: "@")) else { return nil }
        self.init(String(address[address.utf8.index(after: at)...]))
    }

    /// The normalized name.
    public var description: String { name }

    private static func normalizedASCII(_ text: String) -> String? {
        var bytes = Array(text.utf8)
        while let first = bytes.first, isASCIIWhitespace(first) { bytes.removeFirst() }
        while let last = bytes.last, isASCIIWhitespace(last) { bytes.removeLast() }
        if bytes.last == UInt8(ascii: ".") { bytes.removeLast() }
        guard !bytes.isEmpty, bytes.count <= maximumLength else { return nil }
        var previous = UInt8(ascii: ".")
        for index in bytes.indices {
            let byte = bytes[index]
            // Control characters, space and DEL are below 0x21 or 0x7F; a dot after a dot is an empty label.
            guard byte > 0x20, byte != 0x7F, byte != UInt8(ascii: "@") else { return nil }
            guard byte != UInt8(ascii: ".") || previous != UInt8(ascii: ".") else { return nil }
            if (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) { bytes[index] = byte + 0x20 }
            previous = byte
        }
        guard previous != UInt8(ascii: ".") else { return nil }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// `folded` (lower-cased, with valid labels) with every non-ASCII label replaced by its A-label and every
    /// `xn--` label checked; `nil` when an `xn--` label is not canonical or the result is too long for DNS.
    private static func asciiForm(_ folded: String) -> String? {
        // The common case: nothing to encode and no A-label to check.
        if folded.utf8.allSatisfy({ $0 < 0x80 }), !hasALabel(folded) { return folded }
        var labels: [String] = []
        for label in folded.split(separator: ".", omittingEmptySubsequences: false) {
            if label.utf8.allSatisfy({ $0 < 0x80 }) {
                guard !label.hasPrefix("xn--") || isCanonicalALabel(label) else { return nil }
                labels.append(String(label))
            } else {
                guard let encoded = IDNA.aLabel(label) else { return nil }
                labels.append(encoded)
            }
        }
        let name = labels.joined(separator: ".")
        guard name.utf8.count <= maximumLength else { return nil }
        return name
    }

    /// Whether a label of lower-cased `name` starts with `xn--`, read byte by byte because this runs for every
    /// ASCII domain.
    private static func hasALabel(_ name: String) -> Bool {
        let prefix = Array("xn--".utf8)
        var matched = 0
        var atLabelStart = true
        for byte in name.utf8 {
            if atLabelStart || matched > 0 {
                if byte == prefix[matched] {
                    matched += 1
                    if matched == prefix.count { return true }
                    atLabelStart = false
                    continue
                }
                matched = 0
            }
            atLabelStart = byte == UInt8(ascii: ".")
        }
        return false
    }

    /// Whether `label` is what a normalized Unicode label encodes to. Any other `xn--` label would be a second
    /// spelling: `xn--abc-` decodes to plain `abc`, `xn--BCHER-KVA` differs from `xn--bcher-kva` in case only.
    private static func isCanonicalALabel(_ label: Substring) -> Bool {
        guard let decoded = IDNA.unicodeLabel(of: label), !decoded.contains(where: { labelSeparators.contains($0) })
        else { return false }
        var text = String.UnicodeScalarView()
        text.append(contentsOf: decoded)
        return normalizedUnicode(String(text)).flatMap(asciiForm) == String(label)
    }

    /// The characters that separate labels before or after folding, and `@`; a decoded label holding one would
    /// be several labels, or none, when spelled in Unicode.
    private static let labelSeparators: Set<Unicode.Scalar> = [".", "\u{3002}", "\u{FF0E}", "\u{FF61}", "@"]

    private static func isASCIIWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || (0x09...0x0D).contains(byte)
    }

    private static let forbiddenScalars = CharacterSet.whitespacesAndNewlines.union(.controlCharacters)
        .union(.illegalCharacters)

    private static func normalizedUnicode(_ text: String) -> String? {
        var folded = text.precomposedStringWithCompatibilityMapping
            .replacingOccurrences(of: "\u{3002}", with: ".")
            .trimmingCharacters(in: .whitespacesAndNewlines)
            .lowercased()
        if folded.hasSuffix(".") { folded.removeLast() }
        guard !folded.isEmpty, folded.unicodeScalars.count <= maximumLength else { return nil }
        guard !folded.unicodeScalars.contains(where: { $0 == "@" || forbiddenScalars.contains($0) }) else {
            return nil
        }
        guard !folded.split(separator: ".", omittingEmptySubsequences: false).contains(where: \.isEmpty) else {
            return nil
        }
        return folded
    }
}
