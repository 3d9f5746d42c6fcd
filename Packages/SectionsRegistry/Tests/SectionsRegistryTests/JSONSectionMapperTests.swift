import EssentialsTesting
import Foundation
import SectionsRegistry
import SectionsRegistryTesting
import Testing

/// A feature's refinement: a banner must link inside the app, and blank titles are trimmed to nothing.
final class LedgerBannerMapper: JSONSectionMapper<Banner>, @unchecked Sendable {
    override func refine(_ model: Banner) throws(SectionContentViolation) -> Banner {
        guard model.deepLink.hasPrefix("ledger://") else { throw SectionContentViolation(path: "deep_link") }
        return Banner(
            title: model.title.trimmingCharacters(in: .whitespaces), subtitle: model.subtitle,
            imageUrl: model.imageUrl, deepLink: model.deepLink)
    }
}

private struct Dated: Decodable, Sendable, Equatable {
    let createdAt: Date
}

private struct Declared: Decodable, Sendable, Equatable {
    enum CodingKeys: String, CodingKey {
        case imageURL = "image_url"
    }
    let imageURL: String
}

private struct Nested: Decodable, Sendable, Equatable {
    struct Row: Decodable, Sendable, Equatable {
        let cells: [Int]
    }
    let rows: [Row]
    let labels: [String: Int]?
    let count: Int?
}

@Suite("SectionsRegistry: JSON mapper")
struct JSONSectionMapperTests {
    private let builder = SectionPayloadBuilder()

    private func mappingError<Model>(
        _ mapper: JSONSectionMapper<Model>, type: String = "banner", _ content: String
    ) -> SectionMappingError? {
        do {
            _ = try mapper.map(builder.section(id: "s", type: type, content: content))
            return nil
        } catch {
            return error
        }
    }

    @Test func decodesSnakeCaseKeysIntoTheModel() throws {
        let banner = try JSONSectionMapper<Banner>().map(Fixtures.goodPayload(0))
        #expect(
            banner
                == Banner(
                    title: "Welcome 0", subtitle: nil, imageUrl: "https://example.com/0.png",
                    deepLink: "ledger://reports/0"))
    }

    @Test func aMissingKeyNamesItsPathInTheServersSpelling() throws {
        let error = try #require(mappingError(JSONSectionMapper<Banner>(), #"{"title":"t","image_url":"u"}"#))
        #expect(error == SectionMappingError(sectionType: "banner", path: "deep_link", kind: .missingKey))
    }

    @Test func aNestedTypeMismatchNamesTheIndexAndKey() throws {
        let content = #"{"actions":[{"id":"a","title":"A","deep_link":"x"},{"id":"b","title":7,"deep_link":"y"}]}"#
        let error = try #require(mappingError(JSONSectionMapper<QuickActions>(), type: "quick_actions", content))
        #expect(
            error == SectionMappingError(sectionType: "quick_actions", path: "actions[1].title", kind: .typeMismatch))
    }

    @Test func aNullRequiredValueIsAMissingValue() throws {
        let content = #"{"title":null,"image_url":"u","deep_link":"d"}"#
        let error = try #require(mappingError(JSONSectionMapper<Banner>(), content))
        #expect(error == SectionMappingError(sectionType: "banner", path: "title", kind: .missingValue))
    }

    @Test func aMissingKeyInsideAnArrayElement() throws {
        let content = #"{"period":"p","totals":[{"currency":"EUR","amount_minor":1},{"currency":"EUR"}]}"#
        let error = try #require(mappingError(JSONSectionMapper<ExpensesSummary>(), type: "expenses_summary", content))
        #expect(error.path == "totals[1].amount_minor")
        #expect(error.kind == .missingKey)
    }

    @Test(arguments: [
        "", " ", "{", #"{"title":"#, "nul", "[1,]", "\u{FF}\u{FE}", #"{"title":"a" "image_url":"b"}"#, "{} {}",
        "{'title':'a'}",
    ])
    func contentThatIsNotJSONIsMalformed(content: String) throws {
        let error = try #require(mappingError(JSONSectionMapper<Banner>(), content))
        #expect(error == SectionMappingError(sectionType: "banner", path: "", kind: .malformedJSON))
    }

    @Test func binaryContentIsMalformed() throws {
        var generator = SeededGenerator(seed: 7)
        let bytes = (0..<4_096).map { _ in UInt8.random(in: 0...255, using: &generator) }
        let payload = SectionPayload(id: "s", type: "banner", content: Data(bytes))
        #expect(throws: SectionMappingError(sectionType: "banner", path: "", kind: .malformedJSON)) {
            try JSONSectionMapper<Banner>().map(payload)
        }
    }

    @Test func aNumberTooLargeForTheModelIsAnInvalidValueNotMalformedJSON() throws {
        let content = #"{"rows":[],"count":123456789012345678901234567890}"#
        let error = try #require(mappingError(JSONSectionMapper<Nested>(), type: "nested", content))
        #expect(error.kind != .malformedJSON)
        #expect(error.sectionType == "nested")
    }

    @Test func theWrongTopLevelShapeIsATypeMismatchAtTheRoot() throws {
        let error = try #require(mappingError(JSONSectionMapper<Banner>(), #"["title"]"#))
        #expect(error == SectionMappingError(sectionType: "banner", path: "", kind: .typeMismatch))
    }

    @Test func errorsNeverCarryPayloadValues() throws {
        let secret = "IBAN-DE44-5001-0517-5407-3249-31"
        let contents = [
            #"{"title":1,"image_url":"\#(secret)","deep_link":"d"}"#,
            #"{"title":"\#(secret)","image_url":2,"deep_link":"d"}"#,
            #"{"title":"\#(secret)""#,
            #"{"title":"\#(secret)","image_url":"u"}"#,
        ]
        for content in contents {
            let error = try #require(mappingError(JSONSectionMapper<Banner>(), content))
            #expect(!String(describing: error).contains(secret))
            #expect(!String(reflecting: error).contains(secret))
            #expect(!error.path.contains(secret))
        }
    }

    @Test func dictionaryKeysFromThePayloadAreQuotedAndShortened() throws {
        let longKey = String(repeating: "k", count: 500)
        let content = #"{"rows":[{"cells":[1,2]},{"cells":[3,"x"]}],"labels":{"a.b \"c\"":1,"\#(longKey)":"x"}}"#
        let first = try #require(mappingError(JSONSectionMapper<Nested>(keys: .asDeclared), type: "nested", content))
        #expect(first.path == "rows[1].cells[1]")
        let labels = #"{"rows":[],"labels":{"a.b \"c\"":"x"}}"#
        let quoted = try #require(mappingError(JSONSectionMapper<Nested>(keys: .asDeclared), type: "nested", labels))
        #expect(quoted.path == #"labels["a.b \"c\""]"#)
        let long = #"{"rows":[],"labels":{"\#(longKey)":"x"}}"#
        let shortened = try #require(mappingError(JSONSectionMapper<Nested>(keys: .asDeclared), type: "nested", long))
        #expect(shortened.path.count < 80)
        #expect(shortened.path.hasPrefix(#"labels["kkkk"#))
        #expect(shortened.path.hasSuffix(#"…"]"#))
    }

    @Test func aSubclassRefinesTheModelAndKeepsTheContract() throws {
        let mapper = LedgerBannerMapper()
        let good = builder.section(
            id: "b", type: "banner", content: #"{"title":"  Hi  ","image_url":"u","deep_link":"ledger://home"}"#)
        #expect(try mapper.map(good).title == "Hi")

        let external = builder.section(
            id: "b", type: "promo_banner", content: #"{"title":"Hi","image_url":"u","deep_link":"https://x"}"#)
        #expect(throws: SectionMappingError(sectionType: "promo_banner", path: "deep_link", kind: .invalidValue)) {
            try mapper.map(external)
        }
        // Decoding errors still come from the base class, before the refinement runs.
        let broken = builder.section(id: "b", type: "banner", content: "{")
        #expect(throws: SectionMappingError(sectionType: "banner", path: "", kind: .malformedJSON)) {
            try mapper.map(broken)
        }
    }

    @Test func aSubclassWorksThroughTheRegistryLikeAnyMapper() throws {
        var registry = SectionRegistry()
        try registry.register(
            SectionModule(
                type: "banner", mapper: LedgerBannerMapper(), provider: NoRefreshProvider(),
                storage: InMemorySectionStorage(), listeners: []))
        let mapper = try #require(registry.mapper(for: "banner"))
        let external = builder.section(
            id: "b", type: "banner", content: #"{"title":"x","image_url":"u","deep_link":"y"}"#)
        #expect(throws: SectionMappingError(sectionType: "banner", path: "deep_link", kind: .invalidValue)) {
            try mapper.section(from: external)
        }
        let good = builder.section(
            id: "b", type: "banner", content: #"{"title":" Hi ","image_url":"u","deep_link":"ledger://x"}"#)
        #expect(try mapper.section(from: good).model(as: Banner.self)?.title == "Hi")
    }

    @Test(arguments: [
        (JSONDateStyle.iso8601, #"{"created_at":"2024-03-01T12:00:00Z"}"#),
        (.iso8601, #"{"created_at":"2024-03-01T12:00:00.000Z"}"#),
        (.iso8601, #"{"created_at":"2024-03-01T13:00:00+01:00"}"#),
        (.secondsSince1970, #"{"created_at":1709294400}"#),
        (.millisecondsSince1970, #"{"created_at":1709294400000}"#),
    ])
    func decodesDatesInTheConfiguredStyle(style: JSONDateStyle, content: String) throws {
        let mapper = JSONSectionMapper<Dated>(dates: style)
        let model = try mapper.map(builder.section(id: "d", type: "dated", content: content))
        #expect(model.createdAt == Date(timeIntervalSince1970: 1_709_294_400))
    }

    @Test func anInvalidDateIsAnInvalidValueAtItsPath() throws {
        let error = try #require(
            mappingError(JSONSectionMapper<Dated>(), type: "dated", #"{"created_at":"yesterday"}"#))
        #expect(error == SectionMappingError(sectionType: "dated", path: "created_at", kind: .invalidValue))
    }

    @Test func declaredKeysAreUsedAsTheyAre() throws {
        let mapper = JSONSectionMapper<Declared>(keys: .asDeclared)
        #expect(try mapper.map(builder.section(id: "d", type: "d", content: #"{"image_url":"u"}"#)).imageURL == "u")
        let error = try #require(mappingError(mapper, type: "d", "{}"))
        #expect(error.path == "image_url")
    }

    @Test func hostileNestingFailsWithAnErrorNotACrash() throws {
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        let error = try #require(mappingError(JSONSectionMapper<Banner>(), deep))
        #expect(error.sectionType == "banner")
    }

    @Test func mappingFromManyTasksAtOnceGivesTheSameModels() async throws {
        let mapper = JSONSectionMapper<ExpensesSummary>()
        let payloads = (0..<50).map { Fixtures.goodPayload($0 * 3 + 1) }
        let expected = try payloads.map { try mapper.map($0) }
        let allEqual = await withTaskGroup(of: Bool.self) { group in
            for _ in 0..<8 {
                group.addTask { payloads.map { try? mapper.map($0) } == expected.map(Optional.some) }
            }
            var all = true
            for await equal in group { all = all && equal }
            return all
        }
        #expect(allEqual)
    }
}

private struct Acronyms: Decodable, Sendable, Equatable {
    let urlPath: String
    let item2Title: String
    let imageURL: String
}

@Suite("SectionsRegistry: JSON paths")
struct JSONPathTests {
    @Test func anAcronymPropertyIsNamedTheWayTheServerWouldSpellIt() throws {
        let payload = SectionPayloadBuilder().section(
            id: "a", type: "acronyms", content: #"{"url_path":"p","item2_title":"t","image_url":"u"}"#)
        // `image_url` converts to `imageUrl`, which never matches `imageURL`: the error must say `image_url`.
        #expect(throws: SectionMappingError(sectionType: "acronyms", path: "image_url", kind: .missingKey)) {
            try JSONSectionMapper<Acronyms>().map(payload)
        }
    }

    @Test func pathsUseDotsForKeysAndBracketsForIndexes() throws {
        let content = #"{"actions":[{"id":"a","title":"A","deep_link":"x"},{"id":"b","title":"B"}]}"#
        let payload = SectionPayloadBuilder().section(id: "q", type: "quick_actions", content: content)
        #expect(
            throws: SectionMappingError(sectionType: "quick_actions", path: "actions[1].deep_link", kind: .missingKey)
        ) {
            try JSONSectionMapper<QuickActions>().map(payload)
        }
    }
}
