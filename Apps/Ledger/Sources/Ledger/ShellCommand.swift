import CommandKit
import Foundation

/// `ledger help` and `ledger completion bash|zsh|fish`: the shell's own commands, which read every group's.
struct ShellCommands: CommandGroup {
    enum ShellKind: String, CaseIterable {
        case bash, zsh, fish
    }

    var commands: [CommandSpec] {
        [
            CommandSpec(
                path: ["help"], arguments: ["COMMAND?", "SUBCOMMAND?"], summary: "help for every command, or one"
            ) { invocation throws(CommandError) in
                // The shell answers `help` itself before looking a command up, since it reads every group
                // (Shell.run); this entry lists it and completes it.
                throw .usage("help is answered by the app itself")
            },
            CommandSpec(
                path: ["completion"], arguments: ["SHELL"], summary: "a completion script for bash, zsh or fish",
                details: """
                    Load it in the shell's start-up file:
                      bash:  source <(ledger completion bash)
                      zsh:   source <(ledger completion zsh)
                      fish:  ledger completion fish | source
                    """,
                argumentChoices: [ShellKind.allCases.map(\.rawValue)]
            ) { invocation throws(CommandError) in
                let name = try invocation.positionals()[0]
                guard let shell = ShellKind(rawValue: name) else {
                    throw invocation.command.usageError("no completion for '\(name)'; use bash, zsh or fish")
                }
                invocation.console.write(Self.script(for: shell))
                return .success
            },
        ]
    }

    static func script(for shell: ShellKind) -> String {
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
}

extension Shell {
    /// What may follow `words` (the last is the word being typed, possibly empty): commands, options and their
    /// values, as the groups declare them.
    func completions(for words: [String]) -> [String] {
        let current = words.last ?? ""
        var before = Array(words.dropLast())
        before.removeAll { GlobalOptions.flags.contains($0) }
        for valued in GlobalOptions.valued {
            while let index = before.firstIndex(of: valued) {
                before.removeSubrange(index..<min(index + 2, before.count))
            }
        }
        let global = GlobalOptions.valued + ["--json", "--verbose", "--help"]
        let commandWords = table.topLevelWords.filter { !$0.hasPrefix("_") }
        let found: [String]
        if before == ["help"] {
            found = commandWords
        } else if let (command, rest) = table.command(in: before) {
            // A command that is also a group word (`home`, `home dismiss`) offers its group's commands first.
            let subcommands =
                command.path.count == 1 && rest.isEmpty && !current.hasPrefix("-")
                ? table.group(command.path[0]).map { $0.path[1] } : []
            found =
                subcommands + completions(after: rest, in: command, current: current)
                + (current.hasPrefix("-") ? global : [])
        } else if let group = before.first, before.count == 1, !table.group(group).isEmpty {
            found = table.group(group).map { $0.path[1] }
        } else if before.isEmpty {
            found = current.hasPrefix("-") ? global : commandWords
        } else {
            found = []
        }
        return found.filter { $0.hasPrefix(current) }
    }

    private func completions(after words: [String], in command: CommandSpec, current: String) -> [String] {
        if let last = words.last, last.hasPrefix("--"),
            let option = command.options.first(where: { "--\($0.name)" == last && $0.value != nil })
        {
            return option.choices
        }
        if current.hasPrefix("-") {
            let given = Set(words)
            return command.options.filter { $0.repeatable || !given.contains("--\($0.name)") }.map { "--\($0.name)" }
        }
        var positionals: [String] = []
        var index = 0
        while index < words.count {
            let word = words[index]
            if word.hasPrefix("--"), command.options.contains(where: { "--\($0.name)" == word && $0.value != nil }) {
                index += 2
                continue
            }
            if !word.hasPrefix("-") { positionals.append(word) }
            index += 1
        }
        if let completions = command.completions { return completions(positionals, table.screens) }
        return positionals.count < command.argumentChoices.count ? command.argumentChoices[positionals.count] : []
    }
}
