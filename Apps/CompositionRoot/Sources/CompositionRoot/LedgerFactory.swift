public import Foundation

/// The single factory of the app: it constructs the live backends (the SQLite store, the URLSession transport,
/// the session file) and hands out each feature ready to use, typed by the features' protocols. One wiring file
/// per feature (`<Feature>+Wiring.swift`) holds its `make...` function; nothing here decides business rules.
///
/// A factory opens the data folder's database on first use and shares it between the features it makes; call
/// ``close()`` when done. It reads the user's settings once, on first use, and applies them to everything it makes
/// (time zone and first day of the week, locale, the invoices' fallback font, the default currency), so one
/// factory serves a whole run.
public struct LedgerFactory: Sendable {
    /// The facts every feature shares about where and when the app runs. A feature's own settings live in its
    /// own configuration value, not here.
    public struct Environment: Sendable {
        /// The folder where the app keeps its data (database, session, cached home screen); created on first use.
        public var dataDirectory: URL
        /// The base URL of the Ledger API the network features talk to.
        public var apiBaseURL: URL
        /// The current time, injected so tests can fix it.
        public var now: @Sendable () -> Date
        /// The calendar (with its time zone) that cuts reports into days, weeks and months and dates invoices,
        /// unless the user's settings name another time zone or first day of the week.
        public var calendar: Calendar
        /// The locale money and dates are shown in, unless the user's settings name another.
        public var locale: Locale
        /// A TrueType font file for what the built-in invoice fonts cannot draw (see ``InvoiceFallbackFont``);
        /// nil for the built-in fonts alone, unless the user's settings name one.
        public var invoiceFallbackFont: URL?
        /// Receives one line per HTTP attempt, registration step and skipped section; the app decides where
        /// lines go.
        public var log: @Sendable (String) -> Void
        /// Receives what a person should read whatever the app's verbosity, as a sentence (a data folder others
        /// can write in); the app decides where it goes.
        public var warn: @Sendable (String) -> Void

        /// Creates an environment; only the folder and the API are required.
        public init(
            dataDirectory: URL,
            apiBaseURL: URL,
            now: @escaping @Sendable () -> Date = Date.init,
            calendar: Calendar = .current,
            locale: Locale = .current,
            invoiceFallbackFont: URL? = nil,
            log: @escaping @Sendable (String) -> Void = { _ in },
            warn: @escaping @Sendable (String) -> Void = { _ in }
        ) {
            self.dataDirectory = dataDirectory
            self.apiBaseURL = apiBaseURL
            self.now = now
            self.calendar = calendar
            self.locale = locale
            self.invoiceFallbackFont = invoiceFallbackFont
            self.log = log
            self.warn = warn
        }
    }

    /// The environment this factory was given, before the user's settings apply.
    public let environment: Environment
    let store: SharedStore
    let network: Network
    let preferences = Preferences()

    /// Creates a factory. No file is opened and nothing is sent until a feature is used.
    public init(environment: Environment) {
        self.environment = environment
        self.store = SharedStore(folder: environment.dataDirectory, now: environment.now, warn: environment.warn)
        self.network = Network(environment: environment)
    }

    /// Closes the database the features share; later calls to the features fail with a closed-store error.
    public func close() async {
        await store.close()
    }
}
