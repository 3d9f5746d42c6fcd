/// One glyph of a typeset line: which face draws it, its glyph (a glyph ID, or the WinAnsi code for a standard
/// font), its advance, and the character it stands for (what copying the text gives back).
struct Glyph: Sendable {
    static let isSpace: UInt8 = 1
    /// A line may break before and after it (CJK ideographs and kana, which are written without spaces).
    static let breaksAround: UInt8 = 2
    /// A combining mark: it belongs to the glyph before it and never starts a line.
    static let continuesCluster: UInt8 = 4

    let scalar: UInt32
    let glyph: UInt16
    let face: UInt8
    let flags: UInt8
    /// The advance in 1/1000 em.
    let width: Int32
}

/// Glyphs in drawing order with their total advance.
struct GlyphRun: Sendable {
    var glyphs: [Glyph]
    /// The sum of the advances, in 1/1000 em.
    var units: Int

    static let empty = GlyphRun(glyphs: [], units: 0)

    var isEmpty: Bool { glyphs.isEmpty }

    /// The width at `size` points.
    func width(size: Double) -> Double {
        Double(units) * size / 1000
    }

    init(glyphs: [Glyph]) {
        self.glyphs = glyphs
        var total = 0
        for glyph in glyphs { total += Int(glyph.width) }
        units = total
    }

    init(glyphs: ArraySlice<Glyph>) {
        self.init(glyphs: Array(glyphs))
    }

    private init(glyphs: [Glyph], units: Int) {
        self.glyphs = glyphs
        self.units = units
    }
}

/// Turns text into glyphs of a style: the document's fonts, face by face, without shaping (one glyph per
/// character, left to right), which is exactly what the scripts the encoder lets through need.
struct Typesetter {
    let fonts: InvoiceFonts

    func run(_ line: TextLine, _ style: FontStyle) -> GlyphRun {
        var glyphs: [Glyph] = []
        glyphs.reserveCapacity(line.scalars.count)
        for scalar in line.scalars {
            // The encoder let only drawable text through; anything else (a bug) is dropped rather than drawn
            // as a wrong glyph.
            guard let found = fonts.resolve(scalar, style: style) else { continue }
            glyphs.append(
                Glyph(
                    scalar: scalar, glyph: found.glyph, face: UInt8(found.face), flags: Self.flags(of: scalar),
                    width: found.width))
        }
        return GlyphRun(glyphs: glyphs)
    }

    /// Plain ASCII text drawn in `style` (labels built in code, page numbers).
    func run(ascii text: String, _ style: FontStyle) -> GlyphRun {
        run(TextLine(ascii: text), style)
    }

    private static func flags(of scalar: UInt32) -> UInt8 {
        if scalar == 0x20 { return Glyph.isSpace }
        if scalar < 0x300 { return 0 }
        switch scalar {
        case 0x2E80...0x9FFF, 0xF900...0xFAFF, 0xFF00...0xFFEF, 0x2_0000...0x3_FFFF: return Glyph.breaksAround
        default:
            guard let value = Unicode.Scalar(scalar) else { return 0 }
            switch value.properties.generalCategory {
            case .nonspacingMark, .spacingMark, .enclosingMark: return Glyph.continuesCluster
            default: return 0
            }
        }
    }
}
