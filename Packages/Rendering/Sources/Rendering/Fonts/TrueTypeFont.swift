public import Foundation

/// A TrueType font (a `.ttf` file, or one face of a `.ttc` collection) parsed for embedding: its character map,
/// glyph widths and glyph outlines, read with bounds checks throughout.
///
/// The font is read once, when it is created; a damaged or hostile file is a ``FontError`` there, never a crash
/// later. Rendering embeds only the glyphs a document uses (a subset), so even a large CJK font adds only what
/// the invoice shows. The data can come from anywhere: a file, or an app bundle's resource on iOS.
public struct TrueTypeFont: Sendable {
    /// The font's PostScript name (name ID 6), reduced to the characters a PDF name allows; documents name the
    /// embedded subset after it.
    public let postScriptName: String
    /// How many glyphs the font has.
    public let glyphCount: Int
    /// The size of the em square in font units.
    public let unitsPerEm: Int

    let bytes: [UInt8]
    let tables: [String: TableRecord]
    /// Offsets of every glyph into `glyf`, `glyphCount + 1` entries, never decreasing, within the table.
    let glyphOffsets: [UInt32]
    /// Advance widths in font units, one per glyph.
    let advances: [UInt16]
    /// Left side bearings in font units, one per glyph.
    let leftSideBearings: [Int16]
    /// Advance widths in 1/1000 em (rounded), one per glyph: what layout measures and `/W` states.
    let widths: [Int32]
    let characterMap: CharacterMap
    /// The component glyphs of every composite glyph, checked to exist.
    let components: [UInt16: [UInt16]]
    let descriptor: FontDescriptorValues
    /// The `name` table every subset carries (its Windows records), built once.
    let windowsNames: [UInt8]?

    /// Where a table lies in the file.
    struct TableRecord: Sendable {
        let offset: Int
        let length: Int
    }

    /// Parses `data`. For a collection (`.ttc`), `faceIndex` picks the face. Throws a ``FontError`` naming the
    /// table when the file is not a usable TrueType font or forbids embedding.
    public init(data: Data, faceIndex: Int = 0) throws(FontError) {
        try self.init(bytes: [UInt8](data), faceIndex: faceIndex)
    }

    init(bytes: [UInt8], faceIndex: Int = 0) throws(FontError) {
        let file = try FontDataReader(bytes, base: 0, length: bytes.count, table: "header")
        guard bytes.count >= 12 else { throw .notAFont }
        var directory = 0
        let signature = try file.uint32(0)
        if signature == 0x7474_6366 {  // 'ttcf'
            let count = Int(try file.uint32(8))
            guard faceIndex >= 0, faceIndex < count else {
                throw .faceIndexOutOfRange(index: faceIndex, count: count)
            }
            directory = Int(try file.uint32(12 + 4 * faceIndex))
        } else if faceIndex != 0 {
            throw .faceIndexOutOfRange(index: faceIndex, count: 1)
        }
        switch try file.uint32(directory) {
        case 0x0001_0000, 0x7472_7565: break  // 1.0 and 'true'
        case 0x4F54_544F: throw .unsupportedOutlines  // 'OTTO'
        default: throw .notAFont
        }
        let tableCount = Int(try file.uint16(directory + 4))
        var tables: [String: TableRecord] = [:]
        for index in 0..<tableCount {
            let record = directory + 12 + 16 * index
            let tag = String(decoding: try file.slice(record, count: 4), as: UTF8.self)
            let offset = Int(try file.uint32(record + 8))
            let length = Int(try file.uint32(record + 12))
            // A table outside the file is reported when it is read; unused tables may be damaged harmlessly.
            tables[tag] = TableRecord(offset: offset, length: length)
        }
        func table(_ tag: String) throws(FontError) -> FontDataReader {
            guard let record = tables[tag] else { throw .missingTable(tag) }
            return try FontDataReader(bytes, base: record.offset, length: record.length, table: tag)
        }
        func optionalTable(_ tag: String) -> FontDataReader? {
            guard let record = tables[tag] else { return nil }
            return try? FontDataReader(bytes, base: record.offset, length: record.length, table: tag)
        }
        if tables["glyf"] == nil && (tables["CFF "] != nil || tables["CFF2"] != nil) { throw .unsupportedOutlines }

        let head = try table("head")
        try head.require(0, count: 54)
        let unitsPerEm = Int(try head.uint16(18))
        guard (16...16_384).contains(unitsPerEm) else { throw .malformed(table: "head") }
        let longOffsets: Bool
        switch try head.int16(50) {
        case 0: longOffsets = false
        case 1: longOffsets = true
        default: throw .malformed(table: "head")
        }

        let glyphCount = Int(try table("maxp").uint16(4))
        guard glyphCount > 0 else { throw .malformed(table: "maxp") }

        let os2 = optionalTable("OS/2")
        if let os2, let flags = try? os2.uint16(8) {
            // Bit 1 alone: restricted licence; bit 8: no subsetting; bit 9: bitmap embedding only.
            let restricted = flags & 0x000E == 0x0002
            if restricted || flags & 0x0100 != 0 || flags & 0x0200 != 0 { throw .embeddingNotPermitted }
        }

        let hhea = try table("hhea")
        try hhea.require(0, count: 36)
        let metricCount = Int(try hhea.uint16(34))
        guard metricCount >= 1, metricCount <= glyphCount else { throw .malformed(table: "hhea") }
        let hmtx = try table("hmtx")
        try hmtx.require(0, count: metricCount * 4)
        var advances = [UInt16](repeating: 0, count: glyphCount)
        var bearings = [Int16](repeating: 0, count: glyphCount)
        for glyph in 0..<metricCount {
            advances[glyph] = try hmtx.uint16(glyph * 4)
            bearings[glyph] = try hmtx.int16(glyph * 4 + 2)
        }
        let lastAdvance = advances[metricCount - 1]
        for glyph in metricCount..<glyphCount {
            advances[glyph] = lastAdvance
            // Fonts that leave out the trailing bearings get zero rather than an error: they only matter to hinting.
            let offset = metricCount * 4 + (glyph - metricCount) * 2
            bearings[glyph] = hmtx.contains(offset, count: 2) ? try hmtx.int16(offset) : 0
        }

        let loca = try table("loca")
        let glyf = try table("glyf")
        var offsets = [UInt32](repeating: 0, count: glyphCount + 1)
        for index in 0...glyphCount {
            let value = longOffsets ? try loca.uint32(index * 4) : UInt32(try loca.uint16(index * 2)) * 2
            guard value <= glyf.length, index == 0 || value >= offsets[index - 1] else {
                throw .malformed(table: "loca")
            }
            offsets[index] = value
        }

        var components: [UInt16: [UInt16]] = [:]
        for glyph in 0..<glyphCount {
            let start = Int(offsets[glyph])
            let length = Int(offsets[glyph + 1]) - start
            guard length > 0 else { continue }
            guard length >= 10 else { throw .truncated(table: "glyf") }
            if try glyf.int16(start) < 0 {
                let parts = try CompositeGlyph.components(in: glyf.subtable(at: start, length: length))
                guard parts.allSatisfy({ Int($0.glyph) < glyphCount }) else { throw .malformed(table: "glyf") }
                components[UInt16(glyph)] = parts.map(\.glyph)
            }
        }

        self.bytes = bytes
        self.tables = tables
        self.glyphCount = glyphCount
        self.unitsPerEm = unitsPerEm
        self.glyphOffsets = offsets
        self.advances = advances
        self.leftSideBearings = bearings
        self.widths = advances.map { Int32((Int($0) * 1000 + unitsPerEm / 2) / unitsPerEm) }
        self.characterMap = try CharacterMap(try table("cmap"), glyphCount: glyphCount)
        self.components = components
        self.postScriptName = Self.postScriptName(optionalTable("name"))
        self.windowsNames = TrueTypeSubsetter.windowsNames(optionalTable("name"))
        self.descriptor = try FontDescriptorValues(
            head: head, hhea: hhea, os2: os2, post: optionalTable("post"), unitsPerEm: unitsPerEm,
            widths: advances)
    }

    /// The glyph `scalar` maps to, or 0 (`.notdef`) when the font has none.
    func glyph(for scalar: UInt32) -> UInt16 {
        characterMap.glyph(for: scalar)
    }

    /// Whether the font has a glyph for `scalar`.
    public func canDraw(_ scalar: Unicode.Scalar) -> Bool {
        characterMap.glyph(for: scalar.value) != 0
    }

    /// The name ID 6 string (Windows UTF-16 first, then Macintosh Roman), kept to the characters a PDF name may
    /// hold without escapes; "Embedded" when the font names none.
    private static func postScriptName(_ name: FontDataReader?) -> String {
        guard let name, let count = try? name.uint16(2), let storage = try? name.uint16(4) else { return "Embedded" }
        var candidates: [(rank: Int, text: String)] = []
        for index in 0..<Int(count) {
            let record = 6 + 12 * index
            guard let platform = try? name.uint16(record), let nameID = try? name.uint16(record + 6),
                nameID == 6, let length = try? name.uint16(record + 8),
                let offset = try? name.uint16(record + 10),
                let raw = try? name.slice(Int(storage) + Int(offset), count: Int(length))
            else { continue }
            switch platform {
            case 0, 3:
                var units: [UInt16] = []
                var index = raw.startIndex
                while index + 1 < raw.endIndex {
                    units.append(UInt16(raw[index]) << 8 | UInt16(raw[index + 1]))
                    index += 2
                }
                candidates.append((platform == 3 ? 0 : 1, String(decoding: units, as: UTF16.self)))
            case 1: candidates.append((2, String(decoding: raw, as: UTF8.self)))
            default: continue
            }
        }
        let forbidden = Set("()<>[]{}/%#".unicodeScalars)
        for candidate in candidates.sorted(by: { $0.rank < $1.rank }) {
            let kept = candidate.text.unicodeScalars.filter {
                (0x21...0x7E).contains($0.value) && !forbidden.contains($0)
            }
            if !kept.isEmpty { return String(String.UnicodeScalarView(kept.prefix(63))) }
        }
        return "Embedded"
    }
}

/// The numbers a PDF font descriptor states, in 1/1000 em.
struct FontDescriptorValues: Sendable {
    let boundingBox: [Int]
    let ascent: Int
    let descent: Int
    let capHeight: Int
    let italicAngle: Double
    let isFixedPitch: Bool
    let isSerif: Bool
    let stemV: Int

    init(
        head: FontDataReader, hhea: FontDataReader, os2: FontDataReader?, post: FontDataReader?, unitsPerEm: Int,
        widths: [UInt16]
    ) throws(FontError) {
        func scaled(_ value: Int16) -> Int { Int(value) * 1000 / unitsPerEm }
        boundingBox = [
            scaled(try head.int16(36)), scaled(try head.int16(38)), scaled(try head.int16(40)),
            scaled(try head.int16(42)),
        ]
        ascent = scaled(try hhea.int16(4))
        descent = scaled(try hhea.int16(6))
        if let os2, (try? os2.uint16(0)).map({ $0 >= 2 }) == true, let cap = try? os2.int16(88), cap > 0 {
            capHeight = scaled(cap)
        } else {
            capHeight = ascent
        }
        // The family class (high byte 1...7, 10 of sFamilyClass) says serif; weight drives a stem estimate.
        let familyClass = (try? os2?.int16(30)).flatMap { $0 }.map { Int($0) >> 8 } ?? 0
        isSerif = (1...7).contains(familyClass)
        let weight = (try? os2?.uint16(4)).flatMap { $0 }.map(Int.init) ?? 400
        // Readers use StemV only for hinting substitutes; a typical regular and bold stem is close enough.
        stemV = weight >= 600 ? 140 : 80
        if let post, let angle = try? post.uint32(4) {
            italicAngle = Double(Int32(bitPattern: angle)) / 65_536
            isFixedPitch = (try? post.uint32(12)).map { $0 != 0 } ?? false
        } else {
            italicAngle = 0
            isFixedPitch = false
        }
    }
}

/// Reads the component records of a composite glyph (the `glyf` table's compound description).
enum CompositeGlyph {
    struct Component {
        /// The glyph the component draws.
        let glyph: UInt16
        /// Where its glyph index sits, relative to the glyph's start, so a subset can rewrite it.
        let glyphIndexOffset: Int
        /// Where its record ends, relative to the glyph's start.
        let recordEnd: Int
    }

    static let argumentsAreWords: UInt16 = 0x0001
    static let hasScale: UInt16 = 0x0008
    static let moreComponents: UInt16 = 0x0020
    static let hasXYScale: UInt16 = 0x0040
    static let hasTwoByTwo: UInt16 = 0x0080
    static let hasInstructions: UInt16 = 0x0100

    /// The components of the composite glyph `glyph` (its whole data, header included).
    static func components(in glyph: FontDataReader) throws(FontError) -> [Component] {
        var result: [Component] = []
        var offset = 10
        while true {
            let flags = try glyph.uint16(offset)
            let index = try glyph.uint16(offset + 2)
            let start = offset
            offset += 4 + (flags & argumentsAreWords != 0 ? 4 : 2)
            if flags & hasScale != 0 {
                offset += 2
            } else if flags & hasXYScale != 0 {
                offset += 4
            } else if flags & hasTwoByTwo != 0 {
                offset += 8
            }
            try glyph.require(0, count: offset)
            result.append(Component(glyph: index, glyphIndexOffset: start + 2, recordEnd: offset))
            // A real glyph has a handful of components; thousands mean a hostile loop of records.
            guard result.count <= 1_024 else { throw .malformed(table: "glyf") }
            if flags & moreComponents == 0 { return result }
        }
    }
}
