import Testing

@testable import Registration

@Suite("Registration: Punycode (RFC 3492)")
struct PunycodeTests {
    /// The sample strings of RFC 3492 section 7.1, (A) to (S). The Punycode is as printed there; capital letters
    /// after the last delimiter are the RFC's optional mixed-case annotation, which this encoder does not write.
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
        #expect(Punycode.encode(Array(sample.unicode.unicodeScalars)) == Self.withoutCaseAnnotation(sample.punycode))
    }

    @Test(arguments: samples.map(\.name))
    func decodesTheRFCSamplesWithOrWithoutTheirCaseAnnotation(name: String) throws {
        let sample = try #require(Self.samples.first { $0.name == name })
        let expected = Array(sample.unicode.unicodeScalars)
        #expect(Punycode.decode(sample.punycode[...]) == expected)
        #expect(Punycode.decode(Self.withoutCaseAnnotation(sample.punycode)[...]) == expected)
    }

    @Test(arguments: [("bücher", "bcher-kva"), ("mañana", "maana-pta"), ("☃", "n3h"), ("", ""), ("abc", "abc-")])
    func encodesDomainLabels(label: String, punycode: String) {
        #expect(Punycode.encode(Array(label.unicodeScalars)) == punycode)
        #expect(Punycode.decode(punycode[...]) == Array(label.unicodeScalars))
    }

    @Test(arguments: [
        "-", "a-b-!", "ü", "99999999999999999999999999", String(repeating: "9", count: 10_000), "zz",
        "a", String(repeating: "a-", count: 5_000) + "!",
    ])
    func refusesTextThatIsNotPunycodeOrOverflows(text: String) {
        let decoded = Punycode.decode(text[...])
        // "a" decodes to U+0080, a code point the domain rules reject later; everything else is not Punycode.
        #expect(decoded == nil || decoded == ["\u{80}"])
    }

    @Test func roundTripsEveryCodePointRangeOfALabel() {
        var random = SplitMix64(seed: 3492)
        for _ in 0..<500 {
            let length = Int(random.next() % 20) + 1
            let scalars = (0..<length).compactMap { _ -> Unicode.Scalar? in
                let planes: [ClosedRange<UInt32>] = [
                    0x21...0x7E, 0xA0...0x2FF, 0x3040...0x30FF, 0x4E00...0x9FFF, 0x1F300...0x1F64F,
                ]
                let plane = planes[Int(random.next() % UInt64(planes.count))]
                return Unicode.Scalar(plane.lowerBound + UInt32(random.next() % UInt64(plane.count)))
            }
            guard let encoded = Punycode.encode(scalars) else {
                Issue.record("could not encode \(scalars)")
                continue
            }
            #expect(encoded.utf8.allSatisfy { $0 < 0x80 })
            #expect(Punycode.decode(encoded[...]) == scalars)
        }
    }

    /// The RFC's output with the letters after the last delimiter lower-cased: those capitals only annotate case.
    private static func withoutCaseAnnotation(_ punycode: String) -> String {
        guard let delimiter = punycode.lastIndex(of: "-") else { return punycode.lowercased() }
        return String(punycode[...delimiter]) + punycode[punycode.index(after: delimiter)...].lowercased()
    }
}
