import Foundation
import Testing
import Validation

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
