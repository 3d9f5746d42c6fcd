import EssentialsTesting
import Foundation
import SectionsRegistryTesting
import Testing

@testable import SectionsRegistry

private struct Rows: Decodable, Sendable, Equatable {
    let rows: [[Int]]
}

/// Keys a decoder could miss: one spelled with an escape, one whose first letter changes its UTF-8 lead byte
/// when lowercased (`Ω`, `ω`), all optional so a missed key would silently decode as nil.
private struct Optionals: Decodable, Sendable, Equatable {
    enum CodingKeys: String, CodingKey {
        case count, title
        case greek = "ωaB"
    }

    let count: Int?
    let greek: Int?
    let title: String?
}

/// Any JSON value, to map documents of every shape.
private enum AnyJSON: Decodable, Sendable, Equatable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([AnyJSON])
    case object([String: AnyJSON])

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let bool = try? container.decode(Bool.self) {
            self = .bool(bool)
        } else if let number = try? container.decode(Double.self) {
            self = .number(number)
        } else if let string = try? container.decode(String.self) {
            self = .string(string)
        } else if let array = try? container.decode([AnyJSON].self) {
            self = .array(array)
        } else {
            self = .object(try container.decode([String: AnyJSON].self))
        }
    }
}

/// Random JSON documents of every density, from long names to runs of tiny values and empty containers.
private enum RandomJSON {
    static func value(depth: Int, using generator: inout SeededGenerator) -> String {
        let roll = Int.random(in: 0..<(depth > 2 ? 6 : 10), using: &generator)
        switch roll {
        case 0: return "0"
        case 1: return "-12.5e3"
        case 2: return #""\#(String(repeating: "x", count: Int.random(in: 0..<12, using: &generator)))""#
        case 3: return ["true", "false", "null"][Int.random(in: 0..<3, using: &generator)]
        case 4: return "[]"
        case 5: return "{}"
        case 6, 7:
            let count = Int.random(in: 1..<20, using: &generator)
            return "[" + (0..<count).map { _ in value(depth: depth + 1, using: &generator) }.joined(separator: ",")
                + "]"
        default:
            let count = Int.random(in: 1..<12, using: &generator)
            let members = (0..<count).map { index in
                let name = index.isMultiple(of: 2) ? "k\(index)" : ""
                return #""\#(name)":\#(value(depth: depth + 1, using: &generator))"#
            }
            return "{" + members.joined(separator: ",") + "}"
        }
    }
}

@Suite("SectionsRegistry: mapper limits")
struct MapperLimitsTests {
    private let builder = SectionPayloadBuilder()

    @Test func documentsOfEveryDensityMapLikeJSONDecoder() throws {
        var generator = SeededGenerator(seed: 11)
        var documents = (0..<300).map { _ in RandomJSON.value(depth: 0, using: &generator) }
        documents += [
            "[0,0,0,0,0,0,0,0,0,0]", "[[],[],[],[]]", #"{"":0,"":0,"":0}"#, "0", "[]", #"{"a":1}"#,
        ]
        let mapper = JSONSectionMapper<AnyJSON>()
        var mapped = 0
        for json in documents {
            let reference = try? JSONDecoder().decode(AnyJSON.self, from: Data(json.utf8))
            let value = try? mapper.map(builder.section(id: "j", type: "json", content: json))
            #expect(value == reference, "\(json)")
            if value != nil { mapped += 1 }
        }
        // A generator whose documents all failed would prove nothing.
        #expect(mapped > 250)
    }

    @Test func denseContentIsMappedWhole() throws {
        // `[0],` is 4 bytes of content for three values: about the densest a section can send.
        let content = #"{"rows":["# + Array(repeating: "[0]", count: 10_000).joined(separator: ",") + "]}"
        let model = try JSONSectionMapper<Rows>().map(builder.section(id: "r", type: "rows", content: content))
        #expect(model.rows == Array(repeating: [0], count: 10_000))
    }

    @Test func aLongRunOfSmallNumbersIsMappedWhole() throws {
        let content = #"{"rows":[["# + Array(repeating: "0", count: 10_000).joined(separator: ",") + "]]}"
        let model = try JSONSectionMapper<Rows>().map(builder.section(id: "r", type: "rows", content: content))
        #expect(model.rows == [Array(repeating: 0, count: 10_000)])
    }

    @Test(arguments: [
        #"{"\u0063ount": 1}"#, #"{"Ωa_b": 2}"#, #"{"ωa_b": 2}"#, #"{"COUNT": 3, "count": 4}"#, #"{"_count": 5}"#,
        #"{"": 6, "count": 7}"#, #"{"tItle": "a", "title": "b"}"#, #"{"t\u0069tle": "c"}"#,
    ])
    func everyKeySpellingIsMatchedLikeJSONDecoder(json: String) throws {
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        let reference = try decoder.decode(Optionals.self, from: Data(json.utf8))
        let mapped = try JSONSectionMapper<Optionals>().map(builder.section(id: "o", type: "optionals", content: json))
        #expect(mapped == reference)
    }

    @Test func contentOverTheMappersLimitIsATypedErrorBeforeDecoding() throws {
        let mapper = JSONSectionMapper<Banner>(maximumContentBytes: 64)
        let fits = #"{"title":"t","image_url":"u","deep_link":"d"}"#
        let padded = fits + String(repeating: " ", count: 64 - fits.utf8.count)
        #expect(try mapper.map(builder.section(id: "b", type: "banner", content: padded)).title == "t")
        for content in [padded + " ", String(repeating: "{", count: 65)] {
            #expect(
                throws: SectionMappingError(
                    sectionType: "banner", path: "", kind: .contentTooLarge(bytes: 65, limit: 64))
            ) {
                try mapper.map(builder.section(id: "b", type: "banner", content: content))
            }
        }
    }

    @Test func theMappersDefaultLimitIs256KiB() throws {
        let mapper = JSONSectionMapper<Banner>()
        #expect(mapper.maximumContentBytes == 256 << 10)
        let fits = #"{"title":"t","image_url":"u","deep_link":"d"}"#
        let padded = fits + String(repeating: " ", count: (256 << 10) - fits.utf8.count)
        #expect(try mapper.map(builder.section(id: "b", type: "banner", content: padded)).title == "t")
        #expect(
            throws: SectionMappingError(
                sectionType: "banner", path: "", kind: .contentTooLarge(bytes: (256 << 10) + 1, limit: 256 << 10))
        ) {
            try mapper.map(builder.section(id: "b", type: "banner", content: padded + " "))
        }
    }

    @Test func assemblyReportsTheMappersLimitAsContentTooLarge() throws {
        var registry = SectionRegistry()
        try registry.register(
            SectionModule(
                type: "banner", mapper: JSONSectionMapper<Banner>(maximumContentBytes: 32),
                provider: NoRefreshProvider(), storage: InMemorySectionStorage(), listeners: []))
        let payload = Fixtures.goodPayload(0)
        let assembly = try ScreenAssembler(mappers: registry).assemble([payload])
        #expect(assembly.sections.isEmpty)
        #expect(
            assembly.diagnostics == [
                SectionDiagnostic(
                    position: 0, sectionID: "s0", sectionType: "banner",
                    problem: .contentTooLarge(bytes: payload.content.count, limit: 32))
            ])
    }

    @Test func aRefreshWithHugeFreshContentFallsBackToTheCache() async throws {
        let huge = Data(
            (#"{"title":""# + String(repeating: "a", count: 300_000) + #"","image_url":"u","deep_link":"d"}"#).utf8)
        let storage = SpySectionStorage([builder.section(id: "b1", type: "banner", content: Fixtures.bannerJSON(2))])
        var registry = SectionRegistry()
        try registry.register(
            SectionModule(
                type: "banner", mapper: JSONSectionMapper<Banner>(),
                provider: StubSectionProvider(["b1": .success(huge)]), storage: storage, listeners: []))
        let refresh = try await SectionRefresher(mappers: registry, providers: registry, storages: registry)
            .refresh(SectionReference(id: "b1", type: "banner"))
        let tooLarge = SectionMappingError(
            sectionType: "banner", path: "", kind: .contentTooLarge(bytes: huge.count, limit: 256 << 10))
        #expect(refresh.source == .cache(.mapping(tooLarge)))
        #expect(refresh.section.model(as: Banner.self)?.title == "Welcome 2")
        #expect(await storage.saves.isEmpty)
    }
}
