import Foundation
import Testing

/// Damages files the way disks, crashes and other tools do.
enum FileFixtures {
    static func bytes(of url: URL) throws -> Data {
        try Data(contentsOf: url)
    }

    static func replace(_ url: URL, with data: Data) throws {
        try data.write(to: url)
    }

    /// Flips one bit of the byte at `offset`.
    static func flipBit(in url: URL, at offset: Int, bit: UInt8 = 0) throws {
        var data = try bytes(of: url)
        try #require(offset < data.count)
        data[offset] ^= 1 << bit
        try replace(url, with: data)
    }

    /// Keeps the first `count` bytes.
    static func truncate(_ url: URL, to count: Int) throws {
        let data = try bytes(of: url)
        try replace(url, with: data.prefix(count))
    }

    /// The sorted names in `folder`.
    static func names(in folder: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
    }

    /// The offset of the first occurrence of `pattern` in `data`.
    static func offset(of pattern: Data, in data: Data) -> Int? {
        data.range(of: pattern).map { $0.lowerBound - data.startIndex }
    }

    /// A file in the file stores' container format (see `RecordFile` in the Storage module), written here
    /// independently so a test can wrap any header, including invalid JSON, with valid checksums.
    static func record(kind: UInt8, format: String, header: Data, body: Data = Data()) -> Data {
        var preamble = Data("LSTR".utf8)
        preamble.append(contentsOf: [1, kind, UInt8(format.utf8.count), 0])
        append(UInt64(header.count), to: &preamble)
        append(UInt64(body.count), to: &preamble)
        append(crc32(header), to: &preamble)
        append(crc32(body), to: &preamble)
        preamble.append(contentsOf: Array(format.utf8) + [UInt8](repeating: 0, count: 16 - format.utf8.count))
        append(crc32(preamble), to: &preamble)
        return preamble + header + body
    }

    private static func append<T: FixedWidthInteger>(_ value: T, to data: inout Data) {
        withUnsafeBytes(of: value.littleEndian) { data.append(contentsOf: $0) }
    }

    /// Bit-by-bit CRC-32 (IEEE), deliberately unlike the store's table-driven one.
    static func crc32(_ data: Data) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in data {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }
}
