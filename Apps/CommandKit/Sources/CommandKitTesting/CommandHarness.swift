public import CommandKit
import Essentials

/// Runs a feature's commands in the test process, as `ledger` would, against the fakes the test built the group
/// on: what the command printed on each stream and how it ended. No binary, no data folder, no server.
///
/// ```swift
/// let harness = CommandHarness(ExpenseCommands(expenses: { fakes }))
/// let result = await harness.run(["expense", "add", "--title", "Coffee", "--price", "3.80"])
/// #expect(result.status == .success && result.output.contains("Added Coffee"))
/// ```
public struct CommandHarness: Sendable {
    /// What a run printed and how it ended.
    public struct Result: Sendable {
        /// The exit status.
        public let status: ExitStatus
        /// Everything written to standard output.
        public let output: String
        /// Everything written to standard error.
        public let error: String
    }

    private let table: CommandTable
    private let links: any LinkChecking

    /// A harness for `groups` (the screens of all of them are routable), where `links` decides which links are
    /// followable (every link unless a test says otherwise).
    public init(_ groups: any CommandGroup..., links: any LinkChecking = FollowEveryLink()) {
        table = CommandTable(groups)
        self.links = links
    }

    /// Runs the command `words` name (without `ledger`), with `--json` output when `json` is set, on streams that
    /// act as terminals `columns` wide when `terminal` is set.
    public func run(_ words: [String], json: Bool = false, terminal: Bool = false, columns: Int? = nil) async -> Result
    {
        let sink = CapturingSink(terminal: terminal, columns: columns)
        let console = Console(json: json, sink: sink)
        guard let (command, rest) = table.command(in: words) else {
            console.report(.usage("unknown command '\(words.joined(separator: " "))'"))
            return Result(status: .usage, output: sink.text(of: .output), error: sink.text(of: .error))
        }
        let status = await table.run(command, rest, console: console, verbose: false, links: links)
        return Result(status: status, output: sink.text(of: .output), error: sink.text(of: .error))
    }
}

/// A link check that follows every link, or refuses those `refused` names.
public struct FollowEveryLink: LinkChecking {
    private let refused: Set<String>

    /// Follows every link except `refused`.
    public init(except refused: Set<String> = []) {
        self.refused = refused
    }

    /// Whether `link` is not one of the refused.
    public func isFollowable(_ link: String) async -> Bool {
        !refused.contains(link)
    }
}

/// A console sink that keeps what was written, per stream.
public final class CapturingSink: ConsoleSink {
    private let written = LockedValue<[(ConsoleStream, String)]>([])
    private let terminal: Bool
    private let width: Int?

    /// A sink that says its streams are terminals `columns` wide when `terminal` is set.
    public init(terminal: Bool = false, columns: Int? = nil) {
        self.terminal = terminal
        self.width = columns
    }

    /// The terminal's width when the streams act as terminals.
    public func columns(of stream: ConsoleStream) -> Int? {
        terminal ? width : nil
    }

    /// Keeps `text`.
    public func write(_ text: String, to stream: ConsoleStream) {
        written.withLock { $0.append((stream, text)) }
    }

    /// Whether the streams act as terminals.
    public func isTerminal(_ stream: ConsoleStream) -> Bool {
        terminal
    }

    /// Everything written to `stream`, in order.
    public func text(of stream: ConsoleStream) -> String {
        written.withLock { entries in entries.filter { $0.0 == stream }.map(\.1).joined() }
    }
}
