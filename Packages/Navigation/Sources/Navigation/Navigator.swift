public import Foundation

/// Takes the user to what a URL points at: a screen inside the app or another app.
///
/// Callers only learn what happened through the returned value, so a navigator never throws: a link that cannot
/// be followed is a normal outcome (`.rejected`) that the caller may log or show, not an exceptional path.
public protocol Navigator: Sendable {
    /// Navigates to `url` and says what happened.
    func navigate(to url: URL) async -> NavigationOutcome
}

/// What a navigation did.
public enum NavigationOutcome: Hashable, Sendable, CustomStringConvertible {
    /// The URL was routed to a screen of the app; the value is the router's typed destination, so a caller that
    /// knows the destination type can read it back with ``destination(as:)``.
    case routedInternally(any Hashable & Sendable)
    /// The URL was handed to the system to open outside the app.
    case openedExternally(URL)
    /// The URL was not followed, for the given reason.
    case rejected(NavigationRejection)

    /// The destination of an internal route, when it has the type `type`.
    public func destination<Destination>(as type: Destination.Type) -> Destination? {
        guard case .routedInternally(let destination) = self else { return nil }
        return destination as? Destination
    }

    /// The rejection reason, when the URL was not followed.
    public var rejection: NavigationRejection? {
        guard case .rejected(let reason) = self else { return nil }
        return reason
    }

    /// Compares internal destinations by value (through `AnyHashable`), so outcomes can be asserted in tests.
    public static func == (lhs: NavigationOutcome, rhs: NavigationOutcome) -> Bool {
        switch (lhs, rhs) {
        case (.routedInternally(let left), .routedInternally(let right)): AnyHashable(left) == AnyHashable(right)
        case (.openedExternally(let left), .openedExternally(let right)): left == right
        case (.rejected(let left), .rejected(let right)): left == right
        default: false
        }
    }

    /// Hashes consistently with `==`.
    public func hash(into hasher: inout Hasher) {
        switch self {
        case .routedInternally(let destination):
            hasher.combine(0)
            hasher.combine(AnyHashable(destination))
        case .openedExternally(let url):
            hasher.combine(1)
            hasher.combine(url)
        case .rejected(let reason):
            hasher.combine(2)
            hasher.combine(reason)
        }
    }

    /// A one-line account for logs and the command-line app.
    public var description: String {
        switch self {
        case .routedInternally(let destination): "routed internally to \(destination)"
        case .openedExternally(let url): "opened externally: \(url.absoluteString)"
        case .rejected(let reason): "rejected: \(reason)"
        }
    }
}

/// Why a URL was not followed. Each case is stable so callers can branch on it instead of parsing messages.
public enum NavigationRejection: Error, Hashable, Sendable {
    /// The link safety policy refused the URL.
    case unsafeLink(LinkRejection)
    /// The router found no destination for the URL.
    case routing(RoutingError)
    /// Nothing on the device can open the URL (the opener's `canOpen` said no).
    case cannotOpen
    /// The opener tried to open the URL and reported failure.
    case openFailed
}
