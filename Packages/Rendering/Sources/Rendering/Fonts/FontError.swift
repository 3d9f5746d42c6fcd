/// Why a font file cannot be used. Cases are stable so a caller (a settings screen that accepts a font file) can
/// switch on them; the table name says where a damaged file went wrong.
public enum FontError: Error, Hashable, Sendable {
    /// The data is not a TrueType font or font collection (wrong signature, or shorter than a font header).
    case notAFont
    /// The font has PostScript (CFF) outlines; only TrueType (`glyf`) outlines can be embedded as CIDFontType2.
    case unsupportedOutlines
    /// A font collection was opened with a face index it does not have.
    case faceIndexOutOfRange(index: Int, count: Int)
    /// A table the font needs is absent (`head`, `hhea`, `maxp`, `hmtx`, `cmap`, `loca`, `glyf`).
    case missingTable(String)
    /// A table, record or glyph reaches past the end of the data or of its table.
    case truncated(table: String)
    /// A table holds values that contradict each other or the specification (no glyphs, a zero em square,
    /// offsets that run backwards, a component naming a glyph the font does not have).
    case malformed(table: String)
    /// No character map maps Unicode (platform 0, or platform 3 encodings 1 and 10, formats 4 and 12).
    case noUnicodeCharacterMap
    /// A font file the package ships could not be read: the binary was shipped without the package's resource
    /// folder (`Rendering_Rendering.resources`, or `.bundle` on Apple platforms) beside it. Names the file.
    case missingResource(String)
    /// The font's `OS/2` embedding flags forbid embedding it in a document, or forbid embedding a subset.
    case embeddingNotPermitted
}
