import CompositionRoot
import Foundation

/// Global options, read from anywhere on the command line.
struct GlobalOptions: Sendable {
    var dataDirectory: URL?
    var apiURL: URL?
    var json = false
    var verbose = false
    var help = false
    var version = false

    /// Takes the global options out of `words`; what remains is the command and its arguments.
    static func extract(from words: [String]) throws(CommandError) -> (GlobalOptions, [String]) {
        var options = GlobalOptions()
        var rest: [String] = []
        var index = 0
        while index < words.count {
            let word = words[index]
            index += 1
            let (name, inline) = split(word)
            switch name {
            case "--data-dir", "--api-url":
                guard let value = inline ?? (index < words.count ? words[index] : nil), !value.isEmpty else {
                    throw .usage("\(name) needs a value")
                }
                if inline == nil { index += 1 }
                if name == "--data-dir" {
                    options.dataDirectory = URL(fileURLWithPath: value, isDirectory: true)
                } else {
                    guard let url = URL(string: value), let scheme = url.scheme?.lowercased(),
                        ["http", "https"].contains(scheme), url.host != nil
                    else { throw .usage("--api-url '\(value)' is not an http or https URL") }
                    options.apiURL = url
                }
            case "--json": options.json = true
            case "--verbose": options.verbose = true
            case "-h", "--help": options.help = true
            case "--version": options.version = true
            default: rest.append(word)
            }
        }
        return (options, rest)
    }

    /// The global options as help prints them.
    static let help = """
          --data-dir DIR      where data lives (default: \(DataDirectory.defaultPath))
          --api-url URL       the Ledger API (default: \(DataDirectory.defaultAPIURL))
          --json              print results as JSON (schemas in Apps/Ledger/README.md)
          --verbose           log HTTP requests, registration steps and skipped sections to standard error
          -h, --help          show help;  --version  show the version
        """

    private static func split(_ word: String) -> (String, String?) {
        guard word.hasPrefix("--"), let equals = word.firstIndex(of: "=") else { return (word, nil) }
        return (String(word[..<equals]), String(word[word.index(after: equals)...]))
    }
}

/// Every command of `ledger`, in the order help lists them.
enum CommandTable {
    static let all: [CommandSpec] =
        ExpenseCommand.specs + ReportCommand.specs + InvoiceCommand.specs + AccountCommand.specs
        + LinkCommand.specs + HomeCommand.specs + ConfigCommand.specs + RepairCommand.specs + DemoCommand.specs
        + ShellCommand.specs

    /// The command named by the leading words of `words` (the longest match) and the words after it.
    static func command(in words: [String]) -> (CommandSpec, [String])? {
        all.filter { spec in spec.path.count <= words.count && Array(words.prefix(spec.path.count)) == spec.path }
            .max { $0.path.count < $1.path.count }
            .map { ($0, Array(words.dropFirst($0.path.count))) }
    }

    /// The commands under a group word (`invoice` → `invoice new`, `invoice list`, ...).
    static func group(_ word: String) -> [CommandSpec] {
        all.filter { $0.path.count > 1 && $0.path[0] == word }
    }

    /// The first words of every command, once each, in table order.
    static var topLevelWords: [String] {
        var seen = Set<String>()
        return all.map(\.path[0]).filter { seen.insert($0).inserted }
    }
}

/// Parses the command line and dispatches to a command. Commands only parse, call what the composition root
/// hands out, and print.
enum LedgerCommandLine {
    static let version = "ledger 1.0.0"

    static var usage: String {
        var lines = [
            "USAGE: ledger <command> [options]", "",
            "Keeps expenses and invoices on this machine and talks to the Ledger API.", "", "COMMANDS",
        ]
        let listed = CommandTable.all
        let width = (listed.map(\.name.count).max() ?? 0) + 2
        for spec in listed {
            lines.append("  \(spec.name.padding(toLength: width))\(spec.summary)")
        }
        lines += [
            "", "Run 'ledger help <command>' (or 'ledger <command> --help') for a command's options.", "",
            "GLOBAL OPTIONS", GlobalOptions.help, "",
            "EXIT STATUS",
            "  0 done, 64 wrong command line, 65 input not acceptable or not found, 69 API unavailable,",
            "  74 data folder unusable, 75 kept locally but the upload failed (retry later), 1 other errors",
        ]
        return lines.joined(separator: "\n") + "\n"
    }

    static func run(_ words: [String]) async -> ExitStatus {
        if words.first == "__complete" {
            let console = Console(json: false)
            for candidate in ShellCommand.candidates(for: Array(words.dropFirst())) { console.line(candidate) }
            return .success
        }
        let options: GlobalOptions
        let rest: [String]
        do throws(CommandError) {
            (options, rest) = try GlobalOptions.extract(from: words)
        } catch {
            Console(json: false).report(error)
            return error.status
        }
        let console = Console(json: options.json)
        if options.version {
            console.line(version)
            return .success
        }
        do throws(CommandError) {
            if options.help { return try help(rest, console: console) }
            if rest.first == "help" { return try help(Array(rest.dropFirst()), console: console) }
            guard !rest.isEmpty else {
                FileHandle.standardError.write(Data(usage.utf8))
                return .usage
            }
            guard let (spec, arguments) = CommandTable.command(in: rest) else {
                throw unknownCommand(rest)
            }
            do throws(CommandError) {
                return try await spec.run(try spec.invocation(arguments, options: options, console: console))
            } catch  where error.status == .usage && !error.details.contains(where: { $0.hasPrefix("usage: ") }) {
                throw spec.usageError(error.message)
            }
        } catch {
            console.report(error)
            return error.status
        }
    }

    /// `ledger help [COMMAND...]`: the overview, a group's commands, or one command's help.
    static func help(_ words: [String], console: Console) throws(CommandError) -> ExitStatus {
        let named = words.filter { !$0.hasPrefix("-") }
        guard !named.isEmpty else {
            console.write(usage)
            return .success
        }
        if let (spec, rest) = CommandTable.command(in: named), rest.isEmpty {
            console.write(spec.help)
            return .success
        }
        let group = CommandTable.group(named[0])
        guard named.count == 1, !group.isEmpty else { throw unknownCommand(named) }
        console.write(groupHelp(named[0], group))
        return .success
    }

    private static func groupHelp(_ word: String, _ group: [CommandSpec]) -> String {
        let width = (group.map(\.name.count).max() ?? 0) + 2
        return
            (["USAGE: ledger \(word) <\(group.map { $0.path[1] }.joined(separator: "|"))> [options]", "", "COMMANDS"]
            + group.map { "  \($0.name.padding(toLength: width))\($0.summary)" }
            + ["", "Run 'ledger help \(word) <command>' for a command's options."]).joined(separator: "\n") + "\n"
    }

    /// An unknown command, or a group word without (or with an unknown) subcommand.
    private static func unknownCommand(_ words: [String]) -> CommandError {
        let group = CommandTable.group(words[0])
        guard !group.isEmpty else {
            return .usage("unknown command '\(words[0])'", hint: "Run 'ledger --help' to see the commands.")
        }
        let actions = group.map { $0.path[1] }
        let usage = "usage: ledger \(words[0]) <\(actions.joined(separator: "|"))> [options]"
        guard words.count > 1 else {
            return CommandError(
                message: "\(words[0]) needs one of: \(actions.joined(separator: ", "))",
                hint: "Run 'ledger help \(words[0])'.", status: .usage, details: [usage])
        }
        return CommandError(
            message: "unknown \(words[0]) command '\(words[1])'; use one of: \(actions.joined(separator: ", "))",
            hint: "Run 'ledger help \(words[0])'.", status: .usage, details: [usage])
    }
}

/// The factory for one run, configured from the global options.
struct CommandContext {
    let factory: LedgerFactory
    let console: Console
    let options: GlobalOptions
    /// The currency amounts are in when a command does not name one.
    let defaultCurrency: String
    /// Whether invoices still name the placeholder company, because the user has not set theirs.
    let sellerIsPlaceholder: Bool

    /// The context for `options`, with the user's settings applied: their time zone and first day of the week
    /// cut reports, their locale prints money, their currency is the default. Settings that cannot be read leave
    /// the defaults in place; the commands that need them (`config`, invoices) say why.
    static func make(options: GlobalOptions, console: Console) async -> CommandContext {
        let base = environment(options: options)
        let bootstrap = LedgerFactory(environment: base)
        let settings = try? await bootstrap.makeSettings().current()
        await bootstrap.close()
        guard let settings else { return CommandContext(factory: bootstrap, options: options, console: console) }
        var environment = base
        environment.calendar = settings.calendar(from: base.calendar)
        if let locale = settings.locale { environment.locale = Locale(identifier: locale) }
        environment.invoiceFallbackFont = settings.invoiceFallbackFont.map { URL(fileURLWithPath: $0) }
        return CommandContext(
            factory: LedgerFactory(environment: environment), options: options, console: console,
            defaultCurrency: settings.currency, sellerIsPlaceholder: settings.sellerIsPlaceholder)
    }

    private init(
        factory: LedgerFactory, options: GlobalOptions, console: Console, defaultCurrency: String = "EUR",
        sellerIsPlaceholder: Bool = false
    ) {
        self.factory = factory
        self.options = options
        self.console = console
        self.defaultCurrency = defaultCurrency
        self.sellerIsPlaceholder = sellerIsPlaceholder
    }

    private static func environment(options: GlobalOptions) -> LedgerFactory.Environment {
        let verbose = options.verbose
        return LedgerFactory.Environment(
            dataDirectory: options.dataDirectory ?? DataDirectory.default,
            apiBaseURL: options.apiURL ?? DataDirectory.defaultAPIURL,
            now: clock,
            log: { line in
                if verbose { FileHandle.standardError.write(Data("· \(line)\n".utf8)) }
            })
    }

    /// The current time: `LEDGER_NOW` (ISO 8601, such as `2026-11-21T10:30:00Z`) fixes it for reproducible
    /// output (the README's demo is recorded that way); otherwise the system clock.
    static var clock: @Sendable () -> Date {
        guard let text = ProcessInfo.processInfo.environment["LEDGER_NOW"],
            let fixed = ISO8601DateFormatter().date(from: text)
        else { return Date.init }
        return { fixed }
    }

    /// The settings, or why the data folder cannot be opened.
    func settings() async throws(CommandError) -> any SettingsStore {
        do throws(StorageError) {
            return try await factory.makeSettings()
        } catch {
            throw .storage(error)
        }
    }

    /// The expenses feature, or why the data folder cannot be opened.
    func expenses() async throws(CommandError) -> Expenses {
        do {
            return try await factory.makeExpenses()
        } catch {
            throw .storage(error)
        }
    }

    /// The invoices feature, or why the data folder cannot be opened. A fallback font the settings name but that
    /// cannot be used (moved, deleted, damaged since it was set) is left out, and standard error says so.
    func invoices() async throws(CommandError) -> Invoices {
        if let path = factory.environment.invoiceFallbackFont?.path, let problem = InvoiceFallbackFont.problem(at: path)
        {
            console.error("ledger: the invoice fallback font \(path) is not used: \(problem)")
            console.error(
                "hint: Set another with 'ledger config set invoice.fallback-font PATH', or go back to the built-in "
                    + "fonts with 'ledger config unset invoice.fallback-font'.")
        }
        do throws(StorageError) {
            return try await factory.makeInvoices()
        } catch {
            throw .storage(error)
        }
    }

    /// Runs `body` with the factory and closes the data folder's store afterwards, also on failure.
    func run<Result>(_ body: () async throws(CommandError) -> Result) async throws(CommandError) -> Result {
        do {
            let result = try await body()
            await factory.close()
            return result
        } catch {
            await factory.close()
            throw error
        }
    }
}
