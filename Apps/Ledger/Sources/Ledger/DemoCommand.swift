import CommandKit
import DevServer
import Essentials
import Foundation

/// `ledger demo`: every feature's part of the demo in turn, as a user would type it, on a fresh data folder and a
/// local API server. The parts come from the features' groups; the shell only runs them, in the order of the
/// groups (the parts that set things up first, the steps that need the server stopped last).
struct DemoCommand: CommandGroup {
    let sections: [DemoSection]
    /// The API server to use (`--api-url`); nil to start the reference server for the demo.
    let apiURL: URL?

    var commands: [CommandSpec] {
        [
            CommandSpec(
                path: ["demo"], summary: "every feature in turn on a fresh data folder, against a local API server",
                details: "Starts Scripts/dev-server on a free loopback port unless --api-url is given, and runs each "
                    + "command as a user would type it."
            ) { invocation throws(CommandError) in
                _ = try invocation.positionals()
                return try await run(invocation)
            }
        ]
    }

    private func run(_ invocation: Invocation) async throws(CommandError) -> ExitStatus {
        let console = invocation.console
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "ledger-demo-\(UUID().uuidString.prefix(8).lowercased())", isDirectory: true)
        do {
            try FileManager.default.createDirectory(
                at: folder, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o700])
        } catch {
            throw CommandError(message: "cannot create the demo's folder \(folder.path)", status: .ioError)
        }
        var server: DevServer?
        let apiURL: URL
        if let given = self.apiURL {
            apiURL = given
        } else {
            do throws(DevServerError) {
                server = try await DevServer.start()
            } catch {
                throw CommandError(
                    message: "the API server could not be started: \(error)",
                    hint: "Run the demo from the repository (it starts Scripts/dev-server with python3), or start an "
                        + "API server and pass --api-url.",
                    status: .unavailable)
            }
            apiURL = server?.baseURL ?? DataDirectory.defaultAPIURL
        }
        console.line("Ledger demo")
        console.line("  data folder: \(folder.path)")
        console.line(
            "  API server:  \(apiURL.absoluteString)"
                + (server == nil ? "" : " (Scripts/dev-server, started for the demo)"))

        let days = DayFormat(calendar: .current)
        let today = Shell.clock()
        let values = [
            "{folder}": folder.path, "{today}": days.string(from: today),
            "{yesterday}": days.string(from: today.addingTimeInterval(-86_400)),
            "{email}": "demo-\(UUID().uuidString.prefix(6).lowercased())@example.com",
        ]
        let global = ["--data-dir", folder.path, "--api-url", apiURL.absoluteString]
        let ordered = sections.filter(\.setsUp) + sections.filter { !$0.setsUp }
        var unexpected = 0
        for online in [true, false] {
            if !online, let server { await server.stop() }
            for section in ordered {
                let steps = section.steps.filter { $0.offline != online }
                guard !steps.isEmpty else { continue }
                console.line("\n== \(section.title) ==")
                for step in steps {
                    unexpected +=
                        try await run(step, values: values, folder: folder, global: global, console: console)
                        ? 0 : 1
                }
            }
        }
        console.line("")
        console.line("The data folder: \(folder.path) (remove it when done)")
        guard unexpected == 0 else {
            console.error("ledger: \(unexpected) demo steps ended differently than expected")
            return .failure
        }
        return .success
    }

    private func run(
        _ step: DemoStep, values: [String: String], folder: URL, global: [String], console: Console
    ) async throws(CommandError) -> Bool {
        let filled = { (text: String) in values.reduce(text) { $0.replacingOccurrences(of: $1.key, with: $1.value) } }
        for (name, contents) in step.files {
            do {
                try filled(contents).write(to: folder.appendingPathComponent(name), atomically: true, encoding: .utf8)
            } catch {
                throw CommandError(message: "cannot write the demo's file \(name) in \(folder.path)", status: .ioError)
            }
        }
        let words = step.words.map(filled)
        if !step.note.isEmpty { console.line("\n# \(step.note)") }
        console.line("$ ledger " + words.map(Self.quoted).joined(separator: " "))
        let status = await LedgerCommandLine.run(words + global, sink: console.sink)
        if status != step.expected {
            console.error("ledger demo: expected exit status \(step.expected.rawValue), got \(status.rawValue)")
            return false
        }
        return true
    }

    private static func quoted(_ word: String) -> String {
        word.contains(where: { " ;()@&|'".contains($0) }) ? "'\(word)'" : word
    }
}
