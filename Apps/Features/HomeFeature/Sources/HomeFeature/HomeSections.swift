public import SectionsRegistry
public import Storage

/// The section types the home screen knows: one module each, one line each. Every type caches in the document
/// store; none refreshes on its own (the whole screen is fetched at once). A new section type is a model in
/// `HomeSectionModels.swift` (a `HomeSectionModel`, which says how it reads) and one line here.
public enum HomeSections {
    /// A registry of every section type the home screen shows, each caching in `documents`.
    public static func registry(caching documents: any DocumentStore) throws(SectionRegistryError) -> SectionRegistry {
        let storage = DocumentSectionStorage(documents: documents)
        var registry = SectionRegistry()
        try registry.register(module("banner", JSONSectionMapper<BannerModel>(), storage))
        try registry.register(module("expenses_summary", ExpensesSummaryMapper(), storage))
        try registry.register(module("quick_actions", JSONSectionMapper<QuickActionsModel>(), storage))
        return registry
    }

    private static func module<Mapper: SectionMapping>(
        _ type: String, _ mapper: Mapper, _ storage: DocumentSectionStorage
    ) -> SectionModule<Mapper, NoRefreshProvider, DocumentSectionStorage> {
        SectionModule(type: type, mapper: mapper, provider: NoRefreshProvider(), storage: storage, listeners: [])
    }
}

/// Why the home screen feature could not be made.
public enum HomeScreenSetupError: Error, Hashable, Sendable {
    /// The data folder's store could not be opened.
    case storage(StorageError)
    /// A section module was refused (two modules of one type, a malformed type name).
    case sections(SectionRegistryError)
}
