import Foundation
import SectionsRegistry
import SectionsRegistryTesting

/// The section models of the reference home screen, as a feature team would write them.
struct Banner: Decodable, Sendable, Equatable {
    let title: String
    let subtitle: String?
    let imageUrl: String
    let deepLink: String
}

struct ExpensesSummary: Decodable, Sendable, Equatable {
    struct Total: Decodable, Sendable, Equatable {
        let currency: String
        let amountMinor: Int
    }
    let period: String
    let totals: [Total]
}

struct QuickActions: Decodable, Sendable, Equatable {
    struct Action: Decodable, Sendable, Equatable {
        let id: String
        let title: String
        let deepLink: String
    }
    let actions: [Action]
}

enum Fixtures {
    static let builder = SectionPayloadBuilder()

    /// A registry with the three reference modules, no-op providers and in-memory caches.
    static func registry(listeners: [String: [any SectionListener]] = [:]) throws -> SectionRegistry {
        var registry = SectionRegistry()
        try registry.register(
            SectionModule(
                type: "banner", mapper: JSONSectionMapper<Banner>(), provider: NoRefreshProvider(),
                storage: InMemorySectionStorage(), listeners: listeners["banner"] ?? []))
        try registry.register(
            SectionModule(
                type: "expenses_summary", mapper: JSONSectionMapper<ExpensesSummary>(), provider: NoRefreshProvider(),
                storage: InMemorySectionStorage(), listeners: listeners["expenses_summary"] ?? []))
        try registry.register(
            SectionModule(
                type: "quick_actions", mapper: JSONSectionMapper<QuickActions>(), provider: NoRefreshProvider(),
                storage: InMemorySectionStorage(), listeners: listeners["quick_actions"] ?? []))
        return registry
    }

    static func bannerJSON(_ index: Int) -> String {
        #"{"title":"Welcome \#(index)","subtitle":null,"image_url":"https://example.com/\#(index).png","deep_link":"ledger://reports/\#(index)"}"#
    }

    static func summaryJSON(_ index: Int) -> String {
        #"{"period":"2024-0\#(index % 9 + 1)","totals":[{"currency":"EUR","amount_minor":\#(index * 100)},{"currency":"USD","amount_minor":\#(index)}]}"#
    }

    static func quickActionsJSON(_ index: Int) -> String {
        #"{"actions":[{"id":"add","title":"Add expense","deep_link":"ledger://expenses/new"},{"id":"r\#(index)","title":"Report","deep_link":"ledger://reports"}]}"#
    }

    /// A good payload of one of the three types, chosen by `index`.
    static func goodPayload(_ index: Int) -> SectionPayload {
        switch index % 3 {
        case 0: builder.section(id: "s\(index)", type: "banner", content: bannerJSON(index))
        case 1: builder.section(id: "s\(index)", type: "expenses_summary", content: summaryJSON(index))
        default: builder.section(id: "s\(index)", type: "quick_actions", content: quickActionsJSON(index))
        }
    }

    /// One of several kinds of broken payload, chosen by `index`.
    static func brokenPayload(_ index: Int) -> SectionPayload {
        let id = "s\(index)"
        switch index % 5 {
        case 0: return builder.section(id: id, type: "banner", content: #"{"title":"#)  // truncated
        case 1: return builder.section(id: id, type: "banner", content: #"{"title":"t","deep_link":"x"}"#)  // key
        case 2: return builder.section(id: id, type: "expenses_summary", content: #"{"period":1,"totals":[]}"#)
        case 3: return builder.section(id: id, type: "carousel", content: "{}")  // unknown type
        default: return builder.section(id: id, type: "quick_actions", content: "")  // empty
        }
    }
}
