/// A writing system that needs more than drawing one glyph after another: right-to-left order (Hebrew, Arabic)
/// or shaping that joins, reorders or stacks glyphs (Arabic, the Indic scripts, Thai, Khmer, ...).
///
/// Rendering places glyphs left to right without a shaping engine, so text in these scripts would come out with
/// wrong glyphs or in the wrong order. It is refused with ``RenderingError/unsupportedScript(_:)`` instead.
public enum TextScript: String, Hashable, Sendable, CaseIterable {
    /// Hebrew: right to left.
    case hebrew
    /// Arabic (including its presentation forms and extensions): right to left, joined letters.
    case arabic
    /// Syriac: right to left, joined letters.
    case syriac
    /// Thaana: right to left.
    case thaana
    /// N'Ko: right to left, joined letters.
    case nko
    /// Samaritan, Mandaic and the other right-to-left scripts of the BMP and the supplementary planes.
    case otherRightToLeft
    /// Devanagari (Hindi, Marathi, Nepali).
    case devanagari
    /// Bengali.
    case bengali
    /// Gurmukhi (Punjabi).
    case gurmukhi
    /// Gujarati.
    case gujarati
    /// Oriya (Odia).
    case oriya
    /// Tamil.
    case tamil
    /// Telugu.
    case telugu
    /// Kannada.
    case kannada
    /// Malayalam.
    case malayalam
    /// Sinhala.
    case sinhala
    /// Thai.
    case thai
    /// Lao.
    case lao
    /// Tibetan.
    case tibetan
    /// Myanmar (Burmese).
    case myanmar
    /// Khmer.
    case khmer
    /// Mongolian: vertical, joined letters.
    case mongolian
    /// Balinese, Javanese, Tai Tham and the other scripts of South and Southeast Asia that need shaping.
    case otherComplex

    /// What the script needs that drawing glyph after glyph cannot give, for messages.
    var layoutNeed: String {
        switch self {
        case .hebrew, .thaana, .otherRightToLeft: "is written from right to left"
        case .arabic, .syriac, .nko: "is written from right to left with joined letters"
        case .mongolian: "is written from top to bottom with joined letters"
        default: "needs letters that combine or change their order"
        }
    }

    /// The script of `scalar` when it needs shaping or right-to-left layout; nil for every other character.
    static func needingShaping(_ scalar: UInt32) -> TextScript? {
        // Everything below Hebrew (Latin, Greek, Cyrillic, Armenian) is drawn one glyph at a time.
        guard scalar >= 0x0590 else { return nil }
        switch scalar {
        case 0x0590...0x05FF, 0xFB1D...0xFB4F: return .hebrew
        case 0x0600...0x06FF, 0x0750...0x077F, 0x0870...0x08FF, 0xFB50...0xFDFF, 0xFE70...0xFEFF,
            0x1EE00...0x1EEFF:
            return .arabic
        case 0x0700...0x074F, 0x0860...0x086F: return .syriac
        case 0x0780...0x07BF: return .thaana
        case 0x07C0...0x07FF: return .nko
        case 0x0800...0x085F, 0x10800...0x10FFF, 0x1E800...0x1EDFF, 0x1EF00...0x1EFFF: return .otherRightToLeft
        case 0x0900...0x097F, 0xA8E0...0xA8FF, 0x11B00...0x11B5F: return .devanagari
        case 0x0980...0x09FF: return .bengali
        case 0x0A00...0x0A7F: return .gurmukhi
        case 0x0A80...0x0AFF: return .gujarati
        case 0x0B00...0x0B7F: return .oriya
        case 0x0B80...0x0BFF, 0x11FC0...0x11FFF: return .tamil
        case 0x0C00...0x0C7F: return .telugu
        case 0x0C80...0x0CFF: return .kannada
        case 0x0D00...0x0D7F: return .malayalam
        case 0x0D80...0x0DFF, 0x111E0...0x111FF: return .sinhala
        // The baht sign is a currency symbol, drawn like any other.
        case 0x0E3F: return nil
        case 0x0E00...0x0E7F: return .thai
        case 0x0E80...0x0EFF: return .lao
        case 0x0F00...0x0FFF: return .tibetan
        case 0x1000...0x109F, 0xA9E0...0xA9FF, 0xAA60...0xAA7F: return .myanmar
        case 0x1780...0x17FF, 0x19E0...0x19FF: return .khmer
        case 0x1800...0x18AF, 0x11660...0x1167F: return .mongolian
        case 0x1700...0x177F, 0x1A00...0x1AAF, 0x1B00...0x1BFF, 0x1C00...0x1C4F, 0xA800...0xA82F,
            0xA840...0xA87F, 0xA880...0xA8DF, 0xA900...0xA95F, 0xA980...0xA9DF, 0xAA00...0xAA5F,
            0xAA80...0xAAFF, 0xABC0...0xABFF, 0x11000...0x111DF, 0x11200...0x11AFF:
            return .otherComplex
        default: return nil
        }
    }
}

extension TextScript: CustomStringConvertible {
    /// The script's name in English, for messages: "Hebrew", "N'Ko", or a phrase for the grouped cases.
    public var description: String {
        switch self {
        case .hebrew: "Hebrew"
        case .arabic: "Arabic"
        case .syriac: "Syriac"
        case .thaana: "Thaana"
        case .nko: "N'Ko"
        case .otherRightToLeft: "Samaritan, Mandaic or another right-to-left script"
        case .devanagari: "Devanagari"
        case .bengali: "Bengali"
        case .gurmukhi: "Gurmukhi"
        case .gujarati: "Gujarati"
        case .oriya: "Odia"
        case .tamil: "Tamil"
        case .telugu: "Telugu"
        case .kannada: "Kannada"
        case .malayalam: "Malayalam"
        case .sinhala: "Sinhala"
        case .thai: "Thai"
        case .lao: "Lao"
        case .tibetan: "Tibetan"
        case .myanmar: "Myanmar (Burmese)"
        case .khmer: "Khmer"
        case .mongolian: "Mongolian"
        case .otherComplex: "Balinese, Javanese or another script of South or Southeast Asia"
        }
    }
}
