package import Foundation

/// CRC-32 (the IEEE polynomial of zip and PNG), computed eight bytes at a time: it detects every burst of flipped
/// bits up to 32 bits long, which is what the file store's checksums are for.
package enum CRC32 {
    private static let tables: [UInt32] = {
        var tables = [UInt32](repeating: 0, count: 8 * 256)
        for byte in 0..<256 {
            var crc = UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
            tables[byte] = crc
        }
        for byte in 0..<256 {
            for slice in 1..<8 {
                let previous = tables[(slice - 1) * 256 + byte]
                tables[slice * 256 + byte] = (previous >> 8) ^ tables[Int(previous & 0xFF)]
            }
        }
        return tables
    }()

    /// The checksum of `data`, continuing from `crc` (the checksum of the bytes before it).
    package static func checksum(_ data: Data, continuing crc: UInt32 = 0) -> UInt32 {
        data.withUnsafeBytes { checksum(UnsafeRawBufferPointer($0), continuing: crc) }
    }

    /// The checksum of `bytes`, continuing from `crc`.
    package static func checksum(_ bytes: UnsafeRawBufferPointer, continuing crc: UInt32 = 0) -> UInt32 {
        tables.withUnsafeBufferPointer { table in
            guard let table = table.baseAddress else { return crc }
            var crc = ~crc
            var index = 0
            let count = bytes.count
            while index + 8 <= count {
                let low = crc ^ bytes.loadUnaligned(fromByteOffset: index, as: UInt32.self).littleEndian
                let high = bytes.loadUnaligned(fromByteOffset: index + 4, as: UInt32.self).littleEndian
                crc =
                    table[7 * 256 + Int(low & 0xFF)] ^ table[6 * 256 + Int((low &>> 8) & 0xFF)]
                    ^ table[5 * 256 + Int((low &>> 16) & 0xFF)] ^ table[4 * 256 + Int(low &>> 24)]
                    ^ table[3 * 256 + Int(high & 0xFF)] ^ table[2 * 256 + Int((high &>> 8) & 0xFF)]
                    ^ table[1 * 256 + Int((high &>> 16) & 0xFF)] ^ table[Int(high &>> 24)]
                index += 8
            }
            while index < count {
                crc = (crc &>> 8) ^ table[Int((crc ^ UInt32(bytes[index])) & 0xFF)]
                index += 1
            }
            return ~crc
        }
    }
}
