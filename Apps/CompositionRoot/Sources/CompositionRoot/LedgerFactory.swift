public import Foundation

/// The single factory of the app: one value configures it, and each `make...` function returns one feature's
/// ready objects, typed by protocols. Only this module constructs concrete implementations from more than one
/// package; the app talks to what it gets through the protocols.
///
/// A factory opens the data folder's database on first use and shares it between the features it makes; call
/// ``close()`` when done.
public struct LedgerFactory: Sendable {
    /// Everything the factory needs to know about its environment.
    public struct Configuration: Sendable {
        /// The folder where the app keeps its data (database, session, cached home screen); created on first use.
        public var dataDirectory: URL
        /// The base URL of the Ledger API the network features talk to.
        public var apiBaseURL: URL
        /// The current time: reports, invoice dates and document dates read it, so tests can fix it.
        public var now: @Sendable () -> Date
        /// The calendar (with its time zone) that cuts reports into days, weeks and months and dates invoices.
        public var calendar: Calendar
        /// The locale money and dates are shown in.
        public var locale: Locale
        /// Receives one line per HTTP attempt and per registration step; the app decides where lines go.
        public var log: @Sendable (String) -> Void
        /// The seller printed on every invoice.
        public var seller: Seller

        /// Creates a configuration; only the folder and the API are required.
        public init(
            dataDirectory: URL,
            apiBaseURL: URL,
            now: @escaping @Sendable () -> Date = Date.init,
            calendar: Calendar = .current,
            locale: Locale = .current,
            log: @escaping @Sendable (String) -> Void = { _ in },
            seller: Seller = Seller(name: "Ledger Demo Ltd", address: ["1 Example Street", "Springfield"])
        ) {
            self.dataDirectory = dataDirectory
            self.apiBaseURL = apiBaseURL
            self.now = now
            self.calendar = calendar
            self.locale = locale
            self.log = log
            self.seller = seller
        }
    }

    /// Who issues the invoices.
    public struct Seller: Hashable, Sendable {
        /// The company name.
        public var name: String
        /// Address lines under the name.
        public var address: [String]

        /// Creates a seller.
        public init(name: String, address: [String]) {
            self.name = name
            self.address = address
        }
    }

    /// The configuration this factory builds from.
    public let configuration: Configuration
    let resources: SharedResources
    let network: Network

    /// Creates a factory for `configuration`. No file is opened and nothing is sent until a feature is used.
    public init(configuration: Configuration) {
        self.configuration = configuration
        self.resources = SharedResources(configuration: configuration)
        self.network = Self.makeNetwork(configuration: configuration)
    }

    /// Closes the database the features share; later calls to the features fail with a closed-store error.
    public func close() async {
        await resources.close()
    }
}
