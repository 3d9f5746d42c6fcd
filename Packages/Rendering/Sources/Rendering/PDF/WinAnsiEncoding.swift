import Foundation

/// Text encoded for the core fonts: one WinAnsiEncoding byte per character.
///
/// The core fonts are single-byte fonts, so measuring and wrapping work on these bytes directly; a `Character`
/// that has no WinAnsi code never gets this far (the encoder reports it instead of writing a `?`).
struct WinAnsiText: Hashable, Sendable {
    /// The encoded characters.
    var bytes: [UInt8]

    /// No text.
    static let empty = WinAnsiText(bytes: [])

    var isEmpty: Bool { bytes.isEmpty }
}

/// Maps Unicode text to WinAnsiEncoding (Windows code page 1252 as PDF defines it).
enum WinAnsiEncoding {
    /// The code of every non-ASCII, non-Latin-1 scalar WinAnsi carries (the 0x80...0x9F block).
    private static let extraCodes: [UInt32: UInt8] = [
        0x20AC: 0x80, 0x201A: 0x82, 0x0192: 0x83, 0x201E: 0x84, 0x2026: 0x85, 0x2020: 0x86, 0x2021: 0x87,
        0x02C6: 0x88, 0x2030: 0x89, 0x0160: 0x8A, 0x2039: 0x8B, 0x0152: 0x8C, 0x017D: 0x8E, 0x2018: 0x91,
        0x2019: 0x92, 0x201C: 0x93, 0x201D: 0x94, 0x2022: 0x95, 0x2013: 0x96, 0x2014: 0x97, 0x02DC: 0x98,
        0x2122: 0x99, 0x0161: 0x9A, 0x203A: 0x9B, 0x0153: 0x9C, 0x017E: 0x9E, 0x0178: 0x9F,
    ]

    /// The WinAnsi code of one scalar, or nil when the core fonts cannot show it. Tabs become spaces; other
    /// control characters have no glyph.
    static func code(of scalar: Unicode.Scalar) -> UInt8? {
        let value = scalar.value
        switch value {
        case 0x09: return 0x20
        case 0x20...0x7E, 0xA0...0xFF: return UInt8(value)
        default: return extraCodes[value]
        }
    }

    /// Encodes one line of text (no line breaks), or returns the characters that have no code, in order of
    /// first appearance and without duplicates.
    static func encode(_ text: String) -> Result<WinAnsiText, UnsupportedCharacters> {
        // Fast path: printable ASCII is its own encoding and needs no normalisation.
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        var isPrintableASCII = true
        for byte in text.utf8 {
            guard byte >= 0x20 && byte < 0x7F else {
                isPrintableASCII = false
                break
            }
            bytes.append(byte)
        }
        if isPrintableASCII { return .success(WinAnsiText(bytes: bytes)) }

        bytes.removeAll(keepingCapacity: true)
        var unsupported = UnsupportedCharacters()
        // Composed form first, so "e" + U+0301 becomes the single WinAnsi "é".
        for character in text.precomposedStringWithCanonicalMapping {
            let scalars = character.unicodeScalars
            if scalars.count == 1, let scalar = scalars.first, let code = code(of: scalar) {
                bytes.append(code)
            } else {
                unsupported.insert(character)
            }
        }
        return unsupported.isEmpty ? .success(WinAnsiText(bytes: bytes)) : .failure(unsupported)
    }
}

/// An ordered set of characters the core fonts cannot show, collected across a whole document so one error
/// names all of them.
struct UnsupportedCharacters: Error, Hashable, Sendable {
    private(set) var characters: [Character] = []
    private var seen: Set<Character> = []

    var isEmpty: Bool { characters.isEmpty }

    mutating func insert(_ character: Character) {
        if seen.insert(character).inserted { characters.append(character) }
    }

    mutating func formUnion(_ other: UnsupportedCharacters) {
        for character in other.characters { insert(character) }
    }
}
