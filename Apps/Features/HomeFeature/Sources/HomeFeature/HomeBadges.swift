import Foundation
import Navigation
import Storage

/// The home screen's `BadgeCleaner` (the Navigation package's capability, for one section's badge): it clears the
/// badge by remembering, in the data folder's store, the badge the user saw. A section shows its badge only while
/// it differs from the one remembered, so a cleared badge stays cleared on later runs and offline, and a new one
/// from the server (another count) shows again.
struct HomeBadgeCleaner: BadgeCleaner {
    let sectionID: String
    let badge: String
    let documents: any DocumentStore

    /// A store that refuses the change is the platform failing the request (`.systemFailure`).
    func clearBadge() async throws(BadgeCleaningError) {
        do {
            var choices = try await HomeChoices.read(from: documents)
            choices.seenBadges[sectionID] = badge
            try await choices.save(to: documents)
        } catch {
            throw .systemFailure
        }
    }
}

/// The `badge` member any section may carry, whatever its type: a count (`3`; 0 is no badge, above 99 shows as
/// `99+`) or a short word (`"new"`, 1 to 16 characters). Anything else is no badge: a badge is a hint, so a bad
/// one never costs the section.
struct SectionBadge: Decodable {
    let text: String?

    /// The badge of a section's content; nil when it has none.
    static func of(_ content: Data) -> String? {
        (try? JSONDecoder().decode(SectionBadge.self, from: content))?.text
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        if let count = try? container.decode(Int.self, forKey: .badge) {
            text = count > 0 ? (count > 99 ? "99+" : String(count)) : nil
        } else if let word = try? container.decode(String.self, forKey: .badge),
            !word.allSatisfy(\.isWhitespace), word.count <= 16
        {
            text = word
        } else {
            text = nil
        }
    }

    private enum CodingKeys: String, CodingKey {
        case badge
    }
}
