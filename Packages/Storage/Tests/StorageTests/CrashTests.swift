import Foundation
import Storage
import StorageFileSystem
import StorageSQLite
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A writer process is killed with SIGKILL at seeded moments; afterwards every save it acknowledged is present,
/// no batch is half there, and the database passes `PRAGMA integrity_check`.
///
/// The writer is this test executable itself, started again with `CrashChild.variable` set so that only
/// `crashChildSavesUntilKilled` runs: it saves in a loop and prints `SAVED <round> <step>` after each save returns.
@Suite("Storage: crash safety")
struct CrashTests {
    static let rounds = 50

    @Test(
        .enabled(if: CrashChild.executable != nil, "needs to start the test executable again (the Linux test runner)"),
        arguments: ["sqlite", "file"])
    func aKilledWriterLosesNoAcknowledgedSave(backend: String) async throws {
        let executable = try #require(CrashChild.executable)
        try await withTemporaryFolder { folder in
            let location = folder.appendingPathComponent(backend == "sqlite" ? "ledger.sqlite" : "expenses")
            var generator = SeededGenerator(seed: backend == "sqlite" ? 0x5EED : 0xF11E)
            var lastAcknowledged: [Int: Int] = [:]
            for round in 0..<Self.rounds {
                let killAfter = Int.random(in: 1...20, using: &generator)
                let lines = try await CrashChild.runUntilKilled(
                    executable: executable,
                    environment: [
                        CrashChild.variable: backend, CrashChild.locationVariable: location.path,
                        CrashChild.roundVariable: String(round),
                    ],
                    killAfter: killAfter)
                let steps = lines.compactMap { line -> Int? in
                    let parts = line.split(separator: " ")
                    guard parts.count == 3, parts[0] == "SAVED", Int(parts[1]) == round else { return nil }
                    return Int(parts[2])
                }
                #expect(steps == Array(0..<steps.count), "round \(round): acknowledgements out of order")
                #expect(
                    steps.count >= killAfter,
                    "round \(round): the child stopped early:\n\(lines.joined(separator: "\n"))")
                lastAcknowledged[round] = steps.count - 1

                let ids = try await storedIDs(backend: backend, at: location)
                for (checked, last) in lastAcknowledged {
                    for step in 0..<(last + 1) {
                        let missing = CrashChild.ids(round: checked, step: step).filter { !ids.contains($0) }
                        #expect(missing.isEmpty, "round \(checked): acknowledged save \(step) lost after the kill")
                    }
                    let inFlight = CrashChild.ids(round: checked, step: last + 1).filter(ids.contains)
                    #expect(
                        inFlight.isEmpty || inFlight.count == CrashChild.ids(round: checked, step: last + 1).count,
                        "round \(checked): save \(last + 1) is half there")
                    let beyond = CrashChild.ids(round: checked, step: last + 2).filter(ids.contains)
                    #expect(beyond.isEmpty, "round \(checked): a save after the kill point exists")
                }
            }
        }
    }

    /// Opens the store as the app would after a crash, checks it, and returns every id in it.
    private func storedIDs(backend: String, at location: URL) async throws -> Set<UUID> {
        let period = Date.distantPast..<Date.distantFuture
        if backend == "sqlite" {
            let store = try await SQLiteStore.open(at: location)
            let ids = Set(try await store.report(in: period).entries.map(\.id))
            let problems = try await store.integrityCheck()
            #expect(problems.isEmpty)
            await store.close()
            return ids
        }
        let store = try await FileSystemExpenseStore.open(in: location)
        let ids = Set(try await store.report(in: period).entries.map(\.id))
        await store.close()
        return ids
    }

    /// The child: saves until it is killed. Enabled only in the process the test above starts.
    @Test(.enabled(if: CrashChild.isChild, "runs only inside the child process of the crash test"))
    func crashChildSavesUntilKilled() async throws {
        let environment = ProcessInfo.processInfo.environment
        let location = URL(fileURLWithPath: try #require(environment[CrashChild.locationVariable]))
        let round = try #require(Int(environment[CrashChild.roundVariable] ?? ""))
        let store: any ExpenseSaving
        if environment[CrashChild.variable] == "sqlite" {
            store = try await SQLiteStore.open(at: location)
        } else {
            store = try await FileSystemExpenseStore.open(in: location)
        }
        // Bounded, so a child whose parent died still ends on its own.
        for step in 0..<5_000 {
            let entries = CrashChild.ids(round: round, step: step).map { id in
                ExpenseEntry(
                    id: id, title: "round \(round) step \(step)", price: Decimal(step), currencyCode: "EUR",
                    date: referenceDate.addingTimeInterval(Double(step)))
            }
            try await store.save(entries)
            FileHandle.standardOutput.write(Data("SAVED \(round) \(step)\n".utf8))
        }
    }
}

/// How the crash test starts, talks to and kills its child.
enum CrashChild {
    static let variable = "STORAGE_CRASH_CHILD_BACKEND"
    static let locationVariable = "STORAGE_CRASH_CHILD_LOCATION"
    static let roundVariable = "STORAGE_CRASH_CHILD_ROUND"

    static var isChild: Bool { ProcessInfo.processInfo.environment[variable] != nil }

    /// The test executable, when this process is one that can be started again with a filter: on Linux the test
    /// runner is the `.xctest` executable itself; on Apple platforms it is a bundle loaded by `xctest`, so the test
    /// is disabled there.
    static var executable: URL? {
        guard !isChild, let path = CommandLine.arguments.first, path.hasSuffix(".xctest"),
            FileManager.default.isExecutableFile(atPath: path)
        else { return nil }
        return URL(fileURLWithPath: path)
    }

    /// Every third save is a batch of four, the others single entries; ids are derived from round and step so the
    /// parent knows what an in-flight save would have written.
    static func ids(round: Int, step: Int) -> [UUID] {
        let count = step % 3 == 2 ? 4 : 1
        return (0..<count).map { uuid(round * 100_000 + step, $0) }
    }

    /// Starts the child, waits for `killAfter` acknowledgements, kills it with SIGKILL, and returns every line it
    /// printed. Runs on its own thread because reading a pipe blocks.
    static func runUntilKilled(
        executable: URL, environment: [String: String], killAfter: Int
    ) async throws -> [String] {
        try await withCheckedThrowingContinuation { continuation in
            Thread {
                continuation.resume(
                    with: Result { try run(executable: executable, environment: environment, killAfter: killAfter) })
            }.start()
        }
    }

    private static func run(executable: URL, environment: [String: String], killAfter: Int) throws -> [String] {
        let process = Process()
        process.executableURL = executable
        process.arguments = ["--testing-library", "swift-testing", "--filter", "crashChildSavesUntilKilled"]
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        var received = Data()
        var acknowledged = 0
        while acknowledged < killAfter {
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            received.append(chunk)
            acknowledged = String(decoding: received, as: UTF8.self).components(separatedBy: "SAVED ").count - 1
        }
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        received.append(output.fileHandleForReading.readDataToEndOfFile())
        return String(decoding: received, as: UTF8.self).split(separator: "\n").map(String.init)
    }
}
