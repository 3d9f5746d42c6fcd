/// The core PDF fonts Rendering writes with. Every PDF reader carries them, so nothing is embedded and the
/// output stays small; their glyph widths come from `StandardFontMetrics`.
enum StandardFont: Int, CaseIterable, Sendable {
    case helvetica
    case helveticaBold
    case helveticaOblique

    /// The PostScript name the font dictionary names.
    var baseFont: String {
        switch self {
        case .helvetica: "Helvetica"
        case .helveticaBold: "Helvetica-Bold"
        case .helveticaOblique: "Helvetica-Oblique"
        }
    }

    /// The name of the font in every page's resource dictionary.
    var resourceName: String { "F\(rawValue + 1)" }

    private var widths: [UInt16] {
        switch self {
        case .helvetica, .helveticaOblique: StandardFontMetrics.helvetica
        case .helveticaBold: StandardFontMetrics.helveticaBold
        }
    }

    /// The advance width of `text` at `size` points.
    func width(of text: WinAnsiText, size: Double) -> Double {
        width(of: text.bytes[...], size: size)
    }

    /// The advance width of a run of encoded bytes at `size` points.
    func width(of bytes: ArraySlice<UInt8>, size: Double) -> Double {
        let table = widths
        var units = 0
        for byte in bytes { units += Int(table[Int(byte)]) }
        return Double(units) * size / 1000
    }

    /// The width of one glyph in 1/1000 em.
    func units(of byte: UInt8) -> Int { Int(widths[Int(byte)]) }
}
