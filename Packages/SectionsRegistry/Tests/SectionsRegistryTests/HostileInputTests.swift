import Foundation
import SectionsRegistry
import SectionsRegistryTesting
import Testing

/// Bad input for the entry points not covered by their own suites: huge, hostile, concurrent.
@Suite("SectionsRegistry: hostile input")
struct HostileInputTests {
    private let builder = SectionPayloadBuilder()

    // Both are far over the mappers' default limit (256 KiB), which refuses them with a typed error; a mapper
    // configured for big content must still decode them whole.
    @Test func aHugeButValidContentIsMappedWhenTheLimitAllowsIt() throws {
        let actions = (0..<50_000).map { #"{"id":"a\#($0)","title":"T","deep_link":"ledger://x"}"# }
        let payload = builder.section(
            id: "q", type: "quick_actions", content: #"{"actions":["# + actions.joined(separator: ",") + "]}")
        let model = try JSONSectionMapper<QuickActions>(maximumContentBytes: 8 << 20).map(payload)
        #expect(model.actions.count == 50_000)
        #expect(model.actions.last?.id == "a49999")
        #expect(
            throws: SectionMappingError(
                sectionType: "quick_actions", path: "",
                kind: .contentTooLarge(bytes: payload.content.count, limit: 256 << 10))
        ) {
            try JSONSectionMapper<QuickActions>().map(payload)
        }
    }

    @Test func aHugeStringValueIsMappedWholeWhenTheLimitAllowsIt() throws {
        let title = String(repeating: "é", count: 1_000_000)
        let content = #"{"title":"\#(title)","image_url":"u","deep_link":"d"}"#
        let payload = builder.section(id: "b", type: "banner", content: content)
        let banner = try JSONSectionMapper<Banner>(maximumContentBytes: 4 << 20).map(payload)
        #expect(banner.title == title)
        #expect(
            throws: SectionMappingError(
                sectionType: "banner", path: "", kind: .contentTooLarge(bytes: payload.content.count, limit: 256 << 10))
        ) {
            try JSONSectionMapper<Banner>().map(payload)
        }
    }

    @Test func aMapperThatBlamesAnotherTypeIsCorrected() throws {
        struct Liar: SectionMapping {
            func map(_ payload: SectionPayload) throws(SectionMappingError) -> Int {
                throw SectionMappingError(sectionType: "somebody_else", path: "x", kind: .missingKey)
            }
        }
        let mapper = AnySectionMapper(sectionType: "counter", mapper: Liar())
        #expect(throws: SectionMappingError(sectionType: "counter", path: "x", kind: .missingKey)) {
            try mapper.section(from: SectionPayload(id: "c", type: "counter", content: Data()))
        }
    }

    @Test func aResponseThatIsNotASectionListFailsAssemblyAsAWhole() throws {
        let assembler = ScreenAssembler(mappers: try Fixtures.registry())
        let refused: [(Data, SectionEnvelopeError)] = [
            (Data(), .malformedJSON(offset: 0)), (Data("[{".utf8), .malformedJSON(offset: 2)),
            (Data(#"{"sections":{}}"#.utf8), .unexpectedShape), (Data([0xFF, 0xFE, 0x00]), .malformedJSON(offset: 0)),
        ]
        for (bytes, reason) in refused {
            #expect(throws: ScreenAssemblyError.invalidEnvelope(reason)) { try assembler.assemble(envelope: bytes) }
        }
        #expect(throws: ScreenAssemblyError.invalidEnvelope(.malformedJSON(offset: 2))) {
            try assembler.assemble(envelope: Data("[{".utf8))
        }
        #expect(throws: ScreenAssemblyError.invalidEnvelope(.unexpectedShape)) {
            try assembler.assemble(envelope: Data(#"{"sections":{}}"#.utf8))
        }
    }

    @Test func diagnosticsFromTheEnvelopeAndFromMappingKeepTheServersOrder() throws {
        let entries = [
            builder.entry(Fixtures.goodPayload(0)),  // 0: built
            #"{"id":"x"}"#,  // 1: entry without type
            builder.entry(builder.section(id: "b", type: "banner", content: #"{"title":1}"#)),  // 2: mapping
            "42",  // 3: not an object
            builder.entry(builder.section(id: "c", type: "carousel", content: "{}")),  // 4: unknown type
            builder.entry(Fixtures.goodPayload(1)),  // 5: built
        ]
        let assembly = try ScreenAssembler(mappers: try Fixtures.registry())
            .assemble(envelope: builder.envelope(entries: entries))
        #expect(assembly.sections.ids == ["s0", "s1"])
        #expect(assembly.diagnostics.map(\.position) == [1, 2, 3, 4])
        #expect(
            assembly.diagnostics.map(\.problem) == [
                .invalidEntry(.missingType),
                .mappingFailed(SectionMappingError(sectionType: "banner", path: "title", kind: .typeMismatch)),
                .invalidEntry(.notAnObject),
                .unknownType,
            ])
    }

    @Test func hugeEnvelopesAreCutAtTheSectionLimitOnce() throws {
        let entries = (0..<5_000).map { builder.entry(Fixtures.goodPayload($0)) }
        let assembler = ScreenAssembler(
            mappers: try Fixtures.registry(), options: ScreenAssemblyOptions(maximumSections: 100))
        let assembly = try assembler.assemble(envelope: builder.envelope(entries: entries))
        #expect(assembly.sections.count == 100)
        #expect(assembly.diagnostics.map(\.problem) == [.tooManySections(limit: 100, dropped: 4_900)])
    }

    @Test func decodingEnvelopesFromManyTasksGivesTheSameResult() async throws {
        let data = builder.envelope((0..<200).map(Fixtures.goodPayload))
        let expected = try SectionsEnvelopeDecoder().decode(data)
        let same = await withTaskGroup(of: Bool.self) { group in
            for _ in 0..<8 {
                group.addTask { (try? SectionsEnvelopeDecoder().decode(data)) == expected }
            }
            return await group.allSatisfy { $0 }
        }
        #expect(same)
    }

    @Test func theInMemoryStorageKeepsEverySaveFromManyTasks() async throws {
        let storage = InMemorySectionStorage()
        try await withThrowingTaskGroup(of: Void.self) { group in
            for task in 0..<8 {
                group.addTask {
                    for index in 0..<100 {
                        try await storage.save(SectionPayload(id: "\(task)-\(index)", type: "banner", content: Data()))
                    }
                }
            }
            try await group.waitForAll()
        }
        for task in 0..<8 {
            #expect(try await storage.payload(withID: "\(task)-99")?.id == "\(task)-99")
        }
    }

    @Test func aDispatcherWithNoListenersReportsNothing() async throws {
        let dispatcher = SectionEventDispatcher(listeners: SectionRegistry())
        #expect(await dispatcher.dispatch(.shown(SectionReference(id: "a", type: "banner"))).isEmpty)
        #expect(await dispatcher.report([]).isEmpty)
    }

    @Test func editingOneListFromManyTasksLeavesItUntouched() async throws {
        let list = try SectionList((0..<100).map { ScreenSection(id: "s\($0)", type: "note", model: $0) })
        let results = await withTaskGroup(of: [String]?.self) { group in
            for task in 0..<8 {
                group.addTask { try? list.removing(id: "s\(task)").moving(id: "s99", to: 0).ids }
            }
            var all: [[String]?] = []
            for await ids in group { all.append(ids) }
            return all
        }
        #expect(results.allSatisfy { $0?.count == 99 && $0?.first == "s99" })
        #expect(list.count == 100)
        #expect(list.ids.first == "s0")
    }
}
