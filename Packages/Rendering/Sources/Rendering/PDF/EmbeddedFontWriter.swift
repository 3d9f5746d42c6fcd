/// Writes one embedded TrueType face as PDF objects (ISO 32000-1, 9.7 and 9.10): a Type 0 font with Identity-H
/// encoding, its CIDFontType2 descendant with `/W` widths and `/CIDToGIDMap /Identity`, a font descriptor with
/// the subset as `FontFile2`, and a `ToUnicode` CMap so that copying and searching give back the characters.
enum EmbeddedFontWriter {
    /// Writes five objects, numbered from `firstObject`: Type 0 font, CID font, descriptor, font file, CMap.
    static func write(
        _ font: TrueTypeFont, usage: EmbeddedFaceUsage, firstObject: Int, to output: inout PDFOutput
    ) throws(FontError) {
        let subset = try TrueTypeSubsetter.subset(font, glyphs: usage.glyphs, characters: usage.scalars)
        let name = subsetTag(font.postScriptName, glyphs: usage.glyphs) + "+" + font.postScriptName
        let (cidFont, descriptor, fontFile, toUnicode) =
            (firstObject + 1, firstObject + 2, firstObject + 3, firstObject + 4)

        output.beginObject(firstObject)
        output.append(
            "<< /Type /Font /Subtype /Type0 /BaseFont /\(name) /Encoding /Identity-H "
                + "/DescendantFonts [\(cidFont) 0 R] /ToUnicode \(toUnicode) 0 R >>")
        output.endObject()

        output.beginObject(cidFont)
        output.append(
            "<< /Type /Font /Subtype /CIDFontType2 /BaseFont /\(name) "
                + "/CIDSystemInfo << /Registry (Adobe) /Ordering (Identity) /Supplement 0 >> "
                + "/FontDescriptor \(descriptor) 0 R /DW \(font.widths[0]) /W \(widths(font, usage)) "
                + "/CIDToGIDMap /Identity >>")
        output.endObject()

        let values = font.descriptor
        // Symbolic (4): the glyphs are addressed by CID, not by a standard Latin character set.
        var flags = 4
        if values.isFixedPitch { flags |= 1 }
        if values.isSerif { flags |= 2 }
        if values.italicAngle != 0 { flags |= 64 }
        let box = values.boundingBox.map(String.init).joined(separator: " ")
        var angle: [UInt8] = []
        PDFNumber.append(values.italicAngle, decimals: 2, to: &angle)
        output.beginObject(descriptor)
        output.append(
            "<< /Type /FontDescriptor /FontName /\(name) /Flags \(flags) /FontBBox [\(box)] "
                + "/ItalicAngle \(String(decoding: angle, as: UTF8.self)) /Ascent \(values.ascent) "
                + "/Descent \(values.descent) /CapHeight \(values.capHeight) /StemV \(values.stemV) "
                + "/FontFile2 \(fontFile) 0 R >>")
        output.endObject()

        output.stream(fontFile, subset.bytes, entries: " /Length1 \(subset.bytes.count)")
        output.stream(toUnicode, toUnicodeCMap(usage.scalars))
    }

    /// `[1 [w1 w2 ...]]`: the widths of CIDs 1... in 1/1000 em, the same numbers layout measured with.
    private static func widths(_ font: TrueTypeFont, _ usage: EmbeddedFaceUsage) -> String {
        guard usage.glyphs.count > 1 else { return "[]" }
        var text = "[1 ["
        for glyph in usage.glyphs.dropFirst() {
            text += String(font.widths[Int(glyph)])
            text += " "
        }
        text.removeLast()
        return text + "]]"
    }

    /// A ToUnicode CMap (9.10.3) with one `bfchar` entry per CID, in blocks of at most 100 as the CMap format
    /// requires; characters beyond the BMP are written as UTF-16 surrogate pairs.
    static func toUnicodeCMap(_ scalars: [UInt32]) -> [UInt8] {
        var text = """
            /CIDInit /ProcSet findresource begin
            12 dict begin
            begincmap
            /CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def
            /CMapName /Adobe-Identity-UCS def
            /CMapType 2 def
            1 begincodespacerange
            <0000> <FFFF>
            endcodespacerange

            """
        let entries = Array(scalars.enumerated().dropFirst())
        var start = 0
        while start < entries.count {
            let block = entries[start..<min(start + 100, entries.count)]
            text += "\(block.count) beginbfchar\n"
            for (cid, scalar) in block {
                text += "<" + hex4(UInt16(cid)) + "> <" + utf16Hex(scalar) + ">\n"
            }
            text += "endbfchar\n"
            start += 100
        }
        text += """
            endcmap
            CMapName currentdict /CMap defineresource pop
            end
            end

            """
        return Array(text.utf8)
    }

    private static func utf16Hex(_ scalar: UInt32) -> String {
        guard let value = Unicode.Scalar(scalar) else { return "FFFD" }
        return String(value).utf16.map(hex4).joined()
    }

    private static func hex4(_ value: UInt16) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: 4 - digits.count) + digits
    }

    /// Six capital letters naming the subset (9.6.4), derived from the font and its glyphs so the same document
    /// always gets the same tag and different subsets of one font get different ones.
    static func subsetTag(_ name: String, glyphs: [UInt16]) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in name.utf8 { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
        for glyph in glyphs {
            hash = (hash ^ UInt64(glyph >> 8)) &* 0x0000_0100_0000_01B3
            hash = (hash ^ UInt64(glyph & 0xFF)) &* 0x0000_0100_0000_01B3
        }
        var tag = ""
        for _ in 0..<6 {
            tag.append(Character(Unicode.Scalar(UInt8(ascii: "A") + UInt8(hash % 26))))
            hash /= 26
        }
        return tag
    }
}
