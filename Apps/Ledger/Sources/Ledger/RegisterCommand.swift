import CompositionRoot
import Foundation

/// `ledger register EMAIL`: the composed registration flow, driven as a screen would drive it.
enum RegisterCommand {
    @MainActor static func run(_ words: [String], options: GlobalOptions, console: Console) async throws(CommandError) {
        let email = try Arguments(words).expectPositionals(["EMAIL"], for: "register")[0]
        let session = CommandContext(options: options, console: console)
        let flow = session.factory.makeRegistrationFlow()
        flow.submit(email: email)
        let state = await flow.settled()
        await session.factory.close()
        switch state {
        case .succeeded:
            if console.json {
                console.emit(["email": email, "status": "registered"])
            } else {
                console.line("Registered \(email) and signed in on this machine.")
            }
        case .failed(let error):
            throw .registration(error, email: email)
        case .idle, .submitting:
            throw CommandError(message: "the registration did not finish", status: .failure)
        }
    }
}

/// `ledger open URL`: routes a deep link and says what happened.
enum OpenCommand {
    static func run(_ words: [String], options: GlobalOptions, console: Console) async throws(CommandError) {
        let text = try Arguments(words).expectPositionals(["URL"], for: "open")[0]
        guard let url = URL(string: text) else {
            throw CommandError(message: "'\(text)' is not a URL", hint: nil, status: .dataError)
        }
        let session = CommandContext(options: options, console: console)
        let navigator: any Navigator
        do {
            navigator = try session.factory.makeNavigator(
                presenter: TerminalPresenter(console: console), opener: TerminalOpener(console: console))
        } catch {
            throw CommandError(message: "the link routes could not be built (\(error))", status: .failure)
        }
        let outcome = await navigator.navigate(to: url)
        switch outcome {
        case .routedInternally(let destination):
            if console.json { console.emit(["outcome": "routed", "destination": "\(destination)"]) }
        case .openedExternally(let url):
            if console.json { console.emit(["outcome": "opened", "url": url.absoluteString]) }
        case .rejected(let rejection):
            throw CommandError(
                message: "rejected \(text): \(LinkText.describe(rejection))",
                hint: "Only ledger:// links, https://app.ledger.example links and a few help sites are followed.",
                status: .dataError)
        }
    }
}

/// The command-line app's screens: it has none, so presenting one prints where a window would go.
struct TerminalPresenter: ScreenPresenter {
    let console: Console

    func present(_ destination: LedgerDestination) async {
        if !console.json { console.line("Routed inside the app: \(destination)") }
    }
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
        case .routing(let error): "the link does not fit its screen (\(error))"
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
        case .controlCharacter: "the link contains control characters"
        case .missingHost: "the link has no host"
        case .invalidHost(let host): "'\(host)' is not a valid host name"
        case .portNotAllowed(let port): "port \(port) is not allowed"
        case .tooLong(let length): "the link is too long (\(length) characters)"
        case .missingScheme, .malformed: "it is not a complete link"
        }
    }
}
