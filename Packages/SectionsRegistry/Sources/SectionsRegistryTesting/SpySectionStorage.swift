public import SectionsRegistry

/// A storage in memory that records calls and can be told to fail, to test the cache fallback paths.
public actor SpySectionStorage: SectionStorage {
    /// What is stored, by id.
    public private(set) var stored: [String: SectionPayload]
    /// The payloads saved, in order (including saves that were made to fail).
    public private(set) var saves: [SectionPayload] = []
    /// The ids read, in order.
    public private(set) var loads: [String] = []
    private var saveFailure: SectionStorageError?
    private var loadFailure: SectionStorageError?

    /// A storage holding `payloads`.
    public init(_ payloads: [SectionPayload] = []) {
        stored = Dictionary(payloads.map { ($0.id, $0) }, uniquingKeysWith: { _, last in last })
    }

    /// Makes every later save fail with `error`, or succeed again with nil.
    public func failSaves(with error: SectionStorageError?) {
        saveFailure = error
    }

    /// Makes every later read fail with `error`, or succeed again with nil.
    public func failLoads(with error: SectionStorageError?) {
        loadFailure = error
    }

    /// Records and stores `payload`, or throws the configured failure.
    public func save(_ payload: SectionPayload) async throws(SectionStorageError) {
        saves.append(payload)
        if let saveFailure { throw saveFailure }
        stored[payload.id] = payload
    }

    /// Records the read and returns the stored payload, or throws the configured failure.
    public func payload(withID id: String) async throws(SectionStorageError) -> SectionPayload? {
        loads.append(id)
        if let loadFailure { throw loadFailure }
        return stored[id]
    }
}
