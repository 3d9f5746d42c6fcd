import Essentials
public import Foundation
public import Navigation

/// A ``/Navigation/Router`` double backed by a dictionary from exact URLs to destinations; it records the URLs it was
/// asked about so a test can check what was routed.
public final class FakeRouter<Destination: Hashable & Sendable>: Router, Sendable {
    private let routes: [URL: Destination]
    private let failure: RoutingError
    private let requests = LockedValue<[URL]>([])

    /// Creates a router that knows `routes` and answers any other URL with `failure`.
    public init(routes: [URL: Destination], failure: RoutingError = .noMatchingRoute) {
        self.routes = routes
        self.failure = failure
    }

    /// The URLs asked about so far, in order.
    public var requestedURLs: [URL] {
        requests.withLock { $0 }
    }

    /// The configured destination for `url`, or the configured failure.
    public func destination(for url: URL) throws(RoutingError) -> Destination {
        requests.withLock { $0.append(url) }
        guard let destination = routes[url] else { throw failure }
        return destination
    }
}
