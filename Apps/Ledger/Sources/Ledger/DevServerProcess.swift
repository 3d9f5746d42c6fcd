import Foundation

/// The reference API server (`Scripts/dev-server`) as a child process on a free loopback port, for the demo.
final class DevServerProcess {
    enum LaunchError: Error, CustomStringConvertible {
        case scriptNotFound(searched: [String])
        case didNotStart(String)

        var description: String {
            switch self {
            case .scriptNotFound(let searched):
                "Scripts/dev-server was not found (looked at \(searched.joined(separator: ", "))); run the demo from "
                    + "the repository, set LEDGER_DEV_SERVER, or pass --api-url"
            case .didNotStart(let output): "the API server did not start: \(output)"
            }
        }
    }

    let baseURL: URL
    private let process: Process
    private let input: Pipe

    private init(baseURL: URL, process: Process, input: Pipe) {
        self.baseURL = baseURL
        self.process = process
        self.input = input
    }

    /// Starts the server; it stops when `stop()` is called or when this process ends (its stdin closes).
    static func start() throws(LaunchError) -> DevServerProcess {
        let script = try locate()
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", script.path, "--port", "0", "--exit-when-stdin-closes"]
        let output = Pipe()
        let input = Pipe()
        process.standardOutput = output
        process.standardInput = input
        process.standardError = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            throw .didNotStart("python3 could not be started (\(error))")
        }
        var received = Data()
        while !received.contains(UInt8(ascii: "\n")) {
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            received.append(chunk)
        }
        let line = String(decoding: received, as: UTF8.self).split(separator: "\n").first.map(String.init) ?? ""
        guard line.hasPrefix("listening on "), let url = URL(string: String(line.dropFirst("listening on ".count)))
        else {
            process.terminate()
            throw .didNotStart(line.isEmpty ? "it exited without a word (is python3 installed?)" : line)
        }
        return DevServerProcess(baseURL: url, process: process, input: input)
    }

    func stop() {
        guard process.isRunning else { return }
        process.terminate()
        process.waitUntilExit()
        try? input.fileHandleForWriting.close()
    }

    private static func locate() throws(LaunchError) -> URL {
        var candidates: [URL] = []
        if let explicit = ProcessInfo.processInfo.environment["LEDGER_DEV_SERVER"] {
            candidates.append(URL(fileURLWithPath: explicit))
        }
        candidates.append(
            URL(fileURLWithPath: FileManager.default.currentDirectoryPath).appendingPathComponent("Scripts/dev-server"))
        var folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        for _ in 0..<6 {
            candidates.append(folder.appendingPathComponent("Scripts/dev-server"))
            folder.deleteLastPathComponent()
        }
        guard let found = candidates.first(where: { FileManager.default.isReadableFile(atPath: $0.path) }) else {
            throw .scriptNotFound(searched: Array(candidates.prefix(2)).map(\.path))
        }
        return found
    }
}
