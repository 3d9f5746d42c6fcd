/// Where a refreshed section's content came from.
public enum SectionContentSource: Hashable, Sendable {
    /// The provider: the content is fresh, and was written to the cache.
    case provider
    /// The cache, because fresh content could not be had for this reason.
    case cache(SectionSourceFailure)
}

/// Why one source of content did not produce a section.
public enum SectionSourceFailure: Hashable, Sendable {
    /// The provider failed.
    case provider(SectionProviderError)
    /// The storage failed.
    case storage(SectionStorageError)
    /// The storage holds nothing for the section.
    case emptyCache
    /// The source answered, but the content did not map.
    case mapping(SectionMappingError)
}

/// A section built by ``SectionRefresher``.
public struct SectionRefresh: Equatable, Sendable {
    /// The built section.
    public var section: ScreenSection
    /// Where its content came from.
    public var source: SectionContentSource
    /// Set when fresh content could not be written to the cache; the section itself is fine.
    public var cacheWriteFailure: SectionStorageError?

    /// Creates a refresh result.
    public init(section: ScreenSection, source: SectionContentSource, cacheWriteFailure: SectionStorageError? = nil) {
        self.section = section
        self.source = source
        self.cacheWriteFailure = cacheWriteFailure
    }
}

/// Why a section could not be refreshed.
public enum SectionRefreshError: Error, Hashable, Sendable {
    /// No module is registered for the section's type.
    case unknownType(String)
    /// Neither the provider nor the cache produced content that maps.
    case unavailable(fresh: SectionSourceFailure, cached: SectionSourceFailure)
}

/// Refreshes one section: fresh content from its type's provider, kept in its type's storage, with the stored
/// copy as the fallback when the provider fails or sends content that does not map.
///
/// It takes the three registries it reads, not the whole registry, so a test can give it doubles for each.
public struct SectionRefresher: Sendable {
    private let mappers: any MapperRegistry
    private let providers: any ProviderRegistry
    private let storages: any StorageRegistry

    /// Creates a refresher.
    public init(mappers: any MapperRegistry, providers: any ProviderRegistry, storages: any StorageRegistry) {
        self.mappers = mappers
        self.providers = providers
        self.storages = storages
    }

    /// Builds `section` from fresh content, or from the cache when fresh content fails.
    public func refresh(_ section: SectionReference) async throws(SectionRefreshError) -> SectionRefresh {
        guard let mapper = mappers.mapper(for: section.type), let provider = providers.provider(for: section.type),
            let storage = storages.storage(for: section.type)
        else { throw .unknownType(section.type) }

        let freshFailure: SectionSourceFailure
        do throws(SectionProviderError) {
            let content = try await provider.content(for: section)
            let payload = SectionPayload(id: section.id, type: section.type, content: content)
            do throws(SectionMappingError) {
                let built = try mapper.section(from: payload)
                // Only content that maps is cached, so the cache never holds what the fallback cannot use.
                var writeFailure: SectionStorageError?
                do throws(SectionStorageError) {
                    try await storage.save(payload)
                } catch {
                    writeFailure = error
                }
                return SectionRefresh(section: built, source: .provider, cacheWriteFailure: writeFailure)
            } catch {
                freshFailure = .mapping(error)
            }
        } catch {
            freshFailure = .provider(error)
        }

        let cachedFailure: SectionSourceFailure
        do throws(SectionStorageError) {
            if let cached = try await storage.payload(withID: section.id) {
                do throws(SectionMappingError) {
                    let built = try mapper.section(from: cached)
                    return SectionRefresh(section: built, source: .cache(freshFailure))
                } catch {
                    cachedFailure = .mapping(error)
                }
            } else {
                cachedFailure = .emptyCache
            }
        } catch {
            cachedFailure = .storage(error)
        }
        throw .unavailable(fresh: freshFailure, cached: cachedFailure)
    }

    /// Stores payloads that were just received into their types' caches, so a later refresh has a fallback.
    ///
    /// Only payloads that map are stored (the cache must never hold what the fallback cannot use); payloads of
    /// unknown types are ignored. - Returns: the payloads that were not stored, and why.
    @discardableResult
    public func cache(_ payloads: [SectionPayload]) async -> [SectionReference: SectionSourceFailure] {
        var failures: [SectionReference: SectionSourceFailure] = [:]
        for payload in payloads {
            guard let mapper = mappers.mapper(for: payload.type), let storage = storages.storage(for: payload.type)
            else { continue }
            do throws(SectionMappingError) {
                _ = try mapper.section(from: payload)
            } catch {
                failures[payload.reference] = .mapping(error)
                continue
            }
            do throws(SectionStorageError) {
                try await storage.save(payload)
            } catch {
                failures[payload.reference] = .storage(error)
            }
        }
        return failures
    }
}
