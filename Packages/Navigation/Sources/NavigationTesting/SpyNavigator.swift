public import Foundation
public import Navigation

/// A ``/Navigation/Navigator`` double that answers with a configured outcome and records every URL it was asked to
/// follow.
public actor SpyNavigator: Navigator {
    private let outcome: @Sendable (URL) -> NavigationOutcome
    /// The URLs received so far, in call order.
    public private(set) var visitedURLs: [URL] = []

    /// Answers each URL with what `outcome` returns for it (by default: no route).
    public init(
        outcome: @escaping @Sendable (URL) -> NavigationOutcome = { _ in .rejected(.routing(.noMatchingRoute)) }
    ) {
        self.outcome = outcome
    }

    /// Records `url` and answers with the configured outcome.
    public func navigate(to url: URL) -> NavigationOutcome {
        visitedURLs.append(url)
        return outcome(url)
    }
}
