import Foundation

/// Answers which characters of a text cannot be drawn: what a form asks before it accepts a name or a
/// description, so the invoice is refused up front rather than when it is rendered.
public protocol GlyphCoverage: Sendable {
    /// The characters of `text` that cannot be drawn, each once, in order of first appearance. Empty when every
    /// character can be drawn. Line breaks and tabs count as drawable (they are layout, not glyphs).
    func unsupportedCharacters(in text: String) -> [Character]
}

/// The typefaces an invoice is drawn with: a regular and a bold face plus fallbacks for characters they lack.
///
/// Two kinds exist. Embedded TrueType fonts (``dejaVuSans()``, ``init(regular:bold:fallbacks:)``) draw any
/// left-to-right script their glyphs cover; only the glyphs a document uses are embedded. The standard 14 fonts
/// (`standard14`: Helvetica and Helvetica-Bold, WinAnsiEncoding) embed nothing, so files are smallest, but they
/// draw only Windows-1252 text. Characters are looked up in the style's face first, then in the others in order;
/// bold text falls back to the regular face, then to the fallbacks (drawn in their own weight).
public struct InvoiceFonts: GlyphCoverage {
    /// One face of the set.
    enum Face: Sendable {
        case standard(StandardFont)
        case trueType(TrueTypeFont)
    }

    let faces: [Face]
    /// Face indices tried for regular text, in order.
    let regularChain: [Int]
    /// Face indices tried for bold text, in order.
    let boldChain: [Int]
    /// Which printable ASCII bytes the regular chain draws, indexed by byte: the encoder's fast path.
    private let asciiCovered: [Bool]
    /// The resolved glyph of every scalar below `quickLimit`, regular then bold: the typesetter's fast path for
    /// Latin text.
    private let quick: [[ResolvedGlyph]]
    static let quickLimit: UInt32 = 0x250

    /// A glyph found for a scalar; `face` is -1 when no face has one.
    struct ResolvedGlyph: Sendable {
        let face: Int
        let glyph: UInt16
        let width: Int32
    }

    private init(faces: [Face], regular: [Int], bold: [Int]) {
        self.faces = faces
        self.regularChain = regular
        self.boldChain = bold
        var covered = [Bool](repeating: false, count: 128)
        for byte in 0x20..<0x7F {
            covered[byte] = Self.lookup(UInt32(byte), in: regular, faces: faces) != nil
        }
        asciiCovered = covered
        quick = [regular, bold].map { chain in
            (0..<Self.quickLimit).map { scalar in
                guard let found = Self.lookup(scalar, in: chain, faces: faces) else {
                    return ResolvedGlyph(face: -1, glyph: 0, width: 0)
                }
                return ResolvedGlyph(
                    face: found.face, glyph: found.glyph,
                    width: Self.width(of: found.glyph, face: faces[found.face]))
            }
        }
    }

    /// The face, glyph and advance that draw `scalar` in `style`, or nil when no face can.
    func resolve(_ scalar: UInt32, style: FontStyle) -> ResolvedGlyph? {
        if scalar < Self.quickLimit {
            let found = quick[style == .bold ? 1 : 0][Int(scalar)]
            return found.face < 0 ? nil : found
        }
        guard let found = glyph(for: scalar, style: style) else { return nil }
        return ResolvedGlyph(face: found.face, glyph: found.glyph, width: width(of: found.glyph, face: found.face))
    }

    /// Whether the regular chain draws the ASCII character `byte`.
    func coversASCII(_ byte: UInt8) -> Bool {
        byte < 0x80 && asciiCovered[Int(byte)]
    }

    /// Helvetica and Helvetica-Bold with WinAnsiEncoding: nothing embedded, the smallest files, Windows-1252
    /// text only (Western European languages).
    public static let standard14 = InvoiceFonts(
        faces: [.standard(.helvetica), .standard(.helveticaBold)], regular: [0], bold: [1])

    /// Embedded TrueType fonts: `regular`, `bold` (the regular face when nil), then `fallbacks` in order for
    /// characters the first faces lack (a CJK font, for example).
    public init(regular: TrueTypeFont, bold: TrueTypeFont? = nil, fallbacks: [TrueTypeFont] = []) {
        var faces: [Face] = [.trueType(regular)]
        var boldChain = [0]
        if let bold {
            faces.append(.trueType(bold))
            boldChain = [1, 0]
        }
        let first = faces.count
        faces += fallbacks.map(Face.trueType)
        let fallbackIndices = Array(first..<faces.count)
        self.init(faces: faces, regular: [0] + fallbackIndices, bold: boldChain + fallbackIndices)
    }

    /// This set with `font` tried after every face it already has, for both styles.
    public func addingFallback(_ font: TrueTypeFont) -> InvoiceFonts {
        let index = faces.count
        return InvoiceFonts(
            faces: faces + [.trueType(font)], regular: regularChain + [index], bold: boldChain + [index])
    }

    /// Whether documents embed font files (false only for `standard14` alone).
    public var embedsFonts: Bool {
        faces.contains { if case .trueType = $0 { true } else { false } }
    }

    /// DejaVu Sans and DejaVu Sans Bold, shipped with this package (see `Resources/Fonts/LICENSE-DejaVu.txt`):
    /// Latin for every European language, Greek and Cyrillic. Parsed once; later calls share the fonts.
    ///
    /// The files are read from the package's resource folder, which a binary must ship beside its executable
    /// (`Rendering_Rendering.resources`; `Rendering_Rendering.bundle` on Apple platforms, where Xcode copies it into
    /// the app) or name in the `RENDERING_RESOURCES` environment variable. Without it this throws
    /// ``FontError/missingResource(_:)`` naming the file; it never stops the process.
    public static func dejaVuSans() throws(FontError) -> InvoiceFonts {
        try BundledFonts.dejaVu.get()
    }

    /// What templates use unless told otherwise: ``dejaVuSans()``, or `standard14` when the package's resource
    /// folder was not shipped with the binary (the render then reports non-Windows-1252 text as
    /// `unsupportedCharacters` rather than failing outright).
    public static let `default`: InvoiceFonts = BundledFonts.defaultFonts(BundledFonts.dejaVu)

    /// The characters of `text` (after NFC normalisation) that these fonts cannot draw: characters with no
    /// glyph in any face, control and bidirectional-override characters, and every character of a script that
    /// needs shaping or right-to-left layout (``TextScript``).
    public func unsupportedCharacters(in text: String) -> [Character] {
        var found = UnsupportedCharacters()
        for character in TextNormalizer.nfc(text) where !character.isNewline {
            for scalar in character.unicodeScalars {
                let value = scalar.value == 0x09 ? 0x20 : scalar.value
                if TextScript.needingShaping(value) != nil || glyph(for: value, style: .regular) == nil {
                    found.insert(character)
                    break
                }
            }
        }
        return found.characters
    }

    /// The first script in `text` that needs shaping or right-to-left layout, or nil when there is none.
    public func unsupportedScript(in text: String) -> TextScript? {
        for scalar in text.unicodeScalars {
            if let script = TextScript.needingShaping(scalar.value) { return script }
        }
        return nil
    }

    /// The face and glyph that draw `scalar` in `style`, or nil when no face can.
    func glyph(for scalar: UInt32, style: FontStyle) -> (face: Int, glyph: UInt16)? {
        Self.lookup(scalar, in: style == .bold ? boldChain : regularChain, faces: faces)
    }

    private static func lookup(_ scalar: UInt32, in chain: [Int], faces: [Face]) -> (face: Int, glyph: UInt16)? {
        if isUndrawableControl(scalar) { return nil }
        for index in chain {
            switch faces[index] {
            case .standard:
                guard scalar <= 0xFFFF, let code = WinAnsiEncoding.code(of: scalar) else { continue }
                return (index, UInt16(code))
            case .trueType(let font):
                let glyph = font.glyph(for: scalar)
                if glyph != 0 { return (index, glyph) }
            }
        }
        return nil
    }

    /// The advance of `glyph` of face `face` in 1/1000 em.
    func width(of glyph: UInt16, face: Int) -> Int32 {
        Self.width(of: glyph, face: faces[face])
    }

    private static func width(of glyph: UInt16, face: Face) -> Int32 {
        switch face {
        case .standard(let font): Int32(font.units(of: UInt8(truncatingIfNeeded: glyph)))
        case .trueType(let font): Int(glyph) < font.widths.count ? font.widths[Int(glyph)] : 0
        }
    }

    /// Control characters and the invisible direction overrides: a font may map them, but drawing them would
    /// print a box or silently reorder nothing.
    private static func isUndrawableControl(_ scalar: UInt32) -> Bool {
        switch scalar {
        case 0x00...0x1F, 0x7F...0x9F, 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: true
        default: false
        }
    }
}

/// Regular or bold: which chain of faces draws a text.
enum FontStyle: Sendable {
    case regular
    case bold
}

/// The fonts in the package's resources, parsed on first use.
enum BundledFonts {
    static let dejaVu: Result<InvoiceFonts, FontError> = Result { () throws(FontError) -> InvoiceFonts in
        try dejaVuSans(from: .standard())
    }

    /// DejaVu Sans regular and bold from the resource folder `locator` finds; `missingResource` names the first
    /// file it cannot read.
    static func dejaVuSans(from locator: ResourceLocator) throws(FontError) -> InvoiceFonts {
        let regular = try load("DejaVuSans.ttf", from: locator)
        let bold = try load("DejaVuSans-Bold.ttf", from: locator)
        return InvoiceFonts(regular: regular, bold: bold)
    }

    /// What ``InvoiceFonts/default`` is made of: the bundled fonts, or the standard 14 when they cannot be read.
    static func defaultFonts(_ bundled: Result<InvoiceFonts, FontError>) -> InvoiceFonts {
        (try? bundled.get()) ?? .standard14
    }

    private static func load(_ file: String, from locator: ResourceLocator) throws(FontError) -> TrueTypeFont {
        guard let url = locator.url(of: file, in: "Fonts"), let data = try? Data(contentsOf: url) else {
            throw .missingResource(file)
        }
        return try TrueTypeFont(data: data)
    }
}
