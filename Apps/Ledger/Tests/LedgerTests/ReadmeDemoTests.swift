import Foundation
import LedgerTestSupport
import Testing

/// The demo's output, recorded where its owners keep it: each feature's part in the feature's README (the block
/// marked `<!-- BEGIN GENERATED DEMO: <title> -->`), the shell's header and footer in Apps/Ledger/README.md. This
/// test runs the demo with a fixed clock, time zone and locale, replaces what changes from run to run (the
/// temporary folder, the port, ids) with fixed stand-ins, and compares each part with its block, so a change in
/// one feature's output (or in the reference server's resource the feature owns) is re-recorded in that feature's
/// README only. `Scripts/demo --record` (which sets `LEDGER_RECORD_README=1`) writes the blocks from the run; a
/// recording run fails on purpose, so it can never be left on.
@Suite("Ledger: every README's recorded demo output is the demo's")
struct ReadmeDemoTests {
    private static var repository: URL {
        var folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        for _ in 0..<4 { folder.deleteLastPathComponent() }
        return folder
    }

    /// What differs between runs, and what it becomes.
    private static let volatile: [(pattern: String, replacement: String)] = [
        (#"/[A-Za-z0-9_/.-]*ledger-demo-[0-9a-f]{8}"#, "/tmp/ledger-demo-1a2b3c4d"),
        (#"127\.0\.0\.1:[0-9]+"#, "127.0.0.1:41873"),
        (#"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}"#, "4b1d7c2e-…"),
        (#"inv_[0-9a-f]{16}"#, "inv_9c1f2e7a5b3d4c60"),
        (#"cn_[0-9a-f]{16}"#, "cn_3122de8522a432d3"),
        (#"demo-[0-9a-f]{6}@example\.com"#, "demo-5f3a1c@example.com"),
        // A list's short ids: the shortest unique prefix of a random id, at the end of its row.
        (#"(?m) [0-9a-f]{8,31}$"#, " 5e6f7a8b"),
    ]

    /// CSV lines end in CRLF (RFC 4180); the READMEs keep plain line ends.
    static func normalized(_ output: String) -> String {
        Self.volatile.reduce(output.replacingOccurrences(of: "\r\n", with: "\n")) { text, rule in
            text.replacingOccurrences(of: rule.pattern, with: rule.replacement, options: .regularExpression)
        }
    }

    /// The demo's output cut into parts by their `== Title ==` headings; the shell's header and footer are the
    /// part titled `ledger`. A title that comes twice (a part's steps with the server stopped) is one part.
    static func parts(of output: String) -> [(title: String, text: String)] {
        var parts: [(title: String, text: String)] = [("ledger", "")]
        for line in output.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("== "), line.hasSuffix(" =="), line.count > 6 {
                let title = String(line.dropFirst(3).dropLast(3))
                if !parts.contains(where: { $0.title == title }) { parts.append((title, "")) }
                parts[parts.firstIndex { $0.title == title } ?? 0].text += "\(line)\n"
                continue
            }
            if line.hasPrefix("The data folder: ") { parts[0].text += "...\n" }
            let current = line.hasPrefix("The data folder: ") ? 0 : parts.count - 1
            parts[current].text += "\(line)\n"
        }
        return parts.map { ($0.title, $0.text.trimmingCharacters(in: .newlines) + "\n") }
    }

    /// Every README under Apps/ with the text it holds.
    private static func readmes() throws -> [(URL, String)] {
        let apps = repository.appendingPathComponent("Apps")
        // Hidden folders (a package's .build) are skipped; the repository itself may sit in one (a replay's clone).
        let found = FileManager.default.enumerator(
            at: apps, includingPropertiesForKeys: nil, options: [.skipsHiddenFiles]
        )?.compactMap { ($0 as? URL).flatMap { $0.lastPathComponent == "README.md" ? $0 : nil } }
        return try (found ?? []).map { ($0, try String(contentsOf: $0, encoding: .utf8)) }
    }

    @Test func everyPartOfTheDemoIsRecordedInItsOwnersReadme() async throws {
        let result = try await LedgerBinary.locate().run(
            ["demo"],
            environment: [
                "LEDGER_NOW": "2026-11-21T10:30:00Z", "TZ": "UTC", "LC_ALL": "en_US.UTF-8", "LANG": "en_US.UTF-8",
            ])
        #expect(result.status == 0, "\(result.standardError)")
        let recording = ProcessInfo.processInfo.environment["LEDGER_RECORD_README"] == "1"
        let readmes = try Self.readmes()
        for part in Self.parts(of: Self.normalized(result.standardOutput)) {
            let begin = "<!-- BEGIN GENERATED DEMO: \(part.title) -->"
            let end = "<!-- END GENERATED DEMO: \(part.title) -->"
            let holders = readmes.filter { $0.1.contains(begin) }
            guard holders.count == 1, let (file, text) = holders.first,
                let start = text.range(of: begin),
                let stop = text.range(of: end, range: start.upperBound..<text.endIndex)
            else {
                let message =
                    "the demo's part '\(part.title)' needs exactly one README with \(begin) ... \(end) (found "
                    + "\(holders.count)): add the block to the README of the feature that owns the part"
                Issue.record(Comment(rawValue: message))
                continue
            }
            let block = begin + "\n\n```text\n" + part.text + "```\n\n" + end
            let current = String(text[start.lowerBound..<stop.upperBound])
            if recording {
                try text.replacingCharacters(in: start.lowerBound..<stop.upperBound, with: block)
                    .write(to: file, atomically: true, encoding: .utf8)
                continue
            }
            #expect(
                current == block,
                "\(file.path)'s recorded demo output of '\(part.title)' is out of date: run Scripts/demo --record")
        }
        #expect(!recording, "LEDGER_RECORD_README=1 wrote the READMEs; run again without it to compare")
        let folder = result.standardOutput.split(separator: "\n").first { $0.hasPrefix("The data folder: ") }
            .flatMap { $0.dropFirst("The data folder: ".count).split(separator: " ").first }
        if let folder { try? FileManager.default.removeItem(atPath: String(folder)) }
    }

    @Test func theDemoIsCutIntoItsParts() {
        let output = """
            Ledger demo
              data folder: /tmp/x

            == Expenses ==

            $ ledger expense list
            No expenses.

            == Home ==
            Home
            == Home ==
            Home (offline)

            The data folder: /tmp/x (remove it when done)

            """
        let parts = Self.parts(of: output)
        #expect(parts.map(\.title) == ["ledger", "Expenses", "Home"])
        #expect(
            parts[0].text
                == "Ledger demo\n  data folder: /tmp/x\n\n...\nThe data folder: /tmp/x (remove it when done)\n")
        #expect(parts[1].text == "== Expenses ==\n\n$ ledger expense list\nNo expenses.\n")
        #expect(parts[2].text == "== Home ==\nHome\n== Home ==\nHome (offline)\n")
    }
}
