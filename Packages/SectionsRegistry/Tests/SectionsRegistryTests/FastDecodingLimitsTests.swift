import EssentialsTesting
import Foundation
import SectionsRegistryTesting
import Testing

@testable import SectionsRegistry

private struct Rows: Decodable, Sendable, Equatable {
    let rows: [[Int]]
}

/// Keys the first-byte check must never skip: one spelled with an escape, one whose first letter changes its
/// UTF-8 lead byte when lowercased (`Ω`, `ω`), both optional so a skipped key would silently decode as nil.
private struct Optionals: Decodable, Sendable, Equatable {
    enum CodingKeys: String, CodingKey {
        case count, title
        case greek = "ωaB"
    }

    let count: Int?
    let greek: Int?
    let title: String?
}

/// Random JSON documents of every density, from long names to runs of tiny values and empty containers.
private enum RandomJSON {
    static func value(depth: Int, using generator: inout SeededGenerator) -> String {
        let roll = Int.random(in: 0..<(depth > 4 ? 6 : 10), using: &generator)
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

@Suite("SectionsRegistry: fast decoding limits")
struct FastDecodingLimitsTests {
    private let builder = SectionPayloadBuilder()

    @Test func theTapeNeverHoldsMoreThanTwoBytesPerInputByte() {
        var generator = SeededGenerator(seed: 11)
        var documents = (0..<300).map { _ in Array(RandomJSON.value(depth: 0, using: &generator).utf8) }
        documents += [
            Array("[0,0,0,0,0,0,0,0,0,0]".utf8), Array("[[],[],[],[]]".utf8), Array(#"{"":0,"":0,"":0}"#.utf8),
            Array("0".utf8), Array("[]".utf8), Array(#"{"a":1}"#.utf8),
        ]
        var withTape = 0
        for bytes in documents {
            guard let tape = JSONTape(bytes: bytes) else { continue }
            withTape += 1
            #expect(tape.maximumSlots * 4 <= 2 * bytes.count)
            #expect(tape.slots.count <= tape.maximumSlots)
            // The storage never asks for more than the cap; the allocator may round an allocation up to its size
            // class, at most a page.
            #expect(tape.slots.capacity * 4 <= 2 * bytes.count + 4_096)
        }
        // Some documents fit and some do not; a generator whose documents all failed would prove nothing.
        #expect(withTape > 30)
        #expect(withTape < documents.count)
    }

    @Test func realisticSectionContentFitsTheBudget() throws {
        for index in 0..<30 {
            let payload = Fixtures.goodPayload(index)
            let tape = try #require(JSONTape(bytes: Array(payload.content)))
            #expect(tape.slots.count * 4 <= payload.content.count)
        }
    }

    @Test func aDocumentOverTheBudgetIsDecodedByFoundationInstead() throws {
        // `[0],` is 4 bytes and needs 3 slots (12 bytes): three times the budget.
        let content = #"{"rows":["# + Array(repeating: "[0]", count: 10_000).joined(separator: ",") + "]}"
        let hasTape = JSONTape(bytes: Array(content.utf8)) != nil
        #expect(!hasTape)
        let model = try JSONSectionMapper<Rows>().map(builder.section(id: "r", type: "rows", content: content))
        #expect(model.rows == Array(repeating: [0], count: 10_000))
    }

    @Test func aLongRunOfSmallNumbersStillGetsATape() throws {
        // `0,` is 2 bytes and one 4-byte slot, exactly the budget; the object around the list leaves room for the
        // list's own two slots, so this is about the densest content the fast path still decodes.
        let content = #"{"values":["# + Array(repeating: "0", count: 10_000).joined(separator: ",") + "]}"
        let tape = try #require(JSONTape(bytes: Array(content.utf8)))
        #expect(tape.slots.count == 10_005)
        #expect(tape.slots.count <= tape.maximumSlots)
    }

    @Test(arguments: [
        #"{"\u0063ount": 1}"#, #"{"Ωa_b": 2}"#, #"{"ωa_b": 2}"#, #"{"COUNT": 3, "count": 4}"#, #"{"_count": 5}"#,
        #"{"": 6, "count": 7}"#, #"{"tItle": "a", "title": "b"}"#, #"{"t\u0069tle": "c"}"#,
    ])
    func aKeyIsNeverMissedByTheFirstByteCheck(json: String) throws {
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        let reference = try decoder.decode(Optionals.self, from: Data(json.utf8))
        let mapped = try JSONSectionMapper<Optionals>().map(builder.section(id: "o", type: "optionals", content: json))
        #expect(mapped == reference)
        if let fast = FastJSONDecoding.decode(Optionals.self, from: Array(json.utf8), keys: .snakeCase, dates: .iso8601)
        {
            #expect(fast == reference)
        }
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
