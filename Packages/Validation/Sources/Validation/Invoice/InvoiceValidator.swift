public import Foundation

/// Checks an invoice draft before it is rendered, stored or sent.
public protocol InvoiceValidating: Sendable {
    /// Every failure found in `invoice`; empty when it can be issued.
    func validate(invoice: InvoiceDraft) -> [ValidationFailure]
}

extension ValidationCode {
    /// The client name is empty or only whitespace.
    public static let invoiceClientNameMissing = ValidationCode(rawValue: "invoice.clientNameMissing")
    /// The client name is longer than the limit.
    public static let invoiceClientNameTooLong = ValidationCode(rawValue: "invoice.clientNameTooLong")
    /// The client name contains control, replacement or direction-override characters.
    public static let invoiceClientNameInvalidCharacter = ValidationCode(
        rawValue: "invoice.clientNameInvalidCharacter")
    /// The invoice has no line items.
    public static let invoiceNoLineItems = ValidationCode(rawValue: "invoice.noLineItems")
    /// The invoice has more line items than the limit.
    public static let invoiceTooManyLineItems = ValidationCode(rawValue: "invoice.tooManyLineItems")
    /// Two line items share an id, so failures could not tell them apart.
    public static let invoiceDuplicateLineItemID = ValidationCode(rawValue: "invoice.duplicateLineItemID")
    /// A line description is empty or only whitespace.
    public static let invoiceLineDescriptionMissing = ValidationCode(rawValue: "invoice.lineDescriptionMissing")
    /// A line description is longer than the limit.
    public static let invoiceLineDescriptionTooLong = ValidationCode(rawValue: "invoice.lineDescriptionTooLong")
    /// A line description contains control, replacement or direction-override characters.
    public static let invoiceLineDescriptionInvalidCharacter = ValidationCode(
        rawValue: "invoice.lineDescriptionInvalidCharacter")
    /// A quantity is zero or negative.
    public static let invoiceQuantityNotPositive = ValidationCode(rawValue: "invoice.quantityNotPositive")
    /// A quantity is larger than the limit.
    public static let invoiceQuantityTooLarge = ValidationCode(rawValue: "invoice.quantityTooLarge")
    /// A unit price is NaN.
    public static let invoiceUnitPriceNotFinite = ValidationCode(rawValue: "invoice.unitPriceNotFinite")
    /// A unit price is negative.
    public static let invoiceUnitPriceNegative = ValidationCode(rawValue: "invoice.unitPriceNegative")
    /// A unit price is larger than the maximum amount.
    public static let invoiceUnitPriceTooLarge = ValidationCode(rawValue: "invoice.unitPriceTooLarge")
    /// Quantity times unit price is larger than the maximum amount.
    public static let invoiceLineTotalTooLarge = ValidationCode(rawValue: "invoice.lineTotalTooLarge")
    /// The sum of the lines is larger than the maximum amount.
    public static let invoiceTotalTooLarge = ValidationCode(rawValue: "invoice.totalTooLarge")
    /// The currency is not an accepted ISO 4217 code.
    public static let invoiceCurrencyNotISO4217 = ValidationCode(rawValue: "invoice.currencyNotISO4217")
    /// The issue date is NaN, infinite or outside `MoneyLimits.earliestDate...MoneyLimits.latestDate`.
    public static let invoiceIssueDateOutOfRange = ValidationCode(rawValue: "invoice.issueDateOutOfRange")
    /// The due date is NaN, infinite or outside `MoneyLimits.earliestDate...MoneyLimits.latestDate`.
    public static let invoiceDueDateOutOfRange = ValidationCode(rawValue: "invoice.dueDateOutOfRange")
    /// The due date is on an earlier day than the issue date.
    public static let invoiceDueDateBeforeIssueDate = ValidationCode(rawValue: "invoice.dueDateBeforeIssueDate")

    /// Every code the invoice validator reports.
    public static let invoiceCodes: [ValidationCode] = [
        .invoiceClientNameMissing, .invoiceClientNameTooLong, .invoiceClientNameInvalidCharacter,
        .invoiceNoLineItems, .invoiceTooManyLineItems, .invoiceDuplicateLineItemID,
        .invoiceLineDescriptionMissing, .invoiceLineDescriptionTooLong, .invoiceLineDescriptionInvalidCharacter,
        .invoiceQuantityNotPositive, .invoiceQuantityTooLarge, .invoiceUnitPriceNotFinite, .invoiceUnitPriceNegative,
        .invoiceUnitPriceTooLarge, .invoiceLineTotalTooLarge, .invoiceTotalTooLarge, .invoiceCurrencyNotISO4217,
        .invoiceIssueDateOutOfRange, .invoiceDueDateOutOfRange, .invoiceDueDateBeforeIssueDate,
    ]
}

/// The limits and references an invoice is checked against.
public struct InvoiceValidationOptions: Hashable, Sendable {
    /// The currencies an invoice may be written in; every ISO 4217 currency by default.
    public var acceptedCurrencyCodes: Set<String>
    /// The largest unit price, line total and invoice total.
    public var maximumAmount: Decimal
    /// The largest quantity on one line.
    public var maximumQuantity: Int
    /// The most lines one invoice may have.
    public var maximumLineItems: Int
    /// The longest client name, in Unicode scalars.
    public var maximumClientNameLength: Int
    /// The longest line description, in Unicode scalars.
    public var maximumDescriptionLength: Int
    /// The calendar whose days the issue and due dates are compared in.
    public var calendar: Calendar

    /// Creates options; the defaults suit invoices for people and small businesses.
    public init(
        acceptedCurrencyCodes: Set<String> = ISO4217.currencyCodes,
        maximumAmount: Decimal = MoneyLimits.maximumAmount,
        maximumQuantity: Int = 1_000_000,
        maximumLineItems: Int = 500,
        maximumClientNameLength: Int = 200,
        maximumDescriptionLength: Int = 1_000,
        calendar: Calendar = MoneyLimits.utcCalendar
    ) {
        self.acceptedCurrencyCodes = acceptedCurrencyCodes
        self.maximumAmount = maximumAmount
        self.maximumQuantity = maximumQuantity
        self.maximumLineItems = maximumLineItems
        self.maximumClientNameLength = maximumClientNameLength
        self.maximumDescriptionLength = maximumDescriptionLength
        self.calendar = calendar
    }
}

/// The invoice rules, built from the composable validators so each rule is one line.
///
/// Failures of a line carry the path `lineItems[<position>].<field>` and the line's id in
/// `ValidationFailure.elementID`.
public struct InvoiceValidator: InvoiceValidating {
    /// The whole rule set as a `Validator`, to embed an invoice in a larger form.
    public let validator: Validator<InvoiceDraft>

    /// Creates the validator with `options`.
    public init(options: InvoiceValidationOptions = InvoiceValidationOptions()) {
        validator = Self.rules(options)
    }

    /// Every failure found in `invoice`.
    public func validate(invoice: InvoiceDraft) -> [ValidationFailure] {
        validator.validate(invoice)
    }

    private static func rules(_ options: InvoiceValidationOptions) -> Validator<InvoiceDraft> {
        let clientName: Validator<String> =
            .notBlank(.invoiceClientNameMissing)
            && .maximumLength(options.maximumClientNameLength, .invoiceClientNameTooLong)
            && .plainText(.invoiceClientNameInvalidCharacter)
        let currencies = options.acceptedCurrencyCodes
        let calendar = options.calendar
        return .field("clientName", \.clientName, clientName)
            && .field("lineItems", \.lineItems, lineItems(options))
            && .field("currencyCode", \.currencyCode, .rule(.invoiceCurrencyNotISO4217) { currencies.contains($0) })
            && .field("issueDate", \.issueDate, .rule(.invoiceIssueDateOutOfRange, MoneyLimits.isInRange))
            && .field("dueDate", \.dueDate, .rule(.invoiceDueDateOutOfRange, MoneyLimits.isInRange))
            && Validator.rule(.invoiceDueDateBeforeIssueDate) { invoice in
                // Days never run backwards, so only a due instant before the issue instant needs the calendar.
                invoice.dueDate >= invoice.issueDate
                    || calendar.compare(invoice.dueDate, to: invoice.issueDate, toGranularity: .day)
                        != .orderedAscending
            }
            .when { MoneyLimits.isInRange($0.issueDate) && MoneyLimits.isInRange($0.dueDate) }
            .at("dueDate")
    }

    private static func lineItems(_ options: InvoiceValidationOptions) -> Validator<[LineItem]> {
        let maximumAmount = options.maximumAmount
        let count: Validator<[LineItem]> =
            .notEmpty(.invoiceNoLineItems) && .maximumCount(options.maximumLineItems, .invoiceTooManyLineItems)
        let uniqueIDs = Validator<[LineItem]>.rule(.invoiceDuplicateLineItemID) { items in
            Set(items.lazy.map(\.id)).count == items.count
        }
        let total = Validator<[LineItem]>.rule(.invoiceTotalTooLarge) { items in
            items.reduce(Decimal(0)) { $0 + Decimal($1.quantity) * $1.unitPrice } <= maximumAmount
        }
        // The total is only meaningful once every line is a sane amount on its own.
        return count && uniqueIDs && lineItem(options).forEachElement(identifiedBy: \.id).then(total)
    }

    private static func lineItem(_ options: InvoiceValidationOptions) -> Validator<LineItem> {
        let maximumAmount = options.maximumAmount
        let description: Validator<String> =
            .notBlank(.invoiceLineDescriptionMissing)
            && .maximumLength(options.maximumDescriptionLength, .invoiceLineDescriptionTooLong)
            && .plainText(.invoiceLineDescriptionInvalidCharacter)
        let quantity: Validator<Int> =
            .greaterThan(0, .invoiceQuantityNotPositive) && .atMost(options.maximumQuantity, .invoiceQuantityTooLarge)
        let unitPrice: Validator<Decimal> = Validator.notNaN(.invoiceUnitPriceNotFinite).then(
            .atLeast(0, .invoiceUnitPriceNegative) && .atMost(maximumAmount, .invoiceUnitPriceTooLarge))
        let lineTotal = Validator<LineItem>.rule(.invoiceLineTotalTooLarge) { item in
            Decimal(item.quantity) * item.unitPrice <= maximumAmount
        }
        let amounts: Validator<LineItem> =
            .field("quantity", \.quantity, quantity) && .field("unitPrice", \.unitPrice, unitPrice)
        // A line total is reported only for a line whose quantity and price are each acceptable.
        return .field("description", \.description, description) && amounts.then(lineTotal)
    }
}
