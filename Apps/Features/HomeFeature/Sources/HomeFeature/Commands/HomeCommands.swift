public import CommandKit
import Foundation

/// The home commands of `ledger`: `home` shows the screen, `home open` one section (clearing its badge),
/// `home dismiss` and `home restore` hide and bring back its sections; the screen its link opens (`ledger://home`), and the home screen's part of the demo.
public struct HomeCommands: CommandGroup {
    let home: @Sendable () async throws(HomeScreenSetupError) -> any HomeScreenFeature
    let outstanding: @Sendable () async -> [HomeOutstanding]

    /// The commands on the home screen `open` makes when a command runs; `outstanding` says what clients owe per
    /// currency (none by default), shown under the title.
    public init(
        home open: @escaping @Sendable () async throws(HomeScreenSetupError) -> any HomeScreenFeature,
        outstanding: @escaping @Sendable () async -> [HomeOutstanding] = { [] }
    ) {
        home = open
        self.outstanding = outstanding
    }

    /// `home`, `home open`, `home dismiss`, `home restore`.
    public var commands: [CommandSpec] {
        [
            CommandSpec(
                path: ["home"], summary: "the home screen from the API (the saved copy when offline)",
                details: "With --verbose, the sections the app could not show are listed with the reason, and the "
                    + "dismissed ones. ● marks a section's badge; it clears once the section is opened ('ledger home "
                    + "open SECTION-ID') or one of its links is followed ('ledger open'). 'ledger home dismiss "
                    + "SECTION-ID' hides a section; 'ledger home restore' brings dismissed ones back; the ids are in "
                    + "'ledger home --json'."
            ) { invocation throws(CommandError) in
                _ = try invocation.positionals()
                return try await show(invocation)
            },
            CommandSpec(
                path: ["home", "open"], arguments: ["SECTION-ID"],
                summary: "show one section of the home screen and clear its badge",
                details: "The section is one of the screen last shown ('ledger home --json'), also offline; its badge "
                    + "stays cleared until the server sends another one. Another id is refused with the ids shown "
                    + "(exit 65)."
            ) { invocation throws(CommandError) in
                try await open(try invocation.positionals()[0], invocation)
            },
            CommandSpec(
                path: ["home", "dismiss"], arguments: ["SECTION-ID"],
                summary: "hide a section of the home screen on this device",
                details: "The section stays hidden on later runs, offline, and when the server sends it again; "
                    + "'ledger home restore SECTION-ID' brings it back. The id is one of the screen last shown "
                    + "('ledger home --json'); another id is refused with the ids shown (exit 65)."
            ) { invocation throws(CommandError) in
                try await dismiss(try invocation.positionals()[0], invocation)
            },
            CommandSpec(
                path: ["home", "restore"], arguments: ["SECTION-ID?"],
                summary: "show a dismissed section of the home screen again (every one without an id)",
                details: "An id that is not dismissed is refused with the ids that are (exit 65)."
            ) { invocation throws(CommandError) in
                try await restore(try invocation.positionals().first, invocation)
            },
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

    /// The home screen, or why it cannot be made.
    func feature() async throws(CommandError) -> any HomeScreenFeature {
        do throws(HomeScreenSetupError) {
            return try await home()
        } catch {
            switch error {
            case .storage(let failure): throw .storage(failure)
            case .sections(let failure):
                throw CommandError(message: "the home screen is misconfigured (\(failure))", status: .failure)
            }
        }
    }

    /// Loads and prints the home screen: every section's lines, each link only if `ledger open` would follow it.
    private func show(_ invocation: Invocation) async throws(CommandError) -> ExitStatus {
        let loader = try await feature()
        let screen: HomeScreen
        do throws(HomeScreenError) {
            screen = try await loader.load()
        } catch {
            throw .home(error)
        }
        var printed: [HomeJSON.Section] = []
        for section in screen.shown { printed.append(await HomeJSON.Section(section, links: invocation.links)) }
        let console = invocation.console
        let owed = await outstanding()
        if console.json {
            console.emit(HomeJSON(screen, sections: printed, outstanding: owed))
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
        if let line = HomeOutstanding.line(owed) { console.line("  " + line) }
        for section in printed {
            for line in section.linesWithBadge { console.line("  " + line) }
        }
        if invocation.verbose && !screen.skipped.isEmpty {
            console.error("Skipped \(Plural.count(screen.skipped.count, "section")):")
            for skipped in screen.skipped {
                let id = TerminalText.safe(skipped.id ?? "(no id)")
                console.error("  \(id) (\(TerminalText.safe(skipped.type ?? "no type"))): \(skipped.reason)")
            }
        }
        if invocation.verbose && !screen.dismissed.isEmpty {
            console.error(
                "Dismissed \(Plural.count(screen.dismissed.count, "section")) ('ledger home restore' brings them back): "
                    + screen.dismissed.map(TerminalText.safe).joined(separator: ", "))
        }
        return .success
    }
}

/// The home screen as `--json` prints it.
struct HomeJSON: Encodable {
    /// A section as the command prints it: text with control characters made visible, links it would not follow
    /// replaced, and its badge.
    struct Section: Encodable {
        let id: String
        let kind: String
        let badge: String?
        let lines: [String]

        init(_ shown: ShownSection, links: any LinkChecking) async {
            var lines: [String] = []
            for line in shown.section.lines {
                var text = ""
                for part in line {
                    switch part {
                    case .text(let words): text += TerminalText.safe(words)
                    case .link(let link):
                        text +=
                            await links.isFollowable(link)
                            ? TerminalText.safe(link) : "(a link this app does not follow)"
                    }
                }
                lines.append(String(text.reversed().drop { $0 == " " }.reversed()))
            }
            (id, kind, badge) = (TerminalText.safe(shown.id), shown.section.kind, shown.badge.map(TerminalText.safe))
            self.lines = lines
        }

        /// The lines, the first ending with the badge (`● 3`).
        var linesWithBadge: [String] {
            guard let badge else { return lines }
            return [(lines.first.map { $0 + "  " } ?? "") + "● " + badge] + lines.dropFirst()
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(id, forKey: .id)
            try container.encode(kind, forKey: .kind)
            try container.encode(badge, forKey: .badge)
            try container.encode(lines, forKey: .lines)
        }

        private enum CodingKeys: String, CodingKey {
            case id, kind, badge, lines
        }
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
    let dismissed: [String]
    let outstanding: [HomeOutstanding]

    init(_ screen: HomeScreen, sections printed: [Section], outstanding: [HomeOutstanding] = []) {
        self.outstanding = outstanding
        switch screen.source {
        case .network: (source, reason) = ("network", nil)
        case .cache(_, .unreachable): (source, reason) = ("cache", "unreachable")
        case .cache(_, .unusableAnswer(let problem)): (source, reason) = ("cache", TerminalText.safe(problem))
        }
        sections = printed
        skipped = screen.skipped.map { Skipped(id: $0.id, type: $0.type, reason: $0.reason) }
        dismissed = screen.dismissed.map(TerminalText.safe)
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(source, forKey: .source)
        try container.encode(reason, forKey: .reason)
        try container.encode(sections, forKey: .sections)
        try container.encode(skipped, forKey: .skipped)
        try container.encode(dismissed, forKey: .dismissed)
        var owed = container.nestedUnkeyedContainer(forKey: .outstanding)
        for amount in outstanding {
            var entry = owed.nestedContainer(keyedBy: OutstandingKeys.self)
            try entry.encode(amount.currency, forKey: .currency)
            try entry.encode("\(amount.amount)", forKey: .amount)
        }
    }

    private enum CodingKeys: String, CodingKey {
        case source, reason, sections, skipped, dismissed, outstanding
    }

    private enum OutstandingKeys: String, CodingKey {
        case currency, amount
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
