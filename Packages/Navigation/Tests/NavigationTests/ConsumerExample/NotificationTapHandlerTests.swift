import Foundation
import Navigation
import NavigationTesting
import Testing

@Suite("Tapping a notification")
struct NotificationTapHandlerTests {
    @Test func theLinkInThePayloadIsFollowed() async throws {
        let navigator = SpyNavigator { .openedExternally($0) }
        let handler = NotificationTapHandler(navigator: navigator)

        let result = await handler.handleTap(payload: ["link": "https://help.example.com/faq"])

        #expect(result == .opened)
        #expect(await navigator.visitedURLs == [try #require(URL(string: "https://help.example.com/faq"))])
    }

    @Test func aRefusedLinkIsExplainedInWords() async {
        let navigator = SpyNavigator { _ in .rejected(.unsafeLink(.forbiddenScheme("javascript"))) }
        let handler = NotificationTapHandler(navigator: navigator)

        let result = await handler.handleTap(payload: ["link": "javascript:alert(1)"])

        #expect(
            result
                == .refused(
                    "The notification's link was not opened. Links with the scheme “javascript” can run code or read "
                        + "local files, so they are never followed."))
    }

    @Test func aPayloadWithoutALinkNavigatesNowhere() async {
        let navigator = SpyNavigator()

        #expect(await NotificationTapHandler(navigator: navigator).handleTap(payload: [:]) == .noLink)
        #expect(await navigator.visitedURLs.isEmpty)
    }

    /// The package's own navigator, with doubles for what the app supplies: the routes and the screens.
    @Test func anInternalLinkIsRoutedAndPresented() async throws {
        let invoice = try #require(URL(string: "ledger://invoice/42"))
        let router = FakeRouter(routes: [invoice: "invoice 42"])
        let presenter = SpyScreenPresenter<String>()
        let handler = NotificationTapHandler(navigator: InternalNavigator(router: router, presenter: presenter))

        #expect(await handler.handleTap(payload: ["link": "ledger://invoice/42"]) == .opened)
        #expect(
            await handler.handleTap(payload: ["link": "ledger://nowhere"])
                == .refused(
                    "The notification's link was not opened. No screen of the app has this link."))
        #expect(await presenter.presented == ["invoice 42"])
        #expect(router.requestedURLs.map(\.absoluteString) == ["ledger://invoice/42", "ledger://nowhere"])
    }

    /// The policy and the opener are doubles too: the stub refuses one host, the spy records what was opened.
    @Test func anOutsideLinkIsCheckedBeforeItIsOpened() async {
        let policy = StubLinkPolicy { $0.host == "evil.test" ? .hostNotAllowed("evil.test") : nil }
        let opener = SpyURLOpener()
        let handler = NotificationTapHandler(navigator: ExternalNavigator(policy: policy, opener: opener))

        #expect(await handler.handleTap(payload: ["link": "https://help.example.com/faq"]) == .opened)
        #expect(
            await handler.handleTap(payload: ["link": "https://evil.test/"])
                == .refused("The notification's link was not opened. The host “evil.test” is not one the app trusts."))
        #expect(await opener.openedURLs.map(\.absoluteString) == ["https://help.example.com/faq"])
    }
}
