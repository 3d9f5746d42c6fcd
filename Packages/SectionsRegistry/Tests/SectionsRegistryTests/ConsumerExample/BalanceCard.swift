import Foundation
import SectionsRegistry

/// The balance card of an app's home screen.
struct BalanceCard: Decodable, Sendable, Equatable {
    let amount: String
}

/// The card's section type: the app registers it with its API provider and its store on disk, a test with the
/// doubles of SectionsRegistryTesting.
enum BalanceSection {
    static func module<Provider: SectionProvider, Storage: SectionStorage>(
        provider: Provider, storage: Storage, listeners: [any SectionListener] = []
    ) -> SectionModule<JSONSectionMapper<BalanceCard>, Provider, Storage> {
        SectionModule(
            type: "balance", mapper: JSONSectionMapper<BalanceCard>(), provider: provider, storage: storage,
            listeners: listeners)
    }
}

/// An app's pull-to-refresh of the balance card: fresh content when the server answers, the saved copy when it does
/// not, and a line for the screen's status bar.
struct BalanceCardRefresh: Sendable {
    private let refresher: SectionRefresher

    init(sections: SectionRegistry) {
        refresher = SectionRefresher(mappers: sections, providers: sections, storages: sections)
    }

    func refresh(id: String) async -> (card: BalanceCard?, status: String) {
        do throws(SectionRefreshError) {
            let refreshed = try await refresher.refresh(SectionReference(id: id, type: "balance"))
            let card = refreshed.section.model(as: BalanceCard.self)
            switch refreshed.source {
            case .provider: return (card, "Updated.")
            case .cache: return (card, "Offline: this is the balance saved last time.")
            }
        } catch {
            return (nil, "\(error)")
        }
    }
}
