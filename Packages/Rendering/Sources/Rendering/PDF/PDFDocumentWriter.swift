import Foundation

/// The document information dictionary: what a reader shows under "Properties".
struct PDFDocumentInfo: Sendable {
    var title: String
    var author: String
    var creationDate: Date
    /// Written only when set: archival documents may carry one, ordinary ones never have.
    var subject: String? = nil
    var producer = "Rendering (Swift)"
}

/// Serialises pages into a PDF 1.7 file with a classic cross-reference table, embedding the font subsets the
/// pages use.
///
/// Streams are Flate-compressed when a compressor is given and it makes them smaller; otherwise they are written
/// as they are. Every byte is a function of the pages, the fonts and the info, so the same input always gives the
/// same file.
struct PDFDocumentWriter {
    var info: PDFDocumentInfo
    var compressor: (any FlateCompressing)?

    /// The document of `pages` (each page's content stream), all of `size`, with the fonts they used; with
    /// `archive`, also the PDF/A-3 parts (XMP metadata, output intent, attached files).
    func write(
        _ pages: [[UInt8]], size: PageSize, fonts: FontUsage, archive: PDFArchiveContent? = nil
    ) throws(RenderingError) -> Data {
        var output = PDFOutput(compressor: compressor)
        output.bytes.reserveCapacity(pages.reduce(4096) { $0 + $1.count + 100 })
        // The comment with four bytes above 0x7F tells transfer tools the file is binary.
        output.append(
            "%PDF-1.7\n%\u{E2}\u{E3}\u{CF}\u{D3}\n".unicodeScalars.map { UInt8(truncatingIfNeeded: $0.value) })

        let catalog = 1
        let pageTree = 2
        let infoObject = 3
        var next = 4
        var fontObjects: [(face: Int, object: Int)] = []
        for (face, used) in fonts.usedFaces.enumerated() where used {
            fontObjects.append((face, next))
            next += fonts.embedded[face] == nil ? 1 : 5
        }
        let firstPage = next
        next = firstPage + pages.count * 2
        let archiveObjects = archive.map { PDFArchiveObjects(first: next, attachments: $0.attachments.count) }
        let objectCount = archiveObjects?.end ?? next

        output.beginObject(catalog)
        output.append("<< /Type /Catalog /Pages \(pageTree) 0 R")
        if let archive, let archiveObjects { archiveObjects.appendCatalogEntries(archive, to: &output) }
        output.append(" >>")
        output.endObject()

        var fontResources = "<< "
        for (face, object) in fontObjects { fontResources += "/\(FontUsage.resourceName(face)) \(object) 0 R " }
        fontResources += ">>"

        // Every page has the same size and fonts: the page tree states them once and the pages inherit them.
        output.beginObject(pageTree)
        output.append("<< /Type /Pages /Count \(pages.count) /MediaBox [0 0 ")
        PDFNumber.append(size.width, decimals: 2, to: &output.bytes)
        output.append(" ")
        PDFNumber.append(size.height, decimals: 2, to: &output.bytes)
        output.append("] /Resources << /Font \(fontResources) >> /Kids [")
        for index in pages.indices { output.append("\(firstPage + index * 2) 0 R ") }
        output.append("] >>")
        output.endObject()

        output.beginObject(infoObject)
        output.append("<< /Title ")
        output.append(textString: info.title)
        output.append(" /Author ")
        output.append(textString: info.author)
        output.append(" /Producer ")
        output.append(textString: info.producer)
        if let subject = info.subject {
            output.append(" /Subject ")
            output.append(textString: subject)
        }
        let date = Self.pdfDate(info.creationDate)
        output.append(" /CreationDate (\(date)) /ModDate (\(date)) >>")
        output.endObject()

        for (face, object) in fontObjects {
            switch fonts.fonts.faces[face] {
            case .standard(let font):
                output.beginObject(object)
                output.append(
                    "<< /Type /Font /Subtype /Type1 /BaseFont /\(font.baseFont) /Encoding /WinAnsiEncoding >>")
                output.endObject()
            case .trueType(let font):
                guard let usage = fonts.embedded[face] else { continue }
                do {
                    try EmbeddedFontWriter.write(font, usage: usage, firstObject: object, to: &output)
                } catch {
                    throw .invalidFont(error)
                }
            }
        }

        for (index, page) in pages.enumerated() {
            let pageObject = firstPage + index * 2
            output.beginObject(pageObject)
            output.append("<< /Type /Page /Parent \(pageTree) 0 R /Contents \(pageObject + 1) 0 R >>")
            output.endObject()
            output.stream(pageObject + 1, page)
        }
        if let archive, let archiveObjects { archiveObjects.write(archive, to: &output) }

        let identifier = Self.fingerprint(output.bytes)
        let xrefOffset = output.bytes.count
        output.append("xref\n0 \(objectCount)\n0000000000 65535 f \n")
        for offset in output.offsets[1..<objectCount] {
            // Each entry is exactly 20 bytes (offset, generation, type, then space + LF), as the specification
            // requires; readers seek by entry size.
            output.append(Self.padded(offset, width: 10) + " 00000 n \n")
        }
        output.append("trailer\n<< /Size \(objectCount) /Root \(catalog) 0 R /Info \(infoObject) 0 R ")
        output.append("/ID [<\(identifier)> <\(identifier)>] >>\nstartxref\n\(xrefOffset)\n%%EOF\n")
        return Data(output.bytes)
    }

    /// `D:YYYYMMDDHHmmSSZ` in UTC; years outside 0...9999 are clamped so the string keeps its fixed shape.
    static func pdfDate(_ date: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
        let lowest = Date(timeIntervalSince1970: -62_135_596_800)  // 0001-01-01T00:00:00Z
        let highest = Date(timeIntervalSince1970: 253_402_300_799)  // 9999-12-31T23:59:59Z
        let time = date.timeIntervalSince1970.isFinite ? min(max(date, lowest), highest) : lowest
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: time)
        let fields = [
            padded(parts.year ?? 1, width: 4), padded(parts.month ?? 1, width: 2), padded(parts.day ?? 1, width: 2),
            padded(parts.hour ?? 0, width: 2), padded(parts.minute ?? 0, width: 2), padded(parts.second ?? 0, width: 2),
        ]
        return "D:" + fields.joined() + "Z"
    }

    static func padded(_ value: Int, width: Int) -> String {
        let digits = String(value)
        return digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
    }

    /// A deterministic 128-bit file identifier: two FNV-1a style hashes of the body with different offsets,
    /// taken eight bytes at a time.
    private static func fingerprint(_ bytes: [UInt8]) -> String {
        var first: UInt64 = 0xcbf2_9ce4_8422_2325
        var second: UInt64 = 0x8422_2325_cbf2_9ce4
        var index = 0
        while index < bytes.count {
            var word: UInt64 = 0
            for byte in bytes[index..<min(index + 8, bytes.count)] { word = word << 8 | UInt64(byte) }
            first = (first ^ word) &* 0x0000_0100_0000_01B3
            second = (second ^ (word >> 3 | word << 61)) &* 0x0000_0100_0000_01B3
            index += 8
        }
        return hex(first) + hex(second)
    }

    private static func hex(_ value: UInt64) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}

/// The growing file plus the byte offset of every object, for the cross-reference table.
struct PDFOutput {
    var bytes: [UInt8] = []
    var offsets: [Int] = [0]
    let compressor: (any FlateCompressing)?

    init(compressor: (any FlateCompressing)?) {
        self.compressor = compressor
    }

    mutating func beginObject(_ number: Int) {
        if offsets.count <= number { offsets.append(contentsOf: repeatElement(0, count: number + 1 - offsets.count)) }
        offsets[number] = bytes.count
        append("\(number) 0 obj\n")
    }

    mutating func endObject() {
        append("\nendobj\n")
    }

    /// A stream object: compressed with FlateDecode when a compressor is set and the result is smaller.
    /// `entries` are further dictionary entries (such as `/Length1`).
    mutating func stream(_ number: Int, _ content: [UInt8], entries: String = "", compressible: Bool = true) {
        beginObject(number)
        var body = content
        var filter = ""
        if compressible, let compressor, let compressed = compressor.deflate(Data(content)),
            compressed.count < content.count
        {
            body = [UInt8](compressed)
            filter = " /Filter /FlateDecode"
        }
        append("<< /Length \(body.count)\(filter)\(entries) >>\nstream\n")
        append(body)
        append("\nendstream")
        endObject()
    }

    mutating func append(_ text: String) {
        bytes.append(contentsOf: text.utf8)
    }

    mutating func append(_ raw: [UInt8]) {
        bytes.append(contentsOf: raw)
    }

    /// A string of arbitrary bytes: a literal string when they are printable ASCII (escaped where needed), a
    /// hexadecimal one otherwise, so that names and dates stay readable in the file.
    mutating func append(stringBytes raw: [UInt8]) {
        if raw.allSatisfy({ (0x20...0x7E).contains($0) }) {
            append("(")
            for byte in raw { FontUsage.appendEscaped(byte, to: &bytes) }
            append(")")
        } else {
            append("<")
            for byte in raw {
                let digits = String(byte, radix: 16, uppercase: true)
                append(digits.count == 1 ? "0" + digits : digits)
            }
            append(">")
        }
    }

    /// A text string for the info dictionary, as UTF-16BE with a byte-order mark in hex: it carries any Unicode
    /// text and needs no escaping.
    mutating func append(textString text: String) {
        append("<FEFF")
        for unit in text.utf16 {
            let digits = String(unit, radix: 16, uppercase: true)
            append(String(repeating: "0", count: 4 - digits.count) + digits)
        }
        append(">")
    }
}
