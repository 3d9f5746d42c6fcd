/// Everything one section type needs: a mapper, a provider, a storage and its listeners.
///
/// Every part is a required, non-optional argument of a generic initializer, so a module that lacks a part, or
/// passes `nil` for one, does not compile. A type with nothing to refresh from says so with
/// ``NoRefreshProvider``; one with nothing worth caching across launches uses ``InMemorySectionStorage``.
public struct SectionModule<Mapper: SectionMapping, Provider: SectionProvider, Storage: SectionStorage>: Sendable {
    /// The type string the server uses for this kind of section, for example `banner`.
    public let type: String
    /// Builds the section's model from its payload.
    public let mapper: Mapper
    /// Loads fresh content for a section of this type.
    public let provider: Provider
    /// Caches content of this type.
    public let storage: Storage
    /// Told when a section of this type is shown, removed, or fails; may be empty, but must be stated.
    public let listeners: [any SectionListener]

    /// Creates a module; the registry checks `type` when the module is registered.
    public init(type: String, mapper: Mapper, provider: Provider, storage: Storage, listeners: [any SectionListener]) {
        self.type = type
        self.mapper = mapper
        self.provider = provider
        self.storage = storage
        self.listeners = listeners
    }
}
