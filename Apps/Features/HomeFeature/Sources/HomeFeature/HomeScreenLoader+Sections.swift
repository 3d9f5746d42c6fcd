import Foundation
import SectionsRegistry
import Storage

/// Dismissing, restoring and opening sections, and clearing badges. They act on the screen the user last saw (the
/// copy `load()` saves), never on a new answer from the server: a command names a section the user has seen, and
/// works offline.
extension HomeScreenLoader {
    /// Remembers that the section with `id` is dismissed (from then on every screen removes it), then tells the
    /// section's listeners, the app's and the log `.removed`. A dismissal that cannot be kept is an error, and no
    /// listener hears of it.
    public func dismiss(sectionID id: String) async throws(HomeSectionError) -> Bool {
        guard case (let saved?, var choices) = try await savedScreenAndChoices() else {
            throw .noSavedScreen(id: id)
        }
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

extension HomeScreenLoader {
    /// Clears the section's badge through the home `BadgeCleaner`, then returns the section as the screen now
    /// shows it.
    public func open(sectionID id: String) async throws(HomeSectionError) -> OpenedSection {
        guard case (let saved?, let choices) = try await savedScreenAndChoices() else {
            throw .noSavedScreen(id: id)
        }
        let sections = await shown(saved.assembly, payloads: saved.payloads, choices: choices)
        guard var section = sections.first(where: { $0.id == id }) else {
            throw .notShown(id: id, shown: sections.map(\.id))
        }
        let badge = section.badge
        if let badge {
            try await clear(badge, of: id)
            section.badge = nil
        }
        return OpenedSection(shown: section, clearedBadge: badge)
    }

    /// Clears the badge of every section that shows `link` exactly as the server sent it; the first badge that
    /// could not be cleared is thrown once the others were tried.
    public func clearBadges(linkingTo link: String) async throws(HomeSectionError) -> [String] {
        guard case (let saved?, let choices) = try await savedScreenAndChoices() else { return [] }
        var cleared: [String] = []
        var failure: HomeSectionError?
        for section in await shown(saved.assembly, payloads: saved.payloads, choices: choices)
        where section.section.links.contains(link) {
            guard let badge = section.badge else { continue }
            do throws(HomeSectionError) {
                try await clear(badge, of: section.id)
                cleared.append(section.id)
            } catch {
                failure = failure ?? error
            }
        }
        if let failure { throw failure }
        return cleared
    }

    private func clear(_ badge: String, of id: String) async throws(HomeSectionError) {
        do {
            try await HomeBadgeCleaner(sectionID: id, badge: badge, documents: documents).clearBadge()
        } catch {
            throw .badgeNotCleared(id: id, reason: error)
        }
    }

    private func savedScreenAndChoices() async throws(HomeSectionError) -> (SavedScreen?, HomeChoices) {
        do {
            return (try await savedScreen(), try await HomeChoices.read(from: documents))
        } catch {
            throw .storage(error)
        }
    }
}
