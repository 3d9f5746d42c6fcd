public import Foundation

/// What every expense looks like to the store, so an app can save its own model type without copying it first.
public protocol ExpenseModel: Sendable {
    /// Stable identity, assigned by the caller so a retried save never duplicates an entry.
    var id: UUID { get }
    /// What the money was spent on.
    var title: String { get }
    /// The amount, exact: money is never a binary floating-point number.
    var price: Decimal { get }
    /// ISO 4217 currency code, three upper-case letters such as `EUR`.
    var currencyCode: String { get }
    /// Free text, possibly empty.
    var comment: String { get }
    /// When the expense happened.
    var date: Date { get }
    /// What kind of spending it was (`Food`, `Travel`), or nil; ``ExpenseLabels`` says what a store accepts.
    var category: String? { get }
    /// Free labels (`work`, `trip-2026`), in the order given; ``ExpenseLabels`` says what a store accepts.
    var tags: [String] { get }
}

extension ExpenseModel {
    /// No category: a model type written before categories existed keeps compiling and saves uncategorised.
    public var category: String? { nil }
    /// No tags, for the same reason.
    public var tags: [String] { [] }
}

/// One expense as the stores save and return it.
public struct ExpenseEntry: ExpenseModel, Hashable, Sendable, Identifiable {
    /// Stable identity, assigned by the caller so a retried save never duplicates an entry.
    public var id: UUID
    /// What the money was spent on.
    public var title: String
    /// The amount, exact: money is never a binary floating-point number.
    public var price: Decimal
    /// ISO 4217 currency code, three upper-case letters such as `EUR`.
    public var currencyCode: String
    /// Free text, possibly empty.
    public var comment: String
    /// When the expense happened.
    public var date: Date
    /// What kind of spending it was, or nil for uncategorised.
    public var category: String?
    /// Free labels, in the order given.
    public var tags: [String]

    /// Creates an entry.
    public init(
        id: UUID = UUID(), title: String, price: Decimal, currencyCode: String, comment: String = "", date: Date,
        category: String? = nil, tags: [String] = []
    ) {
        self.id = id
        self.title = title
        self.price = price
        self.currencyCode = currencyCode
        self.comment = comment
        self.date = date
        self.category = category
        self.tags = tags
    }

    /// Copies any model into the value the stores speak.
    public init(_ model: some ExpenseModel) {
        self.init(
            id: model.id, title: model.title, price: model.price, currencyCode: model.currencyCode,
            comment: model.comment, date: model.date, category: model.category, tags: model.tags)
    }
}
