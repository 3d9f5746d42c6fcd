public import Foundation
public import Navigation
public import Storage

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

    /// The sections shown, in the server's order, each with its id (what dismissing or opening it takes) and badge.
    public var shown: [ShownSection]
    /// One line per section that was not shown, and why.
    public var skipped: [SkippedSection]
    /// The ids of the sections the user dismissed that the screen would otherwise show: hidden by choice, not a
    /// fault, so apart from `skipped`.
    public var dismissed: [String]
    /// Where the sections came from.
    public var source: Source

    /// The sections, ready to show.
    public var sections: [HomeSection] { shown.map(\.section) }
}

/// A section where the screen places it. The id is the screen's, not the section type's, so it is kept apart from
/// ``HomeSection`` (which a type's model makes without knowing its id).
public struct ShownSection: Hashable, Sendable {
    /// The section's id as the server sent it: what `ledger home dismiss` and `ledger home open` take.
    public var id: String
    /// The badge beside the section (`3`, `new`): nil when the server sent none, or the user already saw this one.
    public var badge: String?
    /// How the section reads.
    public var section: HomeSection

    /// Creates a placed section.
    public init(id: String, badge: String? = nil, section: HomeSection) {
        self.id = id
        self.badge = badge
        self.section = section
    }
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

/// Hides sections the user no longer wants on the home screen, and brings them back. A dismissal is kept in the
/// data folder's store, so the section stays hidden on later runs, offline, and when the server sends it again.
public protocol HomeSectionDismissing: Sendable {
    /// Removes the section with `id` from the screen the user last saw and remembers it; the section's listeners
    /// hear `.removed`. Dismissing a dismissed section again changes nothing and returns `false`.
    func dismiss(sectionID id: String) async throws(HomeSectionError) -> Bool
    /// Forgets the dismissal of the section with `id`, or of every section when `id` is nil; returns the ids
    /// brought back.
    func restore(sectionID id: String?) async throws(HomeSectionError) -> [String]
}

/// Clears a section's badge once the user has seen what it announces: when they open the section, or follow one
/// of its links. A cleared badge stays cleared while the server sends the same badge; another one shows.
public protocol HomeBadgeClearing: Sendable {
    /// The section with `id` of the screen last shown, after clearing its badge through the home `BadgeCleaner`.
    func open(sectionID id: String) async throws(HomeSectionError) -> OpenedSection
    /// Clears the badge of every section of the screen last shown that shows `link`, and returns their ids; without
    /// a saved screen there is nothing to clear.
    func clearBadges(linkingTo link: String) async throws(HomeSectionError) -> [String]
}

/// A section the user opened.
public struct OpenedSection: Hashable, Sendable {
    /// The section as the screen now shows it, without the badge just cleared.
    public var shown: ShownSection
    /// The badge that was cleared; nil when the section had none.
    public var clearedBadge: String?
}

/// Everything the home commands do with the screen.
public typealias HomeScreenFeature = HomeScreenLoading & HomeSectionDismissing & HomeBadgeClearing

/// Why a section of the home screen could not be dismissed, restored or opened.
public enum HomeSectionError: Error, Hashable, Sendable {
    /// No section with `id` is on the home screen the user last saw; `shown` lists the ids that are, in order.
    case notShown(id: String, shown: [String])
    /// No home screen was saved on this device yet, so there is no section to name.
    case noSavedScreen(id: String)
    /// The section with `id` is not dismissed; `dismissed` lists those that are.
    case notDismissed(id: String, dismissed: [String])
    /// The badge of the section with `id` could not be cleared; it shows until it is.
    case badgeNotCleared(id: String, reason: BadgeCleaningError)
    /// The data folder's store could not be read or written.
    case storage(StorageError)
}

extension HomeSectionError: CustomStringConvertible {
    /// A sentence, with the ids as the server sent them (a caller that prints them makes them safe).
    public var description: String {
        switch self {
        case .notShown(let id, let shown):
            "No section '\(id)' is on the home screen; "
                + (shown.isEmpty ? "it shows no section." : "the sections shown are \(Self.list(shown)).")
        case .noSavedScreen(let id):
            "No section '\(id)' is on the home screen: it has not been shown on this device yet."
        case .notDismissed(let id, let dismissed):
            "The section '\(id)' is not dismissed; "
                + (dismissed.isEmpty ? "no section is." : "the dismissed ones are \(Self.list(dismissed)).")
        case .badgeNotCleared(let id, .systemFailure):
            "The badge of the section '\(id)' was not cleared: the data folder's store refused the change."
        case .badgeNotCleared(let id, .notAuthorized):
            "The badge of the section '\(id)' was not cleared: the app may not change badges."
        case .storage(let error): "\(error)"
        }
    }

    /// `'a', 'b' and 'c'`: the first 20 and a count of the rest, since a hostile screen may have a thousand.
    static func list(_ ids: [String]) -> String {
        var quoted = ids.prefix(20).map { "'\($0)'" }
        if ids.count > 20 { quoted.append("\(ids.count - 20) more") }
        guard quoted.count > 1, let last = quoted.popLast() else { return quoted.first ?? "" }
        return quoted.joined(separator: ", ") + " and " + last
    }
}
