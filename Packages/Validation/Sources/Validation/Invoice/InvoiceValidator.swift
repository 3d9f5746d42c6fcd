import Essentials
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
    /// The client name contains characters the configured font cannot draw; the failure names them in
    /// ``ValidationParameter/characters``.
    public static let invoiceClientNameNotPrintable = ValidationCode(rawValue: "invoice.clientNameNotPrintable")
    /// A line description contains characters the configured font cannot draw (named in the parameters).
    public static let invoiceLineDescriptionNotPrintable = ValidationCode(
        rawValue: "invoice.lineDescriptionNotPrintable")
    /// A quantity is NaN.
    public static let invoiceQuantityNotFinite = ValidationCode(rawValue: "invoice.quantityNotFinite")
    /// A quantity is zero or negative.
    public static let invoiceQuantityNotPositive = ValidationCode(rawValue: "invoice.quantityNotPositive")
    /// A quantity is larger than the limit.
    public static let invoiceQuantityTooLarge = ValidationCode(rawValue: "invoice.quantityTooLarge")
    /// A quantity has more than three decimal places (the limit is in ``ValidationParameter/decimalPlaces``).
    public static let invoiceQuantityTooPrecise = ValidationCode(rawValue: "invoice.quantityTooPrecise")
    /// A unit price is NaN.
    public static let invoiceUnitPriceNotFinite = ValidationCode(rawValue: "invoice.unitPriceNotFinite")
    /// A unit price is negative.
    public static let invoiceUnitPriceNegative = ValidationCode(rawValue: "invoice.unitPriceNegative")
    /// A unit price is not below the amount limit.
    public static let invoiceUnitPriceTooLarge = ValidationCode(rawValue: "invoice.unitPriceTooLarge")
    /// A unit price has more decimal places than the currency's minor units (`3.14159` EUR, `3.5` JPY); the
    /// currency and its minor units are in the parameters.
    public static let invoiceUnitPriceTooPrecise = ValidationCode(rawValue: "invoice.unitPriceTooPrecise")
    /// A line's net amount (quantity × unit price, rounded to minor units) is not below the amount limit.
    public static let invoiceLineTotalTooLarge = ValidationCode(rawValue: "invoice.lineTotalTooLarge")
    /// A figure of the invoice as EN 16931 computes it (``InvoiceDraft/calculation()``: line net amounts, sums,
    /// VAT, totals, amount due) is not below the amount limit.
    public static let invoiceTotalTooLarge = ValidationCode(rawValue: "invoice.totalTooLarge")
    /// The currency is not an accepted ISO 4217 code.
    public static let invoiceCurrencyNotISO4217 = ValidationCode(rawValue: "invoice.currencyNotISO4217")
    /// The tax rate is NaN.
    public static let invoiceTaxRateNotFinite = ValidationCode(rawValue: "invoice.taxRateNotFinite")
    /// The tax rate is below 0 or above 100 percent.
    public static let invoiceTaxRateOutOfRange = ValidationCode(rawValue: "invoice.taxRateOutOfRange")
    /// The tax rate has more than two decimal places.
    public static let invoiceTaxRateTooPrecise = ValidationCode(rawValue: "invoice.taxRateTooPrecise")
    /// The issue date is NaN, infinite or outside `MoneyLimits.earliestDate...MoneyLimits.latestDate`.
    public static let invoiceIssueDateOutOfRange = ValidationCode(rawValue: "invoice.issueDateOutOfRange")
    /// The due date is NaN, infinite or outside `MoneyLimits.earliestDate...MoneyLimits.latestDate`.
    public static let invoiceDueDateOutOfRange = ValidationCode(rawValue: "invoice.dueDateOutOfRange")
    /// The due date is on an earlier day than the issue date.
    public static let invoiceDueDateBeforeIssueDate = ValidationCode(rawValue: "invoice.dueDateBeforeIssueDate")
    /// The notes are longer than the limit.
    public static let invoiceNotesTooLong = ValidationCode(rawValue: "invoice.notesTooLong")
    /// The notes contain control (other than line breaks and tabs), replacement or direction-override
    /// characters.
    public static let invoiceNotesInvalidCharacter = ValidationCode(rawValue: "invoice.notesInvalidCharacter")
    /// The notes contain characters the configured font cannot draw (named in the parameters).
    public static let invoiceNotesNotPrintable = ValidationCode(rawValue: "invoice.notesNotPrintable")

    /// Every code the invoice validator reports.
    public static let invoiceCodes: [ValidationCode] =
        [
            .invoiceClientNameMissing, .invoiceClientNameTooLong, .invoiceClientNameInvalidCharacter,
            .invoiceClientNameNotPrintable, .invoiceNoLineItems, .invoiceTooManyLineItems, .invoiceDuplicateLineItemID,
            .invoiceLineDescriptionMissing, .invoiceLineDescriptionTooLong, .invoiceLineDescriptionInvalidCharacter,
            .invoiceLineDescriptionNotPrintable, .invoiceQuantityNotFinite, .invoiceQuantityNotPositive,
            .invoiceQuantityTooLarge, .invoiceQuantityTooPrecise, .invoiceUnitPriceNotFinite, .invoiceUnitPriceNegative,
            .invoiceUnitPriceTooLarge, .invoiceUnitPriceTooPrecise, .invoiceLineTotalTooLarge, .invoiceTotalTooLarge,
            .invoiceCurrencyNotISO4217, .invoiceTaxRateNotFinite, .invoiceTaxRateOutOfRange, .invoiceTaxRateTooPrecise,
            .invoiceIssueDateOutOfRange, .invoiceDueDateOutOfRange, .invoiceDueDateBeforeIssueDate,
            .invoiceNotesTooLong,
            .invoiceNotesInvalidCharacter, .invoiceNotesNotPrintable,
        ] + invoiceFieldCodes
}

/// The limits and references an invoice is checked against.
public struct InvoiceValidationOptions: Sendable {
    /// The most decimal places a quantity may have: `1.5` hours and `0.125` tonnes, not `0.0001`.
    public static let quantityDecimalPlaces = 3
    /// The most decimal places a tax rate may have: `7.7` and `8.25` percent.
    public static let taxRateDecimalPlaces = 2

    /// The currencies an invoice may be written in; every ISO 4217 currency by default. A code outside
    /// ``ISO4217/minorUnitsByCode`` is refused even when listed here, because no amount in it could be rounded.
    public var acceptedCurrencyCodes: Set<String>
    /// Every unit price, line amount and total must be below this; the renderer's bound by default.
    public var amountLimit: Decimal
    /// The largest quantity on one line.
    public var maximumQuantity: Decimal
    /// The most lines one invoice may have.
    public var maximumLineItems: Int
    /// The longest client name, in Unicode scalars.
    public var maximumClientNameLength: Int
    /// The longest line description, in Unicode scalars.
    public var maximumDescriptionLength: Int
    /// The longest notes, in Unicode scalars.
    public var maximumNotesLength: Int
    /// The calendar whose days the issue and due dates are compared in.
    public var calendar: Calendar
    /// The characters the invoice's font cannot draw, asked about the client name, every line description
    /// and the notes (line breaks included, which the notes keep); `nil` when every character is drawable.
    /// It is asked only about text that is otherwise acceptable (not too long, no control characters).
    public var undrawableCharacters: UndrawableCharacters?
    /// Which rules beyond a printed invoice's apply: ``InvoiceProfile/plain`` by default, ``InvoiceProfile/en16931``
    /// or ``InvoiceProfile/xrechnung`` for an e-invoice.
    public var profile: InvoiceProfile
    /// The longest text of the parties, references, payment and allowances, in Unicode scalars.
    public var maximumFieldLength: Int

    /// Creates options; the defaults suit invoices for people and small businesses.
    public init(
        acceptedCurrencyCodes: Set<String> = ISO4217.currencyCodes,
        amountLimit: Decimal = MoneyLimits.amountLimit,
        maximumQuantity: Decimal = 1_000_000,
        maximumLineItems: Int = 500,
        maximumClientNameLength: Int = 200,
        maximumDescriptionLength: Int = 1_000,
        maximumNotesLength: Int = 2_000,
        calendar: Calendar = MoneyLimits.utcCalendar,
        undrawableCharacters: UndrawableCharacters? = nil,
        profile: InvoiceProfile = .plain,
        maximumFieldLength: Int = 200
    ) {
        self.profile = profile
        self.maximumFieldLength = maximumFieldLength
        self.acceptedCurrencyCodes = acceptedCurrencyCodes
        self.amountLimit = amountLimit
        self.maximumQuantity = maximumQuantity
        self.maximumLineItems = maximumLineItems
        self.maximumClientNameLength = maximumClientNameLength
        self.maximumDescriptionLength = maximumDescriptionLength
        self.maximumNotesLength = maximumNotesLength
        self.calendar = calendar
        self.undrawableCharacters = undrawableCharacters
    }

    /// The minor units of `code` when it is an accepted currency.
    func minorUnits(ofAccepted code: String) -> Int? {
        acceptedCurrencyCodes.contains(code) ? ISO4217.minorUnits(for: code) : nil
    }
}

/// The invoice rules, built from the composable validators so each rule is one line.
///
/// Failures of a line carry the path `lineItems[<position>].<field>` and the line's id in
/// ``ValidationFailure/elementID``. Amounts are checked on the figures of ``InvoiceDraft/calculation()``.
public struct InvoiceValidator: InvoiceValidating {
    /// The whole rule set as a ``Validator``, to embed an invoice in a larger form.
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
        let clientName = InvoiceText.validator(
            missing: .invoiceClientNameMissing, tooLong: .invoiceClientNameTooLong,
            limit: options.maximumClientNameLength, invalid: .invoiceClientNameInvalidCharacter,
            notPrintable: .invoiceClientNameNotPrintable, options: options)
        let notes = InvoiceText.validator(
            missing: nil, tooLong: .invoiceNotesTooLong, limit: options.maximumNotesLength,
            invalid: .invoiceNotesInvalidCharacter, notPrintable: .invoiceNotesNotPrintable, allowsLineBreaks: true,
            options: options)
        let calendar = options.calendar
        return .field("clientName", \.clientName, clientName)
            && lineItems(options)
            && .field(
                "currencyCode", \.currencyCode,
                .rule(.invoiceCurrencyNotISO4217) { options.minorUnits(ofAccepted: $0) != nil })
            && .field("taxPercent", \.taxPercent, taxRate.optional)
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
            && .field("notes", \.notes, notes)
            && InvoiceBusinessRules.fields(options)
            && documentAdjustments(options)
            && profileRules(options)
    }

    /// The rules of the e-invoice profiles, on top of every other.
    private static func profileRules(_ options: InvoiceValidationOptions) -> Validator<InvoiceDraft> {
        switch options.profile {
        case .plain:
            return .valid
        case .en16931:
            return Validator {
                InvoiceBusinessRules.en16931($0, minorUnits: options.minorUnits(ofAccepted: $0.currencyCode))
            }
        case .xrechnung:
            return Validator {
                InvoiceBusinessRules.en16931($0, minorUnits: options.minorUnits(ofAccepted: $0.currencyCode))
                    + InvoiceBusinessRules.xrechnung($0)
            }
        }
    }

    /// The document's allowances and charges: amounts, their rates, and the rate their category allows
    /// (BR-x-06 for allowances, BR-x-07 for charges).
    private static func documentAdjustments(_ options: InvoiceValidationOptions) -> Validator<InvoiceDraft> {
        Validator { draft in
            let minorUnits = options.minorUnits(ofAccepted: draft.currencyCode)
            let amount = InvoiceBusinessRules.adjustmentAmount(
                options, currency: draft.currencyCode, minorUnits: minorUnits)
            var failures: [ValidationFailure] = []
            for (index, adjustment) in draft.allowancesCharges.enumerated() {
                var found = amount.validate(adjustment)
                if let rate = adjustment.taxPercent {
                    found += taxRate.validate(rate).map { $0.nested(under: "taxPercent") }
                }
                let (category, rate) = draft.vat(of: adjustment)
                if taxRate.isValid(rate), !InvoiceBusinessRules.rateFits(category, rate) {
                    found.append(InvoiceBusinessRules.rateFailure(category, rule: adjustment.isCharge ? "07" : "06"))
                }
                failures += found.map { $0.nested(under: "allowancesCharges[\(index)]") }
            }
            if let paid = draft.paidAmount {
                let paidRules = Validator<Decimal>.notNaN(.invoicePaidAmountNotFinite).then(
                    .atLeast(0, .invoicePaidAmountNegative)
                        && InvoiceBusinessRules.precision(
                            .invoicePaidAmountTooPrecise, currency: draft.currencyCode, minorUnits: minorUnits)
                )
                failures += paidRules.validate(paid).map { $0.nested(under: "paidAmount") }
            }
            return failures
        }
    }

    private static let taxRate: Validator<Decimal> = Validator.notNaN(.invoiceTaxRateNotFinite).then(
        .rule(.invoiceTaxRateOutOfRange) { (0...100).contains($0) }
            && .decimalPlaces(atMost: InvoiceValidationOptions.taxRateDecimalPlaces, .invoiceTaxRateTooPrecise))

    /// The lines: their count, unique ids, each line, and then (once every line and the tax rate are sane)
    /// the grand total with tax.
    private static func lineItems(_ options: InvoiceValidationOptions) -> Validator<InvoiceDraft> {
        let limit = options.amountLimit
        let collection: Validator<[LineItem]> =
            .notEmpty(.invoiceNoLineItems) && .maximumCount(options.maximumLineItems, .invoiceTooManyLineItems)
            && .rule(.invoiceDuplicateLineItemID) { items in Set(items.lazy.map(\.id)).count == items.count }
        let eachLine: Validator<[PricedLine]> = lineItem(options).forEachElement(identifiedBy: \.item.id)
        return Validator { invoice in
            let minorUnits = options.minorUnits(ofAccepted: invoice.currencyCode)
            let lines = invoice.lineItems.map {
                let (category, rate) = invoice.vat(of: $0)
                return PricedLine(
                    item: $0, currencyCode: invoice.currencyCode, minorUnits: minorUnits, category: category,
                    rate: rate)
            }
            let lineFailures = eachLine.validate(lines)
            var failures = (collection.validate(invoice.lineItems) + lineFailures).map { $0.nested(under: "lineItems") }
            guard lineFailures.isEmpty, invoice.taxPercent.map(taxRate.isValid) ?? true,
                documentAdjustments(options).validate(invoice).isEmpty
            else { return failures }
            // Every figure the invoice states, as EN 16931 computes it (VAT rounded once per category and
            // rate), must stay below the limit; an unknown currency is computed unrounded (it fails anyway).
            let calculation = invoice.calculation(minorUnits: minorUnits ?? 38)
            for (index, net) in calculation.lineNetAmounts.enumerated() where net < 0 {
                failures.append(
                    ValidationFailure(
                        code: .invoiceLineNetAmountNegative, path: "lineItems[\(index)].allowancesCharges",
                        elementID: invoice.lineItems[index].id))
            }
            if calculation.totalWithoutVAT < 0, calculation.lineNetAmounts.allSatisfy({ $0 >= 0 }) {
                failures.append(ValidationFailure(code: .invoiceTotalNegative, path: "allowancesCharges"))
            }
            let figures =
                calculation.lineNetAmounts + calculation.vatBreakdown.flatMap { [$0.taxableAmount, $0.taxAmount] } + [
                    calculation.lineTotal, calculation.allowanceTotal, calculation.chargeTotal,
                    calculation.totalWithoutVAT, calculation.vatTotal, calculation.totalWithVAT, calculation.paidAmount,
                    calculation.amountDue,
                ]
            if figures.contains(where: { $0.magnitude >= limit }) {
                failures.append(ValidationFailure(code: .invoiceTotalTooLarge, path: "lineItems"))
            } else if calculation.amountDue < 0, calculation.totalWithVAT >= 0 {
                failures.append(ValidationFailure(code: .invoicePaidAmountTooLarge, path: "paidAmount"))
            }
            return failures
        }
    }

    private static func lineItem(_ options: InvoiceValidationOptions) -> Validator<PricedLine> {
        let limit = options.amountLimit
        let description = InvoiceText.validator(
            missing: .invoiceLineDescriptionMissing, tooLong: .invoiceLineDescriptionTooLong,
            limit: options.maximumDescriptionLength, invalid: .invoiceLineDescriptionInvalidCharacter,
            notPrintable: .invoiceLineDescriptionNotPrintable, options: options)
        let quantity: Validator<Decimal> = Validator.notNaN(.invoiceQuantityNotFinite).then(
            .greaterThan(0, .invoiceQuantityNotPositive)
                && .atMost(options.maximumQuantity, .invoiceQuantityTooLarge)
                && .decimalPlaces(
                    atMost: InvoiceValidationOptions.quantityDecimalPlaces, .invoiceQuantityTooPrecise)
        )
        let unitPrice: Validator<Decimal> = Validator.notNaN(.invoiceUnitPriceNotFinite).then(
            .atLeast(0, .invoiceUnitPriceNegative) && .lessThan(limit, .invoiceUnitPriceTooLarge))
        // The price's precision depends on the invoice's currency, which the line carries along.
        let unitPricePrecision = Validator<PricedLine> { line in
            guard let places = line.minorUnits, !line.item.unitPrice.isNaN,
                !MoneyLimits.hasAtMost(places, decimalPlaces: line.item.unitPrice)
            else { return [] }
            return [
                ValidationFailure(
                    code: .invoiceUnitPriceTooPrecise,
                    parameters: [
                        ValidationParameter.currency: line.currencyCode,
                        ValidationParameter.decimalPlaces: String(places),
                    ])
            ]
        }
        let lineTotal = Validator<PricedLine>.rule(.invoiceLineTotalTooLarge) { line in
            let amount = line.item.quantity * line.item.unitPrice
            return (line.minorUnits.map { MoneyLimits.rounded(amount, toPlaces: $0) } ?? amount) < limit
        }
        let amounts: Validator<PricedLine> =
            .field("quantity", \.item.quantity, quantity)
            && (.field("unitPrice", \.item.unitPrice, unitPrice) && unitPricePrecision.at("unitPrice"))
        // The line's own rate, the rate its category allows (BR-S-05, BR-Z-05, ...), its allowances and charges.
        let adjustmentText = InvoiceText.validator(
            missing: nil, tooLong: .invoiceTextTooLong, limit: options.maximumFieldLength,
            invalid: .invoiceTextInvalidCharacter, notPrintable: .invoiceTextNotPrintable, options: options)
        let vat = Validator<PricedLine> { line in
            var failures: [ValidationFailure] = []
            if let rate = line.item.taxPercent {
                failures += taxRate.validate(rate).map { $0.nested(under: "taxPercent") }
            }
            if failures.isEmpty, taxRate.isValid(line.rate), !InvoiceBusinessRules.rateFits(line.category, line.rate) {
                failures.append(InvoiceBusinessRules.rateFailure(line.category, rule: "05"))
            }
            let amount = InvoiceBusinessRules.adjustmentAmount(
                options, currency: line.currencyCode, minorUnits: line.minorUnits)
            for (index, adjustment) in line.item.allowancesCharges.enumerated() {
                failures += (amount && .field("reason", \.reason, adjustmentText)).validate(adjustment)
                    .map { $0.nested(under: "allowancesCharges[\(index)]") }
            }
            return failures
        }
        // A line total is reported only for a line whose quantity and price are each acceptable.
        return .field("description", \.item.description, description) && amounts.then(lineTotal) && vat
    }
}

/// A line with the facts of its invoice that the line's rules need.
private struct PricedLine: Sendable {
    let item: LineItem
    let currencyCode: String
    let minorUnits: Int?
    let category: VATCategory
    let rate: Decimal
}

/// The rules every printed text field of an invoice shares.
enum InvoiceText {
    static func validator(
        missing: ValidationCode?,
        tooLong: ValidationCode,
        limit: Int,
        invalid: ValidationCode,
        notPrintable: ValidationCode,
        allowsLineBreaks: Bool = false,
        options: InvoiceValidationOptions
    ) -> Validator<String> {
        var checked: Validator<String> =
            .maximumLength(limit, tooLong) && .plainText(invalid, allowsLineBreaks: allowsLineBreaks)
        // The font is asked only about text that is otherwise fine, so a hostile megabyte never reaches it.
        if let undrawable = options.undrawableCharacters {
            checked = checked.then(.drawable(notPrintable, undrawableCharacters: undrawable))
        }
        guard let missing else { return checked }
        return .notBlank(missing) && checked
    }
}
