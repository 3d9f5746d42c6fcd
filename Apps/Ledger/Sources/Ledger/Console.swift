import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where the app writes: results to standard output (text or JSON), problems and progress to standard error.
struct Console: Sendable {
    /// Print results as JSON instead of text.
    let json: Bool

    /// Writes `text` and a line break to standard output, unbuffered, so it interleaves with standard error in
    /// the order things happened.
    func line(_ text: String = "") {
        write(text + "\n")
    }

    /// Writes `text` to standard output, ending it with a line break unless it ends with one (`\n` or `\r\n`).
    func block(_ text: String) {
        write(text.unicodeScalars.last == "\n" ? text : text + "\n")
    }

    /// Writes `text` as it is to standard output.
    func write(_ text: String) {
        FileHandle.standardOutput.write(Data(text.utf8))
    }

    func error(_ text: String) {
        FileHandle.standardError.write(Data((text + "\n").utf8))
    }

    /// `value` as pretty JSON with sorted keys on standard output.
    func emit(_ value: some Encodable) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        if let data = try? encoder.encode(value) {
            line(String(decoding: data, as: UTF8.self))
        }
    }

    /// Whether standard error is a terminal, where progress can be redrawn in place.
    var showsProgress: Bool {
        isatty(STDERR_FILENO) == 1
    }

    /// Redraws one progress line on standard error.
    func progress(_ text: String) {
        FileHandle.standardError.write(Data("\r\(text)\u{1B}[K".utf8))
    }

    func report(_ failure: CommandError) {
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
        }
        let error: Body
    }
}
