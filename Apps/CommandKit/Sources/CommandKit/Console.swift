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

    /// `value` as pretty JSON with sorted keys on standard output; optional values that are nil are written as
    /// `null`, so every documented key is always there.
    public func emit(_ value: some Encodable) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        if let data = try? encoder.encode(value) {
            line(String(decoding: data, as: UTF8.self))
        }
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
            emit(JSONError(error: .init(message: failure.message, details: failure.details, hint: failure.hint)))
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

            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: CodingKeys.self)
                try container.encode(message, forKey: .message)
                try container.encode(details, forKey: .details)
                try container.encode(hint, forKey: .hint)
            }

            private enum CodingKeys: String, CodingKey {
                case message, details, hint
            }
        }
        let error: Body
    }
}
