import EssentialsTesting
import Foundation
import SectionsRegistryTesting
import Testing

@testable import SectionsRegistry

/// A model touching most of what `Decodable` can ask of a decoder.
private struct Everything: Decodable, Sendable, Equatable {
    enum Mood: String, Decodable, Sendable, Equatable {
        case happy, sad
    }

    enum Level: Int, Decodable, Sendable, Equatable {
        case low = 1
        case high = 2
    }

    enum Shape: Decodable, Sendable, Equatable {
        case circle(radius: Int)
        case square(side: Int)
    }

    struct Item: Decodable, Sendable, Equatable {
        let name: String
        let tags: [String]?
    }

    let title: String
    let isActive: Bool
    let count: Int
    let small: Int8?
    let medium: Int16?
    let wide: Int32?
    let huge: Int64?
    let unsigned: UInt?
    let byte: UInt8?
    let word: UInt16?
    let doubleWord: UInt32?
    let quadWord: UInt64?
    let ratio: Double?
    let matrix: [[Int]]?
    let labels: [String: Int]?
    let nested: [String: [String: Bool]]?
    let mood: Mood?
    let level: Level?
    let createdAt: Date?
    let link: URL?
    let items: [Item]?
    let shape: Shape?
    let uniqueTags: Set<String>?
    let maybeNull: String??
}

/// A model that catches its own errors and carries on with another key.
private struct Forgiving: Decodable, Sendable, Equatable {
    enum CodingKeys: String, CodingKey {
        case value, fallback
    }

    let value: Int

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        if let value = try? container.decode(Int.self, forKey: .value) {
            self.value = value
        } else {
            value = try container.decode(Int.self, forKey: .fallback)
        }
    }
}

/// A model that records the coding path it was decoded at.
private struct PathRecorder: Decodable, Sendable, Equatable {
    let path: String

    init(from decoder: any Decoder) throws {
        path = decoder.codingPath.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }.joined(separator: "/")
    }
}

private struct Paths: Decodable, Sendable, Equatable {
    let first: PathRecorder
    let list: [PathRecorder]
    let map: [String: PathRecorder]
}

/// A model that lists the keys it was given, to compare key conversion.
private struct KeyLister: Decodable, Sendable, Equatable {
    struct AnyKey: CodingKey {
        let stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    let keys: [String]

    init(from decoder: any Decoder) throws {
        keys = try decoder.container(keyedBy: AnyKey.self).allKeys.map(\.stringValue).sorted()
    }
}

private struct WithFloat: Decodable, Sendable, Equatable {
    let value: Float
}

private struct WithDecimal: Decodable, Sendable, Equatable {
    let value: Decimal
}

private struct WithData: Decodable, Sendable, Equatable {
    let value: Data
}

/// The mapper decodes with Foundation's `JSONDecoder`, configured from its key and date styles; these tests pin
/// that it decodes every kind of model exactly as such a decoder does, and fails where it fails.
@Suite("SectionsRegistry: mapper decodes like JSONDecoder")
struct MapperDecodingTests {
    private let builder = SectionPayloadBuilder()

    private func foundation<Model: Decodable>(
        _ type: Model.Type, _ json: String, keys: JSONKeyStyle = .snakeCase, dates: JSONDateStyle = .iso8601
    ) -> Model? {
        let decoder = JSONDecoder()
        if keys == .snakeCase { decoder.keyDecodingStrategy = .convertFromSnakeCase }
        switch dates {
        case .iso8601: decoder.dateDecodingStrategy = .custom(ISO8601Dates.decode)
        case .secondsSince1970: decoder.dateDecodingStrategy = .secondsSince1970
        case .millisecondsSince1970: decoder.dateDecodingStrategy = .millisecondsSince1970
        }
        return try? decoder.decode(Model.self, from: Data(json.utf8))
    }

    private func mapped<Model: Decodable & Sendable & Equatable>(
        _ type: Model.Type, _ json: String, keys: JSONKeyStyle = .snakeCase, dates: JSONDateStyle = .iso8601
    ) -> Model? {
        try? JSONSectionMapper<Model>(keys: keys, dates: dates).map(builder.section(id: "m", type: "m", content: json))
    }

    private static let everything = #"""
        {"title": "caf\u00e9 \"x\"", "is_active": true, "count": -42, "small": -128, "medium": 32767,
         "wide": -2147483648, "huge": 9223372036854775807, "unsigned": 0, "byte": 255, "word": 65535,
         "double_word": 4294967295, "quad_word": 18446744073709551615, "ratio": -12.5e-3,
         "matrix": [[1, 2], [], [3]], "labels": {"snake_case_key": 1, "Upper": 2}, "nested": {"a_b": {"c_d": true}},
         "mood": "happy", "level": 2, "created_at": "2024-03-01T12:00:00Z", "link": "https://example.com/a?b=c",
         "items": [{"name": "one", "tags": ["x"]}, {"name": "two", "tags": null}, {"name": "three"}],
         "shape": {"circle": {"radius": 3}}, "unique_tags": ["a", "b", "a"], "maybe_null": null}
        """#

    @Test func aRichModelDecodesExactlyLikeFoundation() throws {
        let reference = try #require(foundation(Everything.self, Self.everything))
        let value = try #require(mapped(Everything.self, Self.everything))
        #expect(value == reference)
        #expect(value.title == "café \"x\"")
        #expect(value.quadWord == .max)
        #expect(value.createdAt == Date(timeIntervalSince1970: 1_709_294_400))
    }

    @Test func theHomeScreenModelsDecodeLikeFoundation() throws {
        for index in 0..<3 {
            let payload = Fixtures.goodPayload(index)
            let json = String(decoding: payload.content, as: UTF8.self)
            #expect(mapped(Banner.self, json) == foundation(Banner.self, json))
            #expect(mapped(ExpensesSummary.self, json) == foundation(ExpensesSummary.self, json))
            #expect(mapped(QuickActions.self, json) == foundation(QuickActions.self, json))
        }
        #expect(mapped(Banner.self, Fixtures.bannerJSON(1)) != nil)
        #expect(mapped(ExpensesSummary.self, Fixtures.summaryJSON(1)) != nil)
        #expect(mapped(QuickActions.self, Fixtures.quickActionsJSON(1)) != nil)
    }

    @Test(arguments: [JSONDateStyle.iso8601, .secondsSince1970, .millisecondsSince1970])
    func datesMatchFoundation(style: JSONDateStyle) throws {
        struct Dated: Decodable, Sendable, Equatable {
            let at: Date
        }
        for json in [#"{"at":"2024-03-01T12:00:00.250Z"}"#, #"{"at":1709294400.5}"#, #"{"at":-1}"#, #"{"at":"x"}"#] {
            #expect(mapped(Dated.self, json, dates: style) == foundation(Dated.self, json, dates: style), "\(json)")
        }
    }

    @Test(arguments: [
        "simple", "snake_case", "__leading", "trailing__", "__both__", "_", "__", "a__b", "a_", "_a", "abc_DEF_ghI",
        "a_bC_dE", "URL_path", "image_URL", "x_1", "item2_title", "a-b_c", "a b_c", "a.b_c", "straße_x", "x_ßa", "i_i",
        "ǆ_x", "camelCase", "with_3_words_here", "x_1y",
    ])
    func keyConversionMatchesFoundation(name: String) throws {
        let json = #"{"\#(name)": 1, "other_key": 2}"#
        let reference = try #require(foundation(KeyLister.self, json))
        #expect(mapped(KeyLister.self, json) == reference)
        #expect(reference.keys.contains("otherKey"))
    }

    @Test func codingPathsMatchFoundation() throws {
        let json = #"{"first": 1, "list": [1, 2], "map": {"k_1": 3}}"#
        let reference = try #require(foundation(Paths.self, json))
        #expect(reference.list.map(\.path) == ["list/[0]", "list/[1]"])
        #expect(mapped(Paths.self, json) == reference)
    }

    @Test func aModelThatCatchesItsOwnErrorsDecodes() throws {
        for (json, expected) in [
            (#"{"value": "x", "fallback": 3}"#, 3), (#"{"fallback": 4}"#, 4), (#"{"value": 1.5, "fallback": 5}"#, 5),
            (#"{"value": 7}"#, 7),
        ] {
            #expect(mapped(Forgiving.self, json)?.value == expected, "\(json)")
        }
    }

    @Test func typesFoundationTreatsSpeciallyDecode() {
        #expect(mapped(WithFloat.self, #"{"value": 1.5}"#) == WithFloat(value: 1.5))
        #expect(mapped(WithDecimal.self, #"{"value": 1.5}"#) == WithDecimal(value: Decimal(15) / 10))
        #expect(mapped(WithData.self, #"{"value": "AAEC"}"#) == WithData(value: Data([0, 1, 2])))
    }

    @Test(arguments: [
        #"{"count": 1.0}"#, #"{"count": 1e2}"#, #"{"count": -0}"#, #"{"count": 99999999999999999999}"#,
        #"{"count": 1, "count": 2}"#, #"{"count": 1, "Count": 2}"#, #"{"co\u0075nt": 1}"#,
    ])
    func unusualNumbersAndKeysDecodeLikeFoundation(json: String) {
        struct Counter: Decodable, Sendable, Equatable {
            let count: Int
        }
        #expect(mapped(Counter.self, json) == foundation(Counter.self, json), "\(json)")
    }

    @Test func randomDocumentsDecodeOrFailLikeFoundation() throws {
        var generator = SeededGenerator(seed: 2024)
        var decoded = 0
        for _ in 0..<1_000 {
            let json = RandomEverything.document(using: &generator)
            let reference = foundation(Everything.self, json)
            let value = mapped(Everything.self, json)
            #expect(value == reference, "\(json)")
            if value != nil { decoded += 1 }
        }
        // Most documents decode and some fail; a generator that produced only one kind would prove little.
        #expect(decoded > 250)
        #expect(decoded < 1_000)
    }
}

/// Random variations of an `Everything` document: each member well-formed, of the wrong type, null, missing or
/// spelled differently.
private enum RandomEverything {
    static let members: [(name: String, good: [String])] = [
        ("title", [#""t""#, #""\u00e9\ud83d\ude00""#, #""""#]),
        ("is_active", ["true", "false"]),
        ("count", ["0", "-1", "9223372036854775807", "-9223372036854775808"]),
        ("small", ["-128", "127", "0"]),
        ("medium", ["-32768", "32767"]),
        ("wide", ["2147483647"]),
        ("huge", ["-9223372036854775808"]),
        ("unsigned", ["0", "18446744073709551615"]),
        ("byte", ["255", "0"]),
        ("word", ["65535"]),
        ("double_word", ["4294967295"]),
        ("quad_word", ["18446744073709551615"]),
        ("ratio", ["0.1", "-2.5E+10", "1e-300", "3"]),
        ("matrix", ["[[1],[2,3]]", "[]", "[[]]"]),
        ("labels", [#"{"a_b":1,"C":2}"#, "{}"]),
        ("nested", [#"{"x":{"y_z":false}}"#]),
        ("mood", [#""happy""#, #""sad""#]),
        ("level", ["1", "2"]),
        ("created_at", [#""2024-03-01T12:00:00Z""#, #""2024-03-01T12:00:00.5+01:00""#]),
        ("link", [#""https://example.com""#, #""relative/path""#]),
        ("items", [#"[{"name":"a"},{"name":"b","tags":["t"]}]"#, "[]"]),
        ("shape", [#"{"square":{"side":2}}"#, #"{"circle":{"radius":1}}"#]),
        ("unique_tags", [#"["a"]"#, "[]"]),
        ("maybe_null", ["null", #""v""#]),
    ]

    static let bad = [
        "null", "1", "-1", "1.5", "1e3", "-0", "300", "99999999999999999999", #""s""#, "true", "[]", "{}", "[1,\"a\"]",
        #"{"square":{"side":2},"circle":{"radius":1}}"#, #""not a date""#, #""""#, #""sad""#, "3",
    ]

    static let spellings: [@Sendable (String) -> String] = [
        { $0 }, { $0.uppercased() }, { "_" + $0 }, { $0 + "_" }, { $0.replacingOccurrences(of: "_", with: "__") },
        { $0.replacingOccurrences(of: "_", with: "") },
    ]

    static func document(using generator: inout SeededGenerator) -> String {
        var parts: [String] = []
        for member in members {
            let roll = Int.random(in: 0..<100, using: &generator)
            if roll < 2 { continue }  // missing
            var name = member.name
            if roll < 4 { name = spellings.randomElement(using: &generator)?(name) ?? name }
            let value =
                roll < 97
                ? member.good.randomElement(using: &generator) ?? "null"
                : bad.randomElement(using: &generator) ?? "null"
            parts.append(#""\#(name)":\#(value)"#)
            if roll == 99 { parts.append(#""\#(name)":\#(value)"#) }  // duplicate
        }
        parts.shuffle(using: &generator)
        return "{" + parts.joined(separator: ",") + "}"
    }
}
