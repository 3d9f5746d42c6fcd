import Foundation

extension LedgerFactory {
    /// The section types the home screen knows: one module each, one line each. Every type caches in the data
    /// folder's document store; none refreshes on its own (the whole screen is fetched at once).
    func makeSectionRegistry(documents: any DocumentStore) throws(SectionRegistryError) -> SectionRegistry {
        let storage = DocumentSectionStorage(documents: documents)
        var registry = SectionRegistry()
        try registry.register(module("banner", JSONSectionMapper<BannerModel>(), storage))
        try registry.register(module("expenses_summary", ExpensesSummaryMapper(), storage))
        try registry.register(module("quick_actions", JSONSectionMapper<QuickActionsModel>(), storage))
        return registry
    }

    private func module<Mapper: SectionMapping>(
        _ type: String, _ mapper: Mapper, _ storage: DocumentSectionStorage
    ) -> SectionModule<Mapper, NoRefreshProvider, DocumentSectionStorage> {
        SectionModule(type: type, mapper: mapper, provider: NoRefreshProvider(), storage: storage, listeners: [])
    }

    /// The server-driven home screen: fetched from the API, assembled by the registry, saved for offline use.
    public func makeHomeScreen() async throws(HomeScreenSetupError) -> any HomeScreenLoading {
        let store: OpenedStore
        let registry: SectionRegistry
        do {
            store = try await resources.openedStore()
        } catch {
            throw .storage(error)
        }
        do {
            registry = try makeSectionRegistry(documents: store.documents)
        } catch {
            throw .sections(error)
        }
        return HomeScreenLoader(
            api: network.api, registry: registry, documents: store.documents,
            money: MoneyFormatter(locale: renderingLocale), now: configuration.now, log: configuration.log)
    }
}

/// Why the home screen feature could not be made.
public enum HomeScreenSetupError: Error, Hashable, Sendable {
    /// The data folder's store could not be opened.
    case storage(StorageError)
    /// A section module was refused (two modules of one type, a malformed type name).
    case sections(SectionRegistryError)
}
