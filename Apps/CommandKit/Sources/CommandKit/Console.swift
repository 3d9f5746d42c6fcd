import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The two streams a command writes to.
public enum ConsoleStream: Sendable {
    /// Results: what a script reads (`ledger report week --format csv > f.csv` writes only the report).
    case output
    /// Problems, progress and notes.
    case error
}

/// Where a console's text goes: the process's standard streams, or a test's capture.
public protocol ConsoleSink: Sendable {
    /// Writes `text` as it is to `stream`.
    func write(_ text: String, to stream: ConsoleStream)
    /// Whether `stream` is a terminal, where progress can be redrawn in place and tables fit its width.
    func isTerminal(_ stream: ConsoleStream) -> Bool
    /// How many columns the terminal `stream` shows, or nil when it is not a terminal or does not say.
    func columns(of stream: ConsoleStream) -> Int?
}

extension ConsoleSink {
    /// Unknown: tables are never cut.
    public func columns(of stream: ConsoleStream) -> Int? { nil }
}

/// Standard output and standard error, unbuffered, so the two interleave in the order things happened.
public struct StandardStreams: ConsoleSink {
    /// The process's streams.
    public init() {}

    /// Writes `text` to standard output or standard error.
    public func write(_ text: String, to stream: ConsoleStream) {
        let handle = stream == .output ? FileHandle.standardOutput : FileHandle.standardError
        handle.write(Data(text.utf8))
    }

    /// Whether the stream is a terminal (`isatty`).
    public func isTerminal(_ stream: ConsoleStream) -> Bool {
        isatty(stream == .output ? STDOUT_FILENO : STDERR_FILENO) == 1
    }

    /// The terminal's width (`ioctl` `TIOCGWINSZ`), else `$COLUMNS`; nil when the stream is not a terminal.
    public func columns(of stream: ConsoleStream) -> Int? {
        guard isTerminal(stream) else { return nil }
        var size = winsize()
        #if canImport(Glibc)
        let request = UInt(TIOCGWINSZ)
        #else
        let request = TIOCGWINSZ
        #endif
        let asked = ioctl(stream == .output ? STDOUT_FILENO : STDERR_FILENO, request, &size)
        return Self.columns(
            fromTerminal: asked == 0 ? Int(size.ws_col) : nil, environment: ProcessInfo.processInfo.environment)
    }

    /// The width a terminal reports when it reports one (a pseudo-terminal may say 0), else `COLUMNS` of
    /// `environment`; nil when neither gives a positive number.
    public static func columns(fromTerminal reported: Int?, environment: [String: String]) -> Int? {
        if let reported, reported > 0 { return reported }
        guard let text = environment["COLUMNS"], let columns = Int(text), columns > 0 else { return nil }
        return columns
    }
}

/// Where a command writes: results to standard output (text or JSON), problems and progress to standard error.
public struct Console: Sendable {
    /// Print results as JSON instead of text.
    public let json: Bool
    /// Where the text goes.
    public let sink: any ConsoleSink

    /// A console on `sink` (the process's streams unless a test captures them).
    public init(json: Bool, sink: any ConsoleSink = StandardStreams()) {
        self.json = json
        self.sink = sink
    }

    /// Writes `text` and a line break to standard output.
    public func line(_ text: String = "") {
        write(text + "\n")
    }

    /// Writes `text` to standard output, ending it with a line break unless it ends with one (`\n` or `\r\n`).
    public func block(_ text: String) {
        write(text.unicodeScalars.last == "\n" ? text : text + "\n")
    }

    /// Writes `text` as it is to standard output, or to `stream`.
    public func write(_ text: String, to stream: ConsoleStream = .output) {
        sink.write(text, to: stream)
    }

    /// Writes `text` and a line break to standard error.
    public func error(_ text: String) {
        sink.write(text + "\n", to: .error)
    }

    /// `value` as pretty JSON with sorted keys on standard output. `JSONEncoder` leaves out optional values that
    /// are nil, so a type whose documented keys may be null encodes them itself (`encode`, not
    /// `encodeIfPresent`) to keep every documented key there.
    public func emit(_ value: some Encodable) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        if let data = try? encoder.encode(value) {
            line(String(decoding: data, as: UTF8.self))
        }
    }

    /// The width tables are cut to: the terminal's when standard output is one, nil when output is piped or
    /// redirected or with `--json` (where nothing is ever cut).
    public var tableWidth: Int? {
        guard !json, sink.isTerminal(.output) else { return nil }
        return sink.columns(of: .output)
    }

    /// Whether standard error is a terminal, where progress can be redrawn in place.
    public var showsProgress: Bool {
        sink.isTerminal(.error)
    }

    /// Redraws one progress line on standard error.
    public func progress(_ text: String) {
        sink.write("\r\(text)\u{1B}[K", to: .error)
    }

    /// Reports `failure`: in words on standard error (`ledger: what happened`, the details, `hint: what to do`),
    /// and with `--json` also as a JSON object on standard output.
    public func report(_ failure: CommandError) {
        if json {
            emit(
                JSONError(
                    error: .init(
                        message: failure.message, details: failure.details, hint: failure.hint,
                        problems: failure.problems)))
        }
        error("ledger: \(failure.message)")
        for detail in failure.details { error("  \(detail)") }
        if let hint = failure.hint { error("hint: \(hint)") }
    }

    private struct JSONError: Encodable {
        struct Body: Encodable {
            let message: String
            let details: [String]
            let hint: String?
            let problems: [CommandError.Problem]

            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: CodingKeys.self)
                try container.encode(message, forKey: .message)
                try container.encode(details, forKey: .details)
                try container.encode(hint, forKey: .hint)
                try container.encode(problems, forKey: .problems)
            }

            private enum CodingKeys: String, CodingKey {
                case message, details, hint, problems
            }
        }
        let error: Body
    }
}
