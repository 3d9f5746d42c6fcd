import Foundation
import SectionsRegistry
import Storage

/// Dismissing and restoring sections. They act on the screen the user last saw (the copy `load()` saves), never
/// on a new answer from the server: a command names a section the user has seen, and works offline.
extension HomeScreenLoader {
    /// Remembers that the section with `id` is dismissed (from then on every screen removes it), then tells the
    /// section's listeners, the app's and the log `.removed`. A dismissal that cannot be kept is an error, and no
    /// listener hears of it.
    public func dismiss(sectionID id: String) async throws(HomeSectionError) -> Bool {
        let found: SavedScreen?
        var choices: HomeChoices
        do {
            found = try await savedScreen()
            choices = try await HomeChoices.read(from: documents)
        } catch {
            throw .storage(error)
        }
        guard let saved = found else { throw .noSavedScreen(id: id) }
        if choices.dismissed.contains(id) && saved.assembly.sections[id: id] != nil { return false }
        let shown = visible(saved.assembly, choices)
        guard let section = shown[id: id] else { throw .notShown(id: id, shown: shown.ids) }
        choices.dismissed = (choices.dismissed + [id]).sorted()
        do {
            try await choices.save(to: documents)
        } catch {
            throw .storage(error)
        }
        await tell([.removed(section.reference)])
        return true
    }

    /// Forgets the dismissal of `id`, or of every dismissed section; needs no saved screen.
    public func restore(sectionID id: String?) async throws(HomeSectionError) -> [String] {
        var choices: HomeChoices
        do {
            choices = try await HomeChoices.read(from: documents)
        } catch {
            throw .storage(error)
        }
        if let id, !choices.dismissed.contains(id) { throw .notDismissed(id: id, dismissed: choices.dismissed) }
        let restored = id.map { [$0] } ?? choices.dismissed
        choices.dismissed.removeAll(where: restored.contains)
        do {
            try await choices.save(to: documents)
        } catch {
            throw .storage(error)
        }
        return restored
    }
}
