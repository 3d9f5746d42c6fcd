import Foundation
import Testing

/// The objects of a PDF this package wrote, read through its classic cross-reference table: enough of a parser to
/// follow references from the catalog and to take a stream's bytes, written independently of the writer.
struct PDFObjects {
    struct Object {
        /// The text between `N 0 obj` and `stream` (or `endobj`).
        let dictionary: String
        /// The bytes between `stream\n` and `\nendstream`, as stored (still compressed when filtered).
        let stream: [UInt8]?
    }

    let bytes: [UInt8]
    let objects: [Int: Object]
    let trailer: String

    init(_ data: Data) throws {
        bytes = [UInt8](data)
        let text = String(decoding: bytes, as: UTF8.self)
        let startxref = try #require(text.range(of: "startxref\n", options: .backwards))
        let xrefOffset = try #require(Int(text[startxref.upperBound...].prefix { $0.isNumber }))
        let lines = String(decoding: bytes[xrefOffset...], as: UTF8.self).split(separator: "\n")
        let count = try #require(Int(lines[1].split(separator: " ")[1]))
        var objects: [Int: Object] = [:]
        for number in 1..<count {
            let offset = try #require(Int(lines[2 + number].prefix(10)))
            let header = Array("\(number) 0 obj\n".utf8)
            try #require(Array(bytes[offset..<offset + header.count]) == header, "object \(number)")
            let start = offset + header.count
            let end = try #require(Self.find(Array("\nendobj".utf8), in: bytes, from: start))
            let body = Array(bytes[start..<end])
            if let streamAt = Self.find(Array(">>\nstream\n".utf8), in: body, from: 0) {
                let dictionary = String(decoding: body[..<(streamAt + 2)], as: UTF8.self)
                let length = try #require(Self.integer(after: "/Length ", in: dictionary))
                let first = streamAt + ">>\nstream\n".utf8.count
                let stream = Array(body[first..<first + length])
                #expect(Array(body[(first + length)...]) == Array("\nendstream".utf8), "object \(number)")
                objects[number] = Object(dictionary: dictionary, stream: stream)
            } else {
                objects[number] = Object(dictionary: String(decoding: body, as: UTF8.self), stream: nil)
            }
        }
        self.objects = objects
        let trailerStart = try #require(text.range(of: "trailer\n", options: .backwards))
        trailer = String(text[trailerStart.upperBound...])
    }

    /// The object `key N 0 R` of `dictionary` refers to.
    func resolve(_ key: String, in dictionary: String) throws -> Object {
        let number = try #require(Self.integer(after: key + " ", in: dictionary), "no \(key) in \(dictionary)")
        return try #require(objects[number], "no object \(number)")
    }

    var catalog: Object {
        get throws { try resolve("/Root", in: trailer) }
    }

    /// Every `N 0 R` inside the first `[...]` after `key`.
    func references(inArrayAfter key: String, in dictionary: String) throws -> [Int] {
        let range = try #require(dictionary.range(of: key + " ["))
        let inside = dictionary[range.upperBound...].prefix { $0 != "]" }
        let words = inside.split(separator: " ")
        return words.indices.compactMap { index in
            index + 2 < words.count && words[index + 2] == "R" && words[index + 1] == "0" ? Int(words[index]) : nil
        }
    }

    static func integer(after key: String, in text: String) -> Int? {
        guard let range = text.range(of: key) else { return nil }
        return Int(text[range.upperBound...].prefix { $0.isNumber })
    }

    static func find(_ needle: [UInt8], in haystack: [UInt8], from start: Int) -> Int? {
        guard needle.count <= haystack.count else { return nil }
        var index = start
        while index + needle.count <= haystack.count {
            if haystack[index] == needle[0] && Array(haystack[index..<index + needle.count]) == needle { return index }
            index += 1
        }
        return nil
    }
}
