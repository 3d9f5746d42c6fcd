/// One option of a command: `--name VALUE`, or a flag when `value` is nil.
public struct OptionSpec: Sendable {
    /// The name without dashes.
    public let name: String
    /// What the value is, as help prints it (`NAME`, `YYYY-MM-DD`); nil for a flag.
    public let value: String?
    /// One line of help.
    public let help: String
    /// Whether the command refuses to run without it.
    public var required = false
    /// Whether it may be given more than once.
    public var repeatable = false
    /// The values completion offers (template names, formats).
    public var choices: [String] = []

    /// An option with a value.
    public static func value(
        _ name: String, _ value: String, _ help: String, required: Bool = false, repeatable: Bool = false,
        choices: [String] = []
    ) -> OptionSpec {
        OptionSpec(name: name, value: value, help: help, required: required, repeatable: repeatable, choices: choices)
    }

    /// A flag without a value.
    public static func flag(_ name: String, _ help: String) -> OptionSpec {
        OptionSpec(name: name, value: nil, help: help)
    }

    /// `--name VALUE` or `--name`.
    public var synopsis: String {
        value.map { "--\(name) \($0)" } ?? "--\(name)"
    }
}

/// A command of `ledger`: its words, its arguments and options, its help, and what runs it. The app reads every
/// group's commands for parsing, help, usage errors and shell completion, so they never disagree.
public struct CommandSpec: Sendable {
    /// The words that name it: `["invoice", "new"]`.
    public let path: [String]
    /// Positional arguments as help prints them (`NUMBER`, `URL`); a trailing `?` marks an optional one.
    public var arguments: [String]
    /// One line for the command list.
    public let summary: String
    /// Its options.
    public var options: [OptionSpec]
    /// More help, printed under the usage line.
    public var details: String
    /// The values completion offers for each positional argument.
    public var argumentChoices: [[String]]
    /// The values completion offers for the next positional argument when they depend on what the app holds (the
    /// screens every feature registers), given the positional arguments before it; nil to use `argumentChoices`.
    public var completions: (@Sendable (_ before: [String], _ screens: [LinkScreen]) -> [String])?
    /// Runs it.
    public let run: @Sendable (Invocation) async throws(CommandError) -> ExitStatus

    /// Creates a command.
    public init(
        path: [String], arguments: [String] = [], summary: String, options: [OptionSpec] = [], details: String = "",
        argumentChoices: [[String]] = [],
        completions: (@Sendable (_ before: [String], _ screens: [LinkScreen]) -> [String])? = nil,
        run: @escaping @Sendable (Invocation) async throws(CommandError) -> ExitStatus
    ) {
        self.path = path
        self.arguments = arguments
        self.summary = summary
        self.options = options
        self.details = details
        self.argumentChoices = argumentChoices
        self.completions = completions
        self.run = run
    }

    /// `invoice new`.
    public var name: String { path.joined(separator: " ") }

    /// `ledger invoice new --client NAME --item ITEM... [--currency CODE] ...`.
    public var usage: String {
        var parts = ["ledger"] + path
        for option in options where option.required {
            parts.append(option.synopsis + (option.repeatable ? "..." : ""))
        }
        for argument in arguments {
            parts.append(argument.hasSuffix("?") ? "[\(argument.dropLast())]" : argument)
        }
        for option in options where !option.required {
            parts.append("[\(option.synopsis)]" + (option.repeatable ? "..." : ""))
        }
        return parts.joined(separator: " ")
    }

    /// The help `ledger help <command>` prints, before the global options the app adds.
    public var help: String {
        var lines = ["USAGE: \(usage)", "", summary.prefix(1).uppercased() + summary.dropFirst() + "."]
        if !details.isEmpty {
            lines += [""] + details.split(separator: "\n").flatMap { TextWrapping.wrap(String($0), width: 100) }
        }
        if !options.isEmpty {
            lines += ["", "OPTIONS"]
            let width = 24
            for option in options {
                let notes = (option.required ? " (required)" : "") + (option.repeatable ? " (repeatable)" : "")
                if option.synopsis.count + 2 > width {
                    lines.append("  \(option.synopsis)")
                    lines.append("  " + String(repeating: " ", count: width) + option.help + notes)
                } else {
                    lines.append("  \(TextWrapping.padded(option.synopsis, to: width))\(option.help)\(notes)")
                }
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// A usage error that prints this command's usage and points at its help.
    public func usageError(_ message: String) -> CommandError {
        CommandError(
            message: message, hint: "Run 'ledger help \(name)' for its options.", status: .usage,
            details: ["usage: \(usage)"])
    }

    /// Parses `words` (after the command's own words), refusing unknown options, missing required ones, values
    /// given to flags and a single-valued option given twice.
    public func parse(_ words: [String]) throws(CommandError) -> Arguments {
        let parsed: Arguments
        do {
            parsed = try Arguments(
                words, options: Set(options.filter { $0.value != nil }.map(\.name)),
                flags: Set(options.filter { $0.value == nil }.map(\.name)))
        } catch {
            throw usageError(error.message)
        }
        for option in options where option.required {
            guard let value = parsed.value(option.name), !value.isEmpty else {
                throw usageError("\(name) needs --\(option.name)")
            }
        }
        for option in options where !option.repeatable && parsed.all(option.name).count > 1 {
            throw usageError("--\(option.name) is given more than once")
        }
        return parsed
    }
}

/// What a command runs with: its parsed arguments, where to print, and what the app offers every command.
public struct Invocation: Sendable {
    /// The command being run.
    public let command: CommandSpec
    /// Its arguments.
    public let arguments: Arguments
    /// Where it prints.
    public let console: Console
    /// Whether `--verbose` was given: log lines go to standard error.
    public let verbose: Bool
    /// Every screen a link can open, from every feature's group: what `ledger open` and `ledger link` route with.
    public let screens: [LinkScreen]
    /// Whether a link would be followed: what a screen checks before it shows a link that came from outside.
    public let links: any LinkChecking

    /// Creates an invocation; the app makes one per run.
    public init(
        command: CommandSpec, arguments: Arguments, console: Console, verbose: Bool, screens: [LinkScreen],
        links: any LinkChecking
    ) {
        self.command = command
        self.arguments = arguments
        self.console = console
        self.verbose = verbose
        self.screens = screens
        self.links = links
    }

    /// The positional arguments, checked against the command's: missing and extra ones are usage errors.
    public func positionals() throws(CommandError) -> [String] {
        let given = arguments.positionals
        let required = command.arguments.filter { !$0.hasSuffix("?") }
        guard given.count >= required.count else {
            throw command.usageError("\(command.name) needs \(required[given.count...].joined(separator: " "))")
        }
        guard given.count <= command.arguments.count else {
            throw command.usageError("\(command.name) does not take '\(given[command.arguments.count])'")
        }
        return given
    }

    /// The value of a required option (its absence was already refused when parsing).
    public func value(_ name: String) -> String {
        arguments.value(name) ?? ""
    }

    /// The same command with other arguments: a screen a link opens runs its command this way.
    public func with(_ command: CommandSpec, arguments: Arguments = Arguments()) -> Invocation {
        Invocation(
            command: command, arguments: arguments, console: console, verbose: verbose, screens: screens, links: links)
    }
}
