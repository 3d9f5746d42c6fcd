import Foundation
import Testing

@Suite("Ledger: command line")
struct CommandLineTests {
    @Test(arguments: ["--help", "-h", "help"])
    func helpPrintsUsageAndSucceeds(flag: String) async throws {
        let result = try await LedgerBinary.locate().run([flag])
        #expect(result.status == 0)
        #expect(result.standardOutput.hasPrefix("USAGE: ledger <command>"))
        #expect(result.standardError.isEmpty)
    }

    @Test func unknownCommandExitsWithUsageStatusAndNamesTheCommand() async throws {
        let result = try await LedgerBinary.locate().run(["frobnicate"])
        #expect(result.status == 64)
        #expect(result.standardOutput.isEmpty)
        #expect(result.standardError.contains("unknown command 'frobnicate'"))
        #expect(result.standardError.contains("ledger --help"))
    }

    @Test func noCommandPrintsUsageToStandardErrorAndExitsWithUsageStatus() async throws {
        let result = try await LedgerBinary.locate().run([])
        #expect(result.status == 64)
        #expect(result.standardError.hasPrefix("USAGE: ledger <command>"))
    }
}

@Suite("Ledger: help and completion for every command")
struct HelpAndCompletionTests {
    /// Every command the overview lists, as words.
    private func commands() async throws -> [[String]] {
        let overview = try await LedgerBinary.locate().run(["--help"]).standardOutput
        let listed = overview.components(separatedBy: "\nCOMMANDS\n")[1].components(separatedBy: "\n\n")[0]
        return listed.split(separator: "\n").map { line in
            line.trimmingCharacters(in: .whitespaces).components(separatedBy: "  ")[0].split(separator: " ").map(
                String.init)
        }
    }

    @Test func everyCommandHasHelpThroughBothSpellings() async throws {
        let binary = try LedgerBinary.locate()
        let commands = try await commands()
        #expect(commands.count >= 15)
        for command in commands {
            let viaHelp = try await binary.run(["help"] + command)
            let viaFlag = try await binary.run(command + ["--help"])
            #expect(viaHelp.status == 0 && viaFlag.status == 0, "\(command)")
            #expect(viaHelp.standardOutput.hasPrefix("USAGE: ledger \(command.joined(separator: " "))"), "\(command)")
            #expect(viaFlag.standardOutput == viaHelp.standardOutput, "\(command)")
        }
        let group = try await binary.run(["help", "invoice"])
        #expect(group.standardOutput.hasPrefix("USAGE: ledger invoice <new|list|show|upload|duplicate>"))
    }

    @Test(arguments: ["bash", "zsh", "fish"])
    func completionScriptsAreValidForTheirShell(shell: String) async throws {
        let script = try await LedgerBinary.locate().run(["completion", shell])
        #expect(script.status == 0 && script.standardOutput.contains("ledger __complete"))
        let checker = ["/bin/\(shell)", "/usr/bin/\(shell)"].first { FileManager.default.isExecutableFile(atPath: $0) }
        guard let checker else { return }
        let file = FileManager.default.temporaryDirectory.appendingPathComponent(
            "ledger-completion-\(UUID().uuidString)")
        try script.standardOutput.write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        let check = try await ShellRun.run(checker, ["-n", file.path])
        #expect(check == 0, "\(shell) -n refused the script")
    }

    @Test(arguments: [
        (["__complete", ""], ["expense", "report", "invoice"]),
        (["__complete", "inv"], ["invoice"]),
        (["__complete", "invoice", "d"], ["duplicate"]),
        (["__complete", "invoice", "new", "--te"], ["--template"]),
        (["__complete", "invoice", "new", "--template", ""], ["standard", "compact", "creative"]),
        (["__complete", "report", ""], ["day", "week", "month", "year"]),
        (["__complete", "help", "ex"], ["expense"]),
        (["__complete", "--data-dir", "/tmp", "expense", "a"], ["add"]),
        (["__complete", "nonsense", ""], []),
    ])
    func completionOffersWhatMayFollow(arguments: [String], expected: [String]) async throws {
        let result = try await LedgerBinary.locate().run(arguments)
        let offered = result.standardOutput.split(separator: "\n").map(String.init)
        #expect(Set(expected).isSubset(of: Set(offered)), "\(arguments): \(offered)")
        if expected.isEmpty { #expect(offered.isEmpty) }
    }
}

/// Runs a program and waits for its exit status on a thread of its own.
enum ShellRun {
    static func run(_ program: String, _ arguments: [String]) async throws -> Int32 {
        try await withCheckedThrowingContinuation { continuation in
            Thread {
                continuation.resume(
                    with: Result {
                        let process = Process()
                        process.executableURL = URL(fileURLWithPath: program)
                        process.arguments = arguments
                        process.standardOutput = FileHandle.nullDevice
                        process.standardError = FileHandle.nullDevice
                        try process.run()
                        process.waitUntilExit()
                        return process.terminationStatus
                    })
            }.start()
        }
    }
}
