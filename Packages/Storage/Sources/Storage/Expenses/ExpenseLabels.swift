import Foundation

/// The rules for an expense's category and tags, and the normalisation that makes typed text meet them.
///
/// Stores check labels and refuse bad ones with an ``EntryProblem``, but never change them: an accepted entry
/// comes back exactly as it was saved. An app normalises what a person typed first, with ``category(_:)`` and
/// ``tags(_:)``, which trim, drop repeated tags and throw the same problems a store would.
///
/// Labels compare ignoring case (``comparisonKey(_:)``): `Food` and `food` are one category in a filter or a
/// report, and one tag on an entry. The spelling first given is the one kept.
public enum ExpenseLabels {
    /// Longest category, in UTF-8 bytes: a name to list and group by, not a note.
    public static let maximumCategoryBytes = 100
    /// Longest tag, in UTF-8 bytes.
    public static let maximumTagBytes = 50
    /// Most tags on one entry: labels to filter by, not a second comment.
    public static let maximumTagCount = 20

    /// `text` trimmed of surrounding white space, or the problem a store would refuse it with.
    public static func category(_ text: String) throws(EntryProblem) -> String {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        try checkCategory(trimmed)
        return trimmed
    }

    /// `texts` trimmed, each tag once (ignoring case, the first spelling kept), in the order given, or the problem
    /// a store would refuse them with.
    public static func tags(_ texts: [String]) throws(EntryProblem) -> [String] {
        var seen = Set<String>()
        var tags: [String] = []
        for text in texts {
            let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
            try checkTag(trimmed)
            if seen.insert(comparisonKey(trimmed)).inserted { tags.append(trimmed) }
        }
        guard tags.count <= maximumTagCount else { throw .tooManyTags }
        return tags
    }

    /// The form labels are compared in: lower-cased, so a filter for `food` finds `Food`.
    public static func comparisonKey(_ label: String) -> String {
        label.lowercased()
    }

    /// Checks labels the way every store does before saving.
    static func check(category: String?, tags: [String]) throws(EntryProblem) {
        if let category { try checkCategory(category) }
        guard tags.count <= maximumTagCount else { throw .tooManyTags }
        var seen = Set<String>()
        for tag in tags {
            try checkTag(tag)
            guard seen.insert(comparisonKey(tag)).inserted else { throw .duplicateTag }
        }
    }

    private static func checkCategory(_ category: String) throws(EntryProblem) {
        guard isClean(category) else { throw .invalidCategory }
        guard category.utf8.count <= maximumCategoryBytes else { throw .categoryTooLong }
    }

    /// A tag holds no comma, so a list of tags is written and read back as comma-separated text.
    private static func checkTag(_ tag: String) throws(EntryProblem) {
        guard isClean(tag), !tag.contains(",") else { throw .invalidTag }
        guard tag.utf8.count <= maximumTagBytes else { throw .tagTooLong }
    }

    /// Not empty, no white space around it, no control character (a line break would split a table row).
    private static func isClean(_ label: String) -> Bool {
        guard let first = label.unicodeScalars.first, let last = label.unicodeScalars.last else { return false }
        let space = CharacterSet.whitespacesAndNewlines
        guard !space.contains(first), !space.contains(last) else { return false }
        return !label.unicodeScalars.contains { CharacterSet.controlCharacters.contains($0) }
    }
}
