public import Foundation
public import Navigation

/// A ``/Navigation/URLOpener`` double with configurable answers that records every question and every opened URL.
public actor SpyURLOpener: URLOpener {
    private let canOpenAnswer: @Sendable (URL) -> Bool
    private let openAnswer: @Sendable (URL) -> Bool
    /// The URLs `canOpen` was asked about, in order.
    public private(set) var queriedURLs: [URL] = []
    /// The URLs `open` was called with, in order, whatever it answered.
    public private(set) var openedURLs: [URL] = []

    /// Creates an opener; by default it can open and opens everything.
    public init(
        canOpen: @escaping @Sendable (URL) -> Bool = { _ in true },
        open: @escaping @Sendable (URL) -> Bool = { _ in true }
    ) {
        self.canOpenAnswer = canOpen
        self.openAnswer = open
    }

    /// Records the question and answers it.
    public func canOpen(_ url: URL) -> Bool {
        queriedURLs.append(url)
        return canOpenAnswer(url)
    }

    /// Records the URL and answers whether "opening" worked.
    public func open(_ url: URL) -> Bool {
        openedURLs.append(url)
        return openAnswer(url)
    }
}
