import EssentialsTesting
import Foundation
import Storage
import StorageSQLite
import Testing

@testable import StorageFileSystem

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// How many runs each fault-injection case makes (`STORAGE_FAULT_RUNS`, 10 by default so the suite stays fast),
/// and the line each case prints for scripts:
/// `fault-injection: <case> runs=<n> faults=<n> acknowledged=<n> lost=<n>`.
enum FaultRuns {
    static var count: Int {
        Int(ProcessInfo.processInfo.environment["STORAGE_FAULT_RUNS"] ?? "").map { max(1, $0) } ?? 10
    }

    static func report(_ name: String, runs: Int, faults: Int, acknowledged: Int, lost: Int, extra: String = "") {
        print(
            "fault-injection: \(name) runs=\(runs) faults=\(faults) acknowledged=\(acknowledged) lost=\(lost)"
                + (extra.isEmpty ? "" : " " + extra))
    }
}

/// Faults injected below the stores, each followed by the checks an app relies on: the store opens (or refuses
/// damage with `corrupted`, and repair salvages), `PRAGMA integrity_check` passes, and nothing acknowledged is
/// lost.
///
/// - A writer process is killed with SIGKILL while it saves batches: half of the runs by the parent after a seeded
///   number of acknowledgements, half by itself at a seeded byte of its writes (the write seams: `DiskWriter` for
///   the file store, `SQLiteFullDisk`, SQLite's own write calls, for SQLite), so the kill lands inside a write for certain.
/// - The disk fills up (`ENOSPC`, SQLite's `SQLITE_FULL`) after a seeded number of bytes while expenses, numbered
///   documents (half of them also replacing a counter document they read) and documents are saved.
/// - A database is damaged at seeded random offsets.
///
/// The writer is this test executable itself, started again with `FaultChild.backendVariable` set so that only
/// `faultChildSavesUntilKilled` runs: it saves in a loop and prints `SAVED <round> <step>` after each save returns.
@Suite("Storage: fault injection")
struct FaultInjectionTests {
    @Test(
        .enabled(if: FaultChild.executable != nil, "needs to start the test executable again (the Linux test runner)"),
        arguments: ["sqlite", "file"])
    func aKilledWriterLosesNoAcknowledgedSave(backend: String) async throws {
        let executable = try #require(FaultChild.executable)
        let runs = FaultRuns.count
        var acknowledgedSaves = 0
        var lost = 0
        var kills = 0
        try await withTemporaryFolder { folder in
            let location = folder.appendingPathComponent(backend == "sqlite" ? "ledger.sqlite" : "expenses")
            var generator = SeededGenerator(seed: backend == "sqlite" ? 0x5EED : 0xF11E)
            var lastAcknowledged: [Int: Int] = [:]
            for round in 0..<runs {
                var environment = [
                    FaultChild.backendVariable: backend, FaultChild.locationVariable: location.path,
                    FaultChild.roundVariable: String(round),
                ]
                let selfKill = round % 2 == 1
                let killAfter = Int.random(in: 1...20, using: &generator)
                if selfKill {
                    let bytes = Int.random(in: 0...(backend == "sqlite" ? 400_000 : 16_000), using: &generator)
                    environment[FaultChild.killAtVariable] = String(bytes)
                }
                let child = try await ChildProcesses.runUntilKilled(
                    executable: executable, filter: "faultChildSavesUntilKilled", environment: environment,
                    marker: "SAVED ", count: selfKill ? .max : killAfter)
                let lines = child.lines
                // A writer that ran out of saves and exited was never killed: that run injected nothing.
                let killed = child.diedOfSIGKILL
                #expect(killed, "round \(round): the writer was not killed; it printed \(lines.suffix(2))")
                if killed { kills += 1 }
                let steps = lines.compactMap { line -> Int? in
                    let parts = line.split(separator: " ")
                    guard parts.count == 3, parts[0] == "SAVED", Int(parts[1]) == round else { return nil }
                    return Int(parts[2])
                }
                #expect(steps == Array(0..<steps.count), "round \(round): acknowledgements out of order")
                if !selfKill {
                    #expect(
                        steps.count >= killAfter,
                        "round \(round): the child stopped early:\n\(lines.joined(separator: "\n"))")
                }
                lastAcknowledged[round] = steps.count - 1
                acknowledgedSaves += steps.count

                let ids = try await storedIDs(backend: backend, at: location)
                for (checked, last) in lastAcknowledged {
                    for step in 0..<(last + 1) {
                        let missing = FaultChild.ids(round: checked, step: step).filter { !ids.contains($0) }
                        #expect(missing.isEmpty, "round \(checked): acknowledged save \(step) lost after the kill")
                        if checked == round, !missing.isEmpty { lost += 1 }
                    }
                    let inFlight = FaultChild.ids(round: checked, step: last + 1).filter(ids.contains)
                    #expect(
                        inFlight.isEmpty || inFlight.count == FaultChild.ids(round: checked, step: last + 1).count,
                        "round \(checked): save \(last + 1) is half there")
                    let beyond = FaultChild.ids(round: checked, step: last + 2).filter(ids.contains)
                    #expect(beyond.isEmpty, "round \(checked): a save after the kill point exists")
                }
            }
        }
        #expect(kills == runs && acknowledgedSaves > 0)
        FaultRuns.report(
            "kill-\(backend)", runs: runs, faults: kills, acknowledged: acknowledgedSaves, lost: lost)
    }

    /// Opens the store as the app would after a crash, checks it, and returns every id in it.
    private func storedIDs(backend: String, at location: URL) async throws -> Set<UUID> {
        let period = Date.distantPast..<Date.distantFuture
        if backend == "sqlite" {
            let store = try await SQLiteStore.open(at: location, options: SQLiteStoreOptions(check: .full))
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
    @Test(.enabled(if: FaultChild.isChild, "runs only inside the child process of the kill test"))
    func faultChildSavesUntilKilled() async throws {
        let environment = ProcessInfo.processInfo.environment
        let location = URL(fileURLWithPath: try #require(environment[FaultChild.locationVariable]))
        let round = try #require(Int(environment[FaultChild.roundVariable] ?? ""))
        let killAt = environment[FaultChild.killAtVariable].flatMap { Int($0) }
        let store: any ExpenseSaving
        if environment[FaultChild.backendVariable] == "sqlite" {
            if let killAt { SQLiteFullDisk.limit(location, to: killAt, killing: true) }
            store = try await SQLiteStore.open(at: location)
        } else if let killAt {
            store = try await FileSystemExpenseStore.open(in: location, writer: SuicidalDisk(killAt: killAt).writer)
        } else {
            store = try await FileSystemExpenseStore.open(in: location)
        }
        // Bounded, so a child whose parent died still ends on its own.
        for step in 0..<5_000 {
            let entries = FaultChild.ids(round: round, step: step).map { id in
                ExpenseEntry(
                    id: id, title: "round \(round) step \(step)", price: Decimal(step), currencyCode: "EUR",
                    date: referenceDate.addingTimeInterval(Double(step)))
            }
            try await store.save(entries)
            ChildProcesses.say("SAVED \(round) \(step)")
        }
    }

    /// The disk fills up after a seeded number of bytes while a store saves expenses and numbered invoices (SQLite
    /// and the file-system expense store) or documents and numbered invoices (the file-system document store).
    /// Every failure is a typed full-disk error and saved nothing; after the space comes back, everything
    /// acknowledged is there.
    @Test(arguments: ["sqlite", "fileSystemExpenses", "fileSystemDocuments"])
    func aFullDiskLosesNothingAcknowledged(store kind: String) async throws {
        let runs = FaultRuns.count
        var generator = SeededGenerator(seed: UInt64(kind.utf8.count) &* 0x9E37_79B9)
        var faults = 0
        var acknowledged = 0
        var lost = 0
        for run in 0..<runs {
            let capacity = Int.random(in: 0...(kind == "sqlite" ? 600_000 : 60_000), using: &generator)
            var plan: [(entries: Int, comment: Int)] = []
            for _ in 0..<24 {
                plan.append(
                    (Int.random(in: 1...8, using: &generator), Int.random(in: 0...600, using: &generator)))
            }
            try await withTemporaryFolder { folder in
                let outcome = try await fillTheDisk(
                    kind: kind, folder: folder, capacity: capacity, plan: plan, run: run)
                faults += outcome.faults
                acknowledged += outcome.acknowledged
                lost += outcome.lost
            }
        }
        // Seeded capacities below what the plan writes: a run of this test without a single full disk proves nothing.
        #expect(faults > 0)
        #expect(lost == 0)
        FaultRuns.report("disk-full-\(kind)", runs: runs, faults: faults, acknowledged: acknowledged, lost: lost)
    }

    private struct DiskOutcome {
        var faults = 0
        var acknowledged = 0
        var lost = 0
    }

    /// The one typed full-disk error every backend reports: `fileSystem` with `ENOSPC`.
    private func isDiskFull(_ error: StorageError) -> Bool {
        guard case .fileSystem(let failure) = error else { return false }
        return failure.errorNumber == ENOSPC && error.isDiskFull
    }

    private func fillTheDisk(
        kind: String, folder: URL, capacity: Int, plan: [(entries: Int, comment: Int)], run: Int
    ) async throws -> DiskOutcome {
        var outcome = DiskOutcome()
        let invoices = try NumberSequence("invoice")
        var savedIDs: [[UUID]] = []
        var failedIDs: [[UUID]] = []
        var invoiceTokens: [Int: String] = [:]
        // Every other invoice also reads a counter document and replaces it increased by one.
        var counted = 0
        var documents: [DocumentID: Data] = [:]
        var failedDocuments: [DocumentID] = []
        let disk = FillingDisk(capacity: capacity)
        let url = folder.appendingPathComponent(kind == "sqlite" ? "ledger.sqlite" : kind)
        let expenses: (any ExpenseSaving)?
        let numbered: any NumberedDocumentCreating & NumberedDocumentUpdating & DocumentSaving
        let close: () async -> Void
        switch kind {
        case "sqlite":
            // The database exists before the disk fills up, as an app's does.
            await (try await SQLiteStore.open(at: url)).close()
            SQLiteFullDisk.limit(url, to: capacity)
            let store = try await SQLiteStore.open(at: url)
            (expenses, numbered, close) = (store, store, { await store.close() })
        case "fileSystemExpenses":
            let store = try await FileSystemExpenseStore.open(in: url, writer: disk.writer)
            let documentStore = try await FileSystemDocumentStore.open(
                in: folder.appendingPathComponent("documents"), writer: disk.writer)
            (expenses, numbered) = (store, documentStore)
            close = {
                await store.close()
                await documentStore.close()
            }
        default:
            let store = try await FileSystemDocumentStore.open(in: url, writer: disk.writer)
            (expenses, numbered, close) = (nil, store, { await store.close() })
        }
        for (step, batch) in plan.enumerated() {
            if step % 4 == 3 {
                let token = "run \(run) step \(step)"
                let counts = step % 8 == 7
                let counterID = try TestCounter.id
                do throws(NumberedCreationError<StorageError>) {
                    let created = try await numbered.createNumberedDocuments(
                        in: invoices, reading: counts ? [counterID] : []
                    ) { (number, read) throws(StorageError) in
                        let counter = counts ? [try TestCounter.draft((try TestCounter.value(in: read) ?? 0) + 1)] : []
                        return try TestInvoices.drafts(number: number, token: token) + counter
                    }
                    invoiceTokens[created.number] = token
                    if counts { counted += 1 }
                    outcome.acknowledged += 1
                } catch {
                    guard case .storage(let storageError) = error, isDiskFull(storageError) else {
                        Issue.record("\(kind) run \(run): \(error)")
                        continue
                    }
                    outcome.faults += 1
                }
            } else if let expenses {
                let entries = (0..<batch.entries).map { index in
                    ExpenseEntry(
                        id: uuid(run * 1_000 + step, index), title: "step \(step)", price: Decimal(index),
                        currencyCode: "EUR", comment: String(repeating: "c", count: batch.comment),
                        date: referenceDate.addingTimeInterval(Double(step * 10 + index)))
                }
                do throws(StorageError) {
                    try await expenses.save(entries)
                    savedIDs.append(entries.map(\.id))
                    outcome.acknowledged += 1
                } catch {
                    #expect(isDiskFull(error), "\(kind) run \(run): \(error)")
                    failedIDs.append(entries.map(\.id))
                    outcome.faults += 1
                }
            } else {
                let id = try DocumentID("doc-\(step)")
                let bytes = Data(repeating: UInt8(step), count: batch.comment * 4)
                do throws(StorageError) {
                    try await numbered.save(DocumentDraft(id: id, contentType: "a/b", bytes: bytes))
                    documents[id] = bytes
                    outcome.acknowledged += 1
                } catch {
                    #expect(isDiskFull(error), "\(kind) run \(run): \(error)")
                    failedDocuments.append(id)
                    outcome.faults += 1
                }
            }
        }
        await close()
        // Every failure came from the full disk, and every refused write failed an operation.
        let injected = kind == "sqlite" ? SQLiteFullDisk.faults(for: url) : disk.faults
        #expect((injected > 0) == (outcome.faults > 0), "\(kind) run \(run): \(injected) writes refused")

        // The space comes back: open as the app would.
        SQLiteFullDisk.limit(url, to: nil)
        switch kind {
        case "sqlite":
            let store = try await SQLiteStore.open(at: url, options: SQLiteStoreOptions(check: .full))
            #expect(try await store.integrityCheck() == [])
            outcome.lost += try await missing(savedIDs, failed: failedIDs, in: store)
            outcome.lost += try await missingInvoices(invoiceTokens, in: store)
            outcome.lost += try await lostCounts(counted, in: store)
            await store.close()
        case "fileSystemExpenses":
            let store = try await FileSystemExpenseStore.open(in: url)
            outcome.lost += try await missing(savedIDs, failed: failedIDs, in: store)
            await store.close()
            let documentStore = try await FileSystemDocumentStore.open(in: folder.appendingPathComponent("documents"))
            outcome.lost += try await missingInvoices(invoiceTokens, in: documentStore)
            outcome.lost += try await lostCounts(counted, in: documentStore)
            await documentStore.close()
        default:
            let store = try await FileSystemDocumentStore.open(in: url)
            outcome.lost += try await missingInvoices(invoiceTokens, in: store)
            outcome.lost += try await lostCounts(counted, in: store)
            for (id, bytes) in documents where try await store.load(id)?.bytes != bytes { outcome.lost += 1 }
            for id in failedDocuments { #expect(try await store.load(id) == nil, "a failed save of \(id) exists") }
            await store.close()
        }
        let leftovers = (FileManager.default.enumerator(atPath: folder.path)?.allObjects as? [String] ?? [])
            .filter {
                let name = URL(fileURLWithPath: $0).lastPathComponent
                return name.hasPrefix(".tmp-") || name.hasPrefix(".replaced-")
            }
        #expect(leftovers.isEmpty, "\(leftovers)")
        return outcome
    }

    /// Acknowledged batches missing from `store`; failed batches must be absent entirely.
    private func missing(_ saved: [[UUID]], failed: [[UUID]], in store: any ExpenseReading) async throws -> Int {
        let ids = Set(try await store.report(in: allTime).entries.map(\.id))
        for batch in failed { #expect(batch.allSatisfy { !ids.contains($0) }, "a failed save left entries behind") }
        return saved.filter { !$0.allSatisfy(ids.contains) }.count
    }

    /// Acknowledged invoices missing from `store`, after checking that the invoices there belong together and that
    /// the acknowledged numbers run from 1 without a gap.
    private func missingInvoices(_ tokens: [Int: String], in store: any DocumentStore) async throws -> Int {
        let stored = try await TestInvoices.check(store)
        #expect(tokens.keys.sorted() == Array(1..<(tokens.count + 1)), "a failed creation consumed a number")
        #expect(stored == tokens)
        return tokens.filter { stored[$0.key] != $0.value }.count
    }

    /// 1 when the counter does not show exactly the acknowledged increments (a lost or a failed one counted).
    private func lostCounts(_ counted: Int, in store: any DocumentStore) async throws -> Int {
        let counter = try await store.load(try TestCounter.id)
        let value = counter.map { String(decoding: $0.bytes, as: UTF8.self) } ?? "0"
        #expect(value == String(counted), "the counter lost or kept a failed increment")
        return value == String(counted) ? 0 : 1
    }

    /// A database damaged at seeded random offsets: opening either succeeds with a sound database or refuses with
    /// `corrupted`, and repair then salvages into a database that passes `PRAGMA integrity_check`.
    @Test func aDamagedDatabaseIsRefusedOrRepaired() async throws {
        let runs = FaultRuns.count
        var generator = SeededGenerator(seed: 0xDA3A6E)
        var flips = 0
        var refused = 0
        var recovered = 0
        var unreadable = 0
        var damagedRuns = 0
        for _ in 0..<runs {
            try await withTemporaryFolder { folder in
                let url = folder.appendingPathComponent("ledger.sqlite")
                _ = try await DamageFixture.build(at: url)
                let original = try FileFixtures.bytes(of: url)
                let count = Int.random(in: 1...8, using: &generator)
                flips += count
                for _ in 0..<count {
                    try FileFixtures.flipBit(
                        in: url, at: Int.random(in: 0..<original.count, using: &generator),
                        bit: UInt8.random(in: 0...7, using: &generator))
                }
                // Two flips of one bit cancel out: only a file that differs was damaged.
                if try FileFixtures.bytes(of: url) != original { damagedRuns += 1 }
                do {
                    let contents = try await DamageFixture.contents(of: url)
                    #expect(contents.problems == [])
                    recovered += contents.report.entries.count
                } catch let error as StorageError {
                    guard case .corrupted(let report) = error, report.movedTo == nil else {
                        Issue.record("expected corrupted, got \(error)")
                        return
                    }
                    refused += 1
                    let repaired = folder.appendingPathComponent("repaired.sqlite")
                    let repair = try await SQLiteStore.repair(damaged: url, into: repaired)
                    let contents = try await DamageFixture.contents(of: repaired)
                    #expect(contents.problems == [])
                    recovered += repair.expenses.recovered
                    unreadable += repair.expenses.unreadable
                }
            }
        }
        #expect(damagedRuns > 0)
        FaultRuns.report(
            "damage-sqlite", runs: runs, faults: flips, acknowledged: runs * DamageFixture.entryCount,
            lost: unreadable, extra: "refused=\(refused) recovered=\(recovered)")
    }
}

/// How the kill test starts, talks to and kills its child.
enum FaultChild {
    static let backendVariable = "STORAGE_FAULT_CHILD_BACKEND"
    static let locationVariable = "STORAGE_FAULT_CHILD_LOCATION"
    static let roundVariable = "STORAGE_FAULT_CHILD_ROUND"
    static let killAtVariable = "STORAGE_FAULT_CHILD_KILL_AT"

    static var isChild: Bool { ProcessInfo.processInfo.environment[backendVariable] != nil }
    static var executable: URL? { ChildProcesses.executable(childVariables: [backendVariable]) }

    /// Every third save is a batch of four, the others single entries; ids are derived from round and step so the
    /// parent knows what an in-flight save would have written.
    static func ids(round: Int, step: Int) -> [UUID] {
        let count = step % 3 == 2 ? 4 : 1
        return (0..<count).map { uuid(round * 100_000 + step, $0) }
    }
}
