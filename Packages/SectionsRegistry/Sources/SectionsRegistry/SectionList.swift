/// The sections of a screen in display order, with unique ids.
///
/// A value: every edit returns a new list and leaves the original untouched, so a screen can keep its previous
/// state for diffing or undo.
public struct SectionList: RandomAccessCollection, Equatable, Sendable {
    /// The sections in display order.
    public private(set) var sections: [ScreenSection]

    /// An empty list.
    public init() {
        sections = []
    }

    /// A list of `sections`, which must have unique ids.
    public init(_ sections: [ScreenSection]) throws(SectionListError) {
        var seen = Set<String>()
        for section in sections where !seen.insert(section.id).inserted {
            throw .duplicateID(section.id)
        }
        self.sections = sections
    }

    /// Builds a list the caller already knows has unique ids.
    init(uniqueSections: [ScreenSection]) {
        sections = uniqueSections
    }

    /// The position of the first section.
    public var startIndex: Int { sections.startIndex }
    /// The position after the last section.
    public var endIndex: Int { sections.endIndex }

    /// The section at `position`.
    public subscript(position: Int) -> ScreenSection { sections[position] }

    /// The ids in display order.
    public var ids: [String] { sections.map(\.id) }

    /// The section with `id`, or nil.
    public subscript(id id: String) -> ScreenSection? {
        sections.first { $0.id == id }
    }

    /// The position of the section with `id`, or nil.
    public func position(of id: String) -> Int? {
        sections.firstIndex { $0.id == id }
    }

    /// A copy without the section with `id`.
    public func removing(id: String) throws(SectionListError) -> SectionList {
        try RemoveSectionProcessor(id: id).process(self)
    }

    /// A copy with the section with `id` moved to `destination` (its position in the result).
    public func moving(id: String, to destination: Int) throws(SectionListError) -> SectionList {
        try MoveSectionProcessor(id: id, destination: destination).process(self)
    }

    /// A copy with `section` inserted at `position`.
    public func inserting(
        _ section: ScreenSection, at position: InsertSectionProcessor.Position
    ) throws(SectionListError) -> SectionList {
        try InsertSectionProcessor(section: section, position: position).process(self)
    }
}

/// Why an edit of a section list was refused.
public enum SectionListError: Error, Hashable, Sendable {
    /// No section has this id.
    case sectionNotFound(String)
    /// A section with this id is already in the list.
    case duplicateID(String)
    /// The position is outside `0...count` (or `0..<count` for a move).
    case positionOutOfRange(position: Int, count: Int)
}

/// One edit of a section list, as a value: edits can be queued, logged and replayed.
public protocol SectionListProcessor: Sendable {
    /// The edited copy of `list`; `list` itself is never changed.
    func process(_ list: SectionList) throws(SectionListError) -> SectionList
}

/// Removes the section with a given id (the user dismissed it, or the server withdrew it).
public struct RemoveSectionProcessor: SectionListProcessor, Hashable {
    /// The id of the section to remove.
    public var id: String

    /// Creates the edit.
    public init(id: String) {
        self.id = id
    }

    /// A copy of `list` without the section; `.sectionNotFound` when no section has the id, so a stale
    /// removal is visible instead of silently doing nothing.
    public func process(_ list: SectionList) throws(SectionListError) -> SectionList {
        guard let position = list.position(of: id) else { throw .sectionNotFound(id) }
        var sections = list.sections
        sections.remove(at: position)
        return SectionList(uniqueSections: sections)
    }
}

/// Moves the section with a given id to a new position.
public struct MoveSectionProcessor: SectionListProcessor, Hashable {
    /// The id of the section to move.
    public var id: String
    /// Its position in the result, in `0..<count`.
    public var destination: Int

    /// Creates the edit.
    public init(id: String, destination: Int) {
        self.id = id
        self.destination = destination
    }

    /// A copy of `list` with the section at `destination`.
    public func process(_ list: SectionList) throws(SectionListError) -> SectionList {
        guard let position = list.position(of: id) else { throw .sectionNotFound(id) }
        guard list.indices.contains(destination) else {
            throw .positionOutOfRange(position: destination, count: list.count)
        }
        var sections = list.sections
        let section = sections.remove(at: position)
        sections.insert(section, at: destination)
        return SectionList(uniqueSections: sections)
    }
}

/// Inserts a section (a locally made one, or one refreshed on its own).
public struct InsertSectionProcessor: SectionListProcessor {
    /// Where to insert.
    public enum Position: Hashable, Sendable {
        /// At this index, in `0...count`.
        case index(Int)
        /// Right before the section with this id.
        case before(id: String)
        /// Right after the section with this id.
        case after(id: String)
        /// After the last section.
        case end
    }

    /// The section to insert; its id must not be in the list yet.
    public var section: ScreenSection
    /// Where to insert it.
    public var position: Position

    /// Creates the edit.
    public init(section: ScreenSection, position: Position) {
        self.section = section
        self.position = position
    }

    /// A copy of `list` with the section inserted.
    public func process(_ list: SectionList) throws(SectionListError) -> SectionList {
        guard list.position(of: section.id) == nil else { throw .duplicateID(section.id) }
        let index: Int
        switch position {
        case .index(let requested):
            guard (0...list.count).contains(requested) else {
                throw .positionOutOfRange(position: requested, count: list.count)
            }
            index = requested
        case .before(let id):
            guard let found = list.position(of: id) else { throw .sectionNotFound(id) }
            index = found
        case .after(let id):
            guard let found = list.position(of: id) else { throw .sectionNotFound(id) }
            index = found + 1
        case .end:
            index = list.count
        }
        var sections = list.sections
        sections.insert(section, at: index)
        return SectionList(uniqueSections: sections)
    }
}
