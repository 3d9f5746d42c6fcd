import Essentials
import EssentialsTesting
import Foundation
import Storage
import StorageTesting
import Testing

@testable import StorageFileSystem

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

@Suite("Storage: durable record file")
struct DurableRecordFileTests {
    static let childVariable = "STORAGE_RECORD_CHILD"
    static let pathVariable = "STORAGE_RECORD_CHILD_PATH"
    static let roundVariable = "STORAGE_RECORD_CHILD_ROUND"
    static let killAtVariable = "STORAGE_RECORD_CHILD_KILL_AT"
    static let increments = 200
    static let crashRounds = 20

    static var executable: URL? { ChildProcesses.executable(childVariables: [childVariable]) }
    static var childRole: String? { ProcessInfo.processInfo.environment[childVariable] }

    private func permissions(of url: URL) throws -> Int {
        let attributes = try FileManager.default.attributesOfItem(atPath: url.path)
        return try #require(attributes[.posixPermissions] as? Int)
    }

    @Test func bytesRoundTripDurablyWithOwnerOnlyPermissions() async throws {
        try await withTemporaryFolder { root in
            let url = root.appendingPathComponent("new folder/session.bin")
            let record = try DurableRecordFile(at: url)
            #expect(try await record.read() == nil)
            #expect(try await record.delete() == false)
            let session = Data([0, 1, 2, 255]) + Data("token".utf8)
            try await record.write(session)
            #expect(try await record.read() == session)
            #expect(try permissions(of: url) == 0o600)
            #expect(try permissions(of: url.deletingLastPathComponent()) == 0o700)
            try await record.write(Data())
            #expect(try await record.read() == Data())
            #expect(try await record.delete())
            #expect(try await record.read() == nil)
            #expect(try FileFixtures.names(in: url.deletingLastPathComponent()) == ["session.bin.lock"])
        }
    }

    @Test func anExclusiveSectionKeepsReplacesOrDeletes() async throws {
        try await withTemporaryFolder { folder in
            let record = try DurableRecordFile(at: folder.appendingPathComponent("session"))
            let created = try await record.withExclusiveAccess { (current) throws(Never) -> RecordChange in
                #expect(current == nil)
                return .replace(Data("v1".utf8))
            }
            #expect(created == Data("v1".utf8))
            let kept = try await record.withExclusiveAccess { (_) throws(Never) -> RecordChange in .keep }
            #expect(kept == Data("v1".utf8))
            let failed = await recordAccessError(RenderFailure.self) {
                _ = try await record.withExclusiveAccess { (_) throws(RenderFailure) -> RecordChange in
                    throw .fontMissing(number: 1)
                }
            }
            #expect(failed == .update(.fontMissing(number: 1)))
            #expect(try await record.read() == Data("v1".utf8))
            let deleted = try await record.withExclusiveAccess { (_) throws(Never) -> RecordChange in .delete }
            #expect(deleted == nil)
            #expect(try await record.read() == nil)
        }
    }

    /// Fifty tasks, through two values for the same file, increment a counter: no update is lost.
    @Test func concurrentSectionsInOneProcessNeverInterleave() async throws {
        try await withTemporaryFolder { folder in
            let url = folder.appendingPathComponent("counter")
            let records = [
                try DurableRecordFile(at: url, lockTimeout: .seconds(600)),
                try DurableRecordFile(at: url, lockTimeout: .seconds(600)),
            ]
            try await withThrowingTaskGroup(of: Void.self) { group in
                for task in 0..<50 {
                    group.addTask {
                        _ = try await records[task % 2].withExclusiveAccess(Self.increment)
                    }
                }
                try await group.waitForAll()
            }
            #expect(try await records[0].read() == Data("50".utf8))
        }
    }

    @Test(.enabled(if: executable != nil, "needs to start the test executable again (the Linux test runner)"))
    func twoProcessesIncrementingTwoHundredTimesEachEndAtFourHundred() async throws {
        let executable = try #require(Self.executable)
        try await withTemporaryFolder { folder in
            let url = folder.appendingPathComponent("counter")
            let outcomes = try await ChildProcesses.runTogether(
                executable: executable, filter: "recordChildIncrements",
                environments: [[:], [:]].map { _ in [Self.childVariable: "increment", Self.pathVariable: url.path] })
            for outcome in outcomes {
                #expect(outcome.status == 0, "\(outcome.lines.joined(separator: "\n"))")
                #expect(outcome.lines.last == "DONE")
            }
            let record = try DurableRecordFile(at: url)
            #expect(try await record.read() == Data(String(2 * Self.increments).utf8))
        }
    }

    /// A writer is killed with SIGKILL while it replaces a large record again and again: in odd rounds by the parent
    /// after a seeded number of announcements, in even rounds by itself from inside the write, after a seeded number
    /// of bytes (the write seam), so the kill lands in the middle of a write for certain. The file always holds one
    /// complete value (the last acknowledged or the one in flight), never a mix.
    @Test(.enabled(if: executable != nil, "needs to start the test executable again (the Linux test runner)"))
    func aWriterKilledMidWriteLeavesTheOldOrTheNewRecord() async throws {
        let executable = try #require(Self.executable)
        try await withTemporaryFolder { folder in
            let url = folder.appendingPathComponent("session")
            var generator = SeededGenerator(seed: 0x5E55)
            var previous: Data?
            var kills = 0
            for round in 0..<Self.crashRounds {
                var environment = [
                    Self.childVariable: "write", Self.pathVariable: url.path, Self.roundVariable: String(round),
                ]
                let child: ChildProcesses.Killed
                if round % 2 == 0 {
                    let killAt = Int.random(in: 0..<(3 * Self.value(round: 0, step: 0).count), using: &generator)
                    environment[Self.killAtVariable] = String(killAt)
                    child = try await ChildProcesses.runUntilKilled(
                        executable: executable, filter: "recordChildWritesUntilKilled", environment: environment,
                        marker: "never printed", count: 1)
                } else {
                    child = try await ChildProcesses.runUntilKilled(
                        executable: executable, filter: "recordChildWritesUntilKilled", environment: environment,
                        marker: Bool.random(using: &generator) ? "WRITING " : "WROTE ",
                        count: Int.random(in: 1...4, using: &generator))
                }
                let lines = child.lines
                let killed = child.diedOfSIGKILL
                #expect(killed, "round \(round): the writer was not killed; it printed \(lines.suffix(2))")
                if killed { kills += 1 }
                let acknowledged = lines.compactMap { $0.hasPrefix("WROTE ") ? Int($0.dropFirst(6)) : nil }
                let stored = try await DurableRecordFile(at: url).read()
                var possible: [Data?] = [Self.value(round: round, step: (acknowledged.last ?? -1) + 1)]
                possible.append(acknowledged.last.map { Self.value(round: round, step: $0) } ?? previous)
                #expect(
                    possible.contains(stored),
                    "round \(round): a torn or stale record of \(stored?.count ?? -1) bytes after \(lines.suffix(2))")
                previous = stored
            }
            #expect(kills == Self.crashRounds)
            let leftovers = try FileFixtures.names(in: folder).filter { $0.contains(".tmp-") }
            #expect(leftovers.count <= 1, "a later write removes what a killed one left: \(leftovers)")
        }
    }

    @Test(arguments: [
        ("/tmp/a\u{0}b", RecordFileProblem.pathContainsNUL),
        ("/", .notAFileName),
        ("/tmp/folder/", .notAFileName),
        ("/tmp/..", .notAFileName),
        ("/tmp/" + String(repeating: "n", count: 201), .nameTooLong(byteCount: 201)),
    ])
    func pathsThatNameNoFileAreRefused(path: String, problem: RecordFileProblem) {
        let url = URL(fileURLWithPath: path, isDirectory: path.hasSuffix("/"))
        #expect(throws: StorageError.invalidRecordFile(file: url, problem: problem)) {
            _ = try DurableRecordFile(at: url)
        }
    }

    @Test func aSymbolicLinkIsNeitherReadNorFollowedByAWrite() async throws {
        try await withTemporaryFolder { folder in
            let victim = folder.appendingPathComponent("victim")
            try FileFixtures.replace(victim, with: Data("precious".utf8))
            let url = folder.appendingPathComponent("session")
            try FileManager.default.createSymbolicLink(at: url, withDestinationURL: victim)
            let record = try DurableRecordFile(at: url)
            let error = await storageError { _ = try await record.read() }
            #expect(error == .invalidRecordFile(file: url, problem: .notARegularFile))
            try await record.write(Data("mine".utf8))
            #expect(try FileFixtures.bytes(of: victim) == Data("precious".utf8))
            #expect(try await record.read() == Data("mine".utf8))
        }
    }

    @Test func aFolderOrAPipeAtThePathIsATypedError() async throws {
        try await withTemporaryFolder { folder in
            let url = folder.appendingPathComponent("session")
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: false)
            let record = try DurableRecordFile(at: url)
            let reading = await storageError { _ = try await record.read() }
            #expect(reading == .invalidRecordFile(file: url, problem: .notARegularFile))
            let writing = await storageError { try await record.write(Data([1])) }
            guard case .fileSystem(let failure) = writing else {
                Issue.record("expected a file-system error, got \(String(describing: writing))")
                return
            }
            #expect(failure.operation == .rename)

            let pipe = folder.appendingPathComponent("pipe")
            #expect(mkfifo(pipe.path, 0o600) == 0)
            let fromPipe = await storageError { _ = try await DurableRecordFile(at: pipe).read() }
            #expect(fromPipe == .invalidRecordFile(file: pipe, problem: .notARegularFile))
        }
    }

    @Test func aFileLargerThanTheLimitIsRefusedBeforeItIsRead() async throws {
        try await withTemporaryFolder { folder in
            let url = folder.appendingPathComponent("session")
            #expect(FileManager.default.createFile(atPath: url.path, contents: nil))
            let file = try FileHandle(forWritingTo: url)
            // A sparse gigabyte: refused from its size alone, never read into memory.
            try file.truncate(atOffset: 1 << 30)
            try file.close()
            let record = try DurableRecordFile(at: url, maximumByteCount: 1_024)
            let reading = await storageError { _ = try await record.read() }
            #expect(reading == .invalidRecordFile(file: url, problem: .tooLarge(byteCount: 1 << 30, limit: 1_024)))
            let writing = await storageError { try await record.write(Data(count: 1_025)) }
            #expect(writing == .invalidRecordFile(file: url, problem: .tooLarge(byteCount: 1_025, limit: 1_024)))
        }
    }

    @Test(.enabled(if: getuid() != 0, "the superuser reads every file"))
    func anUnreadableFileIsATypedError() async throws {
        try await withTemporaryFolder { folder in
            let url = folder.appendingPathComponent("session")
            try FileFixtures.replace(url, with: Data("secret".utf8))
            #expect(chmod(url.path, 0) == 0)
            let error = await storageError { _ = try await DurableRecordFile(at: url).read() }
            #expect(error == .fileSystem(FileSystemFailure(operation: .open, path: url.path, errorNumber: EACCES)))
        }
    }

    @Test func aFullDiskKeepsTheOldRecordAndLeavesNoTemporaryFile() async throws {
        try await withTemporaryFolder { folder in
            let url = folder.appendingPathComponent("session")
            try await DurableRecordFile(at: url).write(Data("old".utf8))
            let disk = FillingDisk(capacity: 10)
            let record = try DurableRecordFile(
                at: url, maximumByteCount: 1_024, lockTimeout: .seconds(10), writer: disk.writer)
            let error = await storageError { try await record.write(Data(repeating: 7, count: 100)) }
            guard case .fileSystem(let failure) = error else {
                Issue.record("expected a file-system error, got \(String(describing: error))")
                return
            }
            #expect(failure.operation == .write)
            #expect(failure.errorNumber == ENOSPC)
            #expect(try await record.read() == Data("old".utf8))
            #expect(try FileFixtures.names(in: folder) == ["session", "session.lock"])
        }
    }

    /// A section in progress holds every other writer off until their lock timeout; a cancelled waiter stops
    /// waiting at once.
    @Test func writersWaitForASectionUntilTheirTimeoutOrCancellation() async throws {
        try await withTemporaryFolder { folder in
            let url = folder.appendingPathComponent("session")
            let holder = try DurableRecordFile(at: url)
            let impatient = try DurableRecordFile(at: url, lockTimeout: .milliseconds(20))
            let patient = try DurableRecordFile(at: url, lockTimeout: .seconds(600))
            let (entered, enteredContinuation) = AsyncStream<Void>.makeStream()
            let (release, releaseContinuation) = AsyncStream<Void>.makeStream()
            let section = Task {
                try await holder.withExclusiveAccess { (_) throws(Never) -> RecordChange in
                    enteredContinuation.yield()
                    for await _ in release { break }
                    return .replace(Data("holder".utf8))
                }
            }
            for await _ in entered { break }
            let timedOut = await storageError { try await impatient.write(Data("late".utf8)) }
            #expect(timedOut == .storeInUse(url))
            let waiter = Task { try await patient.write(Data("cancelled".utf8)) }
            waiter.cancel()
            let cancelled = await storageError { try await waiter.value }
            #expect(cancelled == .cancelled)
            // A task of the same value waits in its queue instead, and leaves it when cancelled.
            let queued = Task { try await holder.write(Data("queued".utf8)) }
            queued.cancel()
            let cancelledInQueue = await storageError { try await queued.value }
            #expect(cancelledInQueue == .cancelled)
            releaseContinuation.yield()
            _ = try await section.value
            #expect(try await holder.read() == Data("holder".utf8))
        }
    }

    @Test func theFakeRunsSectionsOneAtATimeEvenWhenTheySuspend() async throws {
        let fake = FakeRecordFile(bytes: Data("0".utf8))
        try await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<20 {
                group.addTask {
                    _ = try await fake.withExclusiveAccess { (current) throws(StorageError) -> RecordChange in
                        let value = Int(String(decoding: current ?? Data(), as: UTF8.self)) ?? 0
                        await Task.yield()
                        return .replace(Data(String(value + 1).utf8))
                    }
                }
            }
            try await group.waitForAll()
        }
        #expect(try await fake.read() == Data("20".utf8))
        #expect(fake.completedSections == 20)
        #expect(try await fake.delete())
        #expect(try await fake.delete() == false)
    }

    // MARK: Children

    @Test(.enabled(if: childRole == "increment", "runs only inside the child processes of the counter test"))
    func recordChildIncrements() async throws {
        let path = try #require(ProcessInfo.processInfo.environment[Self.pathVariable])
        let record = try DurableRecordFile(at: URL(fileURLWithPath: path), lockTimeout: .seconds(120))
        ChildProcesses.waitForGo()
        for _ in 0..<Self.increments { _ = try await record.withExclusiveAccess(Self.increment) }
        ChildProcesses.say("DONE")
    }

    @Test(.enabled(if: childRole == "write", "runs only inside the child process of the crash test"))
    func recordChildWritesUntilKilled() async throws {
        let environment = ProcessInfo.processInfo.environment
        let path = try #require(environment[Self.pathVariable])
        let round = try #require(Int(environment[Self.roundVariable] ?? ""))
        let url = URL(fileURLWithPath: path)
        let record: DurableRecordFile
        if let killAt = environment[Self.killAtVariable].flatMap({ Int($0) }) {
            record = try DurableRecordFile(
                at: url, maximumByteCount: DurableRecordFile.defaultMaximumByteCount, lockTimeout: .seconds(10),
                writer: SuicidalDisk(killAt: killAt).writer)
        } else {
            record = try DurableRecordFile(at: url)
        }
        // Bounded, so a child whose parent died still ends on its own.
        for step in 0..<2_000 {
            ChildProcesses.say("WRITING \(step)")
            try await record.write(Self.value(round: round, step: step))
            ChildProcesses.say("WROTE \(step)")
        }
    }

    /// Almost a mebibyte that names its round and step at both ends, so a mix of two values is never mistaken for
    /// one.
    static func value(round: Int, step: Int) -> Data {
        let label = Data("round \(round) step \(step);".utf8)
        return label + Data(repeating: UInt8(truncatingIfNeeded: round &* 31 &+ step), count: 1_000_000) + label
    }

    /// Adds one to a decimal counter.
    @Sendable static func increment(_ current: Data?) throws(StorageError) -> RecordChange {
        let value = Int(String(decoding: current ?? Data(), as: UTF8.self)) ?? 0
        return .replace(Data(String(value + 1).utf8))
    }
}

/// A disk that kills its own process with SIGKILL once a given number of bytes went through it: a crash at an exact
/// byte of a write, without timing.
final class SuicidalDisk: Sendable {
    private let remaining: LockedValue<Int>

    init(killAt: Int) {
        remaining = LockedValue(killAt)
    }

    var writer: DiskWriter {
        DiskWriter { [self] descriptor, buffer in
            let allowed = remaining.withLock { remaining in
                let allowed = min(remaining, buffer.count)
                remaining -= allowed
                return allowed
            }
            let written = allowed > 0 ? write(descriptor, buffer.baseAddress, allowed) : 0
            if allowed < buffer.count { kill(getpid(), SIGKILL) }
            return written
        }
    }
}

/// Expects `body` to throw a `RecordAccessError` and returns it; like `storageError`, call it outside `#expect`.
func recordAccessError<Failure: Error>(
    _ type: Failure.Type, sourceLocation: SourceLocation = #_sourceLocation, _ body: () async throws -> Void
) async -> RecordAccessError<Failure>? {
    do {
        try await body()
        Issue.record("expected a RecordAccessError, nothing was thrown", sourceLocation: sourceLocation)
    } catch let error as RecordAccessError<Failure> {
        return error
    } catch {
        Issue.record("expected a RecordAccessError, got \(error)", sourceLocation: sourceLocation)
    }
    return nil
}
