public import Foundation

/// Opens a URL outside the app (a browser, a mail client, another app).
///
/// The app implements it (on iOS with `UIApplication.canOpenURL` and `open`), so this package builds and tests
/// without UIKit. Both methods are `async` because the platform answers asynchronously and on its own actor.
public protocol URLOpener: Sendable {
    /// Whether something on the device can open `url`; asked before `open` so a dead link is reported as such.
    func canOpen(_ url: URL) async -> Bool
    /// Opens `url` and answers whether it worked.
    func open(_ url: URL) async -> Bool
}
