import Foundation
import Storage

/// What the user chose on the home screen, kept apart from the server's screen in one document of the data
/// folder's store (`home.choices`) and applied whenever a screen is shown: the sections dismissed and the badges
/// seen. One small
/// document read and written whole; two runs that change it at the same instant keep the later change.
struct HomeChoices: Codable, Equatable, Sendable {
    /// The ids of the dismissed sections, sorted.
    var dismissed: [String] = []
    /// The badge last seen on each section, by id.
    var seenBadges: [String: String] = [:]

    init() {}

    /// Reads what an older version wrote too (a missing member is an empty one).
    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        dismissed = try container.decodeIfPresent([String].self, forKey: .dismissed) ?? []
        seenBadges = try container.decodeIfPresent([String: String].self, forKey: .seenBadges) ?? [:]
    }

    private static let documentID = "home.choices"

    /// The choices kept in `documents`; none when nothing was chosen yet, or when the document cannot be read as
    /// choices (the next choice replaces it).
    static func read(from documents: any DocumentStore) async throws(StorageError) -> HomeChoices {
        guard let document = try await documents.load(try DocumentID(documentID)) else { return HomeChoices() }
        return (try? JSONDecoder().decode(HomeChoices.self, from: document.bytes)) ?? HomeChoices()
    }

    /// Keeps these choices in `documents`, replacing the previous ones.
    func save(to documents: any DocumentStore) async throws(StorageError) {
        let bytes = (try? JSONEncoder().encode(self)) ?? Data("{}".utf8)  // strings always encode
        try await documents.save(
            DocumentDraft(id: try DocumentID(Self.documentID), contentType: DocumentContentType.json, bytes: bytes))
    }
}
