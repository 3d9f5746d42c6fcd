import Essentials
import EssentialsTesting
import Foundation
import Testing

@testable import Rendering

@Suite("Rendering: TrueType parsing and subsetting")
struct FontParserTests {
    @Test func dejaVuSansParsesWithItsMetricsAndCharacters() throws {
        let font = try TrueTypeFont(bytes: FontFixture.dejaVuBytes)
        #expect(font.postScriptName == "DejaVuSans")
        #expect(font.unitsPerEm == 2048)
        #expect(font.glyphCount == 6253)
        for character in "AzŁłĘęŞşİıΩωЖжß€₽" { #expect(font.canDraw(character.unicodeScalars.first!), "\(character)") }
        #expect(!font.canDraw("中"))
        // hmtx: "A" is 1401 units of 2048 → 684/1000 em.
        #expect(font.widths[Int(font.glyph(for: 0x41))] == 684)
        #expect(!font.components.isEmpty, "accented letters are composites")
    }

    @Test func aCollectionFaceIsFoundByIndex() throws {
        // A one-face collection: 'ttcf' header, then the font with every table offset moved by the header.
        var font = FontFixture.dejaVuBytes
        let count = Int(font[4]) << 8 | Int(font[5])
        for index in 0..<count { font.put32(font.get32(12 + 16 * index + 8) + 16, at: 12 + 16 * index + 8) }
        var collection: [UInt8] = Array("ttcf".utf8) + [0, 1, 0, 0, 0, 0, 0, 1, 0, 0, 0, 16]
        collection += font
        #expect(try TrueTypeFont(data: Data(collection)).postScriptName == "DejaVuSans")
        #expect(throws: FontError.faceIndexOutOfRange(index: 1, count: 1)) {
            try TrueTypeFont(data: Data(collection), faceIndex: 1)
        }
        #expect(throws: FontError.faceIndexOutOfRange(index: 2, count: 1)) {
            try TrueTypeFont(bytes: FontFixture.dejaVuBytes, faceIndex: 2)
        }
    }

    static let garbage: [([UInt8], FontError)] = {
        let zeros = [UInt8](repeating: 0, count: 40)
        let version: [UInt8] = [0, 1, 0, 0]
        return [
            ([], .notAFont),
            (Array("hello world, not a font".utf8), .notAFont),
            (Array("OTTO".utf8) + zeros, .unsupportedOutlines),
            (version + zeros.prefix(8), .missingTable("head")),
            (version + [0, 200] + zeros.prefix(6), .truncated(table: "header")),
        ]
    }()

    @Test(arguments: garbage)
    func garbageIsATypedError(bytes: [UInt8], expected: FontError) {
        #expect(throws: expected) { try TrueTypeFont(data: Data(bytes)) }
    }

    @Test func damagedTablesAreNamed() throws {
        let original = FontFixture.dejaVuBytes
        func damaged(_ change: (inout [UInt8]) -> Void) -> [UInt8] {
            var copy = original
            change(&copy)
            return copy
        }
        let head = try #require(original.tableRecord("head"))
        let maxp = try #require(original.tableRecord("maxp"))
        let loca = try #require(original.tableRecord("loca"))
        let cmap = try #require(original.tableRecord("cmap"))
        let os2 = try #require(original.tableRecord("OS/2"))
        let glyf = try #require(original.tableRecord("glyf"))
        let cases: [([UInt8], FontError)] = [
            (damaged { $0.put16(0, at: head.offset + 18) }, .malformed(table: "head")),
            (damaged { $0.put16(7, at: head.offset + 50) }, .malformed(table: "head")),
            (damaged { $0.put16(0, at: maxp.offset + 4) }, .malformed(table: "maxp")),
            (damaged { $0.put32(UInt32(glyf.length + 4), at: loca.offset + 8) }, .malformed(table: "loca")),
            (
                damaged { $0.replaceSubrange(cmap.record..<cmap.record + 4, with: Array("cmaq".utf8)) },
                .missingTable("cmap")
            ),
            (damaged { $0.put32(UInt32(original.count), at: loca.record + 8) }, .truncated(table: "loca")),
            (damaged { $0.put16(2, at: os2.offset + 8) }, .embeddingNotPermitted),
            (damaged { $0.put16(0x0100, at: os2.offset + 8) }, .embeddingNotPermitted),
            // Every encoding record moved to platform 2 (ISO, deprecated): no Unicode map is left.
            (
                damaged { bytes in
                    let records = Int(bytes[cmap.offset + 2]) << 8 | Int(bytes[cmap.offset + 3])
                    for index in 0..<records { bytes.put16(2, at: cmap.offset + 4 + 8 * index) }
                }, .noUnicodeCharacterMap
            ),
        ]
        for (bytes, expected) in cases {
            #expect(throws: expected) { try TrueTypeFont(bytes: bytes) }
        }
    }

    @Test func aCompositeCycleOrAnUnknownComponentIsRefused() throws {
        var bytes = FontFixture.smallFont
        let font = try TrueTypeFont(bytes: bytes)
        let composite = try #require(font.components.keys.min())
        let glyf = try #require(bytes.tableRecord("glyf"))
        let start = glyf.offset + Int(font.glyphOffsets[Int(composite)])
        // The first component names a glyph past the end of the font.
        bytes.put16(UInt16(font.glyphCount + 5), at: start + 12)
        #expect(throws: FontError.malformed(table: "glyf")) { try TrueTypeFont(bytes: bytes) }
        // The first component names the composite itself: parsing is fine, subsetting terminates.
        bytes.put16(composite, at: start + 12)
        let cyclic = try TrueTypeFont(bytes: bytes)
        let subset = try TrueTypeSubsetter.subset(cyclic, glyphs: [0, composite])
        #expect(subset.glyphs.first == 0 && subset.glyphs.count >= 2)
    }

    /// Every prefix length and thousands of corrupted bytes: each is a font or a typed error, never a crash, and
    /// a font that parses also subsets and renders (or reports a typed error).
    @Test func truncatedAndCorruptedFontsNeverCrash() throws {
        let original = FontFixture.smallFont
        #expect(original.count > 2_000)
        var outcomes: [String: Int] = [:]
        func attempt(_ bytes: [UInt8]) {
            do {
                let font = try TrueTypeFont(bytes: bytes)
                outcomes["parsed", default: 0] += 1
                let glyphs = (0..<UInt16(min(font.glyphCount, 40)))
                _ = try? TrueTypeSubsetter.subset(font, glyphs: Array(glyphs))
                let fonts = InvoiceFonts(regular: font)
                let document = InvoiceDocument(
                    number: "1", issueDate: CalendarDay(year: 2025, month: 1, day: 1)!,
                    seller: InvoiceParty(name: "Aą"), client: InvoiceParty(name: "Łó"), currency: .eur,
                    lineItems: [InvoiceLineItem(description: "Żż 0123", quantity: 1, unitPrice: 5)])
                _ = try? InvoicePDFRenderer(fonts: fonts, creationDate: { Date(timeIntervalSince1970: 0) })
                    .render(document)
            } catch {
                outcomes["\(error)".prefix { $0 != "(" }.description, default: 0] += 1
            }
        }
        for length in stride(from: 0, through: original.count, by: max(original.count / 400, 1)) {
            attempt(Array(original.prefix(length)))
        }
        var random = SeededGenerator(seed: 2_024)
        for _ in 0..<2_000 {
            var bytes = original
            for _ in 0..<Int.random(in: 1...8, using: &random) {
                bytes[Int.random(in: 0..<bytes.count, using: &random)] = UInt8.random(in: 0...255, using: &random)
            }
            attempt(bytes)
        }
        // Corruption aimed at each table's header, where the counts and offsets are.
        let count = Int(original[4]) << 8 | Int(original[5])
        for index in 0..<count {
            let offset = Int(original.get32(12 + 16 * index + 8))
            for position in offset..<min(offset + 40, original.count) {
                for value: UInt8 in [0x00, 0x7F, 0xFF] {
                    var bytes = original
                    bytes[position] = value
                    attempt(bytes)
                }
            }
        }
        #expect((outcomes["parsed"] ?? 0) > 0)
        #expect(outcomes.count > 3, "several kinds of typed errors: \(outcomes)")
    }

    @Test func aSubsetOfGlyphsTheFontLacksIsATypedError() throws {
        let font = try TrueTypeFont(bytes: FontFixture.smallFont)
        #expect(throws: FontError.malformed(table: "glyf")) {
            try TrueTypeSubsetter.subset(font, glyphs: [0, UInt16(font.glyphCount)])
        }
    }

    /// DejaVu Sans was written by FontForge: its table records hold checksums another tool computed, which the
    /// package's checksum must reproduce for every table (`head` is summed with its adjustment zeroed).
    @Test func theChecksumAgreesWithTheOnesFontForgeWroteIntoDejaVuSans() throws {
        let bytes = FontFixture.dejaVuBytes
        let count = Int(bytes[4]) << 8 | Int(bytes[5])
        #expect(count == 20)
        for index in 0..<count {
            let record = 12 + 16 * index
            let tag = String(decoding: bytes[record..<record + 4], as: UTF8.self)
            let offset = Int(bytes.get32(record + 8))
            var table = Array(bytes[offset..<offset + Int(bytes.get32(record + 12))])
            if tag == "head" { table.replaceSubrange(8..<12, with: [0, 0, 0, 0]) }
            #expect(TrueTypeSubsetter.checksum(table[...]) == bytes.get32(record + 4), "\(tag)")
        }
    }

    @Test func aSubsetKeepsOnlyTheGlyphsUsedWithComponentsAndValidChecksums() throws {
        let font = try TrueTypeFont(bytes: FontFixture.dejaVuBytes)
        let ogonek = try #require(font.components[font.glyph(for: 0x0105)], "ą is a composite in DejaVu Sans")
        let characters: [UInt32] = [0, 0x41, 0x0105]
        let glyphs = characters.map { $0 == 0 ? UInt16(0) : font.glyph(for: $0) }
        let subset = try TrueTypeSubsetter.subset(font, glyphs: glyphs, characters: characters)
        #expect(Array(subset.glyphs.prefix(3)) == glyphs)
        #expect(Set(subset.glyphs.dropFirst(3)) == Set(ogonek).subtracting(glyphs))
        #expect(subset.bytes.count < 12_000, "\(subset.bytes.count) bytes")
        // Checksums computed outside the package, from this subset written to a file: by fontTools 4.68
        // (`TTFont(path, checkChecksums=2)` opens it without complaint; `fontTools.ttLib.sfnt.calcChecksum` of each
        // table, `head` with its adjustment zeroed) and by a Python `struct` sum of big-endian 32-bit words; both
        // agree. An intended change of the subset's bytes changes them: write the subset out and compute them again.
        let expected: [String: UInt32] = [
            "OS/2": 0x592D_762D, "cmap": 0x01DA_FFBA, "glyf": 0x99E5_50FE, "head": 0x25C4_E28C, "hhea": 0x0D9F_0772,
            "hmtx": 0x1814_02B8, "loca": 0x0000_0334, "maxp": 0x0472_0671, "name": 0xD110_A921, "post": 0xFFDB_005A,
        ]
        let bytes = subset.bytes
        #expect(bytes.count == 11_156, "the file the checksums were computed from")
        let count = Int(bytes[4]) << 8 | Int(bytes[5])
        var stored: [String: UInt32] = [:]
        for index in 0..<count {
            let record = 12 + 16 * index
            stored[String(decoding: bytes[record..<record + 4], as: UTF8.self)] = bytes.get32(record + 4)
        }
        #expect(stored == expected)
        let head = try #require(bytes.tableRecord("head"))
        #expect(bytes.get32(head.offset + 8) == 0x7A11_75D1, "checkSumAdjustment, from fontTools")
        // The subset is a font again: same advances, its own character map, composites pointing inside it.
        let parsed = try TrueTypeFont(bytes: subset.bytes)
        #expect(parsed.glyphCount == subset.glyphs.count)
        #expect(parsed.glyph(for: 0x41) == 1 && parsed.glyph(for: 0x0105) == 2)
        for (new, old) in subset.glyphs.enumerated() { #expect(parsed.advances[new] == font.advances[Int(old)]) }
        let components = try #require(parsed.components[2])
        #expect(components.map { subset.glyphs[Int($0)] } == ogonek)
        #expect(parsed.tables["fpgm"] == nil && parsed.tables["prep"] == nil, "hinting is dropped")
        #expect(parsed.tables["name"] != nil, "the copyright and licence stay with the glyphs")
    }
}
