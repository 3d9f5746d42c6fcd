import Foundation
import LedgerTestSupport
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
        for group in Set(commands.filter { $0.count > 1 }.map(\.[0])) {
            let subcommands = commands.filter { $0.count > 1 && $0[0] == group }.map(\.[1])
            let help = try await binary.run(["help", group]).standardOutput
            let synopsis = "ledger \(group) <\(subcommands.joined(separator: "|"))> [options]"
            // A group word that is also a command (`home`) shows its own synopsis first, then the group's.
            let isCommand = commands.contains([group])
            #expect(help.hasPrefix("USAGE: " + (isCommand ? "ledger \(group)" : synopsis)), "\(group)")
            #expect(help.contains(synopsis) && subcommands.allSatisfy { help.contains("  \(group) \($0) ") })
        }
    }

    /// The shells whose syntax checker (`bash -n`) is installed here.
    static let shells = ["bash", "zsh", "fish"].filter { shell in
        ["/bin/\(shell)", "/usr/bin/\(shell)"].contains { FileManager.default.isExecutableFile(atPath: $0) }
    }

    @Test(.enabled(if: !shells.isEmpty, "no bash, zsh or fish installed to check the scripts with"))
    func completionScriptsAreValidForTheirShell() async throws {
        for shell in Self.shells {
            let script = try await LedgerBinary.locate().run(["completion", shell])
            #expect(script.status == 0 && script.standardOutput.contains("ledger __complete"))
            let checker = try #require(
                ["/bin/\(shell)", "/usr/bin/\(shell)"].first { FileManager.default.isExecutableFile(atPath: $0) })
            let file = FileManager.default.temporaryDirectory.appendingPathComponent(
                "ledger-completion-\(UUID().uuidString)")
            try script.standardOutput.write(to: file, atomically: true, encoding: .utf8)
            defer { try? FileManager.default.removeItem(at: file) }
            #expect(try await ShellRun.run(checker, ["-n", file.path]) == 0, "\(shell) -n refused the script")
        }
    }

    /// Completion offers what help lists, whatever the features register: the commands, each group's
    /// subcommands, and each command's options.
    @Test func completionOffersWhatHelpLists() async throws {
        let binary = try LedgerBinary.locate()
        let commands = try await commands()
        let complete = { (words: [String]) in
            try await binary.run(["__complete"] + words).standardOutput.split(separator: "\n").map(String.init)
        }
        #expect(try await complete([""]) == Self.unique(commands.map(\.[0])))
        for group in Set(commands.filter { $0.count > 1 }.map(\.[0])) {
            let subcommands = commands.filter { $0.count > 1 && $0[0] == group }.map(\.[1])
            #expect(try await complete([group, ""]) == subcommands, "\(group)")
            #expect(try await complete(["--data-dir", "/tmp", group, ""]) == subcommands, "\(group)")
        }
        for command in commands {
            let help = try await binary.run(["help"] + command).standardOutput
            let options =
                help.components(separatedBy: "\nOPTIONS\n").dropFirst().first?
                .components(separatedBy: "\n\n")[0].split(separator: "\n")
                .compactMap { $0.split(separator: " ").first.map(String.init) }.filter { $0.hasPrefix("--") } ?? []
            let offered = try await complete(command + ["--"]).filter {
                !["--data-dir", "--api-url", "--json", "--verbose", "--help"].contains($0)
            }
            #expect(offered == options, "\(command)")
        }
        #expect(try await complete(["nonsense", ""]).isEmpty)
    }

    private static func unique(_ words: [String]) -> [String] {
        var seen = Set<String>()
        return words.filter { seen.insert($0).inserted }
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
