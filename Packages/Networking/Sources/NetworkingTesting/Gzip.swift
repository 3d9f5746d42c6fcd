import Foundation

/// Gzip members written by hand (no zlib): enough deflate to make a body that inflates to many zero bytes.
enum Gzip {
    /// A gzip member whose content is `count` zero bytes: one fixed-Huffman deflate block of a literal zero and
    /// then matches of 258 bytes at distance 1 (13 bits each, so about 160 inflated bytes per byte sent), with
    /// the CRC-32 and length a decoder checks at the end.
    static func zeros(_ count: Int) -> Data {
        var bits = BitWriter()
        bits.write(1, count: 1)  // BFINAL: the last block
        bits.write(1, count: 2)  // BTYPE 01: fixed Huffman codes
        var remaining = count
        if remaining > 0 {
            bits.writeCode(0x30, length: 8)  // literal 0
            remaining -= 1
        }
        // Length code 285 (258 bytes, no extra bits) then distance code 0 (distance 1), as one 13-bit field.
        let match = BitWriter.reversed(0xC5, length: 8)
        while remaining >= 258 {
            bits.write(match, count: 13)
            remaining -= 258
        }
        for _ in 0..<remaining { bits.writeCode(0x30, length: 8) }
        bits.writeCode(0, length: 7)  // end of block (256)
        var data = Data([0x1F, 0x8B, 8, 0, 0, 0, 0, 0, 0, 0xFF])
        data.append(contentsOf: bits.finish())
        data.append(contentsOf: littleEndian(crc32OfZeros(count)))
        data.append(contentsOf: littleEndian(UInt32(truncatingIfNeeded: count)))
        return data
    }

    private static func littleEndian(_ value: UInt32) -> [UInt8] {
        (0..<4).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) }
    }

    /// The CRC-32 (IEEE, reflected) of `count` zero bytes, in logarithmic time: the effect of one zero byte on
    /// the register is a linear map over GF(2), so `count` bytes are that map raised to the power `count`.
    static func crc32OfZeros(_ count: Int) -> UInt32 {
        // The map of one zero bit, as 32 columns: column i is where bit i of the register goes.
        var bitMap = [UInt32](repeating: 0, count: 32)
        bitMap[0] = 0xEDB8_8320
        for index in 1..<32 { bitMap[index] = 1 << (index - 1) }
        var byteMap = bitMap
        for _ in 0..<3 { byteMap = square(byteMap) }  // 2^3 = 8 zero bits
        var register: UInt32 = 0xFFFF_FFFF
        var power = byteMap
        var remaining = count
        while remaining > 0 {
            if remaining & 1 == 1 { register = apply(power, to: register) }
            remaining >>= 1
            if remaining > 0 { power = square(power) }
        }
        return register ^ 0xFFFF_FFFF
    }

    private static func apply(_ map: [UInt32], to vector: UInt32) -> UInt32 {
        var result: UInt32 = 0
        var bits = vector
        var index = 0
        while bits != 0 {
            if bits & 1 == 1 { result ^= map[index] }
            bits >>= 1
            index += 1
        }
        return result
    }

    private static func square(_ map: [UInt32]) -> [UInt32] {
        map.map { apply(map, to: $0) }
    }
}

/// Deflate's bit order: fields least significant bit first, Huffman codes most significant bit first.
private struct BitWriter {
    private var bytes: [UInt8] = []
    private var buffer: UInt64 = 0
    private var filled = 0

    mutating func write(_ value: UInt32, count: Int) {
        buffer |= UInt64(value) << filled
        filled += count
        while filled >= 8 {
            bytes.append(UInt8(truncatingIfNeeded: buffer))
            buffer >>= 8
            filled -= 8
        }
    }

    mutating func writeCode(_ code: UInt32, length: Int) {
        write(Self.reversed(code, length: length), count: length)
    }

    /// `code`'s low `length` bits in reverse order: how a Huffman code goes into deflate's bit stream.
    static func reversed(_ code: UInt32, length: Int) -> UInt32 {
        var reversed: UInt32 = 0
        for bit in 0..<length where code & (1 << bit) != 0 { reversed |= 1 << (length - 1 - bit) }
        return reversed
    }

    mutating func finish() -> [UInt8] {
        if filled > 0 { bytes.append(UInt8(truncatingIfNeeded: buffer)) }
        return bytes
    }
}
