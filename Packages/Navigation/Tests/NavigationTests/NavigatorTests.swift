import Foundation
import Navigation
import NavigationTesting
import Testing

@Suite("Navigation: internal, external, scheme-routing and policy-checking navigators")
struct NavigatorTests {
    static func webPolicy() throws -> AllowListLinkPolicy {
        try AllowListLinkPolicy(schemes: ["https", "mailto"], hosts: ["good.test"], hostlessSchemes: ["mailto"])
    }

    @Test("the internal navigator presents the routed destination")
    func internalRoutes() async throws {
        let presenter = SpyScreenPresenter<AppScreen>()
        let navigator = InternalNavigator(router: try RouteTable(AppRoutes.all), presenter: presenter)
        let outcome = await navigator.navigate(to: try url("ledger://invoice/42"))
        #expect(outcome == .routedInternally(AppScreen.invoice(id: 42)))
        #expect(outcome.destination(as: AppScreen.self) == .invoice(id: 42))
        #expect(await presenter.presented == [.invoice(id: 42)])
    }

    @Test(
        "the internal navigator rejects what it cannot route and presents nothing",
        arguments: [
            ("ledger://nowhere", RoutingError.noMatchingRoute),
            ("ledger://invoice/abc", .noMatchingRoute),
            ("ledger://invoice/..", .malformedURL),
            ("https://app.example.com/invoice/1", .missingQueryParameter("note")),
        ]
    )
    func internalRejects(link: String, error: RoutingError) async throws {
        let presenter = SpyScreenPresenter<AppScreen>()
        let navigator = InternalNavigator(router: try RouteTable(AppRoutes.all), presenter: presenter)
        #expect(await navigator.navigate(to: try url(link)) == .rejected(.routing(error)))
        #expect(await presenter.presented.isEmpty)
    }

    @Test("the external navigator checks the policy, then asks, then opens")
    func externalOpens() async throws {
        let opener = SpyURLOpener()
        let navigator = ExternalNavigator(policy: try Self.webPolicy(), opener: opener)
        let link = try url("https://good.test/terms")
        #expect(await navigator.navigate(to: link) == .openedExternally(link))
        #expect(await opener.queriedURLs == [link])
        #expect(await opener.openedURLs == [link])
    }

    @Test(
        "the external navigator never hands an unsafe link to the opener",
        arguments: [
            ("javascript:alert(1)", LinkRejection.forbiddenScheme("javascript")),
            ("data:text/html,hi", .forbiddenScheme("data")),
            ("file:///etc/passwd", .forbiddenScheme("file")),
            ("vbscript:msgbox(1)", .forbiddenScheme("vbscript")),
            ("https://good.test.evil.test/", .hostNotAllowed("good.test.evil.test")),
            ("https://good.test@evil.test/", .userInfo),
            ("https://good.test/?next=https://evil.test", .unsafeRedirect(parameter: "next", .absoluteURL)),
        ]
    )
    func externalRejects(link: String, reason: LinkRejection) async throws {
        let opener = SpyURLOpener()
        let navigator = ExternalNavigator(policy: try Self.webPolicy(), opener: opener)
        #expect(await navigator.navigate(to: try url(link)) == .rejected(.unsafeLink(reason)))
        #expect(await opener.queriedURLs.isEmpty)
        #expect(await opener.openedURLs.isEmpty)
    }

    @Test("the external navigator reports a link nothing can open, and a failed open")
    func externalOpenerFailures() async throws {
        let link = try url("mailto:someone@good.test")
        let cannot = SpyURLOpener(canOpen: { _ in false })
        #expect(
            await ExternalNavigator(policy: try Self.webPolicy(), opener: cannot).navigate(to: link)
                == .rejected(.cannotOpen)
        )
        #expect(await cannot.openedURLs.isEmpty)
        let failing = SpyURLOpener(open: { _ in false })
        #expect(
            await ExternalNavigator(policy: try Self.webPolicy(), opener: failing).navigate(to: link)
                == .rejected(.openFailed)
        )
        #expect(await failing.openedURLs == [link])
    }

    @Test(
        "the scheme-routing navigator sends app links inside and the rest outside",
        arguments: [
            ("ledger://invoice/42", true),
            ("LEDGER://invoice/42", true),
            ("https://app.example.com/invoice/1?note=x", true),
            ("https://APP.example.com/invoice/1?note=x", true),
            ("/help/privacy", true),
            ("https://good.test/terms", false),
            ("http://evil.test/", false),
            ("https://app.example.com.evil.test/", false),
            ("https://app.example.com@evil.test/", false),
            ("ftp://app.example.com/", false),
            ("javascript:alert(1)", false),
            ("mailto:someone@good.test", false),
        ]
    )
    func schemeRouting(link: String, inside: Bool) async throws {
        let insideNavigator = SpyNavigator { .routedInternally($0.absoluteString) }
        let outsideNavigator = SpyNavigator { .openedExternally($0) }
        let navigator = try SchemeRoutingNavigator(
            appSchemes: ["Ledger"],
            appHosts: ["app.example.com"],
            inside: insideNavigator,
            outside: outsideNavigator
        )
        let target = try url(link)
        #expect(navigator.isAppLink(target) == inside)
        let outcome = await navigator.navigate(to: target)
        #expect(outcome == (inside ? .routedInternally(target.absoluteString) : .openedExternally(target)))
        #expect(await insideNavigator.visitedURLs == (inside ? [target] : []))
        #expect(await outsideNavigator.visitedURLs == (inside ? [] : [target]))
    }

    @Test("the scheme-routing navigator refuses a bad configuration")
    func schemeRoutingConfiguration() {
        let navigator = SpyNavigator()
        #expect(throws: SchemeRoutingNavigator.ConfigurationError.invalidScheme("le dger")) {
            try SchemeRoutingNavigator(appSchemes: ["le dger"], inside: navigator, outside: navigator)
        }
        #expect(throws: SchemeRoutingNavigator.ConfigurationError.invalidHost("a..b")) {
            try SchemeRoutingNavigator(
                appSchemes: ["ledger"], appHosts: ["a..b"], inside: navigator, outside: navigator)
        }
    }

    @Test("the policy-checking navigator stops open redirects inside the app")
    func policyChecking() async throws {
        let appPolicy = try AllowListLinkPolicy(schemes: ["ledger"], hosts: ["login", "invoice"])
        let next = SpyNavigator { .routedInternally($0.absoluteString) }
        let navigator = PolicyCheckingNavigator(policy: appPolicy, next: next)
        let bad = try url("ledger://login?next=https://evil.test")
        #expect(
            await navigator.navigate(to: bad)
                == .rejected(.unsafeLink(.unsafeRedirect(parameter: "next", .absoluteURL))))
        let good = try url("ledger://login?next=/invoice/42")
        #expect(await navigator.navigate(to: good) == .routedInternally(good.absoluteString))
        #expect(await next.visitedURLs == [good])
    }

    @Test("the whole chain, end to end, with real routes and policies")
    func endToEnd() async throws {
        let presenter = SpyScreenPresenter<AppScreen>()
        let opener = SpyURLOpener()
        let inside = PolicyCheckingNavigator(
            policy: try AllowListLinkPolicy(
                schemes: ["ledger", "https"],
                hosts: ["invoice", "home", "search", "app.example.com"]
            ),
            next: InternalNavigator(router: try RouteTable(AppRoutes.all), presenter: presenter)
        )
        let navigator = try SchemeRoutingNavigator(
            appSchemes: ["ledger"],
            appHosts: ["app.example.com"],
            inside: inside,
            outside: ExternalNavigator(policy: try Self.webPolicy(), opener: opener)
        )
        #expect(
            await navigator.navigate(to: try url("ledger://invoice/7")) == .routedInternally(AppScreen.invoice(id: 7)))
        #expect(
            await navigator.navigate(to: try url("https://app.example.com/invoice/8?note=hi"))
                == .routedInternally(AppScreen.universalInvoice(id: 8, note: "hi"))
        )
        #expect(
            await navigator.navigate(to: try url("https://good.test/"))
                == .openedExternally(try url("https://good.test/")))
        #expect(
            await navigator.navigate(to: try url("javascript:alert(1)"))
                == .rejected(.unsafeLink(.forbiddenScheme("javascript")))
        )
        #expect(
            await navigator.navigate(to: try url("ledger://home?next=//evil.test"))
                == .rejected(.unsafeLink(.unsafeRedirect(parameter: "next", .schemeRelative)))
        )
        #expect(await presenter.presented == [.invoice(id: 7), .universalInvoice(id: 8, note: "hi")])
        #expect(await opener.openedURLs == [try url("https://good.test/")])
    }

    @Test("many navigations at once each get their own answer")
    func concurrentNavigation() async throws {
        let presenter = SpyScreenPresenter<AppScreen>()
        let navigator = InternalNavigator(router: try RouteTable(AppRoutes.all), presenter: presenter)
        let outcomes = await withTaskGroup(of: (Int, NavigationOutcome).self) { group in
            for id in 0..<200 {
                group.addTask {
                    guard let link = URL(string: "ledger://invoice/\(id)") else { return (id, .rejected(.cannotOpen)) }
                    return (id, await navigator.navigate(to: link))
                }
            }
            return await group.reduce(into: [:]) { $0[$1.0] = $1.1 }
        }
        #expect(outcomes.count == 200)
        for (id, outcome) in outcomes { #expect(outcome == .routedInternally(AppScreen.invoice(id: id))) }
        #expect(Set(await presenter.presented) == Set((0..<200).map { AppScreen.invoice(id: $0) }))
    }
}

@Suite("Navigation: outcomes")
struct NavigationOutcomeTests {
    @Test("outcomes compare destinations by value and type")
    func equality() throws {
        #expect(NavigationOutcome.routedInternally(AppScreen.home) == .routedInternally(AppScreen.home))
        #expect(NavigationOutcome.routedInternally(AppScreen.home) != .routedInternally(AppScreen.invoice(id: 1)))
        #expect(NavigationOutcome.routedInternally(1) != .routedInternally("1"))
        let link = try url("https://good.test")
        #expect(NavigationOutcome.openedExternally(link) != .rejected(.cannotOpen))
        #expect(
            Set([NavigationOutcome.routedInternally(AppScreen.home), .routedInternally(AppScreen.home)]).count == 1)
    }

    @Test("outcomes describe themselves and expose their parts")
    func accessors() throws {
        let routed = NavigationOutcome.routedInternally(AppScreen.invoice(id: 3))
        #expect(routed.destination(as: AppScreen.self) == .invoice(id: 3))
        #expect(routed.destination(as: String.self) == nil)
        #expect(routed.rejection == nil)
        #expect(routed.description == "routed internally to invoice(id: 3)")
        let rejected = NavigationOutcome.rejected(.unsafeLink(.userInfo))
        #expect(rejected.rejection == .unsafeLink(.userInfo))
        #expect(rejected.destination(as: AppScreen.self) == nil)
        #expect(
            rejected.description
                == "rejected: The link has a user name before its host (user@host), a way to make a link look as if it "
                + "goes to another site.")
        #expect(
            NavigationOutcome.openedExternally(try url("https://good.test/a")).description
                == "opened externally: https://good.test/a")
    }
}
