/// Breaks typeset text into lines that fit a width, measured with the glyphs' real advances.
enum TextWrapper {
    /// Greedy wrapping at spaces and around CJK characters; a word wider than the line is broken between
    /// characters (never inside a base letter and its combining marks) so nothing is ever cut off. Always returns
    /// at least one line (empty text gives one empty line), and every line holds at least one glyph, so the loop
    /// makes progress even for a width narrower than one glyph.
    static func wrap(_ run: GlyphRun, width: Double, size: Double) -> [GlyphRun] {
        let glyphs = run.glyphs
        guard size > 0, width > 0 else { return [run] }
        let limit = Int((width * 1000 / size).rounded(.down))
        // Most cells fit as they are.
        if run.units <= limit && glyphs.last.map({ $0.flags & Glyph.isSpace == 0 }) ?? true { return [run] }
        var lines: [GlyphRun] = []
        var start = 0
        var units = 0
        var breakAt = -1
        var index = 0
        while index < glyphs.count {
            let glyph = glyphs[index]
            let width = Int(glyph.width)
            if glyph.flags & Glyph.isSpace != 0 {
                breakAt = index
                units += width
                index += 1
                continue
            }
            if index > start && glyphs[index - 1].flags & Glyph.isSpace == 0
                && glyph.flags & Glyph.continuesCluster == 0
                && (glyph.flags | glyphs[index - 1].flags) & Glyph.breaksAround != 0
            {
                breakAt = index
            }
            if units + width > limit && index > start {
                var end: Int
                var next: Int
                if breakAt > start {
                    end = breakAt
                    next = breakAt
                } else {
                    end = index
                    while end > start + 1 && glyphs[end].flags & Glyph.continuesCluster != 0 { end -= 1 }
                    next = end
                }
                while end > start && glyphs[end - 1].flags & Glyph.isSpace != 0 { end -= 1 }
                lines.append(GlyphRun(glyphs: glyphs[start..<max(end, start)]))
                while next < index && glyphs[next].flags & Glyph.isSpace != 0 { next += 1 }
                start = next
                units = 0
                for glyph in glyphs[start..<index] { units += Int(glyph.width) }
                breakAt = -1
                continue
            }
            units += width
            index += 1
        }
        if start < glyphs.count || lines.isEmpty {
            var end = glyphs.count
            while end > start && glyphs[end - 1].flags & Glyph.isSpace != 0 { end -= 1 }
            lines.append(GlyphRun(glyphs: glyphs[start..<end]))
        }
        return lines
    }

    /// Wraps each paragraph and concatenates the lines.
    static func wrap(paragraphs: [GlyphRun], width: Double, size: Double) -> [GlyphRun] {
        paragraphs.flatMap { wrap($0, width: width, size: size) }
    }

    /// The first line of the wrapped text, with `ellipsis` appended when more was cut; only for decorations
    /// (running headers, footers) that repeat text shown in full elsewhere.
    static func firstLine(_ run: GlyphRun, width: Double, size: Double, ellipsis: GlyphRun) -> GlyphRun {
        guard run.width(size: size) > width else { return run }
        let room = max(width - ellipsis.width(size: size), 0)
        let lines = wrap(run, width: room, size: size)
        guard lines.count > 1, let first = lines.first else { return run }
        return GlyphRun(glyphs: first.glyphs + ellipsis.glyphs)
    }
}
