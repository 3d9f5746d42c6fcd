/// Encodes every string of a document for the core fonts and remembers what cannot be encoded, so one error
/// lists every unsupported character of the whole document instead of stopping at the first.
struct TextEncoder {
    private(set) var unsupported = UnsupportedCharacters()

    /// One line: line breaks become spaces.
    mutating func line(_ text: String) -> WinAnsiText {
        guard text.contains(where: \.isNewline) else { return encode(text) }
        return encode(String(text.map { $0.isNewline ? " " : $0 }))
    }

    /// Paragraphs: every line break (LF, CR LF, CR, U+2028, ...) starts a new paragraph; empty input gives one
    /// empty paragraph.
    mutating func paragraphs(_ text: String) -> [WinAnsiText] {
        guard text.contains(where: \.isNewline) else { return [encode(text)] }
        return text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).map { encode(String($0)) }
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
