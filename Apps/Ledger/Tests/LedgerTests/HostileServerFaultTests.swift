import DevServer
import Foundation
import LedgerTestSupport
import Testing

/// A hostile server, repeated: redirects of every kind to another origin, a gzip bomb, an endless chunked body, a
/// huge declared length, escape sequences in every field, malformed and empty home payloads. Nothing it does may
/// carry the session elsewhere, hold more memory than the HTTP client's limit on an answer plus what the app holds
/// anyway, run past the time limits, reach the terminal raw, or replace a good saved home screen. Each case prints
/// its counts on a `fault-injection:` line, which `Scripts/faults` collects; `LEDGER_FAULT_RUNS` sets the runs
/// (1 by default, so the test run stays quick).
@Suite("Ledger: a hostile server takes nothing and breaks nothing")
struct HostileServerFaultTests {
    private static var runs: Int {
        ProcessInfo.processInfo.environment["LEDGER_FAULT_RUNS"].flatMap(Int.init) ?? 1
    }

    /// The HTTP client's limit on one answer (the Networking package's default).
    private static let capMiB = 16
    /// What `ledger home` holds whatever the server sends (Foundation, fonts, SQLite), measured at 50-65 MiB.
    private static let allowanceMiB = 128
    /// Thread Sanitizer keeps shadow memory beside the memory the app uses (5 to 10 times as much, its authors
    /// say), and a sanitized test binary runs a sanitized `ledger`: the limit is then four times higher, still
    /// far below what a body read without the cap takes (the gzip bomb alone inflates to a gibibyte).
    private static let sanitizerFactor = dlsym(dlopen(nil, RTLD_NOW), "__tsan_init") == nil ? 1 : 4
    /// The composition root's deadline for a whole call.
    private static let deadlineSeconds = 30.0

    private static let controlCharacters = ["\u{1B}", "\u{07}", "\r", "\u{202E}"]

    @Test func redirectsToAnotherOriginCarryNoCredentials() async throws {
        var leaked = 0
        var followed = 0
        try await DevServer.run { server in
            try await DevServer.run { other in
                let workspace = try LedgerWorkspace(apiURL: server.baseURL)
                #expect(try await workspace.run(["register", uniqueEmail()]).status == 0)
                for _ in 0..<Self.runs {
                    for status in [301, 302, 303, 307, 308] {
                        for (path, method, words) in [
                            ("/v1/me", "GET", ["whoami"]),
                            ("/v1/invoices", "POST", ["invoice", "new", "--client", "A", "--item", "Work;1;1"]),
                        ] {
                            try await server.reset()
                            try await other.reset()
                            let target = other.baseURL.appendingPathComponent(String(path.dropFirst()))
                            try await server.control(
                                DevServerControl(
                                    hostile: .init(
                                        .redirect, path: path, method: method, status: status,
                                        location: target.absoluteString)))
                            _ = try await workspace.run(words)
                            let stats = try await other.stats()
                            followed += stats.total
                            leaked += stats.authorized.values.reduce(0, +)
                        }
                    }
                }
            }
        }
        #expect(leaked == 0, "credentials reached another origin \(leaked) times")
        #expect(followed > 0, "no redirect was followed at all: the case tested nothing")
        print("fault-injection: hostile-redirect runs=\(Self.runs * 10) followed=\(followed) leaked=\(leaked) lost=0")
    }

    @Test func bombsFloodsAndHugeLengthsStayUnderTheCapAndTheDeadline() async throws {
        var peakKilobytes = 0
        var slowest = 0.0
        var lost = 0
        try await DevServer.run { server in
            let workspace = try LedgerWorkspace(apiURL: server.baseURL)
            let saved = try await workspace.run(["home"])
            #expect(saved.status == 0, "\(saved.standardError)")
            let closed = try LedgerWorkspace().apiURL  // a loopback port nothing listens on
            for _ in 0..<Self.runs {
                for reply in [DevServerControl.Hostile.Reply.gzipBomb, .endlessChunked, .hugeLength] {
                    try await server.reset()
                    try await server.control(DevServerControl(hostile: .init(reply, path: "/v1/home/sections")))
                    let result = try await workspace.run(["home"])
                    #expect(result.status == 0, "\(reply): \(result.standardError)")
                    #expect(
                        result.standardError.contains("larger than the 16 MiB"), "\(reply): \(result.standardError)")
                    peakKilobytes = max(peakKilobytes, result.peakMemoryKilobytes ?? 0)
                    slowest = max(slowest, result.seconds ?? 0)
                    let offline = try await workspace.run(["home"], api: closed)
                    if offline.standardOutput.split(separator: "\n").dropFirst()
                        != saved.standardOutput.split(separator: "\n").dropFirst()
                    {
                        lost += 1
                    }
                }
            }
        }
        let limitKilobytes = (Self.capMiB + Self.allowanceMiB) * 1024 * Self.sanitizerFactor
        #expect(peakKilobytes > 0, "the memory of the runs could not be read")
        #expect(peakKilobytes <= limitKilobytes, "peak \(peakKilobytes) KB, over \(limitKilobytes) KB")
        #expect(slowest <= Self.deadlineSeconds + 10, "a run took \(slowest) s")
        #expect(lost == 0, "a hostile answer replaced the saved screen \(lost) times")
        print(
            "fault-injection: hostile-body runs=\(Self.runs * 3) peak-memory=\(peakKilobytes / 1024)MiB "
                + "cap=\(Self.capMiB)MiB+\(Self.allowanceMiB)MiB slowest=\(String(format: "%.1f", slowest))s "
                + "deadline=\(Int(Self.deadlineSeconds))s saved-screens-lost=\(lost) lost=\(lost)")
    }

    @Test func escapesInEveryServerFieldNeverReachTheTerminal() async throws {
        var raw = 0
        var shown = 0
        try await DevServer.run { server in
            let workspace = try LedgerWorkspace(apiURL: server.baseURL)
            let email = uniqueEmail()
            #expect(try await workspace.run(["register", email]).status == 0)
            for _ in 0..<Self.runs {
                for (path, words) in [
                    ("/v1/me", ["whoami"]), ("/v1/me", ["login", email]),
                    ("/v1/invoices", ["invoice", "new", "--client", "A", "--item", "Work;1;1"]),
                    ("/v1/invoices", ["invoice", "list"]),
                ] {
                    try await server.reset()
                    try await server.control(DevServerControl(hostile: .init(.escapes, path: path)))
                    let result = try await workspace.run(words)
                    let printed = result.standardOutput + result.standardError
                    raw += Self.controlCharacters.filter { printed.contains($0) }.count
                    shown += printed.contains("\\u{1B}[2J") ? 1 : 0
                }
            }
        }
        #expect(raw == 0, "raw control or direction characters reached the terminal \(raw) times")
        #expect(shown > 0, "the server's text was never shown: the case tested nothing")
        print("fault-injection: hostile-text runs=\(Self.runs * 4) shown=\(shown) raw-escapes=\(raw) lost=0")
    }

    @Test func malformedAndEmptyHomePayloadsNeverReplaceTheSavedScreen() async throws {
        var lost = 0
        try await DevServer.run { server in
            let workspace = try LedgerWorkspace(apiURL: server.baseURL)
            let saved = try await workspace.run(["home"])
            let closed = try LedgerWorkspace().apiURL  // a loopback port nothing listens on
            for _ in 0..<Self.runs {
                for body in [
                    "[1,2,3]", "{\"version\": 1, \"sections\": []}", "{\"version\": 1, \"sections\": [", "", "null",
                ] {
                    try await server.reset()
                    try await server.control(
                        DevServerControl(hostile: .init(.body, path: "/v1/home/sections", text: body)))
                    _ = try await workspace.run(["home"])
                    let offline = try await workspace.run(["home"], api: closed)
                    if offline.standardOutput.split(separator: "\n").dropFirst()
                        != saved.standardOutput.split(separator: "\n").dropFirst()
                    {
                        lost += 1
                    }
                }
            }
        }
        #expect(lost == 0, "a bad payload replaced the saved screen \(lost) times")
        print("fault-injection: hostile-home runs=\(Self.runs * 5) saved-screens-lost=\(lost) lost=\(lost)")
    }
}
