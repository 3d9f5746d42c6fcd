public import Foundation

/// The assembled home screen: the sections that could be built, in the server's order, and what was skipped.
public struct HomeScreen: Hashable, Sendable {
    /// Where the sections came from.
    public enum Source: Hashable, Sendable {
        /// The server, just now.
        case network
        /// The copy saved when the server last sent a usable screen, at `savedAt`, and why it is shown instead.
        case cache(savedAt: Date, reason: CacheReason)
    }

    /// Why the saved copy is shown instead of the server's answer.
    public enum CacheReason: Hashable, Sendable {
        /// The server could not be reached.
        case unreachable
        /// The server answered, but with something that is not a screen this app can show (not a sections list,
        /// or no section it knows); `problem` says what, as a sentence. A saved screen is never replaced by one.
        case unusableAnswer(problem: String)
    }

    /// The sections, ready to show.
    public var sections: [HomeSection]
    /// One line per section that was not shown, and why.
    public var skipped: [SkippedSection]
    /// Where the sections came from.
    public var source: Source
}

/// One section of the home screen, ready to print: its type and its lines, with amounts already formatted and
/// links kept apart from text, so whoever shows it needs no switch over section types and can check every link
/// before showing it.
public struct HomeSection: Hashable, Sendable {
    /// The section's type as the server names it: `banner`, `expenses_summary`.
    public var kind: String
    /// The lines, each a run of text and links.
    public var lines: [[HomeText]]

    /// Creates a section.
    public init(kind: String, lines: [[HomeText]]) {
        self.kind = kind
        self.lines = lines
    }

    /// Every link the section shows.
    public var links: [String] {
        lines.joined().compactMap { if case .link(let link) = $0 { link } else { nil } }
    }
}

/// A run of a section's line: text, or a link (which came from the server and is shown only if the app would
/// follow it).
public enum HomeText: Hashable, Sendable {
    /// Text as it is shown.
    case text(String)
    /// A link.
    case link(String)
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
