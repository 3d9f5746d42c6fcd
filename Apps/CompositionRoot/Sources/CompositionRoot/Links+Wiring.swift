import Foundation
public import LinksFeature
public import Navigation

extension LedgerFactory {
    /// The app's links in both directions.
    public func makeRoutes() throws(RouteTableError) -> RouteTable<LedgerDestination> {
        try LedgerLinks.routes()
    }

    /// Deep-link navigation: the app's own links go to `presenter`, trusted outside links to `opener`; the app
    /// supplies both.
    public func makeNavigator(
        presenter: some ScreenPresenter<LedgerDestination>, opener: some URLOpener
    ) throws -> any Navigator {
        try LedgerLinks.navigator(presenter: presenter, opener: opener)
    }
}
