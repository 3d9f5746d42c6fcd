import Foundation
import Testing

/// Runs the real PDF tools (qpdf, pdftotext, pdfinfo, pdftoppm) on rendered bytes, in a temporary folder that
/// is deleted afterwards.
struct PDFTools {
    struct Output {
        let status: Int32
        let standardOutput: String
        let standardError: String
    }

    /// Writes `data` to a fresh temporary file, hands its URL to `body`, then deletes the folder.
    static func withFile<T>(_ data: Data, _ body: (URL) throws -> T) throws -> T {
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("RenderingTests-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("document.pdf")
        try data.write(to: file)
        return try body(file)
    }

    static func run(_ tool: String, _ arguments: [String]) throws -> Output {
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
            status: process.terminationStatus, standardOutput: String(decoding: outData, as: UTF8.self),
            standardError: String(decoding: errData, as: UTF8.self))
    }

    /// `qpdf --check`: exit 0 and its verdict, or the failure for the test log.
    static func check(_ data: Data) throws -> Output {
        try withFile(data) { try run("qpdf", ["--check", $0.path]) }
    }

    /// `pdftotext -raw` (content-stream order) of the pages `first...last`, or of all pages.
    static func text(_ data: Data, first: Int? = nil, last: Int? = nil, raw: Bool = true) throws -> String {
        try withFile(data) { file in
            var arguments = raw ? ["-raw", "-enc", "UTF-8"] : ["-enc", "UTF-8"]
            if let first { arguments += ["-f", "\(first)"] }
            if let last { arguments += ["-l", "\(last)"] }
            let output = try run("pdftotext", arguments + [file.path, "-"])
            #expect(output.status == 0, "pdftotext failed: \(output.standardError)")
            return output.standardOutput
        }
    }

    /// Text of every page separately (pdftotext separates pages with a form feed).
    static func pages(_ data: Data, raw: Bool = true) throws -> [String] {
        var pages = try text(data, raw: raw).components(separatedBy: "\u{0C}")
        if pages.last?.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty == true { pages.removeLast() }
        return pages
    }

    /// The fields `pdfinfo` prints, by name.
    static func info(_ data: Data) throws -> [String: String] {
        try withFile(data) { file in
            let output = try run("pdfinfo", [file.path])
            #expect(output.status == 0, "pdfinfo failed: \(output.standardError)")
            var fields: [String: String] = [:]
            for line in output.standardOutput.split(separator: "\n") {
                guard let colon = line.firstIndex(of: ":") else { continue }
                fields[String(line[..<colon])] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            }
            return fields
        }
    }
}

extension String {
    /// The text with every whitespace character removed: wrapped lines and extraction spacing no longer matter.
    var withoutWhitespace: String {
        String(unicodeScalars.filter { !CharacterSet.whitespacesAndNewlines.contains($0) })
    }
}
