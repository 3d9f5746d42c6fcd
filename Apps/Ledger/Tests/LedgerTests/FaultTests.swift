import DevServer
import Foundation
import LedgerTestSupport
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// Real time on purpose: a kill lands at a real moment of a real process (seeded delays; what they hit is not).
/// kill -9 at seeded random moments while the app creates invoices, imports and renews the session. After each
/// kill: the data folder opens, its database passes the full integrity check, nothing the app acknowledged is
/// lost, every invoice has its PDF, a re-run finishes what was cut off, and the user stays signed in. Each case
/// also checks that a kill landed at all (a run where every command finished before its kill tested nothing).
/// `LEDGER_FAULT_RUNS` sets the number of runs per case (3 by default); each case prints its counts on a
/// `fault-injection:` line, which `Scripts/faults` collects.
@Suite("Ledger: kill -9 at any moment loses nothing acknowledged")
struct FaultTests {
    private static var runs: Int {
        ProcessInfo.processInfo.environment["LEDGER_FAULT_RUNS"].flatMap(Int.init) ?? 3
    }

    private struct Generator: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9e37_79b9_7f4a_7c15
            var z = state
            z = (z ^ (z >> 30)) &* 0xbf58_476d_1ce4_e5b9
            z = (z ^ (z >> 27)) &* 0x94d0_49bb_1331_11eb
            return z ^ (z >> 31)
        }
    }

    /// Runs `ledger` and kills it after `delay` unless it finished first; nil when it was killed.
    private func run(
        _ workspace: LedgerWorkspace, _ arguments: [String], killAfter delay: Duration
    ) async throws
        -> LedgerBinary.Result?
    {
        let url = workspace.binary.url
        let full = arguments + ["--data-dir", workspace.folder.path, "--api-url", workspace.apiURL.absoluteString]
        return try await withCheckedThrowingContinuation { continuation in
            Thread {
                continuation.resume(
                    with: Result {
                        let process = Process()
                        process.executableURL = url
                        process.arguments = full
                        let output = Pipe()
                        process.standardOutput = output
                        process.standardError = FileHandle.nullDevice
                        try process.run()
                        let pid = process.processIdentifier
                        let killer = DispatchWorkItem { kill(pid, SIGKILL) }
                        let (seconds, attoseconds) = delay.components
                        DispatchQueue.global().asyncAfter(
                            deadline: .now() + Double(seconds) + Double(attoseconds) / 1e18, execute: killer)
                        let data = output.fileHandleForReading.readDataToEndOfFile()
                        process.waitUntilExit()
                        killer.cancel()
                        guard process.terminationReason == .exit else { return nil }
                        return LedgerBinary.Result(
                            status: process.terminationStatus, standardOutput: String(decoding: data, as: UTF8.self),
                            standardError: "")
                    })
            }.start()
        }
    }

    /// Records an issue when no kill landed in `runs` runs: every command finished before its kill, so the case
    /// proved nothing about faults.
    private func expectFaults(_ faults: Int, in runs: Int, _ what: String) {
        let landed = "no kill landed in \(runs) run\(runs == 1 ? "" : "s")"
        let why = "every \(what) finished before its kill, so nothing was tested"
        #expect(faults > 0, "\(landed): \(why); run more (LEDGER_FAULT_RUNS) or kill sooner")
    }

    private func expectSound(_ workspace: LedgerWorkspace) async throws {
        let repair = try await workspace.run(["repair"])
        #expect(
            repair.standardOutput.hasPrefix("The database is sound") || repair.standardOutput.hasPrefix("There is no"),
            "\(repair.standardOutput)\(repair.standardError)")
    }

    @Test func killingInvoiceCreationNeverLosesOrTearsAnInvoice() async throws {
        try await DevServer.run { server in
            try await server.control(DevServerControl(latencyMilliseconds: 20))
            let workspace = try LedgerWorkspace(apiURL: server.baseURL)
            #expect(
                try await workspace.run(["register", "faults-\(UUID().uuidString.prefix(8))@example.com"]).status == 0)
            var random = Generator(state: 17)
            var acknowledged: [String] = []
            var faults = 0
            for index in 0..<Self.runs * 4 {
                let delay = Duration.milliseconds(Int.random(in: 0...1_200, using: &random))
                let result = try await run(
                    workspace, ["--json", "invoice", "new", "--client", "Client \(index)", "--item", "Work;1;100"],
                    killAfter: delay)
                guard let result else {
                    faults += 1
                    continue
                }
                let record = try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any]
                if let number = record?["number"] as? String { acknowledged.append(number) }
            }
            try await expectSound(workspace)
            let listed = try await workspace.run(["--json", "invoice", "list"])
            let invoices = try #require(
                try JSONSerialization.jsonObject(with: Data(listed.standardOutput.utf8)) as? [[String: Any]])
            let numbers = invoices.compactMap { $0["number"] as? String }
            let lost = acknowledged.filter { !numbers.contains($0) }
            #expect(lost.isEmpty)
            #expect(Set(numbers).count == numbers.count)
            for number in numbers {
                #expect(try await workspace.run(["invoice", "show", number]).status == 0, "\(number) has no PDF")
            }
            print(
                "fault-injection: ledger-invoice runs=\(Self.runs * 4) faults=\(faults) "
                    + "acknowledged=\(acknowledged.count) lost=\(lost.count)")
            expectFaults(faults, in: Self.runs * 4, "invoice creation")
        }
    }

    @Test func killingAnImportLeavesASoundStoreAndTheRerunAddsNoDuplicates() async throws {
        let workspace = try LedgerWorkspace()
        let rows = (1...4_000).map { "2026-03-\(String(format: "%02d", $0 % 28 + 1)),Row \($0),\($0 % 90 + 1).50,EUR" }
        let text = (["date,title,amount,currency"] + rows).joined(separator: "\n")
        let csv = try workspace.file("rows.csv", text)
        // The kills fall within the time one whole import takes here, timed in a workspace of its own: a fixed
        // range would let a fast machine finish every import before its kill and test nothing. Every run after
        // the first imports rows the store already holds, which is quicker, so the shorter of a first import and
        // a repeated one bounds the kills.
        let timing = try LedgerWorkspace()
        let timingFile = try timing.file("rows.csv", text).path
        var fastest = Duration.seconds(3_600)
        for _ in 0..<2 {
            let started = ContinuousClock.now
            #expect(try await timing.run(["expense", "import", timingFile]).status == 0)
            fastest = min(fastest, ContinuousClock.now - started)
        }
        let span = max(2, Int(fastest / .milliseconds(1) * 0.9))
        var random = Generator(state: 29)
        var faults = 0
        var acknowledged = 0
        for _ in 0..<Self.runs {
            let delay = Duration.milliseconds(Int.random(in: 0..<span, using: &random))
            if let finished = try await run(workspace, ["expense", "import", csv.path], killAfter: delay) {
                #expect(finished.status == 0)
                acknowledged += rows.count
            } else {
                faults += 1
            }
            try await expectSound(workspace)
        }
        let rerun = try await workspace.run(["--json", "expense", "import", csv.path])
        let summary = try #require(
            try JSONSerialization.jsonObject(with: Data(rerun.standardOutput.utf8)) as? [String: Any])
        let saved = (summary["inserted"] as? Int ?? 0) + (summary["replaced"] as? Int ?? 0)
        #expect(saved == rows.count)
        let list = try await workspace.run(["--json", "expense", "list"])
        let report = try #require(
            try JSONSerialization.jsonObject(with: Data(list.standardOutput.utf8)) as? [String: Any])
        let count = (report["entries"] as? [Any])?.count ?? -1
        #expect(count == rows.count)
        print(
            "fault-injection: ledger-import runs=\(Self.runs) faults=\(faults) acknowledged=\(acknowledged) "
                + "lost=\(max(0, rows.count - count))")
        expectFaults(faults, in: Self.runs, "import")
    }

    @Test func killingASessionRenewalNeverLocksTheUserOut() async throws {
        try await DevServer.run { server in
            let workspace = try LedgerWorkspace(apiURL: server.baseURL)
            let email = "renewal-\(UUID().uuidString.prefix(8).lowercased())@example.com"
            #expect(try await workspace.run(["register", email]).status == 0)
            var random = Generator(state: 43)
            var faults = 0
            var lockedOut = 0
            for attempt in 0..<Self.runs * 2 {
                try await server.control(DevServerControl(expireTokens: true))
                let delay = Duration.milliseconds(Int.random(in: 0...400, using: &random))
                let killed = try await run(workspace, ["whoami"], killAfter: delay) == nil
                if killed { faults += 1 }
                let after = try await workspace.run(["whoami"])
                if after.status != 0 || after.standardOutput != email + "\n" {
                    lockedOut += 1
                    let what = "run \(attempt + 1) (\(killed ? "killed" : "not killed") after \(delay))"
                    let answer = "\(after.status) \(after.standardOutput)\(after.standardError)"
                    Issue.record("\(what) left the user signed out: whoami said \(answer)")
                    let login = try await workspace.run(["login", email])
                    #expect(login.status == 0, "signing in again failed: \(login.standardError)")
                }
            }
            #expect(try await workspace.run(["whoami"]).standardOutput == email + "\n")
            print(
                "fault-injection: ledger-session runs=\(Self.runs * 2) faults=\(faults) acknowledged=\(Self.runs * 2) "
                    + "lost=\(lockedOut) signed-in-again=\(lockedOut)")
            expectFaults(faults, in: Self.runs * 2, "whoami")
        }
    }
}
