/// Shows the screen for a destination of the app.
///
/// The app implements it with its own navigation stack (a `UINavigationController`, a SwiftUI path, or lines on a
/// terminal); the package only decides *which* destination to present, never *how*.
public protocol ScreenPresenter<Destination>: Sendable {
    /// The app's description of a screen, usually an enum with associated values.
    associatedtype Destination: Hashable & Sendable
    /// Presents `destination`.
    func present(_ destination: Destination) async
}
