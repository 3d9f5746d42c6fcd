/// A command's arguments: positional words, options with values (`--name value` or `--name=value`, repeatable)
/// and flags. Anything the command does not declare is a usage error that names it.
struct Arguments {
    private(set) var positionals: [String] = []
    private var values: [String: [String]] = [:]
    private var flags: Set<String> = []

    init(_ words: [String], options: Set<String> = [], flags allowedFlags: Set<String> = []) throws(CommandError) {
        var index = 0
        var onlyPositionals = false
        while index < words.count {
            let word = words[index]
            index += 1
            guard !onlyPositionals, word.hasPrefix("--"), word.count > 2 else {
                if word == "--" && !onlyPositionals {
                    onlyPositionals = true
                } else {
                    positionals.append(word)
                }
                continue
            }
            let body = word.dropFirst(2)
            let name = String(body.prefix { $0 != "=" })
            let inline = body.firstIndex(of: "=").map { String(body[body.index(after: $0)...]) }
            if allowedFlags.contains(name) {
                guard inline == nil else { throw .usage("--\(name) takes no value") }
                flags.insert(name)
            } else if options.contains(name) {
                if let inline {
                    values[name, default: []].append(inline)
                } else {
                    guard index < words.count else { throw .usage("--\(name) needs a value") }
                    values[name, default: []].append(words[index])
                    index += 1
                }
            } else {
                throw .usage("unknown option '--\(name)'")
            }
        }
    }

    /// The last value of `--name`, or nil.
    func value(_ name: String) -> String? {
        values[name]?.last
    }

    /// Every value of `--name`, in order.
    func all(_ name: String) -> [String] {
        values[name] ?? []
    }

    /// The value of `--name`, or a usage error that says it is required.
    func required(_ name: String, for command: String) throws(CommandError) -> String {
        guard let value = value(name), !value.isEmpty else {
            throw .usage("\(command) needs --\(name)", hint: "Run 'ledger --help' to see the options of \(command).")
        }
        return value
    }

    func has(_ flag: String) -> Bool {
        flags.contains(flag)
    }

    /// Exactly `count` positional words, or a usage error naming what is missing or extra.
    func expectPositionals(_ names: [String], for command: String) throws(CommandError) -> [String] {
        guard positionals.count == names.count else {
            if positionals.count < names.count {
                throw .usage("\(command) needs \(names[positionals.count...].joined(separator: " "))")
            }
            throw .usage("\(command) does not take '\(positionals[names.count])'")
        }
        return positionals
    }
}
