import Essentials
import EssentialsTesting
import Foundation
import Testing
import Validation

/// A font that draws what the PDF core fonts draw: Latin-1 letters and the euro sign, line breaks kept.
let latinFont: UndrawableCharacters = { text in
    text.filter { character in
        character != "\n" && character != "€"
            && !character.unicodeScalars.allSatisfy {
                (0x20...0x7E).contains($0.value) || (0xA0...0xFF).contains($0.value)
            }
    }.map { $0 }
}

/// Counts the texts a font was asked about, from any thread.
final class FontSpy: Sendable {
    private let asked = LockedValue<[String]>([])

    var questions: [String] {
        asked.withLock { $0 }
    }

    var font: UndrawableCharacters {
        { [self] text in
            asked.withLock { $0.append(text) }
            return latinFont(text)
        }
    }
}

private func decimal(_ text: String) -> Decimal {
    Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")) ?? .nan
}

@Suite("Validation: the invoice contract with the renderer")
struct InvoiceContractTests {
    let validator = InvoiceValidator()

    // MARK: Tax

    @Test(arguments: [nil, "0", "19", "7.7", "8.25", "100", "0.01"])
    func acceptsTaxRatesFromZeroToAHundredWithTwoDecimals(rate: String?) {
        #expect(validator.validate(invoice: .sample(taxPercent: rate.map(decimal))).isEmpty)
    }

    @Test(arguments: [
        ("-1", ValidationCode.invoiceTaxRateOutOfRange), ("-0.01", .invoiceTaxRateOutOfRange),
        ("100.01", .invoiceTaxRateOutOfRange), ("1000", .invoiceTaxRateOutOfRange),
        ("7.775", .invoiceTaxRateTooPrecise), ("0.001", .invoiceTaxRateTooPrecise),
    ])
    func refusesTaxRatesOutsideTheRangeOrTooPrecise(rate: String, code: ValidationCode) {
        let failures = validator.validate(invoice: .sample(taxPercent: decimal(rate)))
        #expect(failures.map(\.code) == [code])
        #expect(failures.map(\.path) == ["taxPercent"])
    }

    @Test func refusesATaxRateThatIsNotANumber() {
        #expect(
            validator.validate(invoice: .sample(taxPercent: .nan))
                == [ValidationFailure(code: .invoiceTaxRateNotFinite, path: "taxPercent")])
        #expect(
            validator.validate(invoice: .sample(taxPercent: .greatestFiniteMagnitude)).codes == [
                .invoiceTaxRateOutOfRange
            ])
    }

    // MARK: Quantities

    @Test(arguments: ["1.5", "0.125", "0.001", "999999.999", "1000000", "2.500"])
    func acceptsQuantitiesWithUpToThreeDecimals(quantity: String) {
        #expect(validator.validate(invoice: .sample(lineItems: [line("A", quantity: decimal(quantity))])).isEmpty)
    }

    @Test func refusesQuantitiesWithMoreThanThreeDecimals() {
        let failures = validator.validate(invoice: .sample(lineItems: [line("A", quantity: decimal("1.0001"))]))
        #expect(
            failures == [
                ValidationFailure(
                    code: .invoiceQuantityTooPrecise, path: "lineItems[0].quantity", elementID: "A",
                    parameters: [ValidationParameter.decimalPlaces: "3"])
            ])
        #expect(
            ValidationMessages.english.messages(for: failures) == [
                "The quantity can have at most 3 decimal places, such as 1.5 or 0.125."
            ])
        let tiny = Decimal(sign: .plus, exponent: -100, significand: 1)
        #expect(
            validator.validate(invoice: .sample(lineItems: [line("A", quantity: tiny)])).codes == [
                .invoiceQuantityTooPrecise
            ])
    }

    @Test func refusesQuantitiesThatAreNotNumbersOrTooLarge() {
        #expect(
            validator.validate(invoice: .sample(lineItems: [line("A", quantity: .nan)])).codes == [
                .invoiceQuantityNotFinite
            ])
        #expect(
            validator.validate(invoice: .sample(lineItems: [line("A", quantity: decimal("1000000.001"))])).codes == [
                .invoiceQuantityTooLarge
            ])
        #expect(
            validator.validate(invoice: .sample(lineItems: [line("A", quantity: -.greatestFiniteMagnitude)])).codes
                == [.invoiceQuantityNotPositive])
    }

    // MARK: Minor units

    @Test(arguments: [
        ("EUR", "3.14"), ("EUR", "3.10"), ("JPY", "3"), ("JPY", "3.000"), ("BHD", "1.234"), ("KWD", "0.005"),
        ("CLF", "0.0001"), ("UYW", "1.2345"), ("UGX", "1500"), ("XOF", "250"), ("USD", "0"),
    ])
    func acceptsUnitPricesWithinTheCurrencysMinorUnits(currency: String, price: String) {
        #expect(
            validator.validate(
                invoice: .sample(lineItems: [line("A", unitPrice: decimal(price))], currencyCode: currency)
            ).isEmpty)
    }

    @Test(arguments: [
        ("EUR", "3.14159", "2"), ("JPY", "3.5", "0"), ("BHD", "1.2345", "3"), ("CLF", "0.00001", "4"),
        ("UGX", "0.5", "0"), ("XOF", "1.1", "0"), ("USD", "0.001", "2"),
    ])
    func refusesUnitPricesMorePreciseThanTheCurrency(currency: String, price: String, places: String) {
        let failures = validator.validate(
            invoice: .sample(lineItems: [line("A", unitPrice: decimal(price))], currencyCode: currency))
        #expect(
            failures == [
                ValidationFailure(
                    code: .invoiceUnitPriceTooPrecise, path: "lineItems[0].unitPrice", elementID: "A",
                    parameters: [ValidationParameter.currency: currency, ValidationParameter.decimalPlaces: places])
            ])
        #expect(
            ValidationMessages.english.messages(for: failures) == [
                "Prices in \(currency) can have at most \(places) decimal places."
            ])
    }

    @Test func checksPrecisionOnlyAgainstAKnownCurrency() {
        let failures = validator.validate(
            invoice: .sample(lineItems: [line("A", unitPrice: decimal("3.14159"))], currencyCode: "XXX"))
        #expect(failures.codes == [.invoiceCurrencyNotISO4217])
    }

    @Test func refusesAListedCurrencyTheTableDoesNotKnow() {
        let options = InvoiceValidationOptions(acceptedCurrencyCodes: ["EUR", "XTS"])
        #expect(
            InvoiceValidator(options: options).validate(invoice: .sample(currencyCode: "XTS")).codes == [
                .invoiceCurrencyNotISO4217
            ])
    }

    // MARK: Amount limits, tax included

    @Test func refusesAGrandTotalThatReachesTheLimitOnlyWithTax() {
        // 8 × 10^14 net is fine on its own; 25 % tax makes it exactly 10^15, which the renderer refuses.
        let large = [line("A", unitPrice: decimal("800000000000000"))]
        #expect(validator.validate(invoice: .sample(lineItems: large)).isEmpty)
        #expect(
            validator.validate(invoice: .sample(lineItems: large, taxPercent: 25))
                == [ValidationFailure(code: .invoiceTotalTooLarge, path: "lineItems")])
        #expect(validator.validate(invoice: .sample(lineItems: large, taxPercent: decimal("24.99"))).isEmpty)
    }

    @Test func roundsEachLineToMinorUnitsBeforeAddingThemUp() {
        // 3 × 0.333 rounds to 1.00 per line in EUR; unrounded, 0.999 per line would add up differently.
        let amounts = InvoiceAmounts(
            lines: [
                line("A", quantity: 3, unitPrice: decimal("0.333")), line("B", quantity: decimal("0.5"), unitPrice: 1),
            ],
            taxPercent: 19, minorUnits: 2)
        #expect(amounts.lineAmounts == [decimal("1.00"), decimal("0.50")])
        #expect(amounts.subtotal == decimal("1.50"))
        #expect(amounts.taxOnSubtotal == decimal("0.29"))  // 0.285 rounds half up
        #expect(amounts.taxPerLine == decimal("0.29"))  // 0.19 + 0.095 → 0.19 + 0.10
        #expect(amounts.total == decimal("1.79"))
        let yen = InvoiceAmounts(
            lines: [line("A", quantity: decimal("1.5"), unitPrice: 3)], taxPercent: 10, minorUnits: 0)
        #expect(yen.lineAmounts == [5])  // 4.5 rounds half up
        #expect(yen.total == 6)  // 0.5 tax rounds up to 1
    }

    @Test func checksTheLargerOfTaxPerLineAndTaxOnTheSubtotal() {
        // Three lines of 0.01 at 50 %: tax per line is 3 × 0.01, tax on the subtotal round(0.015) = 0.02.
        let pennies = [
            line("A", unitPrice: decimal("0.01")), line("B", unitPrice: decimal("0.01")),
            line("C", unitPrice: decimal("0.01")),
        ]
        let amounts = InvoiceAmounts(lines: pennies, taxPercent: 50, minorUnits: 2)
        #expect(amounts.taxPerLine == decimal("0.03"))
        #expect(amounts.taxOnSubtotal == decimal("0.02"))
        #expect(amounts.total == decimal("0.06"))
        let tight = InvoiceValidator(options: InvoiceValidationOptions(amountLimit: decimal("0.06")))
        #expect(tight.validate(invoice: .sample(lineItems: pennies, taxPercent: 50)).codes == [.invoiceTotalTooLarge])
        let roomy = InvoiceValidator(options: InvoiceValidationOptions(amountLimit: decimal("0.07")))
        #expect(roomy.validate(invoice: .sample(lineItems: pennies, taxPercent: 50)).isEmpty)
    }

    @Test func reportsTheTotalOnlyOnceTheLinesAndTheTaxAreSane() {
        let huge = [line("A", unitPrice: decimal("900000000000000")), line("B", description: "", unitPrice: 1)]
        #expect(validator.validate(invoice: .sample(lineItems: huge)).codes == [.invoiceLineDescriptionMissing])
        let fine = [line("A", unitPrice: decimal("900000000000000"))]
        #expect(
            validator.validate(invoice: .sample(lineItems: fine, taxPercent: 101)).codes == [.invoiceTaxRateOutOfRange])
    }

    /// The renderer's own rule, restated here: each line rounded half-up to minor units, tax per rate on the sum
    /// of the lines at that rate, rounded; every line, the subtotal, each tax and the total below 10^15.
    private static func rendererAccepts(_ draft: InvoiceDraft, minorUnits: Int) -> Bool {
        func round(_ value: Decimal) -> Decimal {
            var input = value
            var output = Decimal()
            NSDecimalRound(&output, &input, minorUnits, .plain)
            return output
        }
        let limit = Decimal(sign: .plus, exponent: 15, significand: 1)
        var subtotal = Decimal.zero
        var perLineTax = Decimal.zero
        let rate = (draft.taxPercent ?? 0) / 100
        for item in draft.lineItems {
            guard item.quantity.magnitude < limit, item.unitPrice.magnitude < limit else { return false }
            let amount = round(item.quantity * item.unitPrice)
            guard amount.magnitude < limit else { return false }
            subtotal += amount
            perLineTax += round(amount * rate)
        }
        let tax = round(subtotal * rate)
        return subtotal < limit && tax < limit && subtotal + tax < limit && subtotal + perLineTax < limit
    }

    @Test func everyDraftItAcceptsNearTheLimitRendersAndEveryOneItRefusesDoesNot() {
        var generator = SeededGenerator(seed: 4_217)
        let currencies = ["EUR", "JPY", "BHD", "CLF"]
        var accepted = 0
        var refused = 0
        for _ in 0..<2_000 {
            let currency = currencies.randomElement(using: &generator) ?? "EUR"
            let places = ISO4217.minorUnits(for: currency) ?? 2
            let lines = (0..<Int.random(in: 1...4, using: &generator)).map { index in
                // Prices around 10^15 / lines / 1.25, written with the currency's minor units.
                let units = Int64.random(in: 1...8_000_000, using: &generator)
                let price =
                    Decimal(units) * Decimal(sign: .plus, exponent: 8, significand: 1)
                    + Decimal(Int.random(in: 0...9_999, using: &generator))
                    / Decimal(sign: .plus, exponent: places, significand: 1)
                let quantity = Decimal(Int.random(in: 1...1_500, using: &generator)) / 1_000
                return line("L\(index)", quantity: quantity, unitPrice: MoneyLimits.rounded(price, toPlaces: places))
            }
            let rate =
                Bool.random(using: &generator) ? nil : Decimal(Int.random(in: 0...10_000, using: &generator)) / 100
            let draft = InvoiceDraft.sample(lineItems: lines, currencyCode: currency, taxPercent: rate)
            let renders = Self.rendererAccepts(draft, minorUnits: places)
            let valid = validator.validate(invoice: draft).isEmpty
            if valid {
                accepted += 1
                #expect(renders, "accepted but the renderer would refuse: \(draft)")
            } else {
                refused += 1
                #expect(!renders, "refused although it renders: \(validator.validate(invoice: draft))")
            }
        }
        #expect(accepted > 100 && refused > 100)
    }

    // MARK: Characters the font cannot draw

    @Test func namesTheCharactersTheFontCannotDrawInEveryPrintedField() {
        let options = InvoiceValidationOptions(undrawableCharacters: latinFont)
        let draft = InvoiceDraft.sample(
            clientName: "Иван Петров", lineItems: [line("A", description: "Design ✓ and €")],
            notes: "Pay within 30 days.\nDanke 😀")
        let failures = InvoiceValidator(options: options).validate(invoice: draft)
        #expect(
            failures == [
                ValidationFailure(
                    code: .invoiceClientNameNotPrintable, path: "clientName",
                    parameters: [
                        ValidationParameter.characters:
                            "\"И\" (U+0418), \"в\" (U+0432), \"а\" (U+0430), \"н\" (U+043D), \"П\" (U+041F), "
                            + "\"е\" (U+0435), \"т\" (U+0442), \"р\" (U+0440), \"о\" (U+043E)"
                    ]),
                ValidationFailure(
                    code: .invoiceLineDescriptionNotPrintable, path: "lineItems[0].description", elementID: "A",
                    parameters: [ValidationParameter.characters: "\"✓\" (U+2713)"]),
                ValidationFailure(
                    code: .invoiceNotesNotPrintable, path: "notes",
                    parameters: [ValidationParameter.characters: "\"😀\" (U+1F600)"]),
            ])
        #expect(
            ValidationMessages.english.message(for: failures[1])
                == "These characters cannot be printed: \"✓\" (U+2713).")
        #expect(InvoiceValidator().validate(invoice: draft).isEmpty, "without a font every character is drawable")
    }

    @Test func namesInvisibleCharactersByCodePointOnly() {
        let font: UndrawableCharacters = { _ in ["\u{200B}", "\u{00AD}", "e\u{301}", "\u{200B}"] }
        let failures = InvoiceValidator(options: InvoiceValidationOptions(undrawableCharacters: font))
            .validate(invoice: .sample(clientName: "ACME"))
        #expect(
            failures.first?.parameters[ValidationParameter.characters] == "U+200B, U+00AD, \"e\u{301}\" (U+0065 U+0301)"
        )
    }

    @Test func listsAtMostTwentyCharacters() {
        let font: UndrawableCharacters = { text in Array(text) }
        let name = String((0..<30).compactMap { Unicode.Scalar(0x0410 + $0).map(Character.init) })
        let failures = InvoiceValidator(options: InvoiceValidationOptions(undrawableCharacters: font))
            .validate(invoice: .sample(clientName: name))
        let listed = failures.first?.parameters[ValidationParameter.characters] ?? ""
        #expect(listed.hasSuffix(", and 10 more"))
        #expect(listed.components(separatedBy: "U+").count == 21)
    }

    @Test func asksTheFontOnlyAboutTextThatIsOtherwiseAcceptable() {
        let spy = FontSpy()
        let options = InvoiceValidationOptions(undrawableCharacters: spy.font)
        let draft = InvoiceDraft.sample(
            clientName: HostileText.oneMegabyte, lineItems: [line("A", description: "bell\u{7}"), line("B")],
            notes: "Thanks")
        #expect(
            InvoiceValidator(options: options).validate(invoice: draft).codes == [
                .invoiceClientNameTooLong, .invoiceLineDescriptionInvalidCharacter,
            ])
        #expect(spy.questions == ["Work", "Thanks"])
    }

    // MARK: Notes

    @Test func checksTheNotes() {
        #expect(validator.validate(invoice: .sample(notes: "")).isEmpty)
        #expect(validator.validate(invoice: .sample(notes: "IBAN DE89 3704 0044 0532 0130 00\n\tThank you")).isEmpty)
        #expect(
            validator.validate(invoice: .sample(notes: String(repeating: "n", count: 2_001)))
                == [ValidationFailure(code: .invoiceNotesTooLong, path: "notes")])
        for hostile in [HostileText.controls, HostileText.bidiOverride, HostileText.invalidUTF8] {
            #expect(validator.validate(invoice: .sample(notes: hostile)).codes == [.invoiceNotesInvalidCharacter])
        }
        #expect(validator.validate(invoice: .sample(notes: HostileText.oneMegabyte)).codes == [.invoiceNotesTooLong])
    }

    @Test func everyInvoiceCodeIsListedOnceWithItsDomain() {
        let codes = ValidationCode.invoiceCodes
        #expect(codes.count == 31)
        #expect(Set(codes).count == codes.count)
        #expect(codes.allSatisfy { $0.rawValue.hasPrefix("invoice.") })
    }
}
