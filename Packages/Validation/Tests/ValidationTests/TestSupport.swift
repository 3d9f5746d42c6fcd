import Foundation
import Testing
import Validation

/// A small, fast, seeded generator (SplitMix64) so "random" inputs are the same on every run.
struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var value = state
        value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
        value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
        return value ^ (value >> 31)
    }
}

extension Array where Element == ValidationFailure {
    /// The codes, in order: what tests compare.
    var codes: [ValidationCode] { map(\.code) }
}

/// Text that is not valid UTF-8 as Foundation and Swift decode it: every bad byte becomes U+FFFD.
func decodedInvalidUTF8(_ bytes: [UInt8]) -> String {
    String(decoding: bytes, as: UTF8.self)
}

/// Hostile strings every text entry point must survive with failures, never a crash.
enum HostileText {
    static let empty = ""
    static let oneMegabyte = String(repeating: "a", count: 1 << 20)
    static let oneMegabyteOfSpaces = String(repeating: " ", count: 1 << 20)
    static let invalidUTF8 = decodedInvalidUTF8([0x61, 0xFF, 0xFE, 0xC0, 0x80, 0xED, 0xA0, 0x80, 0x62])
    static let emoji = "👩‍👩‍👧‍👦🏳️‍🌈"
    static let zalgo = "Z" + String(repeating: "\u{0301}\u{0327}\u{0337}", count: 10_000)
    static let controls = "a\u{0}b\u{7}c\u{1B}[31m\u{7F}"
    static let bidiOverride = "invoice\u{202E}fdp.exe"
}
