import CommandKit
import Navigation

/// `home open`, `home dismiss` and `home restore`, and clearing badges after `ledger open`. Ids came from the server, so every id is printed with its control and
/// direction characters made visible.
extension HomeCommands {
    func open(_ id: String, _ invocation: Invocation) async throws(CommandError) -> ExitStatus {
        let home = try await feature()
        let opened: OpenedSection
        do throws(HomeSectionError) {
            opened = try await home.open(sectionID: id)
        } catch {
            throw .homeSection(error)
        }
        let section = await HomeJSON.Section(opened.shown, links: invocation.links)
        let console = invocation.console
        if console.json {
            console.emit(OpenedJSON(section: section, cleared: opened.clearedBadge.map(TerminalText.safe)))
            return .success
        }
        for line in section.lines { console.line(line) }
        if let badge = opened.clearedBadge { console.line("Its badge (\(TerminalText.safe(badge))) is cleared.") }
        return .success
    }

    /// What the home screen does once `ledger open` followed `link`: the badge of every section of the screen last
    /// shown that shows the link is cleared. Following the link already succeeded, so nothing here fails it: a
    /// badge that could not be cleared (it shows until it is) or a home screen that cannot be opened goes to `log`.
    public func linkFollowed(_ link: String, log: @Sendable (String) -> Void) async {
        let safe = TerminalText.safe
        do throws(CommandError) {
            let home = try await feature()
            do throws(HomeSectionError) {
                for id in try await home.clearBadges(linkingTo: link) { log("home: cleared the badge of \(safe(id))") }
            } catch {
                log("home: the badges of \(safe(link)) were not cleared: \(CommandError.homeSection(error).message)")
            }
        } catch {
            log("home: the badges of \(safe(link)) were not cleared: \(error.message)")
        }
    }

    func dismiss(_ id: String, _ invocation: Invocation) async throws(CommandError) -> ExitStatus {
        let dismissed: Bool
        let home = try await feature()
        do throws(HomeSectionError) {
            dismissed = try await home.dismiss(sectionID: id)
        } catch {
            throw .homeSection(error)
        }
        let console = invocation.console
        if console.json {
            console.emit(["id": TerminalText.safe(id), "outcome": dismissed ? "dismissed" : "already_dismissed"])
        } else {
            let safe = TerminalText.safe(id)
            console.line(
                (dismissed ? "Dismissed \(safe)" : "\(safe) was already dismissed")
                    + "; 'ledger home restore \(safe)' brings it back.")
        }
        return .success
    }

    func restore(_ id: String?, _ invocation: Invocation) async throws(CommandError) -> ExitStatus {
        let restored: [String]
        let home = try await feature()
        do throws(HomeSectionError) {
            restored = try await home.restore(sectionID: id)
        } catch {
            throw .homeSection(error)
        }
        let console = invocation.console
        if console.json {
            console.emit(["restored": restored.map(TerminalText.safe)])
        } else if restored.isEmpty {
            console.line("No section is dismissed.")
        } else {
            console.line("Restored \(restored.map(TerminalText.safe).joined(separator: ", ")).")
        }
        return .success
    }
}

extension CommandError {
    /// A section that cannot be dismissed or restored, said for people, with what to run instead.
    static func homeSection(_ error: HomeSectionError) -> CommandError {
        let safe = TerminalText.safe
        switch error {
        case .notShown(let id, let shown):
            return CommandError(
                message: "no section '\(safe(id))' is on the home screen; "
                    + (shown.isEmpty
                        ? "it shows no section" : "the sections shown are \(HomeSectionError.list(shown.map(safe)))"),
                hint: "Run 'ledger home --json' to see each section's id.", status: .dataError)
        case .noSavedScreen(let id):
            return CommandError(
                message: "no section '\(safe(id))' is on the home screen: it has not been shown on this device yet",
                hint: "Run 'ledger home' first; from then on its sections can be dismissed, also offline.",
                status: .dataError)
        case .notDismissed(let id, let dismissed):
            return CommandError(
                message: "the section '\(safe(id))' is not dismissed; "
                    + (dismissed.isEmpty
                        ? "no section is" : "the dismissed ones are \(HomeSectionError.list(dismissed.map(safe)))"),
                hint: "Run 'ledger home restore' without an id to bring back every dismissed section.",
                status: .dataError)
        case .badgeNotCleared(let id, .systemFailure):
            return CommandError(
                message: "the badge of the section '\(safe(id))' could not be cleared: the data folder's store "
                    + "refused the change",
                hint: "Check that --data-dir names a writable folder; the badge shows until it is cleared.",
                status: .ioError)
        case .badgeNotCleared(let id, .notAuthorized):
            return CommandError(
                message: "the badge of the section '\(safe(id))' could not be cleared: the app may not change badges",
                hint: "The badge shows until it is cleared.", status: .failure)
        case .storage(let failure):
            return .storage(failure)
        }
    }
}

/// What `home open --json` prints: the section as `home --json` shows it, and the badge it cleared (or null).
struct OpenedJSON: Encodable {
    let section: HomeJSON.Section
    let cleared: String?

    func encode(to encoder: any Encoder) throws {
        try section.encode(to: encoder)
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(cleared, forKey: .cleared)
    }

    private enum CodingKeys: String, CodingKey {
        case cleared
    }
}
