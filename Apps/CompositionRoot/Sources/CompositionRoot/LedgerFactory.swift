public import Foundation

/// The single factory of the app: one value configures it, and each `make...` function returns one feature's
/// ready objects, typed by the packages' protocols.
public struct LedgerFactory: Sendable {
    /// Everything the factory needs to know about its environment.
    public struct Configuration: Sendable {
        /// The folder where the app keeps its data (database, documents, cached sections, tokens).
        public var dataDirectory: URL
        /// The base URL of the API the network features talk to.
        public var apiBaseURL: URL

        /// Creates a configuration.
        public init(dataDirectory: URL, apiBaseURL: URL) {
            self.dataDirectory = dataDirectory
            self.apiBaseURL = apiBaseURL
        }
    }

    /// The configuration this factory builds from.
    public let configuration: Configuration

    /// Creates a factory for `configuration`.
    public init(configuration: Configuration) {
        self.configuration = configuration
    }
}
