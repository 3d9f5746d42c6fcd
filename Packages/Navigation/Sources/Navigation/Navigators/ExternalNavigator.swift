public import Foundation

/// Follows links that leave the app, but only those the safety policy allows and the device can open.
public struct ExternalNavigator: Navigator {
    private let policy: any LinkPolicy
    private let opener: any URLOpener

    /// Creates a navigator that checks every link with `policy` before handing it to `opener`.
    public init(policy: some LinkPolicy, opener: some URLOpener) {
        self.policy = policy
        self.opener = opener
    }

    /// Checks `url`, asks whether it can be opened, then opens it.
    public func navigate(to url: URL) async -> NavigationOutcome {
        do {
            try policy.check(url)
        } catch {
            return .rejected(.unsafeLink(error))
        }
        guard await opener.canOpen(url) else { return .rejected(.cannotOpen) }
        guard await opener.open(url) else { return .rejected(.openFailed) }
        return .openedExternally(url)
    }
}
