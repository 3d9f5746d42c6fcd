public import CommandKit
import Foundation
import Navigation

/// The link commands of `ledger`: `open URL` follows a link to what it shows (through the screens every feature
/// registers), `link SCREEN [VALUE]` prints the link of a screen; and the links' part of the demo.
public struct LinkCommands: CommandGroup {
    /// The commands.
    public init() {}

    /// `open` and `link`.
    public var commands: [CommandSpec] {
        [
            CommandSpec(
                path: ["open"], arguments: ["URL"], summary: "follow a link: show what it opens, or say why not",
                details: "ledger:// and https://\(LedgerLinks.webHost) links show the screen they name; a few trusted "
                    + "sites are opened outside; anything else is rejected with the reason (exit 65).",
                run: open),
            CommandSpec(
                path: ["link"], arguments: ["SCREEN?", "VALUE?"],
                summary: "print the shareable link of a screen (invoice NUMBER, report PERIOD, home, ...)",
                options: [.flag("https", "print the web form (https://\(LedgerLinks.webHost)/...), for an e-mail")],
                details: "'ledger link' without a screen lists the screens and the value each takes.",
                completions: { before, screens in
                    guard let name = before.first else { return screens.map(\.name) }
                    return before.count == 1 ? screens.first { $0.name == name }?.value?.choices ?? [] : []
                },
                run: link),
        ]
    }

    /// Following the app's own links, a trusted site's, and two hostile ones.
    public var demo: DemoSection? {
        DemoSection(
            title: "Links",
            steps: [
                DemoStep("Deep links: inside the app", ["open", "ledger://invoices/INV-0001"]),
                DemoStep("Deep links: a trusted site outside", ["open", "https://help.ledger.example/faq"]),
                DemoStep(
                    "Deep links: hostile ones are rejected with a reason", ["open", "javascript:alert(1)"],
                    expected: .dataError),
                DemoStep("", ["open", "https://app.ledger.example@evil.test/invoices/INV-0001"], expected: .dataError),
            ])
    }

    private func open(_ invocation: Invocation) async throws(CommandError) -> ExitStatus {
        let text = try invocation.positionals()[0]
        guard let url = URL(string: text) else {
            throw CommandError(message: "'\(TerminalText.safe(text))' is not a link", status: .dataError)
        }
        let console = invocation.console
        let navigator: any Navigator
        do {
            navigator = try LedgerLinks.navigator(
                screens: invocation.screens, presenter: TerminalPresenter(), opener: TerminalOpener(console: console))
        } catch {
            throw CommandError(message: "the link routes could not be built (\(error))", status: .failure)
        }
        switch await navigator.navigate(to: url) {
        case .routedInternally(let destination):
            guard let destination = destination as? LinkDestination,
                let screen = invocation.screens.first(where: { $0.name == destination.screen })
            else {
                throw CommandError(message: "the link leads to a screen this app does not have", status: .dataError)
            }
            return try await screen.show(destination.value, invocation)
        case .openedExternally(let url):
            if console.json { console.emit(["outcome": "opened", "url": url.absoluteString]) }
            return .success
        case .rejected(let rejection):
            throw CommandError(
                message: "rejected \(TerminalText.safe(text)): \(LinkText.describe(rejection))",
                hint: "Only ledger:// links, https://\(LedgerLinks.webHost) links and a few help sites are followed.",
                status: .dataError)
        }
    }

    private func link(_ invocation: Invocation) async throws(CommandError) -> ExitStatus {
        let screens = invocation.screens
        let words = invocation.arguments.positionals
        let names = screens.map(\.name).joined(separator: ", ")
        guard let name = words.first else {
            for screen in screens {
                invocation.console.line(
                    ([screen.name] + (screen.value.map { [$0.placeholder] } ?? [])).joined(separator: " "))
            }
            return .success
        }
        _ = try invocation.positionals()
        guard let screen = screens.first(where: { $0.name == name }) else {
            throw invocation.command.usageError("unknown screen '\(name)'; use one of: \(names)")
        }
        let given = words.count > 1 ? words[1] : nil
        var value: String?
        switch (screen.value, given) {
        case (nil, nil): break
        case (nil, .some): throw invocation.command.usageError("link \(name) takes no value")
        case (let expected?, nil): throw invocation.command.usageError("link \(name) needs a \(expected.placeholder)")
        case (let expected?, let text?):
            guard let canonical = expected.canonical(text) else {
                let choices =
                    expected.choices.isEmpty ? "" : "; use one of: \(expected.choices.joined(separator: ", "))"
                throw invocation.command.usageError("'\(text)' is not a \(expected.placeholder) of \(name)\(choices)")
            }
            try await expected.check?(canonical, invocation)
            value = canonical
        }
        let destination = LinkDestination(screen: name, value: value)
        var url: URL
        do {
            url = try LedgerLinks.routes(screens).url(for: destination)
        } catch {
            throw CommandError(message: "no link can be made for \(destination)", status: .dataError)
        }
        if invocation.arguments.has("https"), let web = LedgerLinks.webLink(for: url) { url = web }
        if invocation.console.json {
            invocation.console.emit(["link": url.absoluteString])
        } else {
            invocation.console.line(url.absoluteString)
        }
        return .success
    }
}

/// The command-line app's screens: presenting one only notes it; `ledger open` then runs the screen's command.
struct TerminalPresenter: ScreenPresenter {
    func present(_ destination: LinkDestination) async {}
}

/// The command-line app's way out: it prints the link instead of starting a browser.
struct TerminalOpener: URLOpener {
    let console: Console

    func canOpen(_ url: URL) async -> Bool { true }

    func open(_ url: URL) async -> Bool {
        if !console.json { console.line("Opened outside the app: \(url.absoluteString)") }
        return true
    }
}

/// Link rejections said for people.
enum LinkText {
    static func describe(_ rejection: NavigationRejection) -> String {
        switch rejection {
        case .unsafeLink(let reason): describe(reason)
        case .routing(.noMatchingRoute): "no screen of the app has this link"
        case .routing(.unsafeParameter(let name, let character)):
            "its '\(name)' part contains \(describe(character)), which a link to a screen may not carry"
        case .routing: "the link does not fit its screen"
        case .cannotOpen: "nothing on this machine can open it"
        case .openFailed: "opening it failed"
        }
    }

    static func describe(_ reason: LinkRejection) -> String {
        switch reason {
        case .forbiddenScheme(let scheme): "\(scheme): links can run code or read files, so they are never followed"
        case .schemeNotAllowed(let scheme): "\(scheme): links are not followed"
        case .hostNotAllowed(let host): "\(host) is not a site the app trusts"
        case .userInfo: "the link hides its real host behind user@ (a phishing trick)"
        case .backslash: "the link contains a backslash, which browsers read differently (a phishing trick)"
        case .unsafeRedirect(let parameter, _): "its '\(parameter)' parameter would redirect outside the app"
        case .unsafeFragment(let parameter, _):
            "its fragment" + (parameter.map { " ('\($0)')" } ?? "") + " would redirect outside the app"
        case .controlCharacter: "the link contains control characters"
        case .missingHost: "the link has no host"
        case .invalidHost(let host): "'\(host)' is not a valid host name"
        case .portNotAllowed(let port): "port \(port) is not allowed"
        case .tooLong(let length): "the link is too long (\(length) characters)"
        case .missingScheme, .malformed: "it is not a complete link"
        }
    }

    static func describe(_ character: UnsafeCharacter) -> String {
        switch character {
        case .pathSeparator: "a slash"
        case .backslash: "a backslash"
        case .control: "a control character"
        case .bidirectionalControl: "a character that reverses the direction of text"
        case .invisibleFormat: "an invisible character"
        }
    }
}
