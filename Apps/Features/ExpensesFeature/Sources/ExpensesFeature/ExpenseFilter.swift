public import Foundation
public import Storage

/// Which entries of a period a list or a report keeps.
///
/// The store reads a period (its date-ordered key makes that the cheap part); everything else is matched here, on
/// the period's entries, so every backend and the test fakes give the same answer. A person's ledger holds
/// thousands of entries, which this filters in well under a millisecond.
public struct ExpenseFilter: Hashable, Sendable {
    /// Keeps entries of this category, ignoring case; nil keeps every category.
    public var category: String?
    /// Keeps entries with this tag, ignoring case; nil keeps every entry.
    public var tag: String?
    /// Keeps entries whose title contains this text, ignoring case and diacritics; nil keeps every entry.
    public var text: String?
    /// Keeps entries of at least this amount, in whatever currency: amounts are compared as numbers.
    public var minimum: Decimal?
    /// Keeps entries of at most this amount.
    public var maximum: Decimal?

    /// Creates a filter; nothing given keeps everything.
    public init(
        category: String? = nil, tag: String? = nil, text: String? = nil, minimum: Decimal? = nil,
        maximum: Decimal? = nil
    ) {
        self.category = category
        self.tag = tag
        self.text = text
        self.minimum = minimum
        self.maximum = maximum
    }

    /// Whether it keeps every entry.
    public var keepsEverything: Bool {
        category == nil && tag == nil && text == nil && minimum == nil && maximum == nil
    }

    /// Whether `entry` is kept.
    public func keeps(_ entry: ExpenseEntry) -> Bool {
        if let category {
            guard let own = entry.category,
                ExpenseLabels.comparisonKey(own) == ExpenseLabels.comparisonKey(category)
            else { return false }
        }
        if let tag {
            let key = ExpenseLabels.comparisonKey(tag)
            guard entry.tags.contains(where: { ExpenseLabels.comparisonKey($0) == key }) else { return false }
        }
        if let text, entry.title.range(of: text, options: [.caseInsensitive, .diacriticInsensitive]) == nil {
            return false
        }
        if let minimum, entry.price < minimum { return false }
        if let maximum, entry.price > maximum { return false }
        return true
    }
}

/// How a report is cut into sections.
public enum ReportSections: String, Hashable, Sendable, CaseIterable {
    /// By the period's own calendar grouping (days of a week, months of a year).
    case period
    /// One section per category, with its subtotal, and one for the uncategorised entries last.
    case category
}

/// What a report keeps and how it cuts it.
public struct ReportOptions: Hashable, Sendable {
    /// The entries kept.
    public var filter: ExpenseFilter
    /// The sections of a table and the subtotals of JSON.
    public var sections: ReportSections

    /// Creates options; the defaults keep every entry, by calendar period.
    public init(filter: ExpenseFilter = ExpenseFilter(), sections: ReportSections = .period) {
        self.filter = filter
        self.sections = sections
    }
}

/// The entries of a report split by category: what `--by category` prints.
struct CategoryGroup: Hashable, Sendable {
    /// The category as its oldest entry spells it; nil for the uncategorised ones.
    var category: String?
    /// The group's entries, newest first.
    var entries: [ExpenseEntry]

    /// The heading a table prints for the uncategorised entries.
    static let uncategorisedHeading = "uncategorised"

    /// `entries` by category, ignoring case: categories in alphabetical order, the uncategorised last.
    static func groups(of entries: [ExpenseEntry]) -> [CategoryGroup] {
        var groups: [String: CategoryGroup] = [:]
        var uncategorised: [ExpenseEntry] = []
        for entry in entries {
            guard let category = entry.category else {
                uncategorised.append(entry)
                continue
            }
            let key = ExpenseLabels.comparisonKey(category)
            groups[key, default: CategoryGroup(category: category, entries: [])].entries.append(entry)
            // Entries come newest first: the spelling kept is the oldest entry's, the one first typed.
            groups[key]?.category = category
        }
        var ordered = groups.sorted { $0.key < $1.key }.map(\.value)
        if !uncategorised.isEmpty { ordered.append(CategoryGroup(category: nil, entries: uncategorised)) }
        return ordered
    }
}
