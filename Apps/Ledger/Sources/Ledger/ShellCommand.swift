import Foundation

/// `ledger help`, `ledger completion bash|zsh|fish`, and the completion plumbing the scripts call.
enum ShellCommand {
    static let specs: [CommandSpec] = [
        CommandSpec(
            path: ["help"], arguments: ["COMMAND?", "SUBCOMMAND?"], summary: "help for every command, or one",
            run: help),
        CommandSpec(
            path: ["completion"], arguments: ["SHELL"], summary: "a completion script for bash, zsh or fish",
            details: """
                Load it in the shell's start-up file:
                  bash:  source <(ledger completion bash)
                  zsh:   source <(ledger completion zsh)
                  fish:  ledger completion fish | source
                """,
            argumentChoices: [Shell.allCases.map(\.rawValue)], run: completion),
    ]

    enum Shell: String, CaseIterable {
        case bash, zsh, fish
    }

    private static func help(_ invocation: Invocation) async throws(CommandError) -> ExitStatus {
        try LedgerCommandLine.help(invocation.arguments.positionals, console: invocation.console)
    }

    private static func completion(_ invocation: Invocation) async throws(CommandError) -> ExitStatus {
        let name = try invocation.positionals()[0]
        guard let shell = Shell(rawValue: name) else {
            throw invocation.spec.usageError("no completion for '\(name)'; use bash, zsh or fish")
        }
        invocation.console.write(script(for: shell))
        return .success
    }

    static func script(for shell: Shell) -> String {
        switch shell {
        case .bash:
            """
            # bash completion for ledger: source <(ledger completion bash)
            _ledger() {
                local IFS=$'\\n'
                COMPREPLY=($(ledger __complete "${COMP_WORDS[@]:1:COMP_CWORD}" 2>/dev/null))
            }
            complete -o default -F _ledger ledger

            """
        case .zsh:
            """
            #compdef ledger
            # zsh completion for ledger: source <(ledger completion zsh)
            _ledger() {
                local -a candidates
                candidates=("${(@f)$(ledger __complete "${(@)words[2,CURRENT]}" 2>/dev/null)}")
                compadd -a candidates
            }
            compdef _ledger ledger

            """
        case .fish:
            """
            # fish completion for ledger: ledger completion fish | source
            complete -c ledger -f -a '(ledger __complete (commandline -opc)[2..-1] (commandline -ct))'

            """
        }
    }

    /// What may follow: the last word is the one being typed (possibly empty).
    static func candidates(for words: [String]) -> [String] {
        let current = words.last ?? ""
        var before = Array(words.dropLast())
        before.removeAll { ["--json", "--verbose", "-h", "--help", "--version"].contains($0) }
        for valued in ["--data-dir", "--api-url"] {
            while let index = before.firstIndex(of: valued) {
                before.removeSubrange(index..<min(index + 2, before.count))
            }
        }
        let global = ["--data-dir", "--api-url", "--json", "--verbose", "--help"]
        let found: [String]
        if before == ["help"] {
            found = CommandTable.topLevelWords.filter { !$0.hasPrefix("_") }
        } else if let (spec, rest) = CommandTable.command(in: before) {
            found = candidates(after: rest, in: spec, current: current) + (current.hasPrefix("-") ? global : [])
        } else if let group = before.first, before.count == 1, !CommandTable.group(group).isEmpty {
            found = CommandTable.group(group).map { $0.path[1] }
        } else if before.isEmpty {
            found = current.hasPrefix("-") ? global : CommandTable.topLevelWords.filter { !$0.hasPrefix("_") }
        } else {
            found = []
        }
        return found.filter { $0.hasPrefix(current) }
    }

    private static func candidates(after words: [String], in spec: CommandSpec, current: String) -> [String] {
        if let last = words.last, last.hasPrefix("--"),
            let option = spec.options.first(where: { "--\($0.name)" == last && $0.value != nil })
        {
            return option.choices
        }
        if current.hasPrefix("-") {
            let given = Set(words)
            return spec.options.filter { $0.repeatable || !given.contains("--\($0.name)") }.map { "--\($0.name)" }
        }
        var positionals = 0
        var index = 0
        while index < words.count {
            let word = words[index]
            if word.hasPrefix("--"), spec.options.contains(where: { "--\($0.name)" == word && $0.value != nil }) {
                index += 2
                continue
            }
            if !word.hasPrefix("-") { positionals += 1 }
            index += 1
        }
        return positionals < spec.argumentChoices.count ? spec.argumentChoices[positionals] : []
    }
}
