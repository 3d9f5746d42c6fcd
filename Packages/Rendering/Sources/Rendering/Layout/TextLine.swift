import Foundation

/// One line of text ready to typeset: Unicode scalars in NFC, no line breaks, tabs as spaces, every character
/// drawable with the document's fonts (the encoder checked).
struct TextLine: Hashable, Sendable {
    var scalars: [UInt32]

    static let empty = TextLine(scalars: [])

    var isEmpty: Bool { scalars.isEmpty }

    /// Text known to be plain ASCII (labels built in code, digits).
    init(ascii text: String) {
        scalars = text.unicodeScalars.map(\.value)
    }

    init(scalars: [UInt32]) {
        self.scalars = scalars
    }
}

/// Canonical composition (NFC), so `e` + U+0301 is the single glyph `é` and text reads back as one character.
enum TextNormalizer {
    static func nfc(_ text: String) -> String {
        // Below U+0300 there are no combining marks and nothing that composes differently: already NFC.
        if text.unicodeScalars.allSatisfy({ $0.value < 0x300 }) { return text }
        return text.precomposedStringWithCanonicalMapping
    }
}

/// Prepares every string of a document for typesetting and remembers what the fonts cannot draw, so one error
/// lists every unsupported character of the whole document instead of stopping at the first.
struct TextEncoder {
    let fonts: InvoiceFonts
    private(set) var unsupported = UnsupportedCharacters()
    /// The first script found that needs shaping or right-to-left layout.
    private(set) var script: TextScript?

    init(fonts: InvoiceFonts) {
        self.fonts = fonts
    }

    /// The error the collected findings amount to, or nil when everything can be drawn. A script that needs
    /// shaping is reported before single characters: it names the real reason.
    var error: RenderingError? {
        if let script { return .unsupportedScript(script) }
        return unsupported.isEmpty ? nil : .unsupportedCharacters(unsupported.characters)
    }

    /// Text already checked elsewhere (the page footer, whose wording and digits the document's encoding
    /// checked): normalised and prepared, nothing recorded.
    static func prepared(_ text: String) -> TextLine {
        var scalars: [UInt32] = []
        for scalar in TextNormalizer.nfc(text).unicodeScalars {
            switch scalar.value {
            case 0x09, 0x0A, 0x0D, 0x2028, 0x2029: scalars.append(0x20)
            default: scalars.append(scalar.value)
            }
        }
        return TextLine(scalars: scalars)
    }

    /// One line: line breaks become spaces.
    mutating func line(_ text: String) -> TextLine {
        if let ascii = asciiLine(text) { return ascii }
        guard text.contains(where: \.isNewline) else { return encode(text) }
        return encode(String(text.map { $0.isNewline ? " " : $0 }))
    }

    /// Paragraphs: every line break (LF, CR LF, CR, U+2028, ...) starts a new paragraph; empty input gives one
    /// empty paragraph.
    mutating func paragraphs(_ text: String) -> [TextLine] {
        if let ascii = asciiLine(text) { return [ascii] }
        guard text.contains(where: \.isNewline) else { return [encode(text)] }
        return text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).map { encode(String($0)) }
    }

    /// The common case, printable ASCII the fonts cover: its bytes are its scalars, no Character walk needed.
    private func asciiLine(_ text: String) -> TextLine? {
        var scalars: [UInt32] = []
        scalars.reserveCapacity(text.utf8.count)
        for byte in text.utf8 {
            guard byte >= 0x20 && byte < 0x7F, fonts.coversASCII(byte) else { return nil }
            scalars.append(UInt32(byte))
        }
        return TextLine(scalars: scalars)
    }

    private mutating func encode(_ text: String) -> TextLine {
        var scalars: [UInt32] = []
        scalars.reserveCapacity(text.utf8.count)
        var failed = false
        for character in TextNormalizer.nfc(text) {
            var drawable = true
            for scalar in character.unicodeScalars {
                let value = scalar.value == 0x09 ? 0x20 : scalar.value
                if let found = TextScript.needingShaping(value) {
                    if script == nil { script = found }
                    drawable = false
                } else if fonts.glyph(for: value, style: .regular) == nil {
                    drawable = false
                }
            }
            if drawable {
                for scalar in character.unicodeScalars { scalars.append(scalar.value == 0x09 ? 0x20 : scalar.value) }
            } else {
                unsupported.insert(character)
                failed = true
            }
        }
        return failed ? .empty : TextLine(scalars: scalars)
    }
}

/// An ordered set of characters the fonts cannot draw, collected across a whole document so one error names all
/// of them.
struct UnsupportedCharacters: Hashable, Sendable {
    private(set) var characters: [Character] = []
    private var seen: Set<Character> = []

    var isEmpty: Bool { characters.isEmpty }

    mutating func insert(_ character: Character) {
        if seen.insert(character).inserted { characters.append(character) }
    }
}
