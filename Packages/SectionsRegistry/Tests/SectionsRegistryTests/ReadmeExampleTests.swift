import Foundation
import SectionsRegistry
import SectionsRegistryTesting
import Testing

// The code of README.md, kept here so it really compiles and runs. Keep the two in step.

// MARK: README "A new section type: one file"

/// PromoSection.swift: everything a new section type needs.
struct Promo: Decodable, Sendable, Equatable {
    let headline: String
    let ctaTitle: String
    let deepLink: String
}

/// Only in-app links are allowed on the home screen.
final class PromoMapper: JSONSectionMapper<Promo>, @unchecked Sendable {
    override func refine(_ model: Promo) throws(SectionContentViolation) -> Promo {
        guard model.deepLink.hasPrefix("ledger://") else { throw SectionContentViolation(path: "deep_link") }
        return model
    }
}

enum PromoSection {
    static let module = SectionModule(
        type: "promo",
        mapper: PromoMapper(),
        provider: NoRefreshProvider(),
        storage: InMemorySectionStorage(),
        listeners: []
    )
}

@Suite("SectionsRegistry: README example")
struct ReadmeExampleTests {
    @Test func theReadmeExampleRuns() async throws {
        // MARK: README "Usage"
        var registry = SectionRegistry()
        try registry.register(PromoSection.module)  // the one registration line
        let home = registry  // from here on an immutable value, safe to share with any task

        let response = Data(
            #"""
            {"sections": [
              {"id": "p1", "type": "promo",
               "content": {"headline": "Track less, save more", "cta_title": "Open", "deep_link": "ledger://reports"}},
              {"id": "p2", "type": "promo", "content": {"headline": "Hi", "cta_title": "Go", "deep_link": "https://x"}},
              {"id": "c1", "type": "carousel", "content": {}},
              {"id": 7}
            ]}
            """#.utf8)

        let assembler = ScreenAssembler(mappers: home)
        let screen = try assembler.assemble(envelope: response)

        #expect(screen.sections.ids == ["p1"])
        #expect(screen.sections[id: "p1"]?.model(as: Promo.self)?.ctaTitle == "Open")
        #expect(
            screen.diagnostics.map(\.problem) == [
                .mappingFailed(SectionMappingError(sectionType: "promo", path: "deep_link", kind: .invalidValue)),
                .unknownType,
                .invalidEntry(.invalidID),
            ])

        // Tell analytics (and each type's listeners) what could not be shown; a failing listener stops no other.
        let analytics = SpySectionListener()
        let events = SectionEventDispatcher(listeners: home, globalListeners: [analytics])
        await events.report(screen.diagnostics)

        // The user dismisses the promo: a new list, the old one untouched.
        let afterDismiss = try screen.sections.removing(id: "p1")
        await events.dispatch(.removed(SectionReference(id: "p1", type: "promo")))

        // Debug builds and contract tests can insist on a clean payload.
        let strict = ScreenAssembler(mappers: home, options: ScreenAssemblyOptions(mode: .strict))
        #expect(throws: ScreenAssemblyError.self) { try strict.assemble(envelope: response) }

        #expect(afterDismiss.isEmpty)
        #expect(await analytics.events.count == 4)

        // MARK: README "Refreshing one section"
        let payloads = try SectionsEnvelopeDecoder().decode(response).payloads
        let refresher = SectionRefresher(mappers: home, providers: home, storages: home)
        await refresher.cache(payloads)  // keeps what maps, as the fallback for later refreshes
        let refreshed = try await refresher.refresh(SectionReference(id: "p1", type: "promo"))
        #expect(refreshed.source == .cache(.provider(.unsupported)))  // promos have no provider of their own
    }
}
