/// The check every decoded path segment and query value passes before a route sees it, unless its parameter is
/// typed `.unsafeRaw(...)`.
///
/// Percent-decoding can produce characters that the link's own syntax forbids: `%2F` is a `/` inside one segment,
/// `%00` a NUL, `%E2%80%AE` a right-to-left override. A screen that joins the value into a path, writes it to a
/// log or shows it as a label is then tricked, so these characters are refused where they are decoded, once, for
/// every route.
enum DecodedText {
    /// The bidirectional controls: the embeddings, overrides and isolates, and the implicit marks.
    private static let bidirectionalControls: Set<UInt32> = [
        0x061C, 0x200E, 0x200F, 0x202A, 0x202B, 0x202C, 0x202D, 0x202E, 0x2066, 0x2067, 0x2068, 0x2069,
    ]

    /// The kind of the first unsafe character in `text`, or `nil` when there is none.
    static func unsafeCharacter(in text: String) -> UnsafeCharacter? {
        // Most values are printable ASCII: one pass over the bytes decides them without touching Unicode tables.
        for byte in text.utf8 {
            guard byte < 0x80 else { return unsafeScalar(in: text) }
            if let kind = unsafeASCII(byte) { return kind }
        }
        return nil
    }

    private static func unsafeASCII(_ byte: UInt8) -> UnsafeCharacter? {
        switch byte {
        case UInt8(ascii: "/"): .pathSeparator
        case UInt8(ascii: "\\"): .backslash
        case 0x00..<0x20, 0x7F: .control
        default: nil
        }
    }

    private static func unsafeScalar(in text: String) -> UnsafeCharacter? {
        for scalar in text.unicodeScalars {
            if scalar.isASCII {
                if let kind = unsafeASCII(UInt8(truncatingIfNeeded: scalar.value)) { return kind }
                continue
            }
            switch scalar.value {
            case 0x80...0x9F, 0x2028, 0x2029: return .control
            case _ where bidirectionalControls.contains(scalar.value): return .bidirectionalControl
            case _ where scalar.properties.generalCategory == .format: return .invisibleFormat
            default: continue
            }
        }
        return nil
    }
}
