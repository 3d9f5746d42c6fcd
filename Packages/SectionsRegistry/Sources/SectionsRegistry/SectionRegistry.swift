/// The registry of section modules: one value that every segregated registry protocol is served by.
///
/// It is a value type. Registering mutates a `var`; once the value is bound with `let` or handed to another
/// task it can no longer change, so it is safe to read from any number of tasks without locks. Each copy is
/// independent: registering into a copy never changes a registry someone else holds.
public struct SectionRegistry: Registry, MapperRegistry, ProviderRegistry, StorageRegistry, ListenerRegistry,
    SectionCountRegistry, Sendable
{
    /// A class so a lookup copies one reference, not four existentials; immutable, so sharing it is safe.
    private final class Entry: Sendable {
        let mapper: AnySectionMapper
        let provider: any SectionProvider
        let storage: any SectionStorage
        let listeners: [any SectionListener]

        init(
            mapper: AnySectionMapper, provider: any SectionProvider, storage: any SectionStorage,
            listeners: [any SectionListener]
        ) {
            self.mapper = mapper
            self.provider = provider
            self.storage = storage
            self.listeners = listeners
        }
    }

    private var entries: [String: Entry] = [:]
    private var order: [String] = []

    /// Creates an empty registry.
    public init() {}

    /// Adds `module`; see ``Registry/register(_:duplicates:)``.
    public mutating func register<Mapper, Provider, Storage>(
        _ module: SectionModule<Mapper, Provider, Storage>,
        duplicates: DuplicateTypePolicy
    ) throws(SectionRegistryError) {
        guard SectionTypeName.isValid(module.type) else {
            let shown =
                module.type.count > SectionTypeName.maximumLength
                ? String(module.type.prefix(SectionTypeName.maximumLength)) + "…" : module.type
            throw .invalidType(shown)
        }
        let isNew = entries[module.type] == nil
        if !isNew, duplicates == .reject {
            throw .duplicateType(module.type)
        }
        entries[module.type] = Entry(
            mapper: AnySectionMapper(sectionType: module.type, mapper: module.mapper),
            provider: module.provider,
            storage: module.storage,
            listeners: module.listeners
        )
        if isNew { order.append(module.type) }
    }

    /// The registered types, in registration order.
    public var registeredTypes: [String] { order }

    /// The mapper registered for `type`.
    public func mapper(for type: String) -> AnySectionMapper? {
        entries[type]?.mapper
    }

    /// The provider registered for `type`.
    public func provider(for type: String) -> (any SectionProvider)? {
        entries[type]?.provider
    }

    /// The storage registered for `type`.
    public func storage(for type: String) -> (any SectionStorage)? {
        entries[type]?.storage
    }

    /// The listeners registered for `type`.
    public func listeners(for type: String) -> [any SectionListener] {
        entries[type]?.listeners ?? []
    }

    /// How many section types are registered.
    public var sectionCount: Int { entries.count }
}
