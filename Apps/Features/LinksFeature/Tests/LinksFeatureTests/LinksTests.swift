import CommandKit
import CommandKitTesting
import Foundation
import Navigation
import Testing

@testable import LinksFeature

/// Screens as features register them: a list, a form, and screens that carry a value.
let screens: [LinkScreen] = {
    let shown = { (name: String) in
        { @Sendable (value: String?, invocation: Invocation) async throws(CommandError) -> CommandKit.ExitStatus in
            invocation.console.line("showing \(name)" + (value.map { " \($0)" } ?? ""))
            return .success
        }
    }
    let periods = ["day", "week", "month", "year"]
    return [
        LinkScreen(name: "home", path: "home", show: shown("home")),
        LinkScreen(name: "invoices", path: "invoices", show: shown("invoices")),
        LinkScreen(name: "new-invoice", path: "invoices/new", show: shown("new-invoice")),
        LinkScreen(
            name: "invoice", path: "invoices",
            value: LinkValue(placeholder: "NUMBER", canonical: { $0.hasPrefix("INV-") && $0.count <= 64 ? $0 : nil }),
            show: shown("invoice")),
        LinkScreen(
            name: "report", path: "reports",
            value: LinkValue(
                placeholder: "PERIOD", choices: periods,
                canonical: { text in
                    let word = text.lowercased().replacingOccurrences(of: "ly", with: "")
                    return periods.contains(word) ? word : word == "dai" ? "day" : nil
                }),
            show: shown("report")),
    ]
}()

@Suite("Links: routes over the screens features register")
struct DeepLinkTests {
    @Test(arguments: [
        ("ledger://invoices/INV-0042", LinkDestination(screen: "invoice", value: "INV-0042")),
        ("https://app.ledger.example/invoices/INV-7", LinkDestination(screen: "invoice", value: "INV-7")),
        ("ledger://invoices/new", LinkDestination(screen: "new-invoice")),
        ("ledger://invoices", LinkDestination(screen: "invoices")),
        ("ledger://reports/weekly", LinkDestination(screen: "report", value: "week")),
        ("https://app.ledger.example/reports/month", LinkDestination(screen: "report", value: "month")),
        ("ledger://home", LinkDestination(screen: "home")),
    ])
    func appLinksRouteToTheirScreens(link: String, destination: LinkDestination) async throws {
        let presenter = Recorder()
        let navigator = try LedgerLinks.navigator(screens: screens, presenter: presenter, opener: presenter)
        let outcome = await navigator.navigate(to: try #require(URL(string: link)))
        #expect(outcome == .routedInternally(destination))
        #expect(await presenter.presented == [destination])
    }

    @Test(arguments: [
        "javascript:alert(1)", "data:text/html,<script>", "file:///etc/passwd", "https://evil.test/",
        "https://app.ledger.example@evil.test/", "ledger://home?next=https://evil.test",
        "https://evil.test%5C@ledger.example/", "ledger://reports/hourly", "ledger://invoices/..%2F..%2Fetc",
        "ledger://expenses", "ledger://invoices/INV-1%2F2",
    ])
    func hostileAndUnknownLinksAreRejected(link: String) async throws {
        let recorder = Recorder()
        let navigator = try LedgerLinks.navigator(screens: screens, presenter: recorder, opener: recorder)
        let url = try #require(URL(string: link), "the case \(link) must be a URL to test the navigator with")
        let outcome = await navigator.navigate(to: url)
        #expect(outcome.rejection != nil, "\(link) was not rejected: \(outcome)")
        #expect(await recorder.presented.isEmpty)
        #expect(await recorder.opened.isEmpty)
        #expect(await LedgerLinkCheck(screens: screens).isFollowable(link) == false)
    }

    @Test func everyScreenBuildsALinkThatRoutesBack() throws {
        let routes = try LedgerLinks.routes(screens)
        let destinations =
            ["home", "invoices", "new-invoice"].map { LinkDestination(screen: $0) }
            + [LinkDestination(screen: "invoice", value: "INV-0001")]
            + ["day", "week", "month", "year"].map { LinkDestination(screen: "report", value: $0) }
        for destination in destinations {
            let url = try routes.url(for: destination)
            #expect(url.scheme == "ledger")
            #expect(try routes.destination(for: url) == destination)
        }
        let week = try routes.url(for: LinkDestination(screen: "report", value: "week"))
        #expect(week.absoluteString == "ledger://reports/week")
        #expect(LedgerLinks.webLink(for: week)?.absoluteString == "https://app.ledger.example/reports/week")
    }

    @Test func trustedSitesAreFollowableAndTheCheckAgreesWithTheNavigator() async {
        let check = LedgerLinkCheck(screens: screens)
        #expect(await check.isFollowable("https://help.ledger.example/faq"))
        #expect(await check.isFollowable("ledger://reports/monthly"))
        #expect(await check.isFollowable("mailto:help@ledger.example"))
        #expect(await !check.isFollowable("not a link"))
        #expect(await !LedgerLinkCheck(screens: []).isFollowable("ledger://home"))
    }
}

@Suite("Links: the open and link commands")
struct LinkCommandsTests {
    private struct Screens: CommandGroup {
        var commands: [CommandSpec] { [] }
        var screens: [LinkScreen] { LinksFeatureTests.screens }
    }

    private let harness = CommandHarness(LinkCommands(), Screens())

    @Test func openingAnAppLinkShowsItsScreen() async {
        let result = await harness.run(["open", "ledger://reports/weekly"])
        #expect(result.status == .success)
        #expect(result.output == "showing report week\n")
    }

    @Test func openingATrustedSitePrintsItAndAHostileLinkIsRejectedWithTheReason() async {
        let outside = await harness.run(["open", "https://help.ledger.example/faq"])
        #expect(outside.output == "Opened outside the app: https://help.ledger.example/faq\n")
        let hostile = await harness.run(["open", "javascript:alert(1)"])
        #expect(hostile.status == .dataError)
        #expect(hostile.error.contains("javascript: links can run code or read files, so they are never followed"))
        let hidden = await harness.run(["open", "https://app.ledger.example@evil.test/"])
        #expect(hidden.error.contains("the link hides its real host behind user@"))
    }

    @Test func aLinkIsPrintedInTheAppFormOrTheWebForm() async {
        #expect(await harness.run(["link", "report", "Weekly"]).output == "ledger://reports/week\n")
        #expect(await harness.run(["link", "invoices", "--https"]).output == "https://app.ledger.example/invoices\n")
        let listed = await harness.run(["link"])
        #expect(listed.output.split(separator: "\n").contains("invoice NUMBER"))
    }

    @Test(arguments: [
        (["link", "nowhere"], "unknown screen 'nowhere'; use one of: home, invoices, new-invoice, invoice, report"),
        (["link", "report"], "link report needs a PERIOD"),
        (["link", "home", "x"], "link home takes no value"),
        (["link", "report", "decade"], "'decade' is not a PERIOD of report; use one of: day, week, month, year"),
    ])
    func aWrongLinkCommandSaysWhatIsWrong(words: [String], message: String) async {
        let result = await harness.run(words)
        #expect(result.status == .usage)
        #expect(result.error.contains(message), "\(result.error)")
    }
}

/// A presenter and opener that remember what they were asked to do.
actor Recorder: ScreenPresenter, URLOpener {
    private(set) var presented: [LinkDestination] = []
    private(set) var opened: [URL] = []

    func present(_ destination: LinkDestination) {
        presented.append(destination)
    }

    func canOpen(_ url: URL) -> Bool { true }

    func open(_ url: URL) -> Bool {
        opened.append(url)
        return true
    }
}
