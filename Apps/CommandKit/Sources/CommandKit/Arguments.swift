/// A command's arguments: positional words, options with values (`--name value` or `--name=value`, repeatable)
/// and flags. Anything the command does not declare is a usage error that names it.
public struct Arguments: Sendable {
    /// The words that are not options, in order.
    public private(set) var positionals: [String] = []
    private var values: [String: [String]] = [:]
    private var flags: Set<String> = []

    /// No arguments.
    public init() {}

    /// Parses `words`: `options` take a value, `flags` do not; `--` ends the options.
    public init(_ words: [String], options: Set<String> = [], flags allowedFlags: Set<String> = []) throws(CommandError)
    {
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
    public func value(_ name: String) -> String? {
        values[name]?.last
    }

    /// Every value of `--name`, in order.
    public func all(_ name: String) -> [String] {
        values[name] ?? []
    }

    /// Whether the flag `--name` was given.
    public func has(_ flag: String) -> Bool {
        flags.contains(flag)
    }
}
