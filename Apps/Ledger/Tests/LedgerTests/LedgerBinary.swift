import Foundation

/// Runs the built `ledger` executable as a user would, capturing what it prints.
struct LedgerBinary: Sendable {
    struct Result: Sendable {
        let status: Int32
        let standardOutput: String
        let standardError: String
    }

    enum LocateError: Error, CustomStringConvertible {
        case notBuilt(searched: [String])

        var description: String {
            switch self {
            case .notBuilt(let searched): "no ledger executable in \(searched); run `swift build` first"
            }
        }
    }

    let url: URL

    /// Finds `ledger` in the build products folder this test bundle runs from.
    static func locate() throws -> LedgerBinary {
        var folders: [URL] = []
        let testExecutable = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        folders.append(testExecutable.deletingLastPathComponent())
        for bundle in Bundle.allBundles where bundle.bundleURL.pathExtension == "xctest" {
            folders.append(bundle.bundleURL.deletingLastPathComponent())
        }
        for folder in folders {
            let candidate = folder.appendingPathComponent("ledger")
            if FileManager.default.isExecutableFile(atPath: candidate.path) {
                return LedgerBinary(url: candidate)
            }
        }
        throw LocateError.notBuilt(searched: folders.map(\.path))
    }

    /// Runs `ledger` on a thread of its own and waits for it: waiting for a child process must not hold one of the
    /// few threads Swift concurrency runs every other test on.
    func run(_ arguments: [String], environment: [String: String] = [:]) async throws -> Result {
        let url = url
        return try await withCheckedThrowingContinuation { continuation in
            Thread {
                continuation.resume(
                    with: Swift.Result { try Self.runBlocking(url, arguments, environment: environment) })
            }.start()
        }
    }

    /// Runs any program the same way (`pdftotext`, `qpdf`), found on the usual paths.
    static func runTool(_ name: String, _ arguments: [String]) async throws -> Result {
        let url =
            ["/usr/bin/", "/usr/local/bin/", "/opt/homebrew/bin/"].map { URL(fileURLWithPath: $0 + name) }
            .first { FileManager.default.isExecutableFile(atPath: $0.path) } ?? URL(fileURLWithPath: "/usr/bin/" + name)
        return try await LedgerBinary(url: url).run(arguments)
    }

    private static func runBlocking(_ url: URL, _ arguments: [String], environment: [String: String]) throws -> Result {
        let process = Process()
        process.executableURL = url
        process.arguments = arguments
        if !environment.isEmpty {
            process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        }
        let output = Pipe()
        let error = Pipe()
        process.standardOutput = output
        process.standardError = error
        try process.run()
        let outData = output.fileHandleForReading.readDataToEndOfFile()
        let errData = error.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(
            status: process.terminationStatus,
            standardOutput: String(decoding: outData, as: UTF8.self),
            standardError: String(decoding: errData, as: UTF8.self)
        )
    }
}
