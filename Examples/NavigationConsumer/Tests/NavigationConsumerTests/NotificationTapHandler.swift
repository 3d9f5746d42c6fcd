import Foundation
import Navigation

/// What tapping a push notification did, for the banner the app shows next.
enum NotificationTapResult: Equatable, Sendable {
    /// The link was followed, inside the app or outside.
    case opened
    /// The link was not followed; the text says why, for a person.
    case refused(String)
    /// The notification carries no link.
    case noLink
}

/// An app's handler for a tapped push notification: it follows the link in the payload and says what to show.
/// It knows only the `Navigator` protocol, so a test hands it a double.
struct NotificationTapHandler: Sendable {
    private let navigator: any Navigator

    init(navigator: any Navigator) {
        self.navigator = navigator
    }

    func handleTap(payload: [String: String]) async -> NotificationTapResult {
        guard let text = payload["link"], let url = URL(string: text) else { return .noLink }
        switch await navigator.navigate(to: url) {
        case .routedInternally, .openedExternally:
            return .opened
        case .rejected(let reason):
            return .refused("The notification's link was not opened. \(reason)")
        }
    }
}
