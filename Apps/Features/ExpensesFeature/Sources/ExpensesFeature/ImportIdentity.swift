/// Which occurrence of identical rows a row is, in memory that does not grow with the file: a fixed bit set
/// (a Bloom filter) answers "seen before?", and only rows it answers yes for are counted exactly.
///
/// A row never seen gets occurrence 1. A row the filter may have seen gets the next count of its key, starting at
/// 2; a false positive of the filter (a first occurrence it mistakes for a repeat) also gets 2, which keeps every
/// row of the file distinct and, the filter being deterministic, gives the same file the same occurrences on
/// every import: what import identity needs. Only keys the filter says yes to are stored, so memory stays near the
/// filter's fixed size for a file of distinct rows, however large.
struct ImportIdentity {
    private var bits: [UInt64]
    private var repeats: [UInt64: UInt32] = [:]

    /// A filter sized for about `expectedBytes` of CSV: 4 bits per byte, between 128 KiB and 16 MiB.
    init(expectedBytes: Int) {
        let bitCount = min(max(expectedBytes * 4, 1 << 20), 1 << 27)
        bits = [UInt64](repeating: 0, count: bitCount / 64)
    }

    /// The occurrence (1, 2, ...) of the row whose content is `key`.
    mutating func occurrence(of key: String) -> Int {
        let hash = Self.fnv1a(key)
        let second = Self.mix(hash)
        var seen = true
        for index in 0..<3 {
            let bit = Int((hash &+ UInt64(index) &* second) % UInt64(bits.count * 64))
            let mask: UInt64 = 1 << UInt64(bit % 64)
            if bits[bit / 64] & mask == 0 {
                seen = false
                bits[bit / 64] |= mask
            }
        }
        guard seen else { return 1 }
        let next = (repeats[hash] ?? 1) + 1
        repeats[hash] = next
        return Int(next)
    }

    private static func fnv1a(_ text: String) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3 }
        return hash
    }

    private static func mix(_ value: UInt64) -> UInt64 {
        var z = value &+ 0x9e37_79b9_7f4a_7c15
        z = (z ^ (z >> 30)) &* 0xbf58_476d_1ce4_e5b9
        z = (z ^ (z >> 27)) &* 0x94d0_49bb_1331_11eb
        return (z ^ (z >> 31)) | 1
    }
}
