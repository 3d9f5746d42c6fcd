import Foundation

/// A data folder for one test, removed afterwards, and a way to run `ledger` on it.
final class LedgerWorkspace: Sendable {
    let folder: URL
    let binary: LedgerBinary
    let apiURL: URL

    init(apiURL: URL = URL(string: "http://127.0.0.1:9") ?? URL(fileURLWithPath: "/")) throws {
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
    func run(_ arguments: [String], api: URL? = nil) async throws -> LedgerBinary.Result {
        try await binary.run(arguments + ["--data-dir", folder.path, "--api-url", (api ?? apiURL).absoluteString])
    }

    /// A file in the data folder's parent workspace, written with `text`.
    func file(_ name: String, _ text: String) throws -> URL {
        let url = folder.appendingPathComponent(name)
        try text.write(to: url, atomically: true, encoding: .utf8)
        return url
    }
}

func uniqueEmail() -> String {
    "e2e-\(UUID().uuidString.prefix(8).lowercased())@example.com"
}
