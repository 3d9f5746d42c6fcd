public import CommandKit
import Foundation

/// The home command of `ledger`: `home`, the screen its link opens (`ledger://home`), and the home screen's part
/// of the demo.
public struct HomeCommands: CommandGroup {
    private let home: @Sendable () async throws(HomeScreenSetupError) -> any HomeScreenLoading

    /// The command on the loader `open` makes when the command runs.
    public init(home open: @escaping @Sendable () async throws(HomeScreenSetupError) -> any HomeScreenLoading) {
        home = open
    }

    /// `home`.
    public var commands: [CommandSpec] {
        [
            CommandSpec(
                path: ["home"], summary: "the home screen from the API (the saved copy when offline)",
                details: "With --verbose, the sections the app could not show are listed with the reason."
            ) { invocation throws(CommandError) in
                _ = try invocation.positionals()
                return try await show(invocation)
            }
        ]
    }

    /// The home screen's link.
    public var screens: [LinkScreen] {
        [LinkScreen(name: "home", path: "home") { _, invocation throws(CommandError) in try await show(invocation) }]
    }

    /// The screen from the server, then from the saved copy once the server is stopped.
    public var demo: DemoSection? {
        DemoSection(
            title: "Home",
            steps: [
                DemoStep("The server-driven home screen (sections this app cannot show are skipped)", ["home"]),
                DemoStep(
                    "The API server is stopped: the home screen comes from the saved copy", ["home"], offline: true),
            ])
    }

    /// Loads and prints the home screen: every section's lines, each link only if `ledger open` would follow it.
    private func show(_ invocation: Invocation) async throws(CommandError) -> ExitStatus {
        let loader: any HomeScreenLoading
        do throws(HomeScreenSetupError) {
            loader = try await home()
        } catch {
            switch error {
            case .storage(let failure): throw .storage(failure)
            case .sections(let failure):
                throw CommandError(message: "the home screen is misconfigured (\(failure))", status: .failure)
            }
        }
        let screen: HomeScreen
        do throws(HomeScreenError) {
            screen = try await loader.load()
        } catch {
            throw .home(error)
        }
        var printed: [(kind: String, lines: [String])] = []
        for section in screen.sections {
            var lines: [String] = []
            for line in section.lines {
                var text = ""
                for part in line {
                    switch part {
                    case .text(let words): text += TerminalText.safe(words)
                    case .link(let link):
                        text +=
                            await invocation.links.isFollowable(link)
                            ? TerminalText.safe(link) : "(a link this app does not follow)"
                    }
                }
                lines.append(String(text.reversed().drop { $0 == " " }.reversed()))
            }
            printed.append((section.kind, lines))
        }
        let console = invocation.console
        if console.json {
            console.emit(HomeJSON(screen, sections: printed))
            return .success
        }
        switch screen.source {
        case .network: console.line("Home")
        case .cache(let savedAt, .unreachable):
            console.line("Home (offline: the copy saved \(ISO8601DateFormatter().string(from: savedAt)))")
        case .cache(let savedAt, .unusableAnswer(let problem)):
            console.line("Home (the copy saved \(ISO8601DateFormatter().string(from: savedAt)))")
            console.error("ledger: the home screen is the saved copy: \(TerminalText.safe(problem))")
        }
        for section in printed {
            for line in section.lines { console.line("  " + line) }
        }
        if invocation.verbose && !screen.skipped.isEmpty {
            console.error("Skipped \(Plural.count(screen.skipped.count, "section")):")
            for skipped in screen.skipped {
                let id = TerminalText.safe(skipped.id ?? "(no id)")
                console.error("  \(id) (\(TerminalText.safe(skipped.type ?? "no type"))): \(skipped.reason)")
            }
        }
        return .success
    }
}

/// The home screen as `--json` prints it.
struct HomeJSON: Encodable {
    struct Section: Encodable {
        let kind: String
        let lines: [String]
    }
    struct Skipped: Encodable {
        let id: String?
        let type: String?
        let reason: String

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(id, forKey: .id)
            try container.encode(type, forKey: .type)
            try container.encode(reason, forKey: .reason)
        }

        private enum CodingKeys: String, CodingKey {
            case id, type, reason
        }
    }
    let source: String
    let reason: String?
    let sections: [Section]
    let skipped: [Skipped]

    init(_ screen: HomeScreen, sections printed: [(kind: String, lines: [String])]) {
        switch screen.source {
        case .network: (source, reason) = ("network", nil)
        case .cache(_, .unreachable): (source, reason) = ("cache", "unreachable")
        case .cache(_, .unusableAnswer(let problem)): (source, reason) = ("cache", TerminalText.safe(problem))
        }
        sections = printed.map { Section(kind: $0.kind, lines: $0.lines) }
        skipped = screen.skipped.map { Skipped(id: $0.id, type: $0.type, reason: $0.reason) }
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(source, forKey: .source)
        try container.encode(reason, forKey: .reason)
        try container.encode(sections, forKey: .sections)
        try container.encode(skipped, forKey: .skipped)
    }

    private enum CodingKeys: String, CodingKey {
        case source, reason, sections, skipped
    }
}

extension CommandError {
    static func home(_ error: HomeScreenError) -> CommandError {
        switch error {
        case .offlineWithoutCache(let detail):
            CommandError(
                message: "the home screen is unavailable and no copy was saved yet: \(TerminalText.safe(detail))",
                hint: "Start the server (Scripts/dev-server) or pass --api-url; once shown, the screen is saved for "
                    + "offline use.",
                status: .unavailable)
        case .invalidResponse(let detail):
            CommandError(
                message: "the API server sent something that is not a home screen, and no copy was saved yet",
                hint: "Check that --api-url names the Ledger API; once it sends a screen, it is saved for offline use.",
                status: .unavailable, details: [TerminalText.safe(detail)])
        }
    }
}
