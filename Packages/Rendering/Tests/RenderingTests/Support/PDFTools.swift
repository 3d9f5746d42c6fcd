import Foundation
import Testing

/// Runs the real PDF tools (qpdf, pdftotext, pdfinfo, pdftoppm) on rendered bytes, in a temporary folder that
/// is deleted afterwards.
///
/// Each tool runs and is waited for on a thread of its own: Swift concurrency runs the tests on as many threads as
/// the machine has cores, and a test that blocked one of them while a child process works would stall every
/// other test (and their timers) on a two-core machine.
struct PDFTools {
    struct Output: Sendable {
        let status: Int32
        let standardOutputData: Data
        let standardError: String

        var standardOutput: String { String(decoding: standardOutputData, as: UTF8.self) }
    }

    /// Writes `data` to a fresh temporary file, runs `tool` with `arguments(file)`, then deletes the folder.
    static func run(
        _ tool: String, on data: Data, _ arguments: @escaping @Sendable (URL) -> [String]
    ) async throws
        -> Output
    {
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("RenderingTests-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("document.pdf")
        try data.write(to: file)
        return try await onOwnThread { try runBlocking(tool, arguments(file)) }
    }

    private static func onOwnThread<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            Thread { continuation.resume(with: Result { try work() }) }.start()
        }
    }

    private static func runBlocking(_ tool: String, _ arguments: [String]) throws -> Output {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [tool] + arguments
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        // Read before waiting so a large output cannot fill the pipe and block the tool.
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        let errData = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Output(
            status: process.terminationStatus, standardOutputData: outData,
            standardError: String(decoding: errData, as: UTF8.self))
    }

    /// Page `page` as a picture from pdftoppm (`options` such as `-gray -r 30` or `-png -r 70`): the bytes of the
    /// file it writes.
    static func picture(_ data: Data, page: Int = 1, options: [String]) async throws -> Data {
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("RenderingTests-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("document.pdf")
        try data.write(to: file)
        let root = folder.appendingPathComponent("picture")
        let arguments = options + ["-f", "\(page)", "-l", "\(page)", "-singlefile", file.path, root.path]
        let output = try await onOwnThread { try runBlocking("pdftoppm", arguments) }
        #expect(output.status == 0, "pdftoppm failed: \(output.standardError)")
        let produced = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter {
            $0.hasPrefix("picture")
        }
        let name = try #require(produced.first, "pdftoppm wrote no picture")
        return try Data(contentsOf: folder.appendingPathComponent(name))
    }

    /// `qpdf --check`: exit 0 and its verdict, or the failure for the test log.
    static func check(_ data: Data) async throws -> Output {
        try await run("qpdf", on: data) { ["--check", $0.path] }
    }

    /// `pdftotext -raw` (content-stream order) of the pages `first...last`, or of all pages.
    static func text(_ data: Data, first: Int? = nil, last: Int? = nil, raw: Bool = true) async throws -> String {
        var options = raw ? ["-raw", "-enc", "UTF-8"] : ["-enc", "UTF-8"]
        if let first { options += ["-f", "\(first)"] }
        if let last { options += ["-l", "\(last)"] }
        let output = try await run("pdftotext", on: data) { [options] in options + [$0.path, "-"] }
        #expect(output.status == 0, "pdftotext failed: \(output.standardError)")
        return output.standardOutput
    }

    /// Text of every page separately (pdftotext separates pages with a form feed).
    static func pages(_ data: Data, raw: Bool = true) async throws -> [String] {
        var pages = try await text(data, raw: raw).components(separatedBy: "\u{0C}")
        if pages.last?.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty == true { pages.removeLast() }
        return pages
    }

    /// The fields `pdfinfo` prints, by name.
    static func info(_ data: Data) async throws -> [String: String] {
        let output = try await run("pdfinfo", on: data) { [$0.path] }
        #expect(output.status == 0, "pdfinfo failed: \(output.standardError)")
        var fields: [String: String] = [:]
        for line in output.standardOutput.split(separator: "\n") {
            guard let colon = line.firstIndex(of: ":") else { continue }
            fields[String(line[..<colon])] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        return fields
    }
}

extension String {
    /// The text with every whitespace character removed: wrapped lines and extraction spacing no longer matter.
    var withoutWhitespace: String {
        String(unicodeScalars.filter { !CharacterSet.whitespacesAndNewlines.contains($0) })
    }
}

extension PDFTools {
    /// `pdffonts`: one row per font of the document.
    struct FontRow: Sendable, Equatable {
        let name: String
        let type: String
        let encoding: String
        let embedded: Bool
        let subset: Bool
        let unicode: Bool
    }

    static func fonts(_ data: Data) async throws -> [FontRow] {
        let output = try await run("pdffonts", on: data) { [$0.path] }
        #expect(output.status == 0, "pdffonts failed: \(output.standardError)")
        // name, type (may be two words), encoding, emb, sub, uni, object ID, generation.
        return output.standardOutput.split(separator: "\n").dropFirst(2).map { line in
            let fields = line.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
            let tail = Array(fields.suffix(6))
            return FontRow(
                name: fields.first ?? "", type: fields.dropFirst().dropLast(6).joined(separator: " "),
                encoding: tail.first ?? "", embedded: tail.count > 1 && tail[1] == "yes",
                subset: tail.count > 2 && tail[2] == "yes", unicode: tail.count > 3 && tail[3] == "yes")
        }
    }
}

extension PDFTools {
    /// A word `pdftotext -bbox` found, with its box in points from the top-left corner.
    struct Word: Sendable {
        let text: String
        let xMin: Double
        let yMin: Double
        let xMax: Double
        let yMax: Double
    }

    /// The words of page `page` with their boxes.
    static func words(_ data: Data, page: Int = 1) async throws -> [Word] {
        let output = try await run("pdftotext", on: data) {
            ["-bbox", "-f", "\(page)", "-l", "\(page)", $0.path, "-"]
        }
        #expect(output.status == 0, "pdftotext -bbox failed: \(output.standardError)")
        var words: [Word] = []
        for line in output.standardOutput.split(separator: "\n") where line.contains("<word ") {
            func value(_ name: String) -> Double {
                guard let range = line.range(of: name + "=\"") else { return .nan }
                return Double(line[range.upperBound...].prefix { $0 != "\"" }) ?? .nan
            }
            guard let open = line.firstIndex(of: ">"), let close = line.range(of: "</word>") else { continue }
            let text = String(line[line.index(after: open)..<close.lowerBound])
                .replacingOccurrences(of: "&amp;", with: "&").replacingOccurrences(of: "&lt;", with: "<")
                .replacingOccurrences(of: "&gt;", with: ">").replacingOccurrences(of: "&quot;", with: "\"")
            words.append(
                Word(text: text, xMin: value("xMin"), yMin: value("yMin"), xMax: value("xMax"), yMax: value("yMax")))
        }
        return words
    }
}
