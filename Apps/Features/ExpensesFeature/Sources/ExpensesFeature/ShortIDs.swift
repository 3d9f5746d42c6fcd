public import Foundation

/// The ids a list prints: each id's shortest prefix that no other listed id starts with, and never shorter than
/// ``ExpenseEditor/minimumPrefixLength``, so whatever the list shows, `expense edit` and `expense delete` find
/// exactly that expense (as `git log --oneline` prints commits).
public struct ShortIDs: Sendable {
    private let prefixes: [UUID: String]

    /// The short ids of `ids` among themselves.
    public init(of ids: [UUID]) {
        let texts = Array(Set(ids.map { $0.uuidString.lowercased() })).sorted()
        var prefixes: [UUID: String] = [:]
        for (index, text) in texts.enumerated() {
            let before = index > 0 ? Self.sharedLength(text, texts[index - 1]) : 0
            let after = index + 1 < texts.count ? Self.sharedLength(text, texts[index + 1]) : 0
            let length = max(ExpenseEditor.minimumPrefixLength, before + 1, after + 1)
            if let id = UUID(uuidString: text) { prefixes[id] = String(text.prefix(length)) }
        }
        self.prefixes = prefixes
    }

    /// The short id of `id`, or the whole id when it was not among those given.
    public subscript(id: UUID) -> String {
        prefixes[id] ?? id.uuidString.lowercased()
    }

    private static func sharedLength(_ one: String, _ other: String) -> Int {
        zip(one, other).prefix { $0 == $1 }.count
    }
}
