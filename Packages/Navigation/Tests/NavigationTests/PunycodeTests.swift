import Testing

@testable import Navigation

@Suite("Navigation: Punycode (RFC 3492)")
struct PunycodeTests {
    /// Samples from RFC 3492, section 7.1, and well-known IDNA labels.
    static let samples: [(unicode: String, encoded: String)] = [
        ("bücher", "bcher-kva"),
        ("münchen", "mnchen-3ya"),
        ("ü", "tda"),
        ("abc", "abc-"),
        ("a-b-ü", "a-b--3ra"),
        ("3年B組金八先生", "3B-ww4c5e180e575a65lsy2b"),
        ("安室奈美恵-with-SUPER-MONKEYS", "-with-SUPER-MONKEYS-pc58ag80a8qai00g7n9n"),
        ("Hello-Another-Way-それぞれの場所", "Hello-Another-Way--fc4qua05auwb3674vfr0b"),
        ("ひとつ屋根の下2", "2-u9tlzr9756bt3uc0v"),
        ("MajiでKoiする5秒前", "MajiKoi5-783gue6qz075azm5e"),
        ("パフィーdeルンバ", "de-jg4avhby1noc0d"),
        ("そのスピードで", "d9juau41awczczp"),
        ("-> $1.00 <-", "-> $1.00 <--"),
        ("ليهمابتكلموشعربي؟", "egbpdaj6bu4bxfgehfvwxn"),
        ("他们为什么不说中文", "ihqwcrb4cv8a8dqg056pqjye"),
        ("Pročprostěnemluvíčesky", "Proprostnemluvesky-uyb24dma41a"),
        ("למההםפשוטלאמדבריםעברית", "4dbcagdahymbxekheh6e0a7fei0b"),
        ("почемужеонинеговорятпорусски", "b1abfaaepdrnnbgefbadotcwatmq2g4l"),
        ("PorquénopuedensimplementehablarenEspañol", "PorqunopuedensimplementehablarenEspaol-fmd56a"),
        ("TạisaohọkhôngthểchỉnóitiếngViệt", "TisaohkhngthchnitingVit-kjcr8268qyxafd2f1b9g"),
    ]

    @Test("encodes the RFC samples", arguments: samples.indices)
    func encodes(index: Int) throws {
        let sample = Self.samples[index]
        #expect(try Punycode.encode(Array(sample.unicode.unicodeScalars)) == sample.encoded)
    }

    @Test("decodes the RFC samples", arguments: samples.indices)
    func decodes(index: Int) throws {
        let sample = Self.samples[index]
        let decoded = try Punycode.decode(sample.encoded[...])
        #expect(String(String.UnicodeScalarView(decoded)) == sample.unicode)
    }

    @Test("decoding accepts upper-case digits and keeps the case of basic code points")
    func decodesUpperCase() throws {
        #expect(String(String.UnicodeScalarView(try Punycode.decode("bcher-KVA"))) == "bücher")
        #expect(String(String.UnicodeScalarView(try Punycode.decode("BCHER-kva"))) == "BüCHER")
    }

    @Test("decode then encode is the identity over thousands of seeded random labels")
    func roundTrip() throws {
        var generator = SeededGenerator(seed: 3492)
        let pools: [ClosedRange<UInt32>] = [
            0x61...0x7A, 0x30...0x39, 0xE0...0xFF, 0x3040...0x30FF, 0x4E00...0x4FFF,
            0x1F600...0x1F64F, 0x0590...0x05FF,
        ]
        for _ in 0..<3_000 {
            let length = Int.random(in: 1...20, using: &generator)
            let scalars = (0..<length).compactMap { _ in
                Unicode.Scalar(
                    UInt32.random(in: pools.randomElement(using: &generator) ?? 0x61...0x7A, using: &generator))
            }
            let encoded = try Punycode.encode(scalars)
            #expect(encoded.unicodeScalars.allSatisfy { $0.isASCII })
            #expect(try Punycode.decode(encoded[...]) == scalars)
        }
    }

    @Test(
        "refuses malformed input with the reason",
        arguments: [
            ("bcher-kv!", Punycode.Failure.badInput),  // not a base-36 digit
            ("bcher-kv", .badInput),  // ends inside a number
            ("ü-abc", .badInput),  // non-basic code point before the delimiter
            ("99999999999999999999999", .overflow),  // overflows
            ("zzzzzzzzzzzzzzzzzzzzzzzzzz", .badInput),  // every z continues the number, which never ends
        ]
    )
    func refusesMalformed(input: String, reason: Punycode.Failure) {
        #expect(throws: reason) { try Punycode.decode(input[...]) }
    }

    @Test("decoding refuses a code point that is a surrogate, which no string can hold")
    func refusesSurrogates() {
        // "a-rc4g" is "a" followed by U+D800 in Bootstring, which is not a Unicode scalar value.
        #expect(throws: Punycode.Failure.badInput) { try Punycode.decode("a-rc4g") }
    }

    @Test("encoding a huge label finishes and round-trips")
    func hugeLabel() throws {
        let scalars = Array(String(repeating: "ü日🙂a", count: 2_000).unicodeScalars)
        let encoded = try Punycode.encode(scalars)
        #expect(try Punycode.decode(encoded[...]) == scalars)
    }
}
