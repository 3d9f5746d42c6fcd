public import Foundation

/// Checks every link with a safety policy before another navigator follows it.
///
/// The external navigator has its policy built in; this decorator gives the same protection to the inside of
/// the app, where a link such as `ledger://login?next=https://evil.test` must not become an open redirect.
public struct PolicyCheckingNavigator: Navigator {
    private let policy: any LinkPolicy
    private let next: any Navigator

    /// Creates a navigator that lets `next` follow only what `policy` allows.
    public init(policy: some LinkPolicy, next: some Navigator) {
        self.policy = policy
        self.next = next
    }

    /// Checks `url`, then navigates with the wrapped navigator.
    public func navigate(to url: URL) async -> NavigationOutcome {
        do {
            try policy.check(url)
        } catch {
            return .rejected(.unsafeLink(error))
        }
        return await next.navigate(to: url)
    }
}
