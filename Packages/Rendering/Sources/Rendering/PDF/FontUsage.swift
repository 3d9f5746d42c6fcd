/// Which faces and glyphs one document draws, recorded while its pages are written: the content streams get
/// each embedded glyph's CID from here (numbered in order of first use), and the writer then embeds exactly
/// those glyphs and maps each back to its character.
final class FontUsage {
    let fonts: InvoiceFonts
    private(set) var usedFaces: [Bool]
    /// Per embedded face: the glyphs drawn, by CID.
    private(set) var embedded: [EmbeddedFaceUsage?]

    init(fonts: InvoiceFonts) {
        self.fonts = fonts
        usedFaces = Array(repeating: false, count: fonts.faces.count)
        embedded = fonts.faces.map { face in
            if case .trueType(let font) = face { EmbeddedFaceUsage(glyphCount: font.glyphCount) } else { nil }
        }
    }

    /// The page resource name of face `face`.
    static func resourceName(_ face: Int) -> String { "F\(face + 1)" }

    /// Appends the codes that show `glyphs` (all of face `face`) inside a PDF literal string: one byte per glyph
    /// for a standard font, two (the CID) for an embedded one. The bytes with a meaning inside a literal string
    /// are escaped, including CR, which a reader would otherwise turn into LF.
    func appendCodes(of glyphs: ArraySlice<Glyph>, face: Int, to bytes: inout [UInt8]) {
        usedFaces[face] = true
        if let usage = embedded[face] {
            for glyph in glyphs {
                let cid = usage.cid(for: glyph.glyph, scalar: glyph.scalar)
                Self.appendEscaped(UInt8(cid >> 8), to: &bytes)
                Self.appendEscaped(UInt8(cid & 0xFF), to: &bytes)
            }
        } else {
            for glyph in glyphs { Self.appendEscaped(UInt8(truncatingIfNeeded: glyph.glyph), to: &bytes) }
        }
    }

    private static func appendEscaped(_ byte: UInt8, to bytes: inout [UInt8]) {
        switch byte {
        case UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: "\\"):
            bytes.append(UInt8(ascii: "\\"))
            bytes.append(byte)
        case 0x0D:
            bytes.append(UInt8(ascii: "\\"))
            bytes.append(UInt8(ascii: "r"))
        default:
            bytes.append(byte)
        }
    }
}

/// The glyphs of one embedded face a document uses. CID 0 is `.notdef`; CIDs 1... are glyphs in order of first
/// use, which is also their glyph ID in the embedded subset (so `/CIDToGIDMap` is `/Identity`).
final class EmbeddedFaceUsage {
    /// The CID of every glyph of the font, 0 while unused.
    private var cidOfGlyph: [UInt16]
    /// The original glyph of every CID.
    private(set) var glyphs: [UInt16] = [0]
    /// The character every CID stands for (the first one drawn with it).
    private(set) var scalars: [UInt32] = [0]

    init(glyphCount: Int) {
        cidOfGlyph = Array(repeating: 0, count: glyphCount)
    }

    func cid(for glyph: UInt16, scalar: UInt32) -> UInt16 {
        let index = Int(glyph)
        guard index > 0, index < cidOfGlyph.count else { return 0 }
        let known = cidOfGlyph[index]
        if known != 0 { return known }
        let cid = UInt16(glyphs.count)
        cidOfGlyph[index] = cid
        glyphs.append(glyph)
        scalars.append(scalar)
        return cid
    }
}
