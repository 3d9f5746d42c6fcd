import Essentials
import EssentialsTesting
import Testing

@Suite("Essentials: Punycode (RFC 3492)")
struct PunycodeTests {
    /// The sample strings of RFC 3492 section 7.1, (A) to (S). The Punycode is as printed there; capital letters
    /// after the last delimiter are the RFC's optional mixed-case annotation, which the encoder does not write.
    static let samples: [(name: String, unicode: String, punycode: String)] = [
        ("A Arabic (Egyptian)", "ليهمابتكلموشعربي؟", "egbpdaj6bu4bxfgehfvwxn"),
        ("B Chinese (simplified)", "他们为什么不说中文", "ihqwcrb4cv8a8dqg056pqjye"),
        ("C Chinese (traditional)", "他們爲什麽不說中文", "ihqwctvzc91f659drss3x8bo0yb"),
        ("D Czech", "Pročprostěnemluvíčesky", "Proprostnemluvesky-uyb24dma41a"),
        ("E Hebrew", "למההםפשוטלאמדבריםעברית", "4dbcagdahymbxekheh6e0a7fei0b"),
        ("F Hindi (Devanagari)", "यहलोगहिन्दीक्योंनहींबोलसकतेहैं", "i1baa7eci9glrd9b2ae1bj0hfcgg6iyaf8o0a1dig0cd"),
        ("G Japanese", "なぜみんな日本語を話してくれないのか", "n8jok5ay5dzabd5bym9f0cm5685rrjetr6pdxa"),
        (
            "H Korean", "세계의모든사람들이한국어를이해한다면얼마나좋을까",
            "989aomsvi5e83db1d2a355cv1e0vak1dwrv93d5xbh15a0dt30a5jpsd879ccm6fea98c"
        ),
        ("I Russian (Cyrillic)", "почемужеонинеговорятпорусски", "b1abfaaepdrnnbgefbaDotcwatmq2g4l"),
        ("J Spanish", "PorquénopuedensimplementehablarenEspañol", "PorqunopuedensimplementehablarenEspaol-fmd56a"),
        ("K Vietnamese", "TạisaohọkhôngthểchỉnóitiếngViệt", "TisaohkhngthchnitingVit-kjcr8268qyxafd2f1b9g"),
        ("L 3年B組金八先生", "3年B組金八先生", "3B-ww4c5e180e575a65lsy2b"),
        ("M 安室奈美恵-with-SUPER-MONKEYS", "安室奈美恵-with-SUPER-MONKEYS", "-with-SUPER-MONKEYS-pc58ag80a8qai00g7n9n"),
        ("N Hello-Another-Way-それぞれの場所", "Hello-Another-Way-それぞれの場所", "Hello-Another-Way--fc4qua05auwb3674vfr0b"),
        ("O ひとつ屋根の下2", "ひとつ屋根の下2", "2-u9tlzr9756bt3uc0v"),
        ("P MajiでKoiする5秒前", "MajiでKoiする5秒前", "MajiKoi5-783gue6qz075azm5e"),
        ("Q パフィーdeルンバ", "パフィーdeルンバ", "de-jg4avhby1noc0d"),
        ("R そのスピードで", "そのスピードで", "d9juau41awczczp"),
        ("S -> $1.00 <-", "-> $1.00 <-", "-> $1.00 <--"),
    ]

    @Test(arguments: samples.map(\.name))
    func encodesTheRFCSamples(name: String) throws {
        let sample = try #require(Self.samples.first { $0.name == name })
        #expect(
            try Punycode.encode(Array(sample.unicode.unicodeScalars)) == Self.withoutCaseAnnotation(sample.punycode))
    }

    @Test(arguments: samples.map(\.name))
    func decodesTheRFCSamplesWithOrWithoutTheirCaseAnnotation(name: String) throws {
        let sample = try #require(Self.samples.first { $0.name == name })
        let expected = Array(sample.unicode.unicodeScalars)
        #expect(try Punycode.decode(sample.punycode) == expected)
        #expect(try Punycode.decode(Self.withoutCaseAnnotation(sample.punycode)) == expected)
    }

    /// Well-known labels, and the edges: no non-ASCII code point at all, nothing at all.
    @Test(arguments: [
        ("bücher", "bcher-kva"), ("münchen", "mnchen-3ya"), ("ü", "tda"), ("abc", "abc-"), ("a-b-ü", "a-b--3ra"),
        ("mañana", "maana-pta"), ("☃", "n3h"), ("straße", "strae-oqa"), ("😀", "e28h"), ("παράδειγμα", "hxajbheg2az3al"),
        ("пример", "e1afmkfd"), ("испытание", "80akhbyknj4f"), ("ドメイン名例", "eckwd4c7cu47r2wf"), ("", ""),
    ])
    func encodesAndDecodesLabels(label: String, punycode: String) throws {
        #expect(try Punycode.encode(Array(label.unicodeScalars)) == punycode)
        #expect(try Punycode.decode(punycode) == Array(label.unicodeScalars))
    }

    @Test func decodingAcceptsUpperCaseDigitsAndKeepsTheCaseOfBasicCodePoints() throws {
        #expect(String(String.UnicodeScalarView(try Punycode.decode("bcher-KVA"))) == "bücher")
        #expect(String(String.UnicodeScalarView(try Punycode.decode("BCHER-kva"))) == "BüCHER")
    }

    @Test(arguments: [
        ("bcher-kv!", Punycode.Failure.badInput),  // not a base-36 digit
        ("bcher-kv", .badInput),  // ends inside a number
        ("zz", .badInput),  // ends inside a number
        ("zzzzzzzzzzzzzzzzzzzzzzzzzz", .badInput),  // every z continues the number, which never ends
        ("ü-abc", .badInput),  // a non-basic code point before the delimiter
        ("ü", .badInput),  // a non-basic code point is no digit
        ("-", .badInput),  // a delimiter in the first place has no basic code points before it: it is a digit
        ("a-b-!", .badInput),
        (String(repeating: "a-", count: 5_000) + "!", .badInput),
        ("a-rc4g", .badInput),  // "a" followed by U+D800, a surrogate, which no string can hold
        ("99999999999999999999999", .overflow),
        (String(repeating: "9", count: 10_000), .overflow),
    ])
    func refusesTextThatIsNotPunycodeWithTheReason(text: String, reason: Punycode.Failure) {
        #expect(throws: reason) { try Punycode.decode(text) }
    }

    @Test func theSmallestNumberIsTheFirstNonASCIICodePoint() throws {
        // "a" is the digit 0: U+0080 inserted at position 0, a code point IDNA's callers refuse later.
        #expect(try Punycode.decode("a") == ["\u{80}"])
    }

    @Test func decodeThenEncodeIsTheIdentityOverThousandsOfSeededRandomLabels() throws {
        var generator = SeededGenerator(seed: 3492)
        let pools: [ClosedRange<UInt32>] = [
            0x21...0x7E, 0x61...0x7A, 0x30...0x39, 0xA0...0x2FF, 0x3040...0x30FF, 0x4E00...0x9FFF,
            0x1F300...0x1F64F, 0x0590...0x05FF,
        ]
        for _ in 0..<3_000 {
            let length = Int.random(in: 1...20, using: &generator)
            let scalars = (0..<length).compactMap { _ in
                Unicode.Scalar(
                    UInt32.random(in: pools.randomElement(using: &generator) ?? 0x61...0x7A, using: &generator))
            }
            let encoded = try Punycode.encode(scalars)
            #expect(encoded.unicodeScalars.allSatisfy { $0.isASCII })
            #expect(try Punycode.decode(encoded) == scalars)
        }
    }

    @Test func aHugeLabelFinishesAndRoundTrips() throws {
        let scalars = Array(String(repeating: "ü日🙂a", count: 2_000).unicodeScalars)
        let encoded = try Punycode.encode(scalars)
        #expect(try Punycode.decode(encoded) == scalars)
    }

    @Test func reasonsReadAsSentences() {
        #expect(
            Punycode.Failure.overflow.description
                == "The text is too long for Punycode, or its digits name no Unicode character.")
        #expect(
            Punycode.Failure.badInput.description
                == "The text is not Punycode: it holds a character Punycode does not use, or ends early.")
    }

    /// The RFC's output with the letters after the last delimiter lower-cased: those capitals only annotate case.
    private static func withoutCaseAnnotation(_ punycode: String) -> String {
        guard let delimiter = punycode.lastIndex(of: "-") else { return punycode.lowercased() }
        return String(punycode[...delimiter]) + punycode[punycode.index(after: delimiter)...].lowercased()
    }
}
