/// Which faces and glyphs one document draws, recorded while its pages are written: the content streams get
/// each embedded glyph's CID from here (numbered in order of first use), and the writer then embeds exactly
/// those glyphs and maps each back to its character.
final class FontUsage {
    let fonts: InvoiceFonts
    private(set) var usedFaces: [Bool]
    /// Per embedded face: the glyphs drawn, by CID.
    private(set) var embedded: [EmbeddedFaceUsage?]
    /// `resourceName` of every face as bytes, for the content streams.
    let resourceNameBytes: [[UInt8]]

    init(fonts: InvoiceFonts) {
        self.fonts = fonts
        usedFaces = Array(repeating: false, count: fonts.faces.count)
        resourceNameBytes = fonts.faces.indices.map { Array(Self.resourceName($0).utf8) }
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
            usage.appendCIDs(of: glyphs, to: &bytes)
        } else {
            for glyph in glyphs { Self.appendEscaped(UInt8(truncatingIfNeeded: glyph.glyph), to: &bytes) }
        }
    }

    static func appendEscaped(_ byte: UInt8, to bytes: inout [UInt8]) {
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
///
/// A glyph drawn for two characters (a font may draw the space and the no-break space alike) gets a CID for
/// each, so each copies back as the character it stood for.
final class EmbeddedFaceUsage {
    /// The CID of every glyph of the font, 0 while unused: the CID of its first character.
    private var cidOfGlyph: [UInt16]
    /// CIDs of glyphs drawn for a further character, by glyph and character.
    private var furtherCIDs: [UInt64: UInt16] = [:]
    /// The original glyph of every CID.
    private(set) var glyphs: [UInt16] = [0]
    /// The character every CID stands for (the first one drawn with it).
    private(set) var scalars: [UInt32] = [0]

    init(glyphCount: Int) {
        cidOfGlyph = Array(repeating: 0, count: glyphCount)
    }

    /// Appends the two-byte CID of every glyph, escaped for a literal string, numbering new glyphs as they come.
    func appendCIDs(of run: ArraySlice<Glyph>, to bytes: inout [UInt8]) {
        // The table is moved out for the loop, so each glyph costs an array read rather than an access to a class
        // property.
        var table: [UInt16] = []
        swap(&table, &cidOfGlyph)
        defer { swap(&table, &cidOfGlyph) }
        for glyph in run {
            let index = Int(glyph.glyph)
            var cid: UInt16 = 0
            if index > 0 && index < table.count {
                cid = table[index]
                if cid == 0 {
                    cid = newCID(glyph)
                    table[index] = cid
                } else if scalars[Int(cid)] != glyph.scalar {
                    let key = UInt64(glyph.glyph) << 32 | UInt64(glyph.scalar)
                    if let known = furtherCIDs[key] {
                        cid = known
                    } else {
                        cid = newCID(glyph)
                        furtherCIDs[key] = cid
                    }
                }
            }
            FontUsage.appendEscaped(UInt8(cid >> 8), to: &bytes)
            FontUsage.appendEscaped(UInt8(cid & 0xFF), to: &bytes)
        }
    }

    private func newCID(_ glyph: Glyph) -> UInt16 {
        // CIDs are two bytes; a document drawing 65,535 distinct glyphs draws further ones as `.notdef`.
        guard glyphs.count < 0xFFFF else { return 0 }
        glyphs.append(glyph.glyph)
        scalars.append(glyph.scalar)
        return UInt16(glyphs.count - 1)
    }
}
