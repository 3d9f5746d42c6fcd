import Foundation
import SectionsRegistry
import Testing

struct Banner: Decodable, Sendable, Equatable {
    let title: String
}

@Test func aScreenIsAssembledFromAPayloadAndAnUnknownSectionIsSkipped() throws {
    var registry = SectionRegistry()
    try registry.register(
        SectionModule(
            type: "banner", mapper: JSONSectionMapper<Banner>(), provider: NoRefreshProvider(),
            storage: InMemorySectionStorage(), listeners: []))
    let payload = Data(
        #"{"sections": [{"id": "b1", "type": "banner", "content": {"title": "Hi"}}, {"id": "x", "type": "x", "content": {}}]}"#
            .utf8)

    let screen = try ScreenAssembler(mappers: registry).assemble(envelope: payload)

    #expect(screen.sections.ids == ["b1"])
    #expect(screen.sections[id: "b1"]?.model(as: Banner.self) == Banner(title: "Hi"))
    #expect(screen.diagnostics.count == 1)
}
