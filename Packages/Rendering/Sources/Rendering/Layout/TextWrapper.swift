/// Breaks encoded text into lines that fit a width, measured with the font's real glyph widths.
enum TextWrapper {
    private static let space = UInt8(ascii: " ")

    /// Greedy wrapping at spaces; a word wider than the line is broken between characters so nothing is ever
    /// cut off. Always returns at least one line (empty text gives one empty line), and every line holds at
    /// least one character, so the loop makes progress even for a width narrower than one glyph.
    static func wrap(_ text: WinAnsiText, width: Double, font: StandardFont, size: Double) -> [WinAnsiText] {
        let bytes = text.bytes
        guard size > 0, width > 0 else { return [text] }
        let limit = Int((width * 1000 / size).rounded(.down))
        var lines: [WinAnsiText] = []
        var lineStart = 0
        var lineUnits = 0
        var lastSpace = -1
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            let units = font.units(of: byte)
            if byte == space {
                lastSpace = index
                lineUnits += units
                index += 1
                continue
            }
            if lineUnits + units > limit && index > lineStart {
                if lastSpace >= lineStart {
                    lines.append(trimmed(bytes[lineStart..<lastSpace]))
                    lineStart = lastSpace + 1
                    while lineStart < index && bytes[lineStart] == space { lineStart += 1 }
                } else {
                    lines.append(WinAnsiText(bytes: Array(bytes[lineStart..<index])))
                    lineStart = index
                }
                lineUnits = 0
                for byte in bytes[lineStart..<index] { lineUnits += font.units(of: byte) }
                lastSpace = -1
                continue
            }
            lineUnits += units
            index += 1
        }
        if lineStart < bytes.count || lines.isEmpty {
            lines.append(trimmed(bytes[lineStart..<bytes.count]))
        }
        return lines
    }

    /// Wraps each paragraph and concatenates the lines.
    static func wrap(paragraphs: [WinAnsiText], width: Double, font: StandardFont, size: Double) -> [WinAnsiText] {
        paragraphs.flatMap { wrap($0, width: width, font: font, size: size) }
    }

    /// The first line of the wrapped text, with an ellipsis when more was cut; only for decorations (running
    /// headers, footers) that repeat text shown in full elsewhere.
    static func firstLine(_ text: WinAnsiText, width: Double, font: StandardFont, size: Double) -> WinAnsiText {
        let ellipsis: UInt8 = 0x85
        let room = max(width - font.width(of: WinAnsiText(bytes: [ellipsis]), size: size), 0)
        let lines = wrap(text, width: room, font: font, size: size)
        guard lines.count > 1, let first = lines.first else { return text }
        return WinAnsiText(bytes: first.bytes + [ellipsis])
    }

    private static func trimmed(_ bytes: ArraySlice<UInt8>) -> WinAnsiText {
        var end = bytes.endIndex
        while end > bytes.startIndex && bytes[end - 1] == space { end -= 1 }
        return WinAnsiText(bytes: Array(bytes[bytes.startIndex..<end]))
    }
}
