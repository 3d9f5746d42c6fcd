/// Encodes every string of a document for the core fonts and remembers what cannot be encoded, so one error
/// lists every unsupported character of the whole document instead of stopping at the first.
struct TextEncoder {
    private(set) var unsupported = UnsupportedCharacters()

    /// One line: line breaks become spaces.
    mutating func line(_ text: String) -> WinAnsiText {
        if let ascii = Self.printableASCII(text) { return ascii }
        guard text.contains(where: \.isNewline) else { return encode(text) }
        return encode(String(text.map { $0.isNewline ? " " : $0 }))
    }

    /// Paragraphs: every line break (LF, CR LF, CR, U+2028, ...) starts a new paragraph; empty input gives one
    /// empty paragraph.
    mutating func paragraphs(_ text: String) -> [WinAnsiText] {
        if let ascii = Self.printableASCII(text) { return [ascii] }
        guard text.contains(where: \.isNewline) else { return [encode(text)] }
        return text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).map { encode(String($0)) }
    }

    /// The common case without line breaks or non-ASCII: its bytes are its encoding, no Character walk needed.
    private static func printableASCII(_ text: String) -> WinAnsiText? {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        for byte in text.utf8 {
            guard byte >= 0x20 && byte < 0x7F else { return nil }
            bytes.append(byte)
        }
        return WinAnsiText(bytes: bytes)
    }

    private mutating func encode(_ text: String) -> WinAnsiText {
        switch WinAnsiEncoding.encode(text) {
        case .success(let encoded):
            return encoded
        case .failure(let missing):
            unsupported.formUnion(missing)
            return .empty
        }
    }
}
