public import Foundation

/// The rules every backend enforces before it saves an entry, so that all backends accept and refuse the same
/// entries and every accepted entry comes back exactly as it was saved.
public enum ExpenseLimits {
    /// Prices are stored as whole millionths: six fraction digits cover every currency and crypto sub-units
    /// down to a micro-unit, and make sums exact integer arithmetic.
    public static let fractionDigits = 6
    /// The largest price magnitude, in millionths (just under one trillion units): a bound that keeps every
    /// stored amount and every sum exact in 64-bit integers.
    public static let maximumPriceMicros: Int64 = 999_999_999_999_999_999
    /// The largest price magnitude.
    public static var maximumPrice: Decimal { Micros.decimal(maximumPriceMicros) }
    /// Longest title, in UTF-8 bytes.
    public static let maximumTitleBytes = 4_096
    /// Longest comment, in UTF-8 bytes.
    public static let maximumCommentBytes = 65_536
    /// The dates a store accepts: Foundation's `distantPast` to `distantFuture`, where every calendar still works.
    public static let dates = Date.distantPast...Date.distantFuture

    /// Checks `entry` against the limits and returns the form the backends store.
    package static func checked(_ entry: ExpenseEntry) throws(StorageError) -> StoredExpense {
        let micros: Int64
        switch Micros.from(entry.price) {
        case .success(let value): micros = value
        case .failure(let problem): throw .invalidEntry(id: entry.id, problem: problem)
        }
        guard Self.isCurrencyCode(entry.currencyCode) else {
            throw .invalidEntry(id: entry.id, problem: .invalidCurrencyCode)
        }
        guard entry.title.utf8.count <= maximumTitleBytes else {
            throw .invalidEntry(id: entry.id, problem: .titleTooLong)
        }
        guard entry.comment.utf8.count <= maximumCommentBytes else {
            throw .invalidEntry(id: entry.id, problem: .commentTooLong)
        }
        let seconds = entry.date.timeIntervalSinceReferenceDate
        guard seconds.isFinite, dates.contains(entry.date) else {
            throw .invalidEntry(id: entry.id, problem: .dateOutOfRange)
        }
        do throws(EntryProblem) {
            try ExpenseLabels.check(category: entry.category, tags: entry.tags)
        } catch {
            throw .invalidEntry(id: entry.id, problem: error)
        }
        return StoredExpense(
            id: entry.id, title: entry.title, priceMicros: micros, currencyCode: entry.currencyCode,
            comment: entry.comment, date: seconds, category: entry.category, tags: entry.tags)
    }

    /// Checks a whole batch: every entry valid and no id twice, or an error and nothing saved.
    package static func checked(_ batch: [ExpenseEntry]) throws(StorageError) -> [StoredExpense] {
        var seen = Set<UUID>(minimumCapacity: batch.count)
        var stored: [StoredExpense] = []
        stored.reserveCapacity(batch.count)
        for entry in batch {
            guard seen.insert(entry.id).inserted else { throw .duplicateEntryID(entry.id) }
            stored.append(try checked(entry))
        }
        return stored
    }

    private static func isCurrencyCode(_ code: String) -> Bool {
        let bytes = code.utf8
        return bytes.count == 3 && bytes.allSatisfy { $0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z") }
    }
}

/// An entry in the form every backend stores: the price as whole millionths, the date as the exact number of
/// seconds since 2001 (so a stored date compares and sorts exactly like the `Date` it came from).
package struct StoredExpense: Hashable, Sendable, Codable {
    package var id: UUID
    package var title: String
    package var priceMicros: Int64
    package var currencyCode: String
    package var comment: String
    package var date: Double
    package var category: String?
    package var tags: [String]

    package init(
        id: UUID, title: String, priceMicros: Int64, currencyCode: String, comment: String, date: Double,
        category: String? = nil, tags: [String] = []
    ) {
        self.id = id
        self.title = title
        self.priceMicros = priceMicros
        self.currencyCode = currencyCode
        self.comment = comment
        self.date = date
        self.category = category
        self.tags = tags
    }

    private enum CodingKeys: String, CodingKey {
        case id, title, priceMicros, currencyCode, comment, date, category, tags
    }

    /// Reads files written before entries had a category and tags: a missing key is none.
    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(UUID.self, forKey: .id)
        title = try container.decode(String.self, forKey: .title)
        priceMicros = try container.decode(Int64.self, forKey: .priceMicros)
        currencyCode = try container.decode(String.self, forKey: .currencyCode)
        comment = try container.decode(String.self, forKey: .comment)
        date = try container.decode(Double.self, forKey: .date)
        category = try container.decodeIfPresent(String.self, forKey: .category)
        tags = try container.decodeIfPresent([String].self, forKey: .tags) ?? []
    }

    /// Writes no `category` or `tags` key for an entry without them, so its record reads as before.
    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(title, forKey: .title)
        try container.encode(priceMicros, forKey: .priceMicros)
        try container.encode(currencyCode, forKey: .currencyCode)
        try container.encode(comment, forKey: .comment)
        try container.encode(date, forKey: .date)
        try container.encodeIfPresent(category, forKey: .category)
        if !tags.isEmpty { try container.encode(tags, forKey: .tags) }
    }

    /// The entry as callers see it.
    package var entry: ExpenseEntry {
        ExpenseEntry(
            id: id, title: title, price: Micros.decimal(priceMicros), currencyCode: currencyCode, comment: comment,
            date: Date(timeIntervalSinceReferenceDate: date), category: category, tags: tags)
    }

    /// The order of a report: newest first, equal dates by id (byte order, which is also `uuidString` order).
    package static func newestFirst(_ lhs: StoredExpense, _ rhs: StoredExpense) -> Bool {
        if lhs.date != rhs.date { return lhs.date > rhs.date }
        return UUIDOrder.less(lhs.id, rhs.id)
    }
}

/// Compares UUIDs by their bytes, the order SQLite gives a 16-byte blob.
package enum UUIDOrder {
    package static func less(_ lhs: UUID, _ rhs: UUID) -> Bool {
        withUnsafeBytes(of: lhs.uuid) { left in
            withUnsafeBytes(of: rhs.uuid) { right in
                for index in 0..<16 where left[index] != right[index] {
                    return left[index] < right[index]
                }
                return false
            }
        }
    }
}
