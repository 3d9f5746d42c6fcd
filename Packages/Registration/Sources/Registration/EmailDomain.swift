import Foundation

/// A domain name in the one form domain rules compare: exact and case-insensitive, so `Example.COM` is
/// `example.com` but `example.com.evil.test` and `mail.example.com` are not.
///
/// Normalization exists so that a block list cannot be walked around by spellings that mail systems treat as
/// the same domain; it never makes two different domains equal:
/// - Unicode compatibility forms are folded (NFKC), so full-width `ｅｖｉｌ．test` is `evil.test`;
/// - the ideographic full stop `。` separates labels like `.`;
/// - letters are lower-cased;
/// - surrounding whitespace is ignored;
/// - one trailing dot (the fully qualified form `example.com.`) is dropped, because DNS resolves it to the
///   same domain.
///
/// Anything else that cannot be a domain (empty, an empty label as in `a..b` or `.a`, an `@`, whitespace or a
/// control character inside, more than 253 characters, or more than 4 KiB of text before normalization) has no
/// `EmailDomain`. Punycode (`xn--...`) and Unicode spellings of one internationalized domain are not equated:
/// list both when both must match.
public struct EmailDomain: Hashable, Sendable, CustomStringConvertible {
    /// The normalized name, such as `example.com`.
    public let name: String

    /// The longest domain name DNS allows, in characters.
    public static let maximumLength = 253

    /// Text longer than this (in UTF-8 bytes) is refused before normalization, whatever it contains.
    public static let maximumInputBytes = 4_096

    /// Normalizes a bare domain such as `Example.COM.`, or returns `nil` when `text` cannot be a domain.
    public init?(_ text: String) {
        // Nothing this long can normalize to 253 characters of domain; refusing it first keeps hostile input
        // from paying for Unicode folding of megabytes.
        guard text.utf8.count <= Self.maximumInputBytes else { return nil }
        // ASCII is already in compatibility form, so the common case skips Foundation's Unicode work entirely.
        let normalized = text.utf8.allSatisfy { $0 < 0x80 } ? Self.normalizedASCII(text) : Self.normalizedUnicode(text)
        guard let normalized else { return nil }
        name = normalized
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
