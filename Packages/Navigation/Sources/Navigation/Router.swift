public import Foundation

/// Turns a URL into a typed destination of the app.
///
/// Routing is a pure, synchronous computation: it does no I/O, so it is cheap to call from anywhere and its
/// failures are values of ``RoutingError``.
public protocol Router<Destination>: Sendable {
    /// The app's description of a screen.
    associatedtype Destination: Hashable & Sendable
    /// The destination `url` leads to.
    func destination(for url: URL) throws(RoutingError) -> Destination
}

/// Builds the URL that leads to a destination, for sharing a screen as a link.
public protocol URLBuilding<Destination>: Sendable {
    /// The app's description of a screen.
    associatedtype Destination: Hashable & Sendable
    /// A URL that routes back to exactly `destination`.
    func url(for destination: Destination) throws(URLGenerationError) -> URL
}
