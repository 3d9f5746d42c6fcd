public import Foundation

/// The assembled home screen: the sections that could be built, in the server's order, and what was skipped.
public struct HomeScreen: Hashable, Sendable {
    /// Where the sections came from.
    public enum Source: Hashable, Sendable {
        /// The server, just now.
        case network
        /// The copy saved when the server last answered, at `savedAt`; the server could not be reached.
        case cache(savedAt: Date)
    }

    /// The sections, ready to show.
    public var sections: [HomeSection]
    /// One line per section that was not shown, and why.
    public var skipped: [SkippedSection]
    /// Where the sections came from.
    public var source: Source
}

/// One section of the home screen, with its amounts already formatted.
public enum HomeSection: Hashable, Sendable {
    /// A message with an optional link.
    case banner(title: String, message: String, link: String?)
    /// What was spent in a period: the user's own expenses from this device's store, or, when they cannot be
    /// read, the figures the server sent (`source` says which), in total and per category.
    case expensesSummary(period: String, total: String, categories: [Category], source: FigureSource)
    /// Shortcuts, each a title and a link.
    case quickActions([Action])

    /// Where the figures of a summary come from.
    public enum FigureSource: Hashable, Sendable {
        /// The expenses recorded on this device.
        case yourExpenses
        /// The server's figures, shown only when the device's own cannot be read.
        case server
    }

    /// A category of the summary.
    public struct Category: Hashable, Sendable {
        /// The category's name.
        public var name: String
        /// Its formatted total.
        public var total: String

        /// Creates a category.
        public init(name: String, total: String) {
            self.name = name
            self.total = total
        }
    }

    /// A shortcut.
    public struct Action: Hashable, Sendable {
        /// What the button says.
        public var title: String
        /// The deep link it opens.
        public var link: String

        /// Creates a shortcut.
        public init(title: String, link: String) {
            self.title = title
            self.link = link
        }
    }
}

/// A section the screen left out.
public struct SkippedSection: Hashable, Sendable {
    /// The section's id, when the server sent one.
    public var id: String?
    /// The section's type, when the server sent one.
    public var type: String?
    /// Why it was left out, for people.
    public var reason: String
}

/// Why the home screen could not be shown at all.
public enum HomeScreenError: Error, Hashable, Sendable {
    /// The server could not be reached and no copy was saved before.
    case offlineWithoutCache(detail: String)
    /// The server answered something that is not a sections list.
    case invalidResponse(detail: String)
}

/// Loads the home screen: from the server when it answers, from the saved copy when it does not.
public protocol HomeScreenLoading: Sendable {
    /// The screen, or why there is none.
    func load() async throws(HomeScreenError) -> HomeScreen
}
