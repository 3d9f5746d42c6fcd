import Foundation
import RenderingTesting
import Testing

@testable import Rendering

/// Font files for tests: the package's own DejaVu Sans, and a CJK font when the machine has one.
enum FontFixture {
    /// The package folder, found from this file so the tests need no bundle.
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The bytes of `Resources/Fonts/<name>.ttf`.
    static func bundled(_ name: String) throws -> [UInt8] {
        let url = packageRoot.appendingPathComponent("Sources/Rendering/Resources/Fonts/\(name).ttf")
        return [UInt8](try Data(contentsOf: url))
    }

    static let dejaVuBytes: [UInt8] = (try? bundled("DejaVuSans")) ?? []

    /// A small real font: DejaVu Sans cut down to a few dozen glyphs (with composites) by the subsetter, with a
    /// character map, so a fuzzer can mutate it thousands of times quickly.
    static let smallFont: [UInt8] = {
        guard let font = try? TrueTypeFont(bytes: dejaVuBytes) else { return [] }
        let characters: [UInt32] = [0] + "AaĄąŁłÓóŻżÉé0123456789 .,€ЖжΩω".unicodeScalars.map(\.value)
        let glyphs = characters.map { $0 == 0 ? 0 : font.glyph(for: $0) }
        return (try? TrueTypeSubsetter.subset(font, glyphs: glyphs, characters: characters).bytes) ?? []
    }()

    /// The first CJK TrueType font installed, or nil.
    static let cjkFont = InstalledCJKFont.installed?.font

    static var cjkFontInstalled: Bool { cjkFont != nil }
}

/// Writes big-endian numbers into a font file copy, for building damaged fonts.
extension Array where Element == UInt8 {
    mutating func put16(_ value: UInt16, at offset: Int) {
        self[offset] = UInt8(value >> 8)
        self[offset + 1] = UInt8(value & 0xFF)
    }

    mutating func put32(_ value: UInt32, at offset: Int) {
        for index in 0..<4 { self[offset + index] = UInt8((value >> (24 - 8 * UInt32(index))) & 0xFF) }
    }

    func get32(_ offset: Int) -> UInt32 {
        (0..<4).reduce(UInt32(0)) { $0 << 8 | UInt32(self[offset + $1]) }
    }

    /// The offset, length and record position of table `tag` in a font file (table directory at 0).
    func tableRecord(_ tag: String) -> (record: Int, offset: Int, length: Int)? {
        let count = Int(self[4]) << 8 | Int(self[5])
        for index in 0..<count {
            let record = 12 + 16 * index
            if String(decoding: self[record..<record + 4], as: UTF8.self) == tag {
                return (record, Int(get32(record + 8)), Int(get32(record + 12)))
            }
        }
        return nil
    }
}
