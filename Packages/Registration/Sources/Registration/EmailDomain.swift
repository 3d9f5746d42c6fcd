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
/// control character inside, more than 253 characters) has no `EmailDomain`. Punycode (`xn--...`) and Unicode
/// spellings of one internationalized domain are not equated: list both when both must match.
public struct EmailDomain: Hashable, Sendable, CustomStringConvertible {
    /// The normalized name, such as `example.com`.
    public let name: String

    /// The longest domain name DNS allows, in characters.
    public static let maximumLength = 253

    /// Normalizes a bare domain such as `Example.COM.`, or returns `nil` when `text` cannot be a domain.
    public init?(_ text: String) {
        // ASCII is already in compatibility form, so the common case skips the costly Unicode folding.
        let isASCII = text.utf8.allSatisfy { $0 < 0x80 }
        let compatible =
            isASCII
            ? text : text.precomposedStringWithCompatibilityMapping.replacingOccurrences(of: "\u{3002}", with: ".")
        var folded = compatible.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
        if folded.hasSuffix(".") { folded.removeLast() }
        guard Self.isWellFormed(folded) else { return nil }
        name = folded
    }

    /// The domain of an email address: the text after its last `@`, normalized; `nil` when the address has
    /// no `@` or its domain is not well formed.
    ///
    /// The last `@` is the separator because a quoted local part may contain `@` while a domain never does.
    public init?(ofEmail address: String) {
        let trimmed = address.trimmingCharacters(in: .whitespacesAndNewlines)
        guard let at = trimmed.lastIndex(of: "@") else { return nil }
        self.init(String(trimmed[trimmed.index(after: at)...]))
    }

    /// The normalized name.
    public var description: String { name }

    private static func isWellFormed(_ name: String) -> Bool {
        guard !name.isEmpty, name.unicodeScalars.count <= maximumLength else { return false }
        let forbidden = CharacterSet.whitespacesAndNewlines.union(.controlCharacters).union(.illegalCharacters)
        guard !name.unicodeScalars.contains(where: { $0 == "@" || forbidden.contains($0) }) else { return false }
        return !name.split(separator: ".", omittingEmptySubsequences: false).contains(where: \.isEmpty)
    }
}
