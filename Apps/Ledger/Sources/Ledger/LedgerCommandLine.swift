import CommandKit
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
                    options.apiURL = try apiURL(value)
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

    /// An http or https URL with a host; the scheme in any case (`HTTP://`), written in lower case.
    private static func apiURL(_ value: String) throws(CommandError) -> URL {
        guard var parts = URLComponents(string: value), let scheme = parts.scheme?.lowercased(),
            ["http", "https"].contains(scheme), parts.host?.isEmpty == false
        else { throw .usage("--api-url '\(value)' is not an http or https URL") }
        parts.scheme = scheme
        guard let url = parts.url else { throw .usage("--api-url '\(value)' is not an http or https URL") }
        return url
    }

    /// The global options as help prints them.
    static let help = """
          --data-dir DIR      where data lives (default: \(DataDirectory.defaultPath))
          --api-url URL       the Ledger API (default: \(DataDirectory.defaultAPIURL))
          --json              print results as JSON (each feature's README gives its schemas)
          --verbose           log HTTP requests, registration steps and skipped sections to standard error
          -h, --help          show help;  --version  show the version
        """

    /// The words the completion of a global option offers, and which take a value.
    static let flags = ["--json", "--verbose", "-h", "--help", "--version"]
    static let valued = ["--data-dir", "--api-url"]

    private static func split(_ word: String) -> (String, String?) {
        guard word.hasPrefix("--"), let equals = word.firstIndex(of: "=") else { return (word, nil) }
        return (String(word[..<equals]), String(word[word.index(after: equals)...]))
    }
}

/// The shell of `ledger`: reads the global options, builds one factory for the run, finds the command among the
/// groups every feature registers and the shell's own (help, completion, repair, demo), runs it, and exits with
/// its status. It knows no feature's vocabulary: help, completion and links are assembled from the groups.
enum LedgerCommandLine {
    static let version = "ledger 1.0.0"

    /// Runs `words` (the arguments after the program's name) with the process's streams.
    static func run(_ words: [String], sink: any ConsoleSink = StandardStreams()) async -> ExitStatus {
        if words.first == "__complete" {
            let shell = Shell(options: GlobalOptions(), sink: sink)
            let console = Console(json: false, sink: sink)
            for candidate in shell.completions(for: Array(words.dropFirst())) { console.line(candidate) }
            return .success
        }
        let options: GlobalOptions
        let rest: [String]
        do throws(CommandError) {
            (options, rest) = try GlobalOptions.extract(from: words)
        } catch {
            Console(json: false, sink: sink).report(error)
            return error.status
        }
        let shell = Shell(options: options, sink: sink)
        let status = await shell.run(rest)
        await shell.factory.close()
        return status
    }
}

/// One run: its options, its factory (which reads the data folder only when a command first needs it), and the
/// table of every command.
struct Shell: Sendable {
    let options: GlobalOptions
    let factory: LedgerFactory
    let console: Console
    let table: CommandTable
    let links: any LinkChecking

    init(options: GlobalOptions, sink: any ConsoleSink) {
        self.options = options
        let verbose = options.verbose
        let console = Console(json: options.json, sink: sink)
        factory = LedgerFactory(
            environment: LedgerFactory.Environment(
                dataDirectory: options.dataDirectory ?? DataDirectory.default,
                apiBaseURL: options.apiURL ?? DataDirectory.defaultAPIURL,
                now: Shell.clock,
                log: { line in if verbose { console.error("· \(line)") } },
                warn: { sentence in console.error("ledger: warning: \(sentence)") }))
        self.console = console
        let features = factory.featureCommands
        let groups =
            features + [
                RepairCommand(factory: factory),
                DemoCommand(sections: features.compactMap(\.demo), apiURL: options.apiURL),
                ShellCommands(),
            ]
        table = CommandTable(groups)
        links = factory.linkCheck(screens: table.screens)
    }

    /// The current time: `LEDGER_NOW` (ISO 8601, such as `2026-11-21T10:30:00Z`) fixes it for reproducible
    /// output (the demo's recorded output is made that way); otherwise the system clock.
    static var clock: @Sendable () -> Date {
        guard let text = ProcessInfo.processInfo.environment["LEDGER_NOW"],
            let fixed = ISO8601DateFormatter().date(from: text)
        else { return Date.init }
        return { fixed }
    }

    /// Dispatches `words` (global options already taken out).
    func run(_ words: [String]) async -> ExitStatus {
        if options.version {
            console.line(LedgerCommandLine.version)
            return .success
        }
        do throws(CommandError) {
            if options.help { return try help(words) }
            if words.first == "help" { return try help(Array(words.dropFirst())) }
            guard !words.isEmpty else {
                console.write(usage, to: .error)
                return .usage
            }
            guard let (command, arguments) = table.command(in: words) else { throw unknownCommand(words) }
            return await table.run(command, arguments, console: console, verbose: options.verbose, links: links)
        } catch {
            console.report(error)
            return error.status
        }
    }

    /// The overview `ledger --help` prints.
    var usage: String {
        var lines = [
            "USAGE: ledger <command> [options]", "",
            "Keeps expenses and invoices on this machine and talks to the Ledger API.", "", "COMMANDS",
        ]
        let width = (table.all.map(\.name.count).max() ?? 0) + 2
        for command in table.all where !command.path[0].hasPrefix("_") {
            lines.append("  \(TextWrapping.padded(command.name, to: width))\(command.summary)")
        }
        lines += [
            "", "Run 'ledger help <command>' (or 'ledger <command> --help') for a command's options.", "",
            "GLOBAL OPTIONS", GlobalOptions.help, "",
            "EXIT STATUS",
            "  0 done, 64 wrong command line, 65 input not acceptable or not found, 69 API unavailable,",
            "  73 output file cannot be created, 74 data folder unusable, 75 kept locally but the upload failed",
            "  (retry later), 1 other errors",
        ]
        return lines.joined(separator: "\n") + "\n"
    }

    /// `ledger help [COMMAND...]`: the overview, a group's commands, or one command's help.
    func help(_ words: [String]) throws(CommandError) -> ExitStatus {
        let named = words.filter { !$0.hasPrefix("-") }
        guard !named.isEmpty else {
            console.write(usage)
            return .success
        }
        let group = table.group(named[0])
        if let (command, rest) = table.command(in: named), rest.isEmpty {
            // A command that is also a group word (`home`, `home dismiss`) shows both synopses and the commands.
            var lines = command.help.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            if command.path.count == 1, !group.isEmpty {
                lines.insert("       " + groupUsage(named[0], group), at: 1)
                lines.insert(contentsOf: [""] + groupCommands(named[0], group), at: lines.count - 1)
            }
            console.write(lines.joined(separator: "\n") + "\nGLOBAL OPTIONS\n" + GlobalOptions.help + "\n")
            return .success
        }
        guard named.count == 1, !group.isEmpty else { throw unknownCommand(named) }
        let lines = ["USAGE: " + groupUsage(named[0], group), ""] + groupCommands(named[0], group)
        console.write(lines.joined(separator: "\n") + "\n")
        return .success
    }

    /// The synopsis of a group word's commands: `ledger invoice <new|list|...> [options]`.
    private func groupUsage(_ word: String, _ group: [CommandSpec]) -> String {
        "ledger \(word) <\(group.map { $0.path[1] }.joined(separator: "|"))> [options]"
    }

    /// A group's commands with their summaries, as its help lists them.
    private func groupCommands(_ word: String, _ group: [CommandSpec]) -> [String] {
        let width = (group.map(\.name.count).max() ?? 0) + 2
        return ["COMMANDS"] + group.map { "  \(TextWrapping.padded($0.name, to: width))\($0.summary)" }
            + ["", "Run 'ledger help \(word) <command>' for a command's options."]
    }

    /// An unknown command, or a group word without (or with an unknown) subcommand.
    private func unknownCommand(_ words: [String]) -> CommandError {
        let group = table.group(words[0])
        guard !group.isEmpty else {
            return .usage(
                "unknown command '\(TerminalText.safe(words[0]))'", hint: "Run 'ledger --help' to see the commands.")
        }
        let actions = group.map { $0.path[1] }
        let usage = "usage: " + groupUsage(words[0], group)
        guard words.count > 1 else {
            return CommandError(
                message: "\(words[0]) needs one of: \(actions.joined(separator: ", "))",
                hint: "Run 'ledger help \(words[0])'.", status: .usage, details: [usage])
        }
        return CommandError(
            message: "unknown \(words[0]) command '\(TerminalText.safe(words[1]))'; use one of: "
                + actions.joined(separator: ", "),
            hint: "Run 'ledger help \(words[0])'.", status: .usage, details: [usage])
    }
}
