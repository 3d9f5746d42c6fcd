import Foundation
import Testing

/// The root README shows what `ledger demo` prints. This test runs the demo with a fixed clock, time zone and
/// locale, replaces what changes from run to run (the temporary folder, the port, ids) with fixed stand-ins, and
/// compares the result with the README. `Scripts/demo --record` (which sets `LEDGER_RECORD_README=1`) writes the
/// README from the run instead, so the README never drifts from the app.
@Suite("Ledger: the README's demo output is the demo's")
struct ReadmeDemoTests {
    static let begin = "<!-- BEGIN GENERATED DEMO (Scripts/demo --record) -->"
    static let end = "<!-- END GENERATED DEMO -->"

    private static var readme: URL {
        var folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        for _ in 0..<4 { folder.deleteLastPathComponent() }
        return folder.appendingPathComponent("README.md")
    }

    /// What differs between runs, and what it becomes.
    private static let volatile: [(pattern: String, replacement: String)] = [
        (#"/[A-Za-z0-9_/.-]*ledger-demo-[0-9a-f]{8}"#, "/tmp/ledger-demo-1a2b3c4d"),
        (#"127\.0\.0\.1:[0-9]+"#, "127.0.0.1:41873"),
        (#"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}"#, "4b1d7c2e-…"),
        (#"inv_[0-9a-f]{16}"#, "inv_9c1f2e7a5b3d4c60"),
        (#"demo-[0-9a-f]{6}@example\.com"#, "demo-5f3a1c@example.com"),
    ]

    /// CSV lines end in CRLF (RFC 4180); the README keeps plain line ends.
    static func normalized(_ output: String) -> String {
        Self.volatile.reduce(output.replacingOccurrences(of: "\r\n", with: "\n")) { text, rule in
            text.replacingOccurrences(of: rule.pattern, with: rule.replacement, options: .regularExpression)
        }
    }

    @Test func theReadmeShowsWhatTheDemoPrints() async throws {
        let result = try await LedgerBinary.locate().run(
            ["demo"],
            environment: [
                "LEDGER_NOW": "2026-11-21T10:30:00Z", "TZ": "UTC", "LC_ALL": "en_US.UTF-8", "LANG": "en_US.UTF-8",
            ])
        #expect(result.status == 0, "\(result.standardError)")
        let output = Self.normalized(result.standardOutput)
        let block = Self.begin + "\n\n```text\n" + output + "```\n\n" + Self.end
        let text = try String(contentsOf: Self.readme, encoding: .utf8)
        let start = try #require(text.range(of: Self.begin), "README.md has no \(Self.begin)")
        let stop = try #require(text.range(of: Self.end, range: start.upperBound..<text.endIndex))
        let current = String(text[start.lowerBound..<stop.upperBound])
        if ProcessInfo.processInfo.environment["LEDGER_RECORD_README"] == "1" {
            try text.replacingCharacters(in: start.lowerBound..<stop.upperBound, with: block)
                .write(to: Self.readme, atomically: true, encoding: .utf8)
            return
        }
        #expect(current == block, "README.md's demo output is out of date: run Scripts/demo --record")
        let path = result.standardOutput.split(separator: "\n").first { $0.hasPrefix("The data folder: ") }
        if let path {
            let folder = path.dropFirst("The data folder: ".count).split(separator: " ").first.map(String.init)
            if let folder { try? FileManager.default.removeItem(atPath: folder) }
        }
    }
}
