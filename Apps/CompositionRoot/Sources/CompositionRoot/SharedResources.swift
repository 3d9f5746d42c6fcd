import Foundation

/// The store the features of one factory share, opened on first use, once.
actor SharedResources {
    private let configuration: LedgerFactory.Configuration
    private var store: OpenedStore?

    init(configuration: LedgerFactory.Configuration) {
        self.configuration = configuration
    }

    /// The data folder's store, opened on first use.
    func openedStore() async throws(StorageError) -> OpenedStore {
        if let store { return store }
        let opened = try await LedgerFactory.openStore(
            in: configuration.dataDirectory, now: configuration.now)
        store = opened
        return opened
    }

    func close() async {
        if let store { await store.close() }
        store = nil
    }
}
