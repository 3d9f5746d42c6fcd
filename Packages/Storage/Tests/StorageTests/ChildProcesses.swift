import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Runs tests of this executable in child processes: real processes that share files with the parent and each
/// other, for what only separate processes can show (locks, crashes).
///
/// A child is this test executable started again with a filter that selects one test, which is enabled only when
/// its environment variable is set. On Apple platforms the tests run inside `xctest`, which cannot be started that
/// way, so tests that need children are disabled there.
enum ChildProcesses {
    /// The test executable, when this process can start it again (the Linux test runner), and is not a child.
    static func executable(childVariables: [String]) -> URL? {
        let environment = ProcessInfo.processInfo.environment
        guard !childVariables.contains(where: { environment[$0] != nil }),
            let path = CommandLine.arguments.first, path.hasSuffix(".xctest"),
            FileManager.default.isExecutableFile(atPath: path)
        else { return nil }
        return URL(fileURLWithPath: path)
    }

    /// What a finished child printed and how it ended.
    struct Outcome: Sendable {
        var status: Int32
        var lines: [String]
    }

    /// Starts one child per environment, waits until every child printed `READY`, then writes `GO` to all of them
    /// at once (so their work overlaps as much as processes can), and returns each child's outcome in order.
    /// Children run on threads of their own, because reading pipes and waiting for processes block.
    static func runTogether(
        executable: URL, filter: String, environments: [[String: String]]
    ) async throws -> [Outcome] {
        try await withCheckedThrowingContinuation { continuation in
            Thread {
                continuation.resume(
                    with: Result { try run(executable: executable, filter: filter, environments: environments) })
            }.start()
        }
    }

    /// In a child: prints `READY` and blocks until the parent writes a line (no sleeping, no polling).
    static func waitForGo() {
        FileHandle.standardOutput.write(Data("READY\n".utf8))
        _ = readLine()
    }

    /// In a child: prints one line at once (unbuffered), so a parent that kills the child has seen it.
    static func say(_ line: String) {
        FileHandle.standardOutput.write(Data((line + "\n").utf8))
    }

    /// What a child that was meant to be killed printed, and whether SIGKILL is what ended it (a child that ran out
    /// of work and exited was not killed: no fault landed).
    struct Killed: Sendable {
        var lines: [String]
        var diedOfSIGKILL: Bool
    }

    /// Starts one child, waits until it printed `count` lines starting with `marker` (or ended), kills it with
    /// SIGKILL, and returns every line it printed (the kill may land before or after the next line) and how it
    /// ended.
    static func runUntilKilled(
        executable: URL, filter: String, environment: [String: String], marker: String, count: Int
    ) async throws -> Killed {
        try await withCheckedThrowingContinuation { continuation in
            Thread {
                continuation.resume(
                    with: Result {
                        try killAfter(
                            executable: executable, filter: filter, environment: environment, marker: marker,
                            count: count)
                    })
            }.start()
        }
    }

    private static func killAfter(
        executable: URL, filter: String, environment: [String: String], marker: String, count: Int
    ) throws -> Killed {
        let process = Process()
        process.executableURL = executable
        process.arguments = ["--testing-library", "swift-testing", "--filter", filter]
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        var received = Data()
        var seen = 0
        while seen < count {
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            received.append(chunk)
            seen =
                String(decoding: received, as: UTF8.self).components(separatedBy: "\n" + marker).count - 1
                + (String(decoding: received, as: UTF8.self).hasPrefix(marker) ? 1 : 0)
        }
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        received.append(output.fileHandleForReading.readDataToEndOfFile())
        return Killed(
            lines: String(decoding: received, as: UTF8.self).split(separator: "\n").map(String.init),
            diedOfSIGKILL: process.terminationReason == .uncaughtSignal && process.terminationStatus == SIGKILL)
    }

    private static func run(executable: URL, filter: String, environments: [[String: String]]) throws -> [Outcome] {
        var children: [(process: Process, input: Pipe, output: Pipe)] = []
        for environment in environments {
            let process = Process()
            process.executableURL = executable
            process.arguments = ["--testing-library", "swift-testing", "--filter", filter]
            process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
            let input = Pipe()
            let output = Pipe()
            process.standardInput = input
            process.standardOutput = output
            process.standardError = FileHandle.nullDevice
            try process.run()
            children.append((process, input, output))
        }
        var received = [Data](repeating: Data(), count: children.count)
        for (index, child) in children.enumerated() {
            while !String(decoding: received[index], as: UTF8.self).contains("READY\n") {
                let chunk = child.output.fileHandleForReading.availableData
                if chunk.isEmpty { break }
                received[index].append(chunk)
            }
        }
        for child in children { child.input.fileHandleForWriting.write(Data("GO\n".utf8)) }
        var outcomes: [Outcome] = []
        for (index, child) in children.enumerated() {
            received[index].append(child.output.fileHandleForReading.readDataToEndOfFile())
            child.process.waitUntilExit()
            let lines = String(decoding: received[index], as: UTF8.self).split(separator: "\n").map(String.init)
            outcomes.append(Outcome(status: child.process.terminationStatus, lines: lines))
        }
        return outcomes
    }
}
