import Foundation
import SectionsRegistry
import Testing

// The new section type the catalog's overview (SectionsRegistry.docc/SectionsRegistry.md) shows, compiled here
// because Scripts/docs requires every snippet of a catalog to be code of this package's tests. The README's whole
// files, of which it is a part, are compiled and run by the outside consumer Examples/SectionsRegistryConsumer,
// whose test also checks that the catalog's snippet is a piece of them.

struct Promo: Decodable, Sendable, Equatable {
    let headline: String
    let ctaTitle: String  // "cta_title" in the JSON
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

@Suite("SectionsRegistry: the catalog's new section type")
struct DocumentationSnippetTests {
    @Test func aPromoWithAnInAppLinkIsBuiltAndOneLeavingTheAppIsRefused() throws {
        var registry = SectionRegistry()
        try registry.register(PromoSection.module)
        let response = Data(
            #"""
            [{"id": "p1", "type": "promo",
              "content": {"headline": "Track less", "cta_title": "Open", "deep_link": "ledger://reports"}},
             {"id": "p2", "type": "promo", "content": {"headline": "Hi", "cta_title": "Go", "deep_link": "https://x"}}]
            """#.utf8)

        let screen = try ScreenAssembler(mappers: registry).assemble(envelope: response)

        #expect(
            screen.sections[id: "p1"]?.model(as: Promo.self)
                == Promo(headline: "Track less", ctaTitle: "Open", deepLink: "ledger://reports"))
        #expect(
            screen.diagnostics == [
                SectionDiagnostic(
                    position: 1, sectionID: "p2", sectionType: "promo",
                    problem: .mappingFailed(
                        SectionMappingError(sectionType: "promo", path: "deep_link", kind: .invalidValue)))
            ])
        #expect(throws: SectionRegistryError.duplicateType("promo")) { try registry.register(PromoSection.module) }
    }
}
