import CompositionRoot
import Foundation

/// `ledger open URL` follows a link to what it shows; `ledger link SCREEN [VALUE]` prints the link of a screen.
enum LinkCommand {
    static let specs: [CommandSpec] = [
        CommandSpec(
            path: ["open"], arguments: ["URL"], summary: "follow a link: show what it opens, or say why not",
            details: "ledger:// and https://app.ledger.example links show the invoice, report or form they name; "
                + "a few trusted sites are opened outside; anything else is rejected with the reason (exit 65).",
            run: open),
        CommandSpec(
            path: ["link"], arguments: ["SCREEN", "VALUE?"],
            summary: "print the shareable link of a screen (invoice NUMBER, report PERIOD, home, ...)",
            details: "SCREEN is one of: " + Screen.allCases.map(\.rawValue).joined(separator: ", ")
                + ". An invoice takes its number, a report its period (day, week, month, year).",
            argumentChoices: [Screen.allCases.map(\.rawValue), ReportPeriod.allCases.map(\.rawValue)],
            run: link),
    ]

    /// The screens `ledger link` names.
    enum Screen: String, CaseIterable {
        case home, expenses, invoices, invoice, report, register
        case newExpense = "new-expense"
        case newInvoice = "new-invoice"
    }

    private static func open(_ invocation: Invocation) async throws(CommandError) -> ExitStatus {
        let text = try invocation.positionals()[0]
        guard let url = URL(string: text) else {
            throw CommandError(message: "'\(text)' is not a link", hint: nil, status: .dataError)
        }
        let session = await invocation.context()
        let console = session.console
        let presenter = TerminalPresenter()
        let navigator: any Navigator
        do {
            navigator = try session.factory.makeNavigator(
                presenter: presenter, opener: TerminalOpener(console: console))
        } catch {
            throw CommandError(message: "the link routes could not be built (\(error))", status: .failure)
        }
        switch await navigator.navigate(to: url) {
        case .routedInternally(let destination):
            guard let destination = destination as? LedgerDestination else {
                throw CommandError(message: "the link leads to a screen this app does not have", status: .dataError)
            }
            return try await show(destination, session: session)
        case .openedExternally(let url):
            if console.json { console.emit(["outcome": "opened", "url": url.absoluteString]) }
            return .success
        case .rejected(let rejection):
            throw CommandError(
                message: "rejected \(text): \(LinkText.describe(rejection))",
                hint: "Only ledger:// links, https://app.ledger.example links and a few help sites are followed.",
                status: .dataError)
        }
    }

    /// Shows what a link names, as the command for it would.
    private static func show(
        _ destination: LedgerDestination, session: CommandContext
    ) async throws(CommandError)
        -> ExitStatus
    {
        let console = session.console
        switch destination {
        case .invoice(let number):
            return try await InvoiceCommand.show(number: number, out: nil, session: session)
        case .report(let period):
            console.block(
                try await ReportCommand.report(period.range, format: console.json ? .json : .table, session: session))
        case .expenses:
            console.block(
                try await ReportCommand.report(.allTime, format: console.json ? .json : .table, session: session))
        case .invoices:
            return try await InvoiceCommand.list(session: session)
        case .home:
            return try await HomeCommand.show(session: session)
        case .newExpense:
            console.line("New expense: ledger expense add --title TEXT --price AMOUNT [--date YYYY-MM-DD]")
        case .newInvoice:
            console.line("New invoice: ledger invoice new --client NAME --item \"DESCRIPTION;QUANTITY;PRICE\"")
        case .register:
            console.line("Register: ledger register EMAIL")
        }
        return .success
    }

    private static func link(_ invocation: Invocation) async throws(CommandError) -> ExitStatus {
        let words = try invocation.positionals()
        guard let screen = Screen(rawValue: words[0]) else {
            throw invocation.spec.usageError(
                "unknown screen '\(words[0])'; use one of: \(Screen.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        let value = words.count > 1 ? words[1] : nil
        let needsValue = screen == .invoice || screen == .report
        guard needsValue == (value != nil) else {
            throw invocation.spec.usageError(
                needsValue
                    ? "link \(screen.rawValue) needs a \(screen == .invoice ? "NUMBER" : "PERIOD")"
                    : "link \(screen.rawValue) takes no value")
        }
        let session = await invocation.context()
        let destination: LedgerDestination
        switch screen {
        case .home: destination = .home
        case .expenses: destination = .expenses
        case .invoices: destination = .invoices
        case .register: destination = .register
        case .newExpense: destination = .newExpense
        case .newInvoice: destination = .newInvoice
        case .report:
            guard let period = ReportPeriod(value ?? "") else {
                throw invocation.spec.usageError("unknown report period '\(value ?? "")'; use day, week, month or year")
            }
            destination = .report(period)
        case .invoice:
            let number = value ?? ""
            _ = try await InvoiceCommand.stored(number, session: session)
            destination = .invoice(number: number)
        }
        let url: URL
        do {
            url = try session.factory.makeRoutes().url(for: destination)
        } catch {
            throw CommandError(message: "no link can be made for \(destination) (\(error))", status: .dataError)
        }
        if session.console.json {
            session.console.emit(["link": url.absoluteString])
        } else {
            session.console.line(url.absoluteString)
        }
        return .success
    }
}

/// The command-line app's screens: presenting one only notes it; `ledger open` then prints what it shows.
struct TerminalPresenter: ScreenPresenter {
    func present(_ destination: LedgerDestination) async {}
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
            "its '\(name)' part contains \(UnsafeText.describe(character)), which a link to a screen may not carry"
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
}

/// The characters a link's parts may not carry, said for people.
enum UnsafeText {
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
