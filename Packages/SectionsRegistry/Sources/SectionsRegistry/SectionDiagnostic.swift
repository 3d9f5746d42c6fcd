/// Why one entry of a server payload is not on the screen as sent.
///
/// It names the entry by position, id and type and says what was wrong, never what the content held.
public struct SectionDiagnostic: Hashable, Sendable {
    /// What was wrong with the entry.
    public enum Problem: Hashable, Sendable {
        /// No module is registered for the entry's type.
        case unknownType
        /// The content is not JSON (or not the format the mapper reads).
        case malformedContent(SectionMappingError)
        /// The content is JSON, but the mapper rejected it.
        case mappingFailed(SectionMappingError)
        /// The entry itself is broken: not an object, or its id, type or content is missing or invalid.
        case invalidEntry(SectionEntryProblem)
        /// An earlier section with the same id is already on the screen; the first one wins.
        case duplicateID
        /// The content is larger than the limit, so it was not decoded.
        case contentTooLarge(bytes: Int, limit: Int)
        /// The payload has more entries than the limit; `dropped` entries from this position on were ignored.
        case tooManySections(limit: Int, dropped: Int)
    }

    /// What happened to the entry.
    public enum Outcome: Hashable, Sendable {
        /// It is not on the screen.
        case skipped
        /// It is on the screen, built by the fallback module (only for an unknown type).
        case renderedByFallback
    }

    /// The entry's index in the server's list.
    public var position: Int
    /// The entry's id, when it has a valid one.
    public var sectionID: String?
    /// The entry's type, when it has a valid one.
    public var sectionType: String?
    /// What was wrong.
    public var problem: Problem
    /// Whether the entry was skipped or rendered by the fallback.
    public var outcome: Outcome

    /// Creates a diagnostic.
    public init(
        position: Int, sectionID: String?, sectionType: String?, problem: Problem, outcome: Outcome = .skipped
    ) {
        self.position = position
        self.sectionID = sectionID
        self.sectionType = sectionType
        self.problem = problem
        self.outcome = outcome
    }
}

/// What is broken in an entry of the server's section list.
public enum SectionEntryProblem: Hashable, Sendable {
    /// One of the members the decoder reads.
    public enum Member: Hashable, Sendable {
        /// The `id` member.
        case id
        /// The `type` member.
        case type
        /// The `content` member.
        case content
    }

    /// The entry is not a JSON object.
    case notAnObject
    /// The entry has no `id`.
    case missingID
    /// The `id` is not a string, is empty, or is longer than ``SectionIDRules/maximumLength``.
    case invalidID
    /// The entry has no `type`.
    case missingType
    /// The `type` is not a string or breaks ``SectionTypeName``'s rules.
    case invalidType
    /// The entry has no `content`, or it is `null`.
    case missingContent
    /// A member appears twice, so which one the server meant is ambiguous.
    case repeatedMember(Member)
}

/// The rules for a section id.
public enum SectionIDRules {
    /// The longest id accepted, in UTF-8 bytes; ids are keys, and a hostile payload could send huge ones.
    public static let maximumLength = 256

    /// Whether `id` is a usable section id: non-empty and at most `maximumLength` UTF-8 bytes.
    public static func isValid(_ id: String) -> Bool {
        !id.isEmpty && id.utf8.count <= maximumLength
    }
}
