// PromoSection.swift: everything the new type needs.
import SectionsRegistry

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
