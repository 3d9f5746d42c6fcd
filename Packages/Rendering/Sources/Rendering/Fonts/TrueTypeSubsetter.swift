/// Builds a TrueType font holding only some glyphs of another, renumbered in the order given: what a PDF embeds
/// as `FontFile2`.
///
/// Glyph `i` of the subset is `glyphs[i]` of the original (so `glyphs[0]` should be 0, `.notdef`; a glyph may be
/// listed twice, for two characters), followed by the components of composite glyphs that the list does not
/// already hold, with the composites' references rewritten.
/// The subset keeps the tables a renderer needs (`head`, `hhea`, `maxp`, `hmtx`, `loca`, `glyf`), `OS/2`, a
/// `post` table without glyph names, the font's Windows `name` records, which carry its copyright and licence,
/// and a `cmap` (format 4) for the characters given, so the subset is a usable font on its own. Hinting is dropped (the glyphs' instructions and the `cvt `, `fpgm` and `prep` programs): PDF readers
/// scale outlines without it, and it is about a third of a hinted font's glyph data.
enum TrueTypeSubsetter {
    struct Subset {
        /// The font file.
        let bytes: [UInt8]
        /// The original glyph of every subset glyph.
        let glyphs: [UInt16]
    }

    /// `characters[i]` is the character glyph `requested[i]` stands for (0 for none); it goes into the `cmap`.
    static func subset(
        _ font: TrueTypeFont, glyphs requested: [UInt16], characters: [UInt32] = []
    ) throws(FontError) -> Subset {
        var glyphs = requested
        guard glyphs.allSatisfy({ Int($0) < font.glyphCount }), glyphs.count < 0xFFFF else {
            throw .malformed(table: "glyf")
        }
        var newIndex: [UInt16: UInt16] = [:]
        for (index, glyph) in glyphs.enumerated() where newIndex[glyph] == nil { newIndex[glyph] = UInt16(index) }
        // Breadth first over composites; a visited map makes a component cycle in a hostile font harmless.
        var cursor = 0
        while cursor < glyphs.count {
            for component in font.components[glyphs[cursor]] ?? [] where newIndex[component] == nil {
                guard glyphs.count < 0xFFFF else { throw .malformed(table: "glyf") }
                newIndex[component] = UInt16(glyphs.count)
                glyphs.append(component)
            }
            cursor += 1
        }

        let file = font.bytes
        func table(_ tag: String) throws(FontError) -> FontDataReader {
            guard let record = font.tables[tag] else { throw .missingTable(tag) }
            return try FontDataReader(file, base: record.offset, length: record.length, table: tag)
        }
        let glyf = try table("glyf")

        var glyphData = FontDataWriter()
        var locations = FontDataWriter()
        var metrics = FontDataWriter()
        for glyph in glyphs {
            locations.uint32(UInt32(glyphData.bytes.count))
            let start = Int(font.glyphOffsets[Int(glyph)])
            let length = Int(font.glyphOffsets[Int(glyph) + 1]) - start
            if length > 0 {
                let data = try glyf.subtable(at: start, length: length)
                if try data.int16(0) < 0 {
                    try appendComposite(data, renumbering: newIndex, to: &glyphData)
                } else {
                    try appendSimple(data, to: &glyphData)
                }
                glyphData.padToFour()
            }
            metrics.uint16(font.advances[Int(glyph)])
            metrics.int16(font.leftSideBearings[Int(glyph)])
        }
        locations.uint32(UInt32(glyphData.bytes.count))

        var head = [UInt8](try table("head").slice(0, count: 54))
        head.replaceSubrange(8..<12, with: [0, 0, 0, 0])  // checkSumAdjustment, set last
        head.replaceSubrange(50..<52, with: [0, 1])  // long loca offsets
        var hhea = [UInt8](try table("hhea").slice(0, count: 36))
        hhea.replaceSubrange(34..<36, with: [UInt8(glyphs.count >> 8), UInt8(glyphs.count & 0xFF)])
        let maxpTable = try table("maxp")
        var maxp = [UInt8](try maxpTable.slice(0, count: min(maxpTable.length, 32)))
        maxp.replaceSubrange(4..<6, with: [UInt8(glyphs.count >> 8), UInt8(glyphs.count & 0xFF)])

        var tables: [(tag: String, bytes: [UInt8])] = [
            ("glyf", glyphData.bytes), ("head", head), ("hhea", hhea), ("hmtx", metrics.bytes),
            ("loca", locations.bytes), ("maxp", maxp), ("post", post(font)),
            ("cmap", characterMap(characters)),
        ]
        for tag in ["OS/2"] {
            if let record = font.tables[tag],
                let reader = try? FontDataReader(file, base: record.offset, length: record.length, table: tag)
            {
                tables.append((tag, [UInt8](try reader.slice(0, count: reader.length))))
            }
        }
        if let names = font.windowsNames { tables.append(("name", names)) }
        return Subset(bytes: assemble(tables), glyphs: glyphs)
    }

    /// A simple glyph without its instructions: header and contour ends, a zero instruction length, then the
    /// flags and coordinates as they were.
    private static func appendSimple(_ glyph: FontDataReader, to output: inout FontDataWriter) throws(FontError) {
        let contours = Int(try glyph.int16(0))
        let lengthAt = 10 + contours * 2
        let instructions = Int(try glyph.uint16(lengthAt))
        let outline = lengthAt + 2 + instructions
        try glyph.require(outline, count: 0)
        output.bytes.append(contentsOf: try glyph.slice(0, count: lengthAt))
        output.uint16(0)
        output.bytes.append(contentsOf: try glyph.slice(outline, count: glyph.length - outline))
    }

    /// A composite glyph with its components renumbered and its instructions (and their flag) removed.
    private static func appendComposite(
        _ glyph: FontDataReader, renumbering newIndex: [UInt16: UInt16], to output: inout FontDataWriter
    ) throws(FontError) {
        let components = try CompositeGlyph.components(in: glyph)
        let at = output.bytes.count
        let end = components.last.map(\.recordEnd) ?? 10
        output.bytes.append(contentsOf: try glyph.slice(0, count: end))
        for component in components {
            guard let renumbered = newIndex[component.glyph] else { throw .malformed(table: "glyf") }
            output.set(uint16: renumbered, at: at + component.glyphIndexOffset)
            let flagsAt = at + component.glyphIndexOffset - 2
            output.bytes[flagsAt] &= ~UInt8(CompositeGlyph.hasInstructions >> 8)
        }
    }

    /// A `cmap` with one Windows Unicode BMP subtable (format 4): `characters[i]` maps to glyph `i`. Runs of
    /// consecutive characters on consecutive glyphs share a segment.
    static func characterMap(_ characters: [UInt32]) -> [UInt8] {
        var pairs: [(character: UInt16, glyph: UInt16)] = []
        var seen = Set<UInt32>()
        for (glyph, character) in characters.enumerated()
        where glyph > 0 && character > 0 && character < 0xFFFF && seen.insert(character).inserted {
            pairs.append((UInt16(character), UInt16(glyph)))
        }
        pairs.sort { $0.character < $1.character }
        var segments: [(start: UInt16, end: UInt16, delta: UInt16)] = []
        for pair in pairs {
            let delta = pair.glyph &- pair.character
            if let last = segments.last, last.end &+ 1 == pair.character, last.delta == delta {
                segments[segments.count - 1].end = pair.character
            } else {
                segments.append((pair.character, pair.character, delta))
            }
        }
        // A format 4 table is at most 64 KB long; a document never draws that many distinct characters.
        if segments.count > 8_000 { segments.removeLast(segments.count - 8_000) }
        segments.append((0xFFFF, 0xFFFF, 1))
        let count = segments.count
        var power = 1
        var exponent = 0
        while power * 2 <= count {
            power *= 2
            exponent += 1
        }
        var table = FontDataWriter()
        table.uint16(0)  // version
        table.uint16(1)  // one encoding record
        table.uint16(3)
        table.uint16(1)
        table.uint32(12)
        table.uint16(4)
        table.uint16(UInt16(16 + count * 8))
        table.uint16(0)  // language
        table.uint16(UInt16(count * 2))
        table.uint16(UInt16(power * 2))
        table.uint16(UInt16(exponent))
        table.uint16(UInt16(count * 2 - power * 2))
        for segment in segments { table.uint16(segment.end) }
        table.uint16(0)  // reserved pad
        for segment in segments { table.uint16(segment.start) }
        for segment in segments { table.uint16(segment.delta) }
        for _ in segments { table.uint16(0) }
        return table.bytes
    }

    /// `post` version 3.0: the header's italic angle and underline metrics, no glyph names.
    private static func post(_ font: TrueTypeFont) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: 32)
        if let record = font.tables["post"],
            let reader = try? FontDataReader(font.bytes, base: record.offset, length: record.length, table: "post"),
            let header = try? reader.slice(0, count: 32)
        {
            bytes = [UInt8](header)
        }
        bytes.replaceSubrange(0..<4, with: [0, 3, 0, 0])
        return bytes
    }

    /// The `name` table with only its Windows (platform 3) records, or nil when the font has none or the table is
    /// damaged: the copyright and licence stay with the glyphs, the duplicate Macintosh strings do not.
    static func windowsNames(_ name: FontDataReader?) -> [UInt8]? {
        guard let name, let count = try? name.uint16(2), let storage = try? name.uint16(4) else { return nil }
        var kept: [(header: [UInt8], text: ArraySlice<UInt8>)] = []
        for index in 0..<Int(count) {
            let at = 6 + 12 * index
            guard let header = try? name.slice(at, count: 12), let platform = try? name.uint16(at),
                platform == 3, let length = try? name.uint16(at + 8), let offset = try? name.uint16(at + 10),
                let text = try? name.slice(Int(storage) + Int(offset), count: Int(length))
            else { continue }
            kept.append(([UInt8](header), text))
        }
        guard !kept.isEmpty else { return nil }
        var table = FontDataWriter()
        table.uint16(0)
        table.uint16(UInt16(kept.count))
        table.uint16(UInt16(6 + 12 * kept.count))
        var strings: [UInt8] = []
        for entry in kept {
            guard strings.count + entry.text.count <= 0xFFFF else { return nil }
            table.bytes.append(contentsOf: entry.header[0..<8])
            table.uint16(UInt16(entry.text.count))
            table.uint16(UInt16(strings.count))
            strings.append(contentsOf: entry.text)
        }
        return table.bytes + strings
    }

    /// The font file: offset table, table records sorted by tag with their checksums, the tables four-byte
    /// aligned, and `head.checkSumAdjustment` making the whole file sum to 0xB1B0AFBA.
    private static func assemble(_ tables: [(tag: String, bytes: [UInt8])]) -> [UInt8] {
        let sorted = tables.sorted { Array($0.tag.utf8).lexicographicallyPrecedes(Array($1.tag.utf8)) }
        var power = 1
        var exponent = 0
        while power * 2 <= sorted.count {
            power *= 2
            exponent += 1
        }
        var file = FontDataWriter()
        file.uint32(0x0001_0000)
        file.uint16(UInt16(sorted.count))
        file.uint16(UInt16(power * 16))
        file.uint16(UInt16(exponent))
        file.uint16(UInt16(sorted.count * 16 - power * 16))
        var offset = 12 + 16 * sorted.count
        var headOffset: Int?
        for table in sorted {
            file.bytes.append(contentsOf: Array(table.tag.utf8))
            file.uint32(checksum(table.bytes[...]))
            file.uint32(UInt32(offset))
            file.uint32(UInt32(table.bytes.count))
            if table.tag == "head" { headOffset = offset }
            offset += (table.bytes.count + 3) / 4 * 4
        }
        for table in sorted {
            file.bytes.append(contentsOf: table.bytes)
            file.padToFour()
        }
        if let headOffset {
            file.set(uint32: 0xB1B0_AFBA &- checksum(file.bytes[...]), at: headOffset + 8)
        }
        return file.bytes
    }

    /// The sum of the data as big-endian 32-bit words, the last one padded with zeros.
    static func checksum(_ bytes: ArraySlice<UInt8>) -> UInt32 {
        var sum: UInt32 = 0
        var index = bytes.startIndex
        while index < bytes.endIndex {
            var word: UInt32 = 0
            for step in 0..<4 {
                word <<= 8
                if index + step < bytes.endIndex { word |= UInt32(bytes[index + step]) }
            }
            sum = sum &+ word
            index += 4
        }
        return sum
    }
}
