public import Foundation

/// A data folder for one test, removed afterwards, and a way to run `ledger` on it.
public final class LedgerWorkspace: Sendable {
    /// The data folder.
    public let folder: URL
    /// The app.
    public let binary: LedgerBinary
    /// The API server the runs talk to: a closed loopback port unless the test starts a server.
    public let apiURL: URL

    /// A new, empty data folder.
    public init(apiURL: URL = URL(string: "http://127.0.0.1:9") ?? URL(fileURLWithPath: "/")) throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "ledger-tests-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        binary = try LedgerBinary.locate()
        self.apiURL = apiURL
    }

    deinit {
        try? FileManager.default.removeItem(at: folder)
    }

    /// Runs `ledger ARGUMENTS --data-dir <folder> --api-url <api>`.
    public func run(_ arguments: [String], api: URL? = nil) async throws -> LedgerBinary.Result {
        try await binary.run(arguments + ["--data-dir", folder.path, "--api-url", (api ?? apiURL).absoluteString])
    }

    /// A file in the data folder's parent workspace, written with `text`.
    public func file(_ name: String, _ text: String) throws -> URL {
        let url = folder.appendingPathComponent(name)
        try text.write(to: url, atomically: true, encoding: .utf8)
        return url
    }
}

/// An address no other test registers.
public func uniqueEmail() -> String {
    "e2e-\(UUID().uuidString.prefix(8).lowercased())@example.com"
}

/// Whether a failed run reads as the app promises: a `ledger: ` sentence on standard error and a hint (or the
/// details), never a dump of a Swift value.
public enum ReadableError {
    /// What a dump looks like: `transport(code: -1004)`, `Optional("x")`, `Storage.FileSystemFailure(...)`,
    /// `.timeout`, `NSError`, a type with its module.
    public static let dumpPatterns = [
        #"[a-z][A-Za-z]*\([a-zA-Z]+: "#, #"Optional\("#,
        #"\b(Storage|Networking|Validation|Rendering|Registration|Navigation|SectionsRegistry|Foundation|CompositionRoot|Essentials|CommandKit)[A-Za-z]*\.[A-Z]"#,
        #"(^|[ (])\.[a-z][A-Za-z]+\b"#, #"NSError|CocoaError|Error Domain"#, #"\bnil\b"#,
    ]

    /// The problems with `result` as a readable failure of `arguments`; empty when it reads well.
    public static func problems(_ result: LedgerBinary.Result, _ arguments: [String]) -> [String] {
        var problems: [String] = []
        let lines = result.standardError.split(separator: "\n").map(String.init)
        if result.status == 0 { problems.append("\(arguments) succeeded") }
        if lines.first?.hasPrefix("ledger: ") != true {
            problems.append("\(arguments) does not start with 'ledger: ': \(result.standardError)")
        }
        if !lines.contains(where: { $0.hasPrefix("hint: ") || $0.hasPrefix("  ") }) {
            problems.append("\(arguments) has no hint: \(result.standardError)")
        }
        for pattern in dumpPatterns where result.standardError.range(of: pattern, options: .regularExpression) != nil {
            problems.append("\(arguments) prints something like a value dump (\(pattern)): \(result.standardError)")
        }
        return problems
    }
}
