/// Every command of the app's groups, in the order help lists them, and how words find one: what the app's
/// dispatch, help and completion read, and what a feature's tests run commands through.
public struct CommandTable: Sendable {
    /// Every command, group by group.
    public let all: [CommandSpec]
    /// Every screen a link can open, group by group.
    public let screens: [LinkScreen]

    /// The table of `groups`.
    public init(_ groups: [any CommandGroup]) {
        all = groups.flatMap(\.commands)
        screens = groups.flatMap(\.screens)
    }

    /// The command named by the leading words of `words` (the longest match) and the words after it.
    public func command(in words: [String]) -> (CommandSpec, [String])? {
        all.filter { spec in spec.path.count <= words.count && Array(words.prefix(spec.path.count)) == spec.path }
            .max { $0.path.count < $1.path.count }
            .map { ($0, Array(words.dropFirst($0.path.count))) }
    }

    /// The commands under a group word (`invoice` → `invoice new`, `invoice list`, ...).
    public func group(_ word: String) -> [CommandSpec] {
        all.filter { $0.path.count > 1 && $0.path[0] == word }
    }

    /// The first words of every command, once each, in table order.
    public var topLevelWords: [String] {
        var seen = Set<String>()
        return all.map(\.path[0]).filter { seen.insert($0).inserted }
    }

    /// Runs `command` with `words` (after its own words): parses them, runs it, and turns a failure into the
    /// report the user reads and its exit status. A usage error that does not show the command's usage yet gets it.
    /// The command's tables fit the console's terminal (`TextTable.fittingWidth`).
    public func run(
        _ command: CommandSpec, _ words: [String], console: Console, verbose: Bool, links: any LinkChecking
    ) async -> ExitStatus {
        await TextTable.$fittingWidth.withValue(console.tableWidth) {
            await runFitted(command, words, console: console, verbose: verbose, links: links)
        }
    }

    private func runFitted(
        _ command: CommandSpec, _ words: [String], console: Console, verbose: Bool, links: any LinkChecking
    ) async -> ExitStatus {
        do throws(CommandError) {
            do throws(CommandError) {
                let arguments = try command.parse(words)
                return try await command.run(
                    Invocation(
                        command: command, arguments: arguments, console: console, verbose: verbose, screens: screens,
                        links: links))
            } catch  where error.status == .usage && !error.details.contains(where: { $0.hasPrefix("usage: ") }) {
                throw command.usageError(error.message)
            }
        } catch {
            console.report(error)
            return error.status
        }
    }
}
