public import Foundation

/// Follows links that belong to the app: the router picks the destination and the presenter shows it.
public struct InternalNavigator<Destination: Hashable & Sendable>: Navigator {
    private let router: any Router<Destination>
    private let presenter: any ScreenPresenter<Destination>

    /// Creates a navigator from the app's routes and its way of showing screens.
    public init(router: some Router<Destination>, presenter: some ScreenPresenter<Destination>) {
        self.router = router
        self.presenter = presenter
    }

    /// Routes `url` and presents its destination; a URL without a destination is rejected and nothing is shown.
    public func navigate(to url: URL) async -> NavigationOutcome {
        let destination: Destination
        do {
            destination = try router.destination(for: url)
        } catch {
            return .rejected(.routing(error))
        }
        await presenter.present(destination)
        return .routedInternally(destination)
    }
}
