/// Caches the content of one section type, so a section can still be shown when its provider fails.
///
/// Narrow and async so an adapter over a document store on disk is a few lines.
public protocol SectionStorage: Sendable {
    /// Stores `payload`, replacing what is stored under its id.
    func save(_ payload: SectionPayload) async throws(SectionStorageError)
    /// The payload stored under `id`, or nil when there is none.
    func payload(withID id: String) async throws(SectionStorageError) -> SectionPayload?
}

/// Why a cache could not be read or written.
public enum SectionStorageError: Error, Hashable, Sendable {
    /// The backing store could not be reached (disk full, permissions, closed database).
    case unavailable
    /// What is stored cannot be read back.
    case corrupted
}

/// A cache in memory, for section types whose content is not worth keeping across launches.
public actor InMemorySectionStorage: SectionStorage {
    private var payloads: [String: SectionPayload] = [:]

    /// Creates an empty cache.
    public init() {}

    /// Stores `payload` under its id.
    public func save(_ payload: SectionPayload) async throws(SectionStorageError) {
        payloads[payload.id] = payload
    }

    /// The payload stored under `id`.
    public func payload(withID id: String) async throws(SectionStorageError) -> SectionPayload? {
        payloads[id]
    }
}
