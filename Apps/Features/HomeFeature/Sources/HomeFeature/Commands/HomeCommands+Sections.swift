import CommandKit

/// `home dismiss` and `home restore`. Ids came from the server, so every id is printed with its control and
/// direction characters made visible.
extension HomeCommands {
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
        case .storage(let failure):
            return .storage(failure)
        }
    }
}
