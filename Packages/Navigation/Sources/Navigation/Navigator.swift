public import Foundation

/// Takes the user to what a URL points at: a screen inside the app or another app.
public protocol Navigator: Sendable {
    /// Navigates to `url` and says what happened.
    func navigate(to url: URL) async -> NavigationOutcome
}

/// What a navigation did.
public enum NavigationOutcome: Hashable, Sendable {
    /// The URL was routed to a screen of the app, described by `destination`.
    case routedInternally(destination: String)
    /// The URL was handed to the system to open outside the app.
    case openedExternally(URL)
    /// The URL was not followed, for `reason`.
    case rejected(NavigationRejection)
}

/// Why a URL was not followed.
public enum NavigationRejection: Hashable, Sendable {
    /// The scheme (for example `javascript`) is not allowed.
    case schemeNotAllowed(String)
    /// The host is not on the allow-list.
    case hostNotAllowed(String)
    /// No route matches and nothing outside the app may open it.
    case noRoute
}
