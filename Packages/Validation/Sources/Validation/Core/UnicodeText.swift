/// Which non-ASCII characters may appear where, when internationalized addresses are allowed.
enum UnicodeText {
    /// RFC 6531 allows any UTF-8 in a local part; this refuses what only hides or corrupts text: invisible
    /// formatting characters (bidirectional overrides, zero-width joiners), private-use and unassigned code
    /// points, noncharacters and U+FFFD, the trace of invalid UTF-8.
    static func isAllowedInText(_ scalar: Unicode.Scalar) -> Bool {
        let properties = scalar.properties
        switch properties.generalCategory {
        case .format, .privateUse, .unassigned, .surrogate, .control: return false
        default: return !properties.isNoncharacterCodePoint && scalar != UTF8Decoding.replacement
        }
    }

    /// IDNA labels are made of letters, combining marks and digits (RFC 5892, simplified), and a label may
    /// not start with a combining mark.
    static func isAllowedInLabel(_ scalar: Unicode.Scalar, atLabelStart: Bool) -> Bool {
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter, .decimalNumber:
            return true
        case .nonspacingMark, .spacingMark, .enclosingMark:
            return !atLabelStart
        default:
            return false
        }
    }
}

/// Decodes one scalar from UTF-8 without trusting the bytes: a String's storage is valid UTF-8, but this code
/// must not trap if it ever is not, so anything malformed decodes as U+FFFD over one byte.
enum UTF8Decoding {
    static func scalar(in bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> (Unicode.Scalar, Int) {
        let lead = bytes[index]
        let width: Int
        var value: UInt32
        switch lead {
        case 0xC2...0xDF:
            width = 2
            value = UInt32(lead & 0x1F)
        case 0xE0...0xEF:
            width = 3
            value = UInt32(lead & 0x0F)
        case 0xF0...0xF4:
            width = 4
            value = UInt32(lead & 0x07)
        default:
            return (Self.replacement, 1)
        }
        guard index + width <= bytes.count else { return (Self.replacement, 1) }
        for offset in 1..<width {
            let continuation = bytes[index + offset]
            guard continuation & 0xC0 == 0x80 else { return (Self.replacement, 1) }
            value = value << 6 | UInt32(continuation & 0x3F)
        }
        guard let scalar = Unicode.Scalar(value) else { return (Self.replacement, 1) }
        return (scalar, width)
    }

    static let replacement: Unicode.Scalar = "\u{FFFD}"
}
