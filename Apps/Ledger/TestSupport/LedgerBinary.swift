public import Foundation

/// Runs the built `ledger` executable as a user would, capturing what it prints: what every feature's end-to-end
/// tests run the app with.
public struct LedgerBinary: Sendable {
    /// What a run printed and how it ended.
    public struct Result: Sendable {
        /// The exit status.
        public let status: Int32
        /// Everything printed on standard output.
        public let standardOutput: String
        /// Everything printed on standard error.
        public let standardError: String
        /// The most memory the process held at once (its resident set's high-water mark, `VmHWM`), in kilobytes,
        /// as last read while it ran (sampled every 10 ms); nil where `/proc` does not tell.
        public var peakMemoryKilobytes: Int?
        /// How long the run took, in seconds.
        public var seconds: Double?

        /// A result, for a test that runs the app its own way (killing it at a moment of its choosing).
        public init(status: Int32, standardOutput: String, standardError: String) {
            self.status = status
            self.standardOutput = standardOutput
            self.standardError = standardError
        }
    }

    enum LocateError: Error, CustomStringConvertible {
        case notBuilt(searched: [String])

        var description: String {
            switch self {
            case .notBuilt(let searched): "no ledger executable in \(searched); run `swift build` first"
            }
        }
    }

    /// The executable.
    public let url: URL

    /// Finds `ledger` in the build products folder this test bundle runs from.
    public static func locate() throws -> LedgerBinary {
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
    public func run(_ arguments: [String], environment: [String: String] = [:]) async throws -> Result {
        let url = url
        return try await withCheckedThrowingContinuation { continuation in
            Thread {
                continuation.resume(
                    with: Swift.Result { try Self.runBlocking(url, arguments, environment: environment) })
            }.start()
        }
    }

    /// Runs any program the same way (`pdftotext`, `qpdf`), found on the usual paths.
    public static func runTool(_ name: String, _ arguments: [String]) async throws -> Result {
        let url =
            ["/usr/bin/", "/usr/local/bin/", "/opt/homebrew/bin/"].map { URL(fileURLWithPath: $0 + name) }
            .first { FileManager.default.isExecutableFile(atPath: $0.path) } ?? URL(fileURLWithPath: "/usr/bin/" + name)
        return try await LedgerBinary(url: url).run(arguments)
    }

    /// How long a run may take before it is killed: a safety net so a process that hangs fails its test with a
    /// message instead of stalling the whole run (no test asserts on how long a run takes).
    public static let limit: DispatchTimeInterval = .seconds(300)

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
        let started = DispatchTime.now()
        try process.run()
        let sampler = PeakMemory(pid: process.processIdentifier)
        let killed = Flag()
        let watchdog = DispatchWorkItem { [pid = process.processIdentifier] in
            killed.set()
            kill(pid, SIGKILL)
        }
        DispatchQueue.global().asyncAfter(deadline: .now() + limit, execute: watchdog)
        // Both pipes are drained at once, so a child that fills one while the other is read never blocks.
        let errorReader = Reader(error.fileHandleForReading)
        let outData = output.fileHandleForReading.readDataToEndOfFile()
        let errData = errorReader.wait()
        process.waitUntilExit()
        let peak = sampler.stop()
        watchdog.cancel()
        let killedNote = killed.isSet ? "\n[killed: \(arguments) did not exit within \(limit)]" : ""
        var result = Result(
            status: process.terminationStatus,
            standardOutput: String(decoding: outData, as: UTF8.self),
            standardError: String(decoding: errData, as: UTF8.self) + killedNote
        )
        result.peakMemoryKilobytes = peak
        result.seconds = Double(DispatchTime.now().uptimeNanoseconds - started.uptimeNanoseconds) / 1e9
        return result
    }

    /// Reads a running process's memory high-water mark from `/proc/<pid>/status` every 10 ms on a thread of its
    /// own, keeping the last value read (the mark only grows).
    private final class PeakMemory: @unchecked Sendable {
        private let lock = NSLock()
        private var peak: Int?
        private var running = true
        private let done = DispatchSemaphore(value: 0)

        init(pid: Int32) {
            Thread { [self] in
                while isRunning {
                    if let value = Self.highWaterMark(pid) { record(value) }
                    usleep(10_000)
                }
                done.signal()
            }.start()
        }

        private var isRunning: Bool {
            lock.lock()
            defer { lock.unlock() }
            return running
        }

        private func record(_ value: Int) {
            lock.lock()
            peak = max(peak ?? 0, value)
            lock.unlock()
        }

        func stop() -> Int? {
            lock.lock()
            running = false
            lock.unlock()
            done.wait()
            lock.lock()
            defer { lock.unlock() }
            return peak
        }

        private static func highWaterMark(_ pid: Int32) -> Int? {
            guard let text = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
                let line = text.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") })
            else { return nil }
            return line.split(separator: " ").compactMap { Int($0) }.first
        }
    }

    /// A flag set from the watchdog's thread and read after the process ended.
    private final class Flag: @unchecked Sendable {
        private let lock = NSLock()
        private var value = false
        func set() {
            lock.lock()
            value = true
            lock.unlock()
        }
        var isSet: Bool {
            lock.lock()
            defer { lock.unlock() }
            return value
        }
    }

    /// Reads a pipe to its end on a thread of its own.
    private final class Reader: @unchecked Sendable {
        private let done = DispatchSemaphore(value: 0)
        private var data = Data()

        init(_ handle: FileHandle) {
            Thread { [self] in
                data = handle.readDataToEndOfFile()
                done.signal()
            }.start()
        }

        func wait() -> Data {
            done.wait()
            return data
        }
    }
}
