import Foundation

/// SHA-256 (FIPS 180-4), written here because CryptoKit is not on Linux: the 10 MB round-trip tests compare
/// digests computed independently of the store's own checksums.
enum SHA256 {
    private static let constants: [UInt32] = [
        0x428a_2f98, 0x7137_4491, 0xb5c0_fbcf, 0xe9b5_dba5, 0x3956_c25b, 0x59f1_11f1, 0x923f_82a4, 0xab1c_5ed5,
        0xd807_aa98, 0x1283_5b01, 0x2431_85be, 0x550c_7dc3, 0x72be_5d74, 0x80de_b1fe, 0x9bdc_06a7, 0xc19b_f174,
        0xe49b_69c1, 0xefbe_4786, 0x0fc1_9dc6, 0x240c_a1cc, 0x2de9_2c6f, 0x4a74_84aa, 0x5cb0_a9dc, 0x76f9_88da,
        0x983e_5152, 0xa831_c66d, 0xb003_27c8, 0xbf59_7fc7, 0xc6e0_0bf3, 0xd5a7_9147, 0x06ca_6351, 0x1429_2967,
        0x27b7_0a85, 0x2e1b_2138, 0x4d2c_6dfc, 0x5338_0d13, 0x650a_7354, 0x766a_0abb, 0x81c2_c92e, 0x9272_2c85,
        0xa2bf_e8a1, 0xa81a_664b, 0xc24b_8b70, 0xc76c_51a3, 0xd192_e819, 0xd699_0624, 0xf40e_3585, 0x106a_a070,
        0x19a4_c116, 0x1e37_6c08, 0x2748_774c, 0x34b0_bcb5, 0x391c_0cb3, 0x4ed8_aa4a, 0x5b9c_ca4f, 0x682e_6ff3,
        0x748f_82ee, 0x78a5_636f, 0x84c8_7814, 0x8cc7_0208, 0x90be_fffa, 0xa450_6ceb, 0xbef9_a3f7, 0xc671_78f2,
    ]

    /// The digest of `data` as lower-case hex.
    static func hex(_ data: Data) -> String {
        digest(data).map { byte in
            let text = String(byte, radix: 16)
            return byte < 16 ? "0" + text : text
        }.joined()
    }

    /// The digest of `data`. Written with raw pointers because the tests run unoptimized, where array access
    /// costs a function call per element; this keeps a 10 MB digest well under a second.
    static func digest(_ data: Data) -> [UInt8] {
        let state = UnsafeMutablePointer<UInt32>.allocate(capacity: 8)
        let words = UnsafeMutablePointer<UInt32>.allocate(capacity: 64)
        let table = UnsafeMutablePointer<UInt32>.allocate(capacity: 64)
        defer {
            state.deallocate()
            words.deallocate()
            table.deallocate()
        }
        for (index, value) in [
            0x6a09_e667, 0xbb67_ae85, 0x3c6e_f372, 0xa54f_f53a, 0x510e_527f, 0x9b05_688c, 0x1f83_d9ab, 0x5be0_cd19,
        ].enumerated() {
            state[index] = UInt32(value)
        }
        for (index, value) in constants.enumerated() { table[index] = value }

        let fullBlocks = data.count / 64
        data.withUnsafeBytes { bytes in
            guard let base = bytes.baseAddress else { return }
            for block in 0..<fullBlocks { compress(base + block * 64, state: state, words: words, table: table) }
        }
        var tail = [UInt8](data.suffix(data.count - fullBlocks * 64))
        tail.append(0x80)
        while tail.count % 64 != 56 { tail.append(0) }
        withUnsafeBytes(of: (UInt64(data.count) * 8).bigEndian) { tail.append(contentsOf: $0) }
        tail.withUnsafeBytes { bytes in
            guard let base = bytes.baseAddress else { return }
            for block in 0..<(bytes.count / 64) {
                compress(base + block * 64, state: state, words: words, table: table)
            }
        }
        return (0..<8).flatMap { index in withUnsafeBytes(of: state[index].bigEndian) { Array($0) } }
    }

    private static func compress(
        _ block: UnsafeRawPointer, state: UnsafeMutablePointer<UInt32>, words: UnsafeMutablePointer<UInt32>,
        table: UnsafeMutablePointer<UInt32>
    ) {
        var index = 0
        while index < 16 {
            words[index] = UInt32(bigEndian: block.loadUnaligned(fromByteOffset: index &* 4, as: UInt32.self))
            index &+= 1
        }
        while index < 64 {
            let w15 = words[index &- 15]
            let w2 = words[index &- 2]
            let s0 = ((w15 &>> 7) | (w15 &<< 25)) ^ ((w15 &>> 18) | (w15 &<< 14)) ^ (w15 &>> 3)
            let s1 = ((w2 &>> 17) | (w2 &<< 15)) ^ ((w2 &>> 19) | (w2 &<< 13)) ^ (w2 &>> 10)
            words[index] = words[index &- 16] &+ s0 &+ words[index &- 7] &+ s1
            index &+= 1
        }
        var a = state[0]
        var b = state[1]
        var c = state[2]
        var d = state[3]
        var e = state[4]
        var f = state[5]
        var g = state[6]
        var h = state[7]
        index = 0
        while index < 64 {
            let s1 = ((e &>> 6) | (e &<< 26)) ^ ((e &>> 11) | (e &<< 21)) ^ ((e &>> 25) | (e &<< 7))
            let choice = (e & f) ^ (~e & g)
            let temp1 = h &+ s1 &+ choice &+ table[index] &+ words[index]
            let s0 = ((a &>> 2) | (a &<< 30)) ^ ((a &>> 13) | (a &<< 19)) ^ ((a &>> 22) | (a &<< 10))
            let majority = (a & b) ^ (a & c) ^ (b & c)
            h = g
            g = f
            f = e
            e = d &+ temp1
            d = c
            c = b
            b = a
            a = temp1 &+ s0 &+ majority
            index &+= 1
        }
        state[0] &+= a
        state[1] &+= b
        state[2] &+= c
        state[3] &+= d
        state[4] &+= e
        state[5] &+= f
        state[6] &+= g
        state[7] &+= h
    }
}
