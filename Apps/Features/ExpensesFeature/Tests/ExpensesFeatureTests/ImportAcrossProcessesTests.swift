import Foundation
import Storage
import StorageTesting
import Testing

@testable import ExpensesFeature

/// Import identity does not depend on the process: the same file imported by another process (another run of the
/// app, with its own randomly seeded hashing) in another time zone gives every row the same id, and an exported row
/// the same instant. The other process is this test executable started again, running only the child test below.
@Suite("Expenses: import identity across processes")
struct ImportAcrossProcessesTests {
    static let fileVariable = "EXPENSES_IMPORT_CHILD_FILE"
    static let zoneVariable = "EXPENSES_IMPORT_CHILD_ZONE"

    /// The test executable, when this process can start it again (the Linux test runner) and is not the child.
    static var executable: URL? {
        guard ProcessInfo.processInfo.environment[fileVariable] == nil, let path = CommandLine.arguments.first,
            path.hasSuffix(".xctest"), FileManager.default.isExecutableFile(atPath: path)
        else { return nil }
        return URL(fileURLWithPath: path)
    }

    /// Rows as `ROW <id> <bits of the instant>` lines, so two processes compare exactly.
    static func lines(of entries: [ExpenseEntry]) -> [String] {
        entries.map { "ROW \($0.id.uuidString) \($0.date.timeIntervalSinceReferenceDate.bitPattern)" }.sorted()
    }

    @Test(.enabled(if: executable != nil, "needs to start the test executable again (the Linux test runner)"))
    func anotherProcessInAnotherZoneGivesEveryRowTheSameIdentity() async throws {
        let executable = try #require(Self.executable)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("import-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }

        // An export (ids and offsets) and a file from before those columns (content identity, three equal rows).
        let exported = try await ImportAcrossTimeZonesTests.exporter(
            of: try FakeExpenseStore(entries: ImportAcrossTimeZonesTests.handAdded()), in: "Europe/Berlin"
        ).exportCSV()
        let older =
            "date,time,title,amount,currency,comment\n"
            + String(
                repeating: "2026-03-01,10:30:00.000000,Taxi,38.20,EUR,airport\n", count: 3)
            + "2026-03-02,,Hotel,129,EUR,\n"
        for (name, csv) in [("exported", exported), ("older", older)] {
            let file = folder.appendingPathComponent("\(name).csv")
            try csv.write(to: file, atomically: true, encoding: .utf8)
            let here = FakeExpenseStore()
            _ = try await ImportAcrossTimeZonesTests.importer(into: here, in: "Asia/Tokyo").importCSV(from: file) { _ in
            }
            let mine = Self.lines(of: await here.report(in: Date.distantPast..<Date.distantFuture).entries)

            let child = try await Self.run(
                executable, environment: [Self.fileVariable: file.path, Self.zoneVariable: "America/Los_Angeles"])
            #expect(child.status == 0, "\(child.lines.suffix(5))")
            let theirs = child.lines.filter { $0.hasPrefix("ROW ") }.sorted()
            #expect(
                theirs.count == mine.count && !mine.isEmpty, "\(name): \(theirs.count) rows there, \(mine.count) here")
            if name == "exported" {
                #expect(theirs == mine, "\(name): ids and instants differ between the processes")
            } else {
                // Rows without ids or offsets are read in each importer's zone: the same ids, other instants.
                #expect(theirs.map { $0.split(separator: " ")[1] } == mine.map { $0.split(separator: " ")[1] })
                #expect(theirs != mine)
            }
        }
    }

    /// The child: imports the file it is given in the zone it is given and prints every stored row.
    @Test(.enabled(if: ProcessInfo.processInfo.environment[fileVariable] != nil, "runs only as the child above"))
    func importChildPrintsWhatItImported() async throws {
        let environment = ProcessInfo.processInfo.environment
        let file = URL(fileURLWithPath: try #require(environment[Self.fileVariable]))
        let store = FakeExpenseStore()
        _ = try await ImportAcrossTimeZonesTests.importer(
            into: store, in: try #require(environment[Self.zoneVariable])
        ).importCSV(from: file) { _ in }
        for line in Self.lines(of: await store.report(in: Date.distantPast..<Date.distantFuture).entries) {
            FileHandle.standardOutput.write(Data((line + "\n").utf8))
        }
    }

    /// Runs the child test in a process of its own and returns how it ended and what it printed; waiting for a
    /// process blocks, so it happens on a thread of its own.
    static func run(
        _ executable: URL, environment: [String: String]
    ) async throws -> (status: Int32, lines: [String]) {
        try await withCheckedThrowingContinuation { continuation in
            Thread {
                continuation.resume(
                    with: Result {
                        let process = Process()
                        process.executableURL = executable
                        process.arguments = [
                            "--testing-library", "swift-testing", "--filter", "importChildPrintsWhatItImported",
                        ]
                        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
                        let output = Pipe()
                        process.standardOutput = output
                        process.standardError = FileHandle.nullDevice
                        try process.run()
                        let data = output.fileHandleForReading.readDataToEndOfFile()
                        process.waitUntilExit()
                        let lines = String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init)
                        return (process.terminationStatus, lines)
                    })
            }.start()
        }
    }
}
