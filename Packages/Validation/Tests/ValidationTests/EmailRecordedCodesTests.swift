import EssentialsTesting
import Foundation
import Testing
import Validation

/// The codes the email validator reports for a large, fixed corpus under all sixteen combinations of options,
/// compared with the codes recorded in `Fixtures/email-codes.txt`. The recording was made with an earlier,
/// independently written scanner, so a rewrite of the scanner must report exactly what that one reported on
/// every input: the case table, the hostile inputs, and seeded random and mutated addresses.
@Suite("Validation: email codes against the recorded codes")
struct EmailRecordedCodesTests {
    @Test func reportsTheRecordedCodesForEveryAddressAndEveryOptionSet() throws {
        let recorded = try EmailCodeRecording.read()
        let corpus = EmailCorpus.addresses
        try #require(recorded.count == corpus.count, "the corpus and the recording have the same number of rows")
        var disagreements: [String] = []
        for (address, row) in zip(corpus, recorded) {
            guard row.hash == EmailCodeRecording.hash(address) else {
                Issue.record("the corpus changed at \(address.prefix(60).debugDescription): record it again")
                return
            }
            let masks = EmailCodeRecording.masks(address)
            for (index, options) in EmailCodeRecording.optionSets.enumerated() where masks[index] != row.masks[index] {
                disagreements.append(
                    "\(address.prefix(80).debugDescription) with \(options): "
                        + "recorded \(EmailCodeRecording.codes(row.masks[index])), now \(EmailCodeRecording.codes(masks[index]))"
                )
            }
        }
        #expect(disagreements.isEmpty, "\(disagreements.count) disagreements, first: \(disagreements.prefix(5))")
    }

    @Test func theCorpusReachesEveryCode() throws {
        let recorded = try EmailCodeRecording.read()
        let all = (1 << ValidationCode.emailCodes.count) - 1
        let seen = recorded.reduce(0) { union, row in row.masks.reduce(union, |) }
        #expect(seen == all, "codes never recorded: \(EmailCodeRecording.codes(all & ~seen))")
        #expect(recorded.count >= 20_000)
    }

    /// Writes the recording from the validator as it is; run only on purpose, with
    /// `VALIDATION_RECORD_EMAIL_CODES=1`, before a change to the scanner that must keep every code.
    @Test(
        .enabled(
            if: ProcessInfo.processInfo.environment["VALIDATION_RECORD_EMAIL_CODES"] == "1",
            "records the codes only when asked: VALIDATION_RECORD_EMAIL_CODES=1"))
    func recordTheCodes() throws {
        var lines = [EmailCodeRecording.header]
        for address in EmailCorpus.addresses {
            lines.append(
                EmailCodeRecording.line(
                    hash: EmailCodeRecording.hash(address), masks: EmailCodeRecording.masks(address)))
        }
        let text = lines.joined(separator: "\n") + "\n"
        try text.write(to: EmailCodeRecording.file, atomically: true, encoding: .utf8)
        #expect(try String(contentsOf: EmailCodeRecording.file, encoding: .utf8) == text, "the recording reads back")
    }
}

/// The recording: one line per corpus address, the low 32 bits of its FNV-1a hash (so a changed corpus is
/// noticed, not misread), then the distinct code masks in hex (bit `n` is `ValidationCode.emailCodes[n]`) and,
/// when there is more than one, which of them each of the sixteen option sets reported, one hex digit each.
enum EmailCodeRecording {
    static let header =
        "# email codes: FNV-1a of the address, the distinct code masks, the mask of each option set"
        + " (see EmailRecordedCodesTests)"

    static var file: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/email-codes.txt")
    }

    /// All sixteen combinations, the option for quoted local parts in the lowest bit.
    static let optionSets: [EmailValidationOptions] = (0..<16).map { bits in
        EmailValidationOptions(
            allowsQuotedLocalPart: bits & 1 != 0, allowsInternationalized: bits & 2 != 0,
            allowsIPLiteral: bits & 4 != 0, allowsSingleLabelDomain: bits & 8 != 0)
    }

    private static let validators = optionSets.map { EmailValidator(options: $0) }

    static func masks(_ address: String) -> [Int] {
        validators.map { validator in
            validator.validate(email: address).reduce(0) { mask, failure in
                mask | (ValidationCode.emailCodes.firstIndex(of: failure.code).map { 1 << $0 } ?? 1 << 62)
            }
        }
    }

    static func codes(_ mask: Int) -> [String] {
        ValidationCode.emailCodes.indices.filter { mask & (1 << $0) != 0 }.map {
            ValidationCode.emailCodes[$0].rawValue
        }
    }

    static func hash(_ address: String) -> UInt32 {
        UInt32(
            truncatingIfNeeded: address.utf8.reduce(0xcbf2_9ce4_8422_2325 as UInt64) {
                ($0 ^ UInt64($1)) &* 0x100_0000_01b3
            })
    }

    static func line(hash: UInt32, masks: [Int]) -> String {
        var distinct: [Int] = []
        for mask in masks where !distinct.contains(mask) { distinct.append(mask) }
        let shown = distinct.map { String($0, radix: 16) }.joined(separator: ",")
        guard distinct.count > 1 else { return "\(String(hash, radix: 16)) \(shown)" }
        let choices = masks.compactMap { mask in distinct.firstIndex(of: mask).map { String($0, radix: 16) } }
        return "\(String(hash, radix: 16)) \(shown) \(choices.joined())"
    }

    struct Row {
        let hash: UInt32
        let masks: [Int]
    }

    static func read() throws -> [Row] {
        let text = try String(contentsOf: file, encoding: .utf8)
        return try text.split(separator: "\n").filter { !$0.hasPrefix("#") }.map { line in
            let fields = line.split(separator: " ")
            let hash = try #require(fields.count >= 2 ? UInt32(fields[0], radix: 16) : nil, "a hash in \(line)")
            let distinct = try fields[1].split(separator: ",").map {
                try #require(Int($0, radix: 16), "a mask in \(line)")
            }
            let choices = fields.count > 2 ? fields[2].compactMap { $0.hexDigitValue } : Array(repeating: 0, count: 16)
            try #require(choices.count == optionSets.count && choices.allSatisfy(distinct.indices.contains), "\(line)")
            return Row(hash: hash, masks: choices.map { distinct[$0] })
        }
    }
}

/// Every address the recording covers, in a fixed order: the case table and the inputs of the other email
/// tests, hostile text, addresses built around the eight-byte blocks and the length limits, seeded noise
/// from the grammar's bytes, and seeded mutations of valid addresses.
enum EmailCorpus {
    static let addresses: [String] = {
        var generator = SeededGenerator(seed: 0xE3A1)
        let valid = EmailCaseTable.all.filter(\.expected.isEmpty).map(\.address) + literals.filter(isPlain)
        return EmailCaseTable.all.map(\.address) + literals + hostile + blocks + lengths
            + (0..<5_000).map { _ in noise(using: &generator) }
            + (0..<4_000).map { _ in RandomAddress.make(using: &generator) }
            + (0..<6_000).map { _ in mutation(of: valid, using: &generator) }
    }()

    private static func isPlain(_ address: String) -> Bool {
        EmailValidator(options: .permissive).validate(email: address).isEmpty
    }

    /// The addresses the other email tests use, beyond the case table.
    private static let literals: [String] = [
        "o'brien@example.com", "User@Example.COM", "a+tag@sub.example.co.uk", "user@xn--bcher-kva.example",
        "a@b.co", "1@2.example", "user@123.example.com", "nobody", ".a b,c d,e@ex..ample-", "user@", "@x.com",
        "user@localhost", "\"a b\"@[192.0.2.1]", "victim@gmail.com@corp.ledger.example",
        "attacker@corp.ledger.example\r\nBcc: victim@gmail.com", "victim@gmail.com\r\nBcc: x@corp.ledger.example",
        "x@corp.ledger.example\nBcc:victim@gmail.com", "x@corp.ledger.example\r\n", "x@corp.ledger.example\u{85}",
        "x@corp.ledger.example\u{2028}", "x\u{0}@corp.ledger.example", "<script>@corp.ledger.example",
        "\"victim@gmail.com\"@corp.ledger.example", "\"a@b@corp.ledger.example", "a@[192.0.2.1@gmail.com]",
        "a@[192.0.2.1]", "", "@", "a@", "@corp.ledger.example", "plain", "\"\"@corp.ledger.example",
        " a@b.example", "ann@bücher.example", "ann@BÜCHER.Example", "ann@XN--BCHER-KVA.EXAMPLE",
        "ann@bu\u{308}cher.example", "Ann@Corp.Ledger.EXAMPLE", "ann@c\u{43E}rp.ledger.example",
        "a@\u{301}b.example", "user@example.\u{202E}moc", "👍@example.com", "user@[IPv6:2001:db8::1]",
        "user@[IPv6:::]", "user@[ipv6:1:2:3:4:5:6:7:8]", "user@[1.2.3]", "user@[256.0.0.1]", "user@[]",
        "user@[1.2.3.4]x", "user@[1.2.3.4]@b.example", "user@a[1.2.3.4]", "\"a\\\"b\"@x.example",
        "\"a\\ b\"@x.example", "\"\\\"@x.example", "a\"b\"@x.example", "\"a\"b@x.example", "\"a\".b@x.example",
        "\"a\"\"b\"@x.example", "\"a\u{7}b\"@x.example", "\"a\tb\"@x.example", "\"é\"@x.example",
        "\"\u{200D}\"@x.example", "user@bücher.example", "user@例.example",
    ]

    private static let hostile: [String] = [
        HostileText.empty, HostileText.oneMegabyte, HostileText.oneMegabyteOfSpaces, HostileText.invalidUTF8,
        HostileText.emoji, HostileText.zalgo, HostileText.controls, HostileText.bidiOverride,
        String(repeating: "a", count: 100_000) + "@", String(repeating: "@", count: 1 << 16),
        "a@" + String(repeating: ".", count: 1 << 16), String(repeating: "\"", count: 1 << 16) + "@example.com",
        "a@[" + String(repeating: "1", count: 1 << 16) + "]", "a@[" + String(repeating: ":", count: 1 << 16),
        decodedInvalidUTF8(Array("us".utf8) + [0xFF, 0xC0, 0x80] + Array("er@example.com".utf8)),
        decodedInvalidUTF8(Array("user@exa".utf8) + [0xED, 0xA0, 0x80] + Array("mple.com".utf8)),
        HostileText.emoji + "@example.com", HostileText.zalgo + "@example.com", "user@" + HostileText.zalgo,
        "a@" + Array(repeating: String(repeating: "ü", count: 40), count: 500).joined(separator: ".") + ".example",
        "user@" + String(repeating: "例", count: 21) + ".example",
        "user@" + String(repeating: "例", count: 22) + ".example", String(repeating: "é", count: 85) + "@example.com",
    ]

    /// Special bytes on every offset of an eight-byte block, on both sides of the `@`.
    private static let blocks: [String] = (1...20).flatMap { localLength in
        (1...20).flatMap { labelLength -> [String] in
            let local = String(repeating: "a", count: localLength)
            let label = String(repeating: "b", count: labelLength)
            let digits = String(repeating: "2", count: labelLength)
            return [
                "\(local)@\(label).example", "\(local).\(local)@\(label).\(label).com", "\(local)..x@\(label).example",
                "\(local)@\(label)..example", "\(local)@\(label)-.example", "\(local)@\(label)é.example",
                "\(local)@1\(digits)", "\(local)@x.1\(digits)", "\(local)@x.1\(digits)z",
                "\(local)_\(label)@x.example", "\(local)@\(label)_x.example", "\(local) @\(label).example",
            ]
        }
    }

    /// Every length from 1 to 300 bytes in several shapes, across each length limit.
    private static let lengths: [String] = (1...300).flatMap { length -> [String] in
        let half = length / 2
        let labels: [String] = Array(repeating: "ccccccccc", count: length / 10 + 1)
        var shapes: [String] = []
        shapes.append("a@" + String(repeating: "b", count: max(0, length - 6)) + ".com")
        shapes.append(String(repeating: "x", count: max(1, length - 6)) + "@a.bc")
        shapes.append(String(repeating: "x.", count: half))
        shapes.append("@" + String(repeating: "-", count: length))
        shapes.append(String(repeating: "ab@", count: length / 3 + 1))
        shapes.append(String(repeating: "a", count: half) + "@" + String(repeating: "1", count: half))
        shapes.append(String(repeating: "é", count: half) + "@x.y")
        shapes.append("\"" + String(repeating: "q", count: length) + "\"@x.y")
        shapes.append("a@" + labels.joined(separator: "."))
        return shapes
    }

    private static let pieces = [
        "a", "Z", "0", "9", "abcdefgh", "12345678", ".", "..", "@", "-", "_", "+", " ", "\t", "\r\n", "\u{0}",
        "\u{7F}", "\"", "\\", "[", "]", "(", ",", "é", "ü", "1.2.3.4", "IPv6:", "::", String(repeating: "x", count: 60),
        "\u{A0}", "\u{200D}", "\u{202E}", "\u{301}", "\u{FFFD}", "👍", "例", "\u{85}", "\u{E000}", "\u{FFFE}",
    ]

    /// Pieces of the grammar in random order, runs long enough to cross the blocks and the limits.
    private static func noise(using generator: inout SeededGenerator) -> String {
        (0..<Int.random(in: 0...14, using: &generator)).map { _ in pieces.randomElement(using: &generator) ?? "a" }
            .joined()
    }

    /// A valid address with one to three pieces replaced, inserted or removed, scalar by scalar.
    private static func mutation(of valid: [String], using generator: inout SeededGenerator) -> String {
        var scalars = Array((valid.randomElement(using: &generator) ?? "a@b.example").unicodeScalars)
        for _ in 0..<Int.random(in: 1...3, using: &generator) {
            let position = Int.random(in: 0...scalars.count, using: &generator)
            let piece = Array((pieces.randomElement(using: &generator) ?? "a").unicodeScalars)
            switch Int.random(in: 0..<4, using: &generator) {
            case 0 where position < scalars.count: scalars.replaceSubrange(position...position, with: piece)
            case 1 where position < scalars.count: scalars.remove(at: position)
            case 2: scalars.insert(contentsOf: repeatElement(piece, count: 40).joined(), at: position)
            default: scalars.insert(contentsOf: piece, at: position)
            }
        }
        var text = ""
        text.unicodeScalars.append(contentsOf: scalars)
        return text
    }
}
