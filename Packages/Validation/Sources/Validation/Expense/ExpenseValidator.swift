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
    /// The price is not below the amount limit.
    public static let expensePriceTooLarge = ValidationCode(rawValue: "expense.priceTooLarge")
    /// The price has more decimal places than the currency's minor units (`0.001` EUR would be shown and
    /// summed as EUR 0.00); the currency and its minor units are in the parameters.
    public static let expensePriceTooPrecise = ValidationCode(rawValue: "expense.priceTooPrecise")
    /// The currency is not an accepted ISO 4217 code.
    public static let expenseCurrencyNotISO4217 = ValidationCode(rawValue: "expense.currencyNotISO4217")
    /// No date was given.
    public static let expenseDateMissing = ValidationCode(rawValue: "expense.dateMissing")
    /// The date is NaN, infinite or outside `MoneyLimits.earliestDate...MoneyLimits.latestDate`.
    public static let expenseDateOutOfRange = ValidationCode(rawValue: "expense.dateOutOfRange")
    /// The date is on a day more than one year after today, and ``ExpenseValidationOptions/allowsFuture`` is
    /// off: most likely a typo in the year.
    public static let expenseDateTooFarInFuture = ValidationCode(rawValue: "expense.dateTooFarInFuture")
    /// The comment is longer than the limit.
    public static let expenseCommentTooLong = ValidationCode(rawValue: "expense.commentTooLong")
    /// The comment contains control, replacement or direction-override characters.
    public static let expenseCommentInvalidCharacter = ValidationCode(rawValue: "expense.commentInvalidCharacter")

    /// Every code the expense validator reports.
    public static let expenseCodes: [ValidationCode] = [
        .expenseTitleMissing, .expenseTitleTooLong, .expenseTitleInvalidCharacter, .expensePriceNotFinite,
        .expensePriceNotPositive, .expensePriceTooLarge, .expensePriceTooPrecise, .expenseCurrencyNotISO4217,
        .expenseDateMissing, .expenseDateOutOfRange, .expenseDateTooFarInFuture, .expenseCommentTooLong,
        .expenseCommentInvalidCharacter,
    ]
}

/// The limits an expense entry is checked against.
public struct ExpenseValidationOptions: Sendable {
    /// The currencies an expense may be recorded in; every ISO 4217 currency by default. A code outside
    /// ``ISO4217/minorUnitsByCode`` is refused even when listed here.
    public var acceptedCurrencyCodes: Set<String>
    /// Every price must be below this.
    public var amountLimit: Decimal
    /// The longest title, in Unicode scalars.
    public var maximumTitleLength: Int
    /// The longest comment, in Unicode scalars.
    public var maximumCommentLength: Int
    /// The current instant; injected so that "more than a year from now" is the same in every test run.
    public var now: @Sendable () -> Date
    /// Accept dates more than one year after `now` (a subscription paid far ahead); off because such a date is
    /// nearly always a mistyped year.
    public var allowsFuture: Bool
    /// The calendar whose days "one year after today" is counted in.
    public var calendar: Calendar

    /// Creates options; the defaults suit a personal expense tracker.
    public init(
        acceptedCurrencyCodes: Set<String> = ISO4217.currencyCodes,
        amountLimit: Decimal = MoneyLimits.amountLimit,
        maximumTitleLength: Int = 200,
        maximumCommentLength: Int = 2_000,
        now: @escaping @Sendable () -> Date = { Date() },
        allowsFuture: Bool = false,
        calendar: Calendar = MoneyLimits.utcCalendar
    ) {
        self.acceptedCurrencyCodes = acceptedCurrencyCodes
        self.amountLimit = amountLimit
        self.maximumTitleLength = maximumTitleLength
        self.maximumCommentLength = maximumCommentLength
        self.now = now
        self.allowsFuture = allowsFuture
        self.calendar = calendar
    }
}

/// The expense rules, built from the composable validators.
public struct ExpenseValidator: ExpenseValidating {
    /// The whole rule set as a ``Validator``, to embed an expense in a larger form.
    public let validator: Validator<ExpenseEntryDraft>

    /// Creates the validator with `options`.
    public init(options: ExpenseValidationOptions = ExpenseValidationOptions()) {
        let title: Validator<String> =
            .notBlank(.expenseTitleMissing)
            && .maximumLength(options.maximumTitleLength, .expenseTitleTooLong)
            && .plainText(.expenseTitleInvalidCharacter)
        let price: Validator<Decimal> = Validator.notNaN(.expensePriceNotFinite).then(
            .greaterThan(0, .expensePriceNotPositive) && .lessThan(options.amountLimit, .expensePriceTooLarge))
        let currencies = options.acceptedCurrencyCodes
        @Sendable func minorUnits(_ code: String) -> Int? {
            currencies.contains(code) ? ISO4217.minorUnits(for: code) : nil
        }
        // The precision of a price depends on the entry's currency, so it is a rule of the whole entry.
        let pricePrecision = Validator<ExpenseEntryDraft> { expense in
            guard let places = minorUnits(expense.currencyCode), !expense.price.isNaN,
                !MoneyLimits.hasAtMost(places, decimalPlaces: expense.price)
            else { return [] }
            return [
                ValidationFailure(
                    code: .expensePriceTooPrecise,
                    parameters: [
                        ValidationParameter.currency: expense.currencyCode,
                        ValidationParameter.decimalPlaces: String(places),
                    ])
            ]
        }
        let date = Validator<Date>.rule(.expenseDateOutOfRange, MoneyLimits.isInRange)
            .then(Self.notTooFarAhead(options))
            .required(.expenseDateMissing)
        let comment: Validator<String> =
            .maximumLength(options.maximumCommentLength, .expenseCommentTooLong)
            && .plainText(.expenseCommentInvalidCharacter, allowsLineBreaks: true)
        validator =
            .field("title", \.title, title)
            && (.field("price", \.price, price) && pricePrecision.at("price"))
            && .field("currencyCode", \.currencyCode, .rule(.expenseCurrencyNotISO4217) { minorUnits($0) != nil })
            && .field("date", \.date, date)
            && .field("comment", \.comment, comment)
    }

    /// Every failure found in `expense`.
    public func validate(expense: ExpenseEntryDraft) -> [ValidationFailure] {
        validator.validate(expense)
    }

    /// Refuses a day after the day one year from today, in the options' calendar, unless the future is
    /// allowed. A date the calendar cannot move a year from (the very end of its range) is not refused.
    private static func notTooFarAhead(_ options: ExpenseValidationOptions) -> Validator<Date> {
        guard !options.allowsFuture else { return .valid }
        let calendar = options.calendar
        let now = options.now
        return .rule(.expenseDateTooFarInFuture) { date in
            let today = now()
            guard MoneyLimits.isInRange(today), let latest = calendar.date(byAdding: .year, value: 1, to: today)
            else { return true }
            return date <= latest || calendar.compare(date, to: latest, toGranularity: .day) != .orderedDescending
        }
    }
}
