/// The standard PDF fonts Rendering can write with. Every PDF reader carries them, so nothing is embedded and the
/// output stays small; their glyph widths come from `StandardFontMetrics`.
enum StandardFont: Int, CaseIterable, Sendable {
    case helvetica
    case helveticaBold

    /// The PostScript name the font dictionary names.
    var baseFont: String {
        switch self {
        case .helvetica: "Helvetica"
        case .helveticaBold: "Helvetica-Bold"
        }
    }

    private var widths: [UInt16] {
        switch self {
        case .helvetica: StandardFontMetrics.helvetica
        case .helveticaBold: StandardFontMetrics.helveticaBold
        }
    }

    /// The width of the glyph of WinAnsi code `byte` in 1/1000 em.
    func units(of byte: UInt8) -> Int { Int(widths[Int(byte)]) }
}
