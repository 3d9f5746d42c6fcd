public import Foundation
public import Navigation

/// A ``/Navigation/LinkPolicy`` double whose verdict is a closure: allow everything, or reject chosen links with a
/// reason.
public struct StubLinkPolicy: LinkPolicy {
    private let verdict: @Sendable (URL) -> LinkRejection?

    /// Creates a policy that rejects a URL with the reason `verdict` returns, and allows it when that is `nil`.
    public init(verdict: @escaping @Sendable (URL) -> LinkRejection? = { _ in nil }) {
        self.verdict = verdict
    }

    /// Throws the configured reason, if any.
    public func check(_ url: URL) throws(LinkRejection) {
        if let reason = verdict(url) { throw reason }
    }
}
