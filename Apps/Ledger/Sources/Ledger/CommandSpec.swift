/// One option of a command: `--name VALUE`, or a flag when `value` is nil.
struct OptionSpec: Sendable {
    /// The name without dashes.
    let name: String
    /// What the value is, as help prints it (`NAME`, `YYYY-MM-DD`); nil for a flag.
    let value: String?
    /// One line of help.
    let help: String
    /// Whether the command refuses to run without it.
    var required = false
    /// Whether it may be given more than once.
    var repeatable = false
    /// The values completion offers (template names, formats).
    var choices: [String] = []

    /// An option with a value.
    static func value(
        _ name: String, _ value: String, _ help: String, required: Bool = false, repeatable: Bool = false,
        choices: [String] = []
    ) -> OptionSpec {
        OptionSpec(name: name, value: value, help: help, required: required, repeatable: repeatable, choices: choices)
    }

    /// A flag without a value.
    static func flag(_ name: String, _ help: String) -> OptionSpec {
        OptionSpec(name: name, value: nil, help: help)
    }

    /// `--name VALUE` or `--name`.
    var synopsis: String {
        value.map { "--\(name) \($0)" } ?? "--\(name)"
    }
}

/// A command of `ledger`: its words, its arguments and options, its help, and what runs it. The table of all of
/// them (`CommandTable`) drives parsing, help, usage errors and shell completion, so they never disagree.
struct CommandSpec: Sendable {
    /// The words that name it: `["invoice", "new"]`.
    let path: [String]
    /// Positional arguments as help prints them (`NUMBER`, `URL`); a trailing `?` marks an optional one.
    var arguments: [String] = []
    /// One line for the command list.
    let summary: String
    /// Its options.
    var options: [OptionSpec] = []
    /// More help, printed under the usage line.
    var details: String = ""
    /// The values completion offers for each positional argument.
    var argumentChoices: [[String]] = []
    /// Runs it.
    let run: @Sendable (Invocation) async throws(CommandError) -> ExitStatus

    /// `invoice new`.
    var name: String { path.joined(separator: " ") }

    /// `ledger invoice new --client NAME --item ITEM... [--currency CODE] ...`.
    var usage: String {
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

    /// The help `ledger help <command>` prints.
    var help: String {
        var lines = ["USAGE: \(usage)", "", summary.prefix(1).uppercased() + summary.dropFirst() + "."]
        if !details.isEmpty { lines += [""] + details.split(separator: "\n").flatMap { wrap(String($0), width: 100) } }
        if !options.isEmpty {
            lines += ["", "OPTIONS"]
            let width = 24
            for option in options {
                let notes = (option.required ? " (required)" : "") + (option.repeatable ? " (repeatable)" : "")
                if option.synopsis.count + 2 > width {
                    lines.append("  \(option.synopsis)")
                    lines.append("  " + String(repeating: " ", count: width) + option.help + notes)
                } else {
                    lines.append("  \(option.synopsis.padding(toLength: width))\(option.help)\(notes)")
                }
            }
        }
        lines += ["", "GLOBAL OPTIONS", GlobalOptions.help]
        return lines.joined(separator: "\n") + "\n"
    }
}

/// `text` in lines of at most `width` characters, broken between words; leading spaces are kept.
func wrap(_ text: String, width: Int) -> [String] {
    let indent = String(text.prefix { $0 == " " })
    var lines: [String] = []
    var current = indent
    for word in text.split(separator: " ") {
        if current.count > indent.count && current.count + 1 + word.count > width {
            lines.append(current)
            current = indent
        }
        current += (current.count > indent.count ? " " : "") + word
    }
    lines.append(current)
    return lines
}

extension String {
    /// The text padded with spaces to `length` characters (never cut).
    func padding(toLength length: Int) -> String {
        count >= length ? self : self + String(repeating: " ", count: length - count)
    }
}

/// What a command runs with: its parsed arguments, the global options, and where to print.
struct Invocation: Sendable {
    let spec: CommandSpec
    let arguments: Arguments
    let options: GlobalOptions
    let console: Console

    /// The positional arguments, checked against the command's: missing and extra ones are usage errors.
    func positionals() throws(CommandError) -> [String] {
        let given = arguments.positionals
        let required = spec.arguments.filter { !$0.hasSuffix("?") }
        guard given.count >= required.count else {
            throw spec.usageError("\(spec.name) needs \(spec.arguments[given.count...].joined(separator: " "))")
        }
        guard given.count <= spec.arguments.count else {
            throw spec.usageError("\(spec.name) does not take '\(given[spec.arguments.count])'")
        }
        return given
    }

    /// The value of a required option (its absence was already refused when parsing).
    func value(_ name: String) -> String {
        arguments.value(name) ?? ""
    }

    /// The factory for this run.
    func context() async -> CommandContext {
        await CommandContext.make(options: options, console: console)
    }
}

extension CommandSpec {
    /// A usage error that prints this command's usage and points at its help.
    func usageError(_ message: String) -> CommandError {
        CommandError(
            message: message, hint: "Run 'ledger help \(name)' for its options.", status: .usage,
            details: ["usage: \(usage)"])
    }

    /// Parses `words` (after the command's own words) into an invocation, refusing unknown options, missing
    /// required ones and values given to flags.
    func invocation(
        _ words: [String], options global: GlobalOptions, console: Console
    ) throws(CommandError)
        -> Invocation
    {
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
        return Invocation(spec: self, arguments: parsed, options: global, console: console)
    }
}
