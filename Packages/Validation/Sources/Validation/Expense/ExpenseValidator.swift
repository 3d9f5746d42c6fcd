public import Foundation

/// Checks an expense entry before it is saved.
public protocol ExpenseValidating: Sendable {
    /// Every failure found in `expense`; empty when it can be saved.
    func validate(expense: ExpenseEntryDraft) -> [ValidationFailure]
}

extension ValidationCode {
    /// The title is empty or only whitespace.
    public static let expenseTitleMissing = ValidationCode(rawValue: "expense.titleMissing")
    /// The title is longer than the limit.
    public static let expenseTitleTooLong = ValidationCode(rawValue: "expense.titleTooLong")
    /// The title contains control, replacement or direction-override characters, or a line break.
    public static let expenseTitleInvalidCharacter = ValidationCode(rawValue: "expense.titleInvalidCharacter")
    /// The price is NaN (or came from an infinite `Double`).
    public static let expensePriceNotFinite = ValidationCode(rawValue: "expense.priceNotFinite")
    /// The price is zero or negative.
    public static let expensePriceNotPositive = ValidationCode(rawValue: "expense.priceNotPositive")
    /// The price is larger than the maximum amount.
    public static let expensePriceTooLarge = ValidationCode(rawValue: "expense.priceTooLarge")
    /// The currency is not an accepted ISO 4217 code.
    public static let expenseCurrencyNotISO4217 = ValidationCode(rawValue: "expense.currencyNotISO4217")
    /// No date was given.
    public static let expenseDateMissing = ValidationCode(rawValue: "expense.dateMissing")
    /// The date is NaN, infinite or outside `MoneyLimits.earliestDate...MoneyLimits.latestDate`.
    public static let expenseDateOutOfRange = ValidationCode(rawValue: "expense.dateOutOfRange")
    /// The comment is longer than the limit.
    public static let expenseCommentTooLong = ValidationCode(rawValue: "expense.commentTooLong")
    /// The comment contains control, replacement or direction-override characters.
    public static let expenseCommentInvalidCharacter = ValidationCode(rawValue: "expense.commentInvalidCharacter")

    /// Every code the expense validator reports.
    public static let expenseCodes: [ValidationCode] = [
        .expenseTitleMissing, .expenseTitleTooLong, .expenseTitleInvalidCharacter, .expensePriceNotFinite,
        .expensePriceNotPositive, .expensePriceTooLarge, .expenseCurrencyNotISO4217, .expenseDateMissing,
        .expenseDateOutOfRange, .expenseCommentTooLong, .expenseCommentInvalidCharacter,
    ]
}

/// The limits an expense entry is checked against.
public struct ExpenseValidationOptions: Hashable, Sendable {
    /// The currencies an expense may be recorded in; every ISO 4217 currency by default.
    public var acceptedCurrencyCodes: Set<String>
    /// The largest price.
    public var maximumAmount: Decimal
    /// The longest title, in Unicode scalars.
    public var maximumTitleLength: Int
    /// The longest comment, in Unicode scalars.
    public var maximumCommentLength: Int

    /// Creates options; the defaults suit a personal expense tracker.
    public init(
        acceptedCurrencyCodes: Set<String> = ISO4217.currencyCodes,
        maximumAmount: Decimal = MoneyLimits.maximumAmount,
        maximumTitleLength: Int = 200,
        maximumCommentLength: Int = 2_000
    ) {
        self.acceptedCurrencyCodes = acceptedCurrencyCodes
        self.maximumAmount = maximumAmount
        self.maximumTitleLength = maximumTitleLength
        self.maximumCommentLength = maximumCommentLength
    }
}

/// The expense rules, built from the composable validators.
public struct ExpenseValidator: ExpenseValidating {
    /// The whole rule set as a `Validator`, to embed an expense in a larger form.
    public let validator: Validator<ExpenseEntryDraft>

    /// Creates the validator with `options`.
    public init(options: ExpenseValidationOptions = ExpenseValidationOptions()) {
        let title: Validator<String> =
            .notBlank(.expenseTitleMissing)
            && .maximumLength(options.maximumTitleLength, .expenseTitleTooLong)
            && .plainText(.expenseTitleInvalidCharacter)
        let price: Validator<Decimal> = Validator.notNaN(.expensePriceNotFinite).then(
            .greaterThan(0, .expensePriceNotPositive) && .atMost(options.maximumAmount, .expensePriceTooLarge))
        let currencies = options.acceptedCurrencyCodes
        let date = Validator<Date>.rule(.expenseDateOutOfRange, MoneyLimits.isInRange).required(.expenseDateMissing)
        let comment: Validator<String> =
            .maximumLength(options.maximumCommentLength, .expenseCommentTooLong)
            && .plainText(.expenseCommentInvalidCharacter, allowsLineBreaks: true)
        validator =
            .field("title", \.title, title)
            && .field("price", \.price, price)
            && .field("currencyCode", \.currencyCode, .rule(.expenseCurrencyNotISO4217) { currencies.contains($0) })
            && .field("date", \.date, date)
            && .field("comment", \.comment, comment)
    }

    /// Every failure found in `expense`.
    public func validate(expense: ExpenseEntryDraft) -> [ValidationFailure] {
        validator.validate(expense)
    }
}
