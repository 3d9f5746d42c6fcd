import Essentials
import Foundation
import Testing
import Validation

/// A fixed instant (2026-03-14 12:00 UTC) so no test depends on today's date.
let referenceDate = Date(timeIntervalSince1970: 1_773_489_600)

extension InvoiceDraft {
    static func sample(
        clientName: String = "ACME GmbH",
        lineItems: [LineItem] = [
            LineItem(id: "A", description: "Design", quantity: 3, unitPrice: Decimal(string: "120.50") ?? 0),
            LineItem(id: "B", description: "Hosting", quantity: 1, unitPrice: 0),
        ],
        currencyCode: String = "EUR",
        issueDate: Date = referenceDate,
        dueDate: Date = referenceDate.addingTimeInterval(14 * 86_400),
        taxPercent: Decimal? = nil,
        notes: String = ""
    ) -> InvoiceDraft {
        InvoiceDraft(
            clientName: clientName, lineItems: lineItems, currencyCode: currencyCode, issueDate: issueDate,
            dueDate: dueDate, taxPercent: taxPercent, notes: notes)
    }
}

func line(
    _ id: String,
    description: String = "Work",
    quantity: Decimal = 1,
    unitPrice: Decimal = 10
) -> LineItem {
    LineItem(id: id, description: description, quantity: quantity, unitPrice: unitPrice)
}

@Suite("Validation: invoice draft")
struct InvoiceValidatorTests {
    let validator = InvoiceValidator()

    @Test func acceptsAWellFormedDraft() {
        #expect(validator.validate(invoice: .sample()).isEmpty)
    }

    @Test(arguments: [
        "", "   ", "\t\n", "\u{200B}", "\u{00A0}\u{3000}", HostileText.oneMegabyteOfSpaces,
    ])
    func requiresAClientNameAfterTrimming(name: String) {
        #expect(
            validator.validate(invoice: .sample(clientName: name))
                .contains(ValidationFailure(code: .invoiceClientNameMissing, path: "clientName")))
    }

    @Test func limitsAndCleansTheClientName() {
        let atLimit = String(repeating: "n", count: 200)
        #expect(validator.validate(invoice: .sample(clientName: atLimit)).isEmpty)
        #expect(validator.validate(invoice: .sample(clientName: atLimit + "n")).codes == [.invoiceClientNameTooLong])
        #expect(
            validator.validate(invoice: .sample(clientName: HostileText.oneMegabyte)).codes == [
                .invoiceClientNameTooLong
            ])
        #expect(
            validator.validate(invoice: .sample(clientName: HostileText.zalgo)).codes == [.invoiceClientNameTooLong])
        for hostile in [HostileText.invalidUTF8, HostileText.controls, HostileText.bidiOverride, "ACME\nGmbH"] {
            #expect(
                validator.validate(invoice: .sample(clientName: hostile)).codes == [.invoiceClientNameInvalidCharacter])
        }
        #expect(validator.validate(invoice: .sample(clientName: "Ærøskøbing Ölçüm 株式会社 👷")).isEmpty)
    }

    @Test func requiresAtLeastOneLineAndAtMostTheLimit() {
        #expect(
            validator.validate(invoice: .sample(lineItems: []))
                == [ValidationFailure(code: .invoiceNoLineItems, path: "lineItems")])
        let many = (0..<501).map { line("L\($0)") }
        #expect(validator.validate(invoice: .sample(lineItems: many)).codes == [.invoiceTooManyLineItems])
        #expect(validator.validate(invoice: .sample(lineItems: Array(many.prefix(500)))).isEmpty)
    }

    @Test func refusesDuplicateLineIDsBecauseFailuresCouldNotNameTheLine() {
        let failures = validator.validate(invoice: .sample(lineItems: [line("A"), line("B"), line("A")]))
        #expect(failures == [ValidationFailure(code: .invoiceDuplicateLineItemID, path: "lineItems")])
    }

    @Test func reportsTheLinePositionAndIDForLineFailures() {
        let failures = validator.validate(
            invoice: .sample(lineItems: [line("first"), line("second", description: " ", quantity: 0, unitPrice: -1)]))
        #expect(
            failures == [
                ValidationFailure(
                    code: .invoiceLineDescriptionMissing, path: "lineItems[1].description", elementID: "second"),
                ValidationFailure(
                    code: .invoiceQuantityNotPositive, path: "lineItems[1].quantity", elementID: "second"),
                ValidationFailure(code: .invoiceUnitPriceNegative, path: "lineItems[1].unitPrice", elementID: "second"),
            ])
    }

    @Test(arguments: [0, -1, Int.min])
    func refusesQuantitiesThatAreNotPositive(quantity: Int) {
        let failures = validator.validate(invoice: .sample(lineItems: [line("A", quantity: Decimal(quantity))]))
        #expect(failures.codes == [.invoiceQuantityNotPositive])
    }

    @Test func refusesQuantitiesAboveTheLimit() {
        #expect(
            validator.validate(invoice: .sample(lineItems: [line("A", quantity: Decimal(Int.max))])).codes
                == [.invoiceQuantityTooLarge])
        #expect(validator.validate(invoice: .sample(lineItems: [line("A", quantity: 1_000_000)])).isEmpty)
    }

    @Test func checksUnitPrices() {
        func codes(_ price: Decimal) -> [ValidationCode] {
            validator.validate(invoice: .sample(lineItems: [line("A", unitPrice: price)])).codes
        }
        #expect(codes(0).isEmpty)
        #expect(codes(Decimal(string: "0.01") ?? 0).isEmpty)
        #expect(codes(Decimal(string: "-0.01") ?? 0) == [.invoiceUnitPriceNegative])
        #expect(codes(.nan) == [.invoiceUnitPriceNotFinite])
        #expect(codes(.quietNaN) == [.invoiceUnitPriceNotFinite])
        #expect(codes(MoneyLimits.decimal(from: .infinity)) == [.invoiceUnitPriceNotFinite])
        #expect(codes(MoneyLimits.decimal(from: -.infinity)) == [.invoiceUnitPriceNotFinite])
        #expect(codes(.greatestFiniteMagnitude) == [.invoiceUnitPriceTooLarge])
        #expect(codes(-.greatestFiniteMagnitude) == [.invoiceUnitPriceNegative])
        // The renderer accepts amounts below 10^15 only, so exactly 10^15 must fail here (it used to pass).
        #expect(codes(MoneyLimits.amountLimit - 1).isEmpty)
        #expect(codes(MoneyLimits.amountLimit) == [.invoiceUnitPriceTooLarge])
        #expect(codes(MoneyLimits.amountLimit + 1) == [.invoiceUnitPriceTooLarge])
    }

    @Test func refusesLineAndInvoiceTotalsThatReachTheLimit() {
        let half = MoneyLimits.amountLimit / 2
        let expensiveLine = [line("A", quantity: 1_000, unitPrice: half)]
        #expect(
            validator.validate(invoice: .sample(lineItems: expensiveLine))
                == [ValidationFailure(code: .invoiceLineTotalTooLarge, path: "lineItems[0]", elementID: "A")])
        let twoHalves = [line("A", unitPrice: half), line("B", unitPrice: half)]
        #expect(
            validator.validate(invoice: .sample(lineItems: twoHalves))
                == [ValidationFailure(code: .invoiceTotalTooLarge, path: "lineItems")])
        let cent = Decimal(string: "0.01") ?? 0
        let justBelow = [line("A", unitPrice: half), line("B", unitPrice: half - cent)]
        #expect(validator.validate(invoice: .sample(lineItems: justBelow)).isEmpty)
    }

    @Test(arguments: ["EUR", "USD", "JPY", "CHF", "CLF", "XOF", "XCG", "ZWG"])
    func acceptsISO4217Currencies(code: String) {
        // Whole prices, which every currency can state (JPY and XOF have no minor units).
        #expect(
            validator.validate(invoice: .sample(lineItems: [line("A", unitPrice: 120)], currencyCode: code)).isEmpty)
    }

    @Test(arguments: [
        "", "eur", "Eur", "EU", "EURO", "€", " EUR", "XXX", "XTS", "XAU", "HRK", "VEF", "ANG", "BGN", "ABC", "E\u{0}R",
    ])
    func refusesWhatIsNotAnAcceptedCurrency(code: String) {
        #expect(
            validator.validate(invoice: .sample(currencyCode: code))
                == [ValidationFailure(code: .invoiceCurrencyNotISO4217, path: "currencyCode")])
    }

    @Test func acceptsAnInjectedCurrencyList() {
        let euroOnly = InvoiceValidator(options: InvoiceValidationOptions(acceptedCurrencyCodes: ["EUR"]))
        #expect(euroOnly.validate(invoice: .sample(currencyCode: "EUR")).isEmpty)
        #expect(euroOnly.validate(invoice: .sample(currencyCode: "USD")).codes == [.invoiceCurrencyNotISO4217])
    }

    @Test func comparesDueAndIssueDatesByCalendarDay() {
        let noon = referenceDate
        #expect(validator.validate(invoice: .sample(issueDate: noon, dueDate: noon)).isEmpty)
        // Earlier on the same day is still "not before the issue date".
        #expect(validator.validate(invoice: .sample(issueDate: noon, dueDate: noon.addingTimeInterval(-3_600))).isEmpty)
        #expect(
            validator.validate(invoice: .sample(issueDate: noon, dueDate: noon.addingTimeInterval(-86_400)))
                == [ValidationFailure(code: .invoiceDueDateBeforeIssueDate, path: "dueDate")])
    }

    @Test func usesTheInjectedCalendarsDays() throws {
        var tokyo = Calendar(identifier: .gregorian)
        tokyo.timeZone = try #require(TimeZone(secondsFromGMT: 9 * 3_600))
        let utcValidator = InvoiceValidator()
        let tokyoValidator = InvoiceValidator(options: InvoiceValidationOptions(calendar: tokyo))
        // 14:30 and 15:30 UTC: one day in UTC; 23:30 on the 14th and 00:30 on the 15th in Tokyo.
        let sameUTCDay = InvoiceDraft.sample(
            issueDate: referenceDate.addingTimeInterval(3.5 * 3_600),
            dueDate: referenceDate.addingTimeInterval(2.5 * 3_600))
        #expect(utcValidator.validate(invoice: sameUTCDay).isEmpty)
        #expect(tokyoValidator.validate(invoice: sameUTCDay).codes == [.invoiceDueDateBeforeIssueDate])
        // 23:30 on the 14th and 00:30 on the 15th UTC: one day (the 15th) in Tokyo.
        let sameTokyoDay = InvoiceDraft.sample(
            issueDate: referenceDate.addingTimeInterval(12.5 * 3_600),
            dueDate: referenceDate.addingTimeInterval(11.5 * 3_600))
        #expect(utcValidator.validate(invoice: sameTokyoDay).codes == [.invoiceDueDateBeforeIssueDate])
        #expect(tokyoValidator.validate(invoice: sameTokyoDay).isEmpty)
    }

    @Test func refusesDatesThatAreNotRealInstants() {
        let nan = Date(timeIntervalSinceReferenceDate: .nan)
        let infinite = Date(timeIntervalSinceReferenceDate: .infinity)
        #expect(
            validator.validate(invoice: .sample(issueDate: nan))
                == [ValidationFailure(code: .invoiceIssueDateOutOfRange, path: "issueDate")])
        #expect(
            validator.validate(invoice: .sample(dueDate: infinite))
                == [ValidationFailure(code: .invoiceDueDateOutOfRange, path: "dueDate")])
        let beyond = Date.distantFuture.addingTimeInterval(86_400)
        #expect(
            validator.validate(invoice: .sample(issueDate: beyond, dueDate: nan)).codes
                == [.invoiceIssueDateOutOfRange, .invoiceDueDateOutOfRange])
    }

    @Test func reportsEveryFailureOfABrokenDraftAtOnce() {
        let draft = InvoiceDraft.sample(
            clientName: " ",
            lineItems: [line("A", description: "", quantity: Decimal(Int.min), unitPrice: .nan), line("A")],
            currencyCode: "eur",
            dueDate: referenceDate.addingTimeInterval(-86_400 * 2))
        let failures = validator.validate(invoice: draft)
        #expect(
            failures.codes == [
                .invoiceClientNameMissing, .invoiceDuplicateLineItemID, .invoiceLineDescriptionMissing,
                .invoiceQuantityNotPositive, .invoiceUnitPriceNotFinite, .invoiceCurrencyNotISO4217,
                .invoiceDueDateBeforeIssueDate,
            ])
        #expect(failures.allSatisfy { ValidationCode.invoiceCodes.contains($0.code) })
    }

    @Test func composesIntoALargerFormThroughItsValidator() {
        struct Submission {
            var invoice: InvoiceDraft
        }
        let form: Validator<Submission> = .field("invoice", \.invoice, InvoiceValidator().validator)
        #expect(form.validate(Submission(invoice: .sample(clientName: ""))).map(\.path) == ["invoice.clientName"])
    }

    @Test func givesTheSameAnswerFromManyTasks() async {
        let draft = InvoiceDraft.sample(
            clientName: "", lineItems: (0..<50).map { line("L\($0)", quantity: Decimal($0)) })
        let expected = validator.validate(invoice: draft)
        let validator = validator
        let answers = await withTaskGroup(of: [ValidationFailure].self) { group in
            for _ in 0..<64 { group.addTask { validator.validate(invoice: draft) } }
            return await group.reduce(into: []) { $0.append($1) }
        }
        #expect(answers.count == 64)
        #expect(answers.allSatisfy { $0 == expected })
        #expect(expected.count == 2)
    }

    @Test func theCurrencyTableIsTheKernels() {
        // The table and its tests are the shared kernel's (ISOCurrency); these are its names in this package.
        #expect(ISO4217.minorUnitsByCode == ISOCurrency.minorUnitsByCode)
        #expect(ISO4217.currencyCodes == ISOCurrency.codes)
        #expect(ISO4217.minorUnits(for: "BHD") == 3)
        #expect(ISO4217.minorUnits(for: "eur") == nil)
    }
}
