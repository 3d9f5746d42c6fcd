/// Unicode to glyph lookup from a font's `cmap` table (formats 4 and 12), flattened for speed: every glyph of the
/// Basic Multilingual Plane sits in a table indexed by code point, the rest in sorted ranges.
struct CharacterMap: Sendable {
    /// Glyph of every BMP code point; 0 where the font has none.
    private let basic: [UInt16]
    /// Ranges above U+FFFF, sorted by start: `start...end` maps to `glyph + (scalar - start)`.
    private let supplementary: [(start: UInt32, end: UInt32, glyph: UInt32)]
    private let glyphCount: Int

    init(_ cmap: FontDataReader, glyphCount: Int) throws(FontError) {
        self.glyphCount = glyphCount
        let count = Int(try cmap.uint16(2))
        // Best first: full Unicode (format 12) before the BMP (format 4); Windows before Unicode platform.
        var best: (rank: Int, offset: Int, format: UInt16)?
        for index in 0..<count {
            let record = 4 + 8 * index
            let platform = try cmap.uint16(record)
            let encoding = try cmap.uint16(record + 2)
            let offset = Int(try cmap.uint32(record + 4))
            guard let format = try? cmap.uint16(offset) else { continue }
            let rank: Int
            switch (platform, encoding, format) {
            case (3, 10, 12): rank = 0
            case (0, _, 12): rank = 1
            case (3, 1, 4): rank = 2
            case (0, _, 4): rank = 3
            default: continue
            }
            if best.map({ rank < $0.rank }) ?? true { best = (rank, offset, format) }
        }
        guard let best else { throw .noUnicodeCharacterMap }
        var basic = [UInt16](repeating: 0, count: 0x1_0000)
        var supplementary: [(start: UInt32, end: UInt32, glyph: UInt32)] = []
        if best.format == 4 {
            try Self.readFormat4(cmap, at: best.offset, glyphCount: glyphCount, into: &basic)
        } else {
            try Self.readFormat12(
                cmap, at: best.offset, glyphCount: glyphCount, into: &basic, supplementary: &supplementary)
        }
        self.basic = basic
        self.supplementary = supplementary.sorted { $0.start < $1.start }
    }

    /// The glyph for `scalar`, 0 when none.
    func glyph(for scalar: UInt32) -> UInt16 {
        if scalar < 0x1_0000 { return basic[Int(scalar)] }
        var low = 0
        var high = supplementary.count - 1
        while low <= high {
            let middle = (low + high) / 2
            let range = supplementary[middle]
            if scalar < range.start {
                high = middle - 1
            } else if scalar > range.end {
                low = middle + 1
            } else {
                let glyph = range.glyph + (scalar - range.start)
                return glyph < glyphCount ? UInt16(glyph) : 0
            }
        }
        return 0
    }

    /// Segment mapping to delta values: four parallel arrays of segments, glyphs either `code + delta` or read
    /// from the glyph array the range offset points into.
    private static func readFormat4(
        _ cmap: FontDataReader, at offset: Int, glyphCount: Int, into basic: inout [UInt16]
    ) throws(FontError) {
        let length = Int(try cmap.uint16(offset + 2))
        // Some fonts state a length past the table's end; read no further than the table allows.
        let table = try cmap.subtable(at: offset, length: min(max(length, 14), cmap.length - offset))
        let segmentCount = Int(try table.uint16(6)) / 2
        let ends = 14
        let starts = ends + segmentCount * 2 + 2
        let deltas = starts + segmentCount * 2
        let rangeOffsets = deltas + segmentCount * 2
        try table.require(ends, count: segmentCount * 8 + 2)
        // Real segments never overlap, so they cover at most the plane once; more work means a hostile table.
        var budget = 0x1_0000
        for segment in 0..<segmentCount {
            let end = Int(try table.uint16(ends + segment * 2))
            let start = Int(try table.uint16(starts + segment * 2))
            let delta = Int(try table.uint16(deltas + segment * 2))
            let rangeOffset = Int(try table.uint16(rangeOffsets + segment * 2))
            let last = min(end, 0xFFFE)
            guard start <= last else { continue }
            budget -= last - start + 1
            guard budget >= 0 else { throw .malformed(table: "cmap") }
            for code in start...last {
                var glyph: Int
                if rangeOffset == 0 {
                    glyph = (code + delta) & 0xFFFF
                } else {
                    let at = rangeOffsets + segment * 2 + rangeOffset + (code - start) * 2
                    guard table.contains(at, count: 2) else { continue }
                    glyph = Int(try table.uint16(at))
                    if glyph != 0 { glyph = (glyph + delta) & 0xFFFF }
                }
                if glyph < glyphCount { basic[code] = UInt16(glyph) }
            }
        }
    }

    /// Segmented coverage: groups of consecutive code points mapped to consecutive glyphs.
    private static func readFormat12(
        _ cmap: FontDataReader, at offset: Int, glyphCount: Int, into basic: inout [UInt16],
        supplementary: inout [(start: UInt32, end: UInt32, glyph: UInt32)]
    ) throws(FontError) {
        let groupCount = Int(try cmap.uint32(offset + 12))
        try cmap.require(offset + 16, count: groupCount * 12)
        var budget = 0x1_0000
        for group in 0..<groupCount {
            let record = offset + 16 + group * 12
            let start = try cmap.uint32(record)
            let end = min(try cmap.uint32(record + 4), 0x10_FFFF)
            let firstGlyph = try cmap.uint32(record + 8)
            guard start <= end, firstGlyph < glyphCount else { continue }
            if start < 0x1_0000 {
                budget -= Int(min(end, 0xFFFF) - start) + 1
                guard budget >= 0 else { throw .malformed(table: "cmap") }
                for code in start...min(end, 0xFFFF) {
                    let glyph = firstGlyph + (code - start)
                    if glyph < glyphCount { basic[Int(code)] = UInt16(glyph) }
                }
            }
            if end >= 0x1_0000 {
                let from = max(start, 0x1_0000)
                supplementary.append((from, end, firstGlyph + (from - start)))
            }
        }
    }
}
