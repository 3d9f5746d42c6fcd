public import Foundation
public import Storage
public import Validation

/// What to change in a recorded expense; nil leaves a field as it is.
public struct ExpenseCorrection: Hashable, Sendable {
    /// A new title.
    public var title: String?
    /// A new amount.
    public var price: Decimal?
    /// A new ISO 4217 code.
    public var currencyCode: String?
    /// A new date.
    public var date: Date?
    /// A new comment.
    public var comment: String?
    /// A new category (normalised with `ExpenseLabels.category(_:)`).
    public var category: String?
    /// Whether the category is removed; wins over `category`, which a caller refuses to combine with it.
    public var removesCategory: Bool
    /// Tags to add after the expense's own, unless it has them already (ignoring case).
    public var addedTags: [String]
    /// Tags to remove, ignoring case; a tag the expense does not have is not an error.
    public var removedTags: [String]

    /// Creates a correction.
    public init(
        title: String? = nil, price: Decimal? = nil, currencyCode: String? = nil, date: Date? = nil,
        comment: String? = nil, category: String? = nil, removesCategory: Bool = false, addedTags: [String] = [],
        removedTags: [String] = []
    ) {
        self.title = title
        self.price = price
        self.currencyCode = currencyCode
        self.date = date
        self.comment = comment
        self.category = category
        self.removesCategory = removesCategory
        self.addedTags = addedTags
        self.removedTags = removedTags
    }

    /// Whether it changes nothing.
    public var isEmpty: Bool {
        title == nil && price == nil && currencyCode == nil && date == nil && comment == nil && category == nil
            && !removesCategory && addedTags.isEmpty && removedTags.isEmpty
    }

    /// The labels of `entry` after this correction, or the problem a store would refuse them with.
    func labels(of entry: ExpenseEntry) throws(EntryProblem) -> (category: String?, tags: [String]) {
        let category = removesCategory ? nil : category ?? entry.category
        let removed = Set(removedTags.map(ExpenseLabels.comparisonKey))
        let kept = entry.tags.filter { !removed.contains(ExpenseLabels.comparisonKey($0)) }
        return (category, try ExpenseLabels.tags(kept + addedTags))
    }
}

/// Why an expense could not be found, corrected or deleted.
public enum ExpenseCorrectionError: Error, Hashable, Sendable {
    /// No expense has this id (or id prefix).
    case notFound(String)
    /// The prefix matches more than one expense: every one it matches, so the user can pick.
    case ambiguous(String, candidates: [ExpenseEntry])
    /// An id prefix must have at least `minimumLength` characters, so it cannot match by accident.
    case prefixTooShort(String, minimumLength: Int)
    /// The corrected expense breaks the rules; nothing was changed.
    case invalid([ValidationProblem])
    /// The store failed; nothing was changed.
    case storage(StorageError)
}

/// Corrects and deletes recorded expenses, found by their id or an unambiguous id prefix (as `git` finds
/// commits), so a person can type the first characters the list shows.
public protocol ExpenseCorrecting: Sendable {
    /// The expense with this id or id prefix.
    func expense(matching id: String) async throws(ExpenseCorrectionError) -> ExpenseEntry
    /// Applies `correction` after validating the result; returns the corrected expense.
    func correct(
        _ id: String, with correction: ExpenseCorrection
    ) async throws(ExpenseCorrectionError)
        -> ExpenseEntry
    /// Deletes the expense; returns what was deleted.
    func delete(_ id: String) async throws(ExpenseCorrectionError) -> ExpenseEntry
}

/// `ExpenseCorrecting` on a store: the same rules as a new expense, the same id after a correction.
public struct ExpenseEditor: ExpenseCorrecting {
    /// The shortest id prefix accepted: eight hexadecimal digits, as the list prints them.
    public static let minimumPrefixLength = 8

    private let rules: any ExpenseChecking
    private let store: any ExpenseReading & ExpenseSaving & ExpenseDeleting

    /// Creates an editor that checks corrections with `rules` (the recorder's, so a correction meets the rules of
    /// a new expense) and changes `store`.
    public init(rules: any ExpenseChecking, store: any ExpenseReading & ExpenseSaving & ExpenseDeleting) {
        self.rules = rules
        self.store = store
    }

    /// See the protocol.
    public func expense(matching id: String) async throws(ExpenseCorrectionError) -> ExpenseEntry {
        let wanted = id.trimmingCharacters(in: .whitespaces).lowercased()
        guard wanted.count >= Self.minimumPrefixLength else {
            throw .prefixTooShort(id, minimumLength: Self.minimumPrefixLength)
        }
        let everything: ExpenseReport
        do {
            everything = try await store.report(in: ExpenseLimits.dates.lowerBound..<ExpenseLimits.dates.upperBound)
        } catch {
            throw .storage(error)
        }
        let matches = everything.entries.filter { $0.id.uuidString.lowercased().hasPrefix(wanted) }
        guard let match = matches.first else { throw .notFound(id) }
        guard matches.count == 1 else { throw .ambiguous(id, candidates: matches) }
        return match
    }

    /// See the protocol.
    public func correct(
        _ id: String, with correction: ExpenseCorrection
    ) async throws(ExpenseCorrectionError)
        -> ExpenseEntry
    {
        let current = try await expense(matching: id)
        let changed = NewExpense(
            title: correction.title ?? current.title, price: correction.price ?? current.price,
            currencyCode: correction.currencyCode ?? current.currencyCode, date: correction.date ?? current.date,
            comment: correction.comment ?? current.comment)
        let problems = rules.problems(in: changed)
        guard problems.isEmpty else { throw .invalid(problems) }
        let labels: (category: String?, tags: [String])
        do throws(EntryProblem) {
            labels = try correction.labels(of: current)
        } catch {
            throw .storage(.invalidEntry(id: current.id, problem: error))
        }
        // Fields the correction does not name are kept as they are, labels included.
        let entry = ExpenseEntry(
            id: current.id, title: changed.title.trimmingCharacters(in: .whitespacesAndNewlines),
            price: changed.price, currencyCode: changed.currencyCode.uppercased(), comment: changed.comment,
            date: changed.date, category: labels.category, tags: labels.tags)
        do {
            try await store.save([entry])
        } catch {
            throw .storage(error)
        }
        return entry
    }

    /// See the protocol.
    public func delete(_ id: String) async throws(ExpenseCorrectionError) -> ExpenseEntry {
        let entry = try await expense(matching: id)
        let deleted: Bool
        do {
            deleted = try await store.delete(id: entry.id)
        } catch {
            throw .storage(error)
        }
        guard deleted else { throw .notFound(id) }
        return entry
    }
}
