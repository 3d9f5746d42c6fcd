import CompositionRoot
import Foundation

/// `ledger home`: the server-driven home screen, or the saved copy when the server cannot be reached.
enum HomeCommand {
    static let specs: [CommandSpec] = [
        CommandSpec(
            path: ["home"], summary: "the home screen from the API (the saved copy when offline)",
            details: "With --verbose, the sections the app could not show are listed with the reason.",
            run: { invocation throws(CommandError) in
                _ = try invocation.positionals()
                return try await show(session: await invocation.context())
            })
    ]

    /// Loads and prints the home screen.
    static func show(session: CommandContext) async throws(CommandError) -> ExitStatus {
        let console = session.console
        let screen = try await session.run { () throws(CommandError) in
            let loader: any HomeScreenLoading
            do throws(HomeScreenSetupError) {
                loader = try await session.factory.makeHomeScreen()
            } catch {
                switch error {
                case .storage(let failure): throw .storage(failure)
                case .sections(let failure):
                    throw CommandError(message: "the home screen is misconfigured (\(failure))", status: .failure)
                }
            }
            do throws(HomeScreenError) {
                return try await loader.load()
            } catch {
                switch error {
                case .offlineWithoutCache(let detail):
                    throw CommandError(
                        message: "the home screen is unavailable and no copy was saved yet: \(detail)",
                        hint: "Start the server (Scripts/dev-server) or pass --api-url; once shown, the screen is "
                            + "saved for offline use.",
                        status: .unavailable)
                case .invalidResponse(let detail):
                    throw CommandError(
                        message: "the API server sent something that is not a home screen (\(detail))",
                        status: .unavailable)
                }
            }
        }
        if console.json {
            console.emit(HomeJSON(screen))
            return .success
        }
        switch screen.source {
        case .network: console.line("Home")
        case .cache(let savedAt):
            console.line("Home (offline: the copy saved \(ISO8601DateFormatter().string(from: savedAt)))")
        }
        for section in screen.sections {
            for line in lines(of: section) { console.line("  " + line) }
        }
        if session.options.verbose && !screen.skipped.isEmpty {
            console.error("Skipped \(Plural.count(screen.skipped.count, "section")):")
            for skipped in screen.skipped {
                console.error("  \(skipped.id ?? "(no id)") (\(skipped.type ?? "no type")): \(skipped.reason)")
            }
        }
        return .success
    }

    static func lines(of section: HomeSection) -> [String] {
        switch section {
        case .banner(let title, let message, let link):
            return ["▌ \(title): \(message)" + (link.map { "  → \($0)" } ?? "")]
        case .expensesSummary(let period, let total, let categories, let source):
            let origin = source == .server ? " (the server's figures: yours could not be read)" : ""
            return ["Spent this \(period): \(total)\(origin)"] + categories.map { "    \($0.name): \($0.total)" }
        case .quickActions(let actions):
            return ["Shortcuts: " + actions.map { "[\($0.title)] \($0.link)" }.joined(separator: "  ")]
        }
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
    }
    let source: String
    let sections: [Section]
    let skipped: [Skipped]

    init(_ screen: HomeScreen) {
        switch screen.source {
        case .network: source = "network"
        case .cache: source = "cache"
        }
        sections = screen.sections.map { section in
            let kind =
                switch section {
                case .banner: "banner"
                case .expensesSummary: "expenses_summary"
                case .quickActions: "quick_actions"
                }
            return Section(kind: kind, lines: HomeCommand.lines(of: section))
        }
        skipped = screen.skipped.map { Skipped(id: $0.id, type: $0.type, reason: $0.reason) }
    }
}
