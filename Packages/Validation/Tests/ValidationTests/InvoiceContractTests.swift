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
                places == "0"
                    ? "Prices in \(currency) have no decimal places: enter whole units, such as 1500."
                    : "Prices in \(currency) can have at most \(places) decimal places."
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

    @Test func roundsEachLineToMinorUnitsBeforeAddingThemUp() throws {
        // 3 × 0.333 rounds to 1.00 per line in EUR; unrounded, 0.999 per line would add up differently.
        let draft = InvoiceDraft.sample(
            lineItems: [
                line("A", quantity: 3, unitPrice: decimal("0.333")), line("B", quantity: decimal("0.5"), unitPrice: 1),
            ],
            taxPercent: 19)
        let amounts = try #require(draft.calculation())
        #expect(amounts.lineNetAmounts == [decimal("1.00"), decimal("0.50")])
        #expect(amounts.lineTotal == decimal("1.50"))
        #expect(amounts.vatTotal == decimal("0.29"))  // 0.285 rounds half up
        #expect(amounts.totalWithVAT == decimal("1.79"))
        let yen = try #require(
            InvoiceDraft.sample(
                lineItems: [line("A", quantity: decimal("1.5"), unitPrice: 3)], currencyCode: "JPY", taxPercent: 10
            ).calculation())
        #expect(yen.lineNetAmounts == [5])  // 4.5 rounds half up
        #expect(yen.totalWithVAT == 6)  // 0.5 tax rounds up to 1
    }

    @Test func checksTheLimitOnTheVATRoundedOncePerRate() {
        // Three lines of 0.01 at 50 %: the VAT is round(0.015) = 0.02 once (BR-CO-17), never 3 × 0.01.
        let pennies = [
            line("A", unitPrice: decimal("0.01")), line("B", unitPrice: decimal("0.01")),
            line("C", unitPrice: decimal("0.01")),
        ]
        #expect(InvoiceDraft.sample(lineItems: pennies, taxPercent: 50).calculation()?.totalWithVAT == decimal("0.05"))
        let tight = InvoiceValidator(options: InvoiceValidationOptions(amountLimit: decimal("0.05")))
        #expect(tight.validate(invoice: .sample(lineItems: pennies, taxPercent: 50)).codes == [.invoiceTotalTooLarge])
        let roomy = InvoiceValidator(options: InvoiceValidationOptions(amountLimit: decimal("0.06")))
        #expect(roomy.validate(invoice: .sample(lineItems: pennies, taxPercent: 50)).isEmpty)
    }

    @Test func theVATOfTheRequestsExampleIsRoundedOnceNotPerLine() throws {
        // Six lines summing to 220,023.75 at 19 %: 41,804.5125 rounds to 41,804.51; rounding each line's VAT
        // and adding them up would give 41,804.52.
        let prices = ["36670.63", "36670.63", "36670.63", "36670.63", "36670.61", "36670.62"]
        let lines = prices.enumerated().map { line("L\($0.offset)", unitPrice: decimal($0.element)) }
        let draft = InvoiceDraft.sample(lineItems: lines, taxPercent: 19)
        let amounts = try #require(draft.calculation())
        #expect(amounts.lineTotal == decimal("220023.75"))
        #expect(amounts.vatTotal == decimal("41804.51"))
        let perLine = prices.map { MoneyLimits.rounded(decimal($0) * 19 / 100, toPlaces: 2) }.reduce(0, +)
        #expect(perLine == decimal("41804.52") && perLine != amounts.vatTotal)
        #expect(amounts.totalWithVAT == decimal("261828.26"))
        #expect(validator.validate(invoice: draft).isEmpty)
    }

    @Test func reportsTheTotalOnlyOnceTheLinesAndTheTaxAreSane() {
        let huge = [line("A", unitPrice: decimal("900000000000000")), line("B", description: "", unitPrice: 1)]
        #expect(validator.validate(invoice: .sample(lineItems: huge)).codes == [.invoiceLineDescriptionMissing])
        let fine = [line("A", unitPrice: decimal("900000000000000"))]
        #expect(
            validator.validate(invoice: .sample(lineItems: fine, taxPercent: 101)).codes == [.invoiceTaxRateOutOfRange])
    }

    /// The renderer's rule restated from EN 16931: each line rounded half-up to minor units, minus its
    /// allowances plus its charges; the document's allowances and charges; VAT once per category and rate on the
    /// sum at that rate (BR-CO-17); the figures, or `nil` when one of them reaches 10^15.
    private static func rendererFigures(_ draft: InvoiceDraft, minorUnits: Int) -> (net: Decimal, vat: Decimal)? {
        func round(_ value: Decimal) -> Decimal {
            var input = value
            var output = Decimal()
            NSDecimalRound(&output, &input, minorUnits, .plain)
            return output
        }
        let limit = Decimal(sign: .plus, exponent: 15, significand: 1)
        var taxable: [String: (rate: Decimal, amount: Decimal)] = [:]
        var net = Decimal.zero
        var figures: [Decimal] = []
        for item in draft.lineItems {
            guard item.quantity.magnitude < limit, item.unitPrice.magnitude < limit else { return nil }
            let category = item.vatCategory ?? ((draft.taxPercent ?? 0) > 0 ? .standard : .zeroRated)
            let rate = item.taxPercent ?? (category == .standard ? draft.taxPercent ?? 0 : 0)
            var amount = round(item.quantity * item.unitPrice)
            for adjustment in item.allowancesCharges {
                amount += adjustment.isCharge ? round(adjustment.amount) : -round(adjustment.amount)
            }
            figures.append(amount)
            net += amount
            taxable["\(category.code) \(rate)", default: (rate, 0)].amount += amount
        }
        for adjustment in draft.allowancesCharges {
            let category = adjustment.vatCategory ?? ((draft.taxPercent ?? 0) > 0 ? .standard : .zeroRated)
            let rate = adjustment.taxPercent ?? (category == .standard ? draft.taxPercent ?? 0 : 0)
            let amount = adjustment.isCharge ? round(adjustment.amount) : -round(adjustment.amount)
            net += amount
            taxable["\(category.code) \(rate)", default: (rate, 0)].amount += amount
        }
        var vat = Decimal.zero
        for (rate, amount) in taxable.values {
            let tax = round(amount * rate / 100)
            figures += [amount, tax]
            vat += tax
        }
        figures += [net, vat, net + vat]
        return figures.allSatisfy({ $0.magnitude < limit }) ? (net, vat) : nil
    }

    @Test func everyDraftItAcceptsNearTheLimitRendersAndEveryOneItRefusesDoesNot() {
        var generator = SeededGenerator(seed: 4_217)
        let currencies = ["EUR", "JPY", "BHD", "CLF"]
        var accepted = 0
        var refused = 0
        var categories: Set<VATCategory> = []
        for _ in 0..<2_000 {
            let currency = currencies.randomElement(using: &generator) ?? "EUR"
            let places = ISO4217.minorUnits(for: currency) ?? 2
            let cent = 1 / Decimal(sign: .plus, exponent: places, significand: 1)
            let lines = (0..<Int.random(in: 1...4, using: &generator)).map { index in
                // Prices around 10^15 / lines / 1.25, written with the currency's minor units.
                let units = Int64.random(in: 1...8_000_000, using: &generator)
                let price =
                    Decimal(units) * Decimal(sign: .plus, exponent: 8, significand: 1)
                    + Decimal(Int.random(in: 0...9_999, using: &generator)) * cent
                let quantity = Decimal(Int.random(in: 1...1_500, using: &generator)) / 1_000
                var item = line(
                    "L\(index)", quantity: quantity, unitPrice: MoneyLimits.rounded(price, toPlaces: places))
                // Every category, mixed rates on standard lines, and now and then a discount or surcharge.
                let category = VATCategory.allCases.randomElement(using: &generator) ?? .standard
                if Bool.random(using: &generator) {
                    item.vatCategory = category
                    if category == .standard {
                        item.taxPercent = Decimal(Int.random(in: 1...10_000, using: &generator)) / 100
                    }
                }
                if Int.random(in: 0..<4, using: &generator) == 0 {
                    item.allowancesCharges = [
                        AllowanceChargeDraft(
                            isCharge: Bool.random(using: &generator),
                            amount: Decimal(Int.random(in: 0...99_999, using: &generator)) * cent, reason: "Discount")
                    ]
                }
                return item
            }
            let rate =
                Bool.random(using: &generator) ? nil : Decimal(Int.random(in: 0...10_000, using: &generator)) / 100
            var draft = InvoiceDraft.sample(lineItems: lines, currencyCode: currency, taxPercent: rate)
            if Int.random(in: 0..<3, using: &generator) == 0 {
                draft.allowancesCharges = [
                    AllowanceChargeDraft(
                        isCharge: Bool.random(using: &generator),
                        amount: Decimal(Int.random(in: 0...9_999_999, using: &generator)) * cent, reason: "Volume",
                        vatCategory: .zeroRated)
                ]
            }
            let figures = Self.rendererFigures(draft, minorUnits: places)
            let failures = validator.validate(invoice: draft)
            categories.formUnion(draft.lineItems.compactMap(\.vatCategory))
            if failures.isEmpty {
                accepted += 1
                #expect(figures != nil, "accepted but the renderer would refuse: \(draft)")
                let calculation = draft.calculation()
                #expect(calculation?.totalWithoutVAT == figures?.net && calculation?.vatTotal == figures?.vat)
            } else if failures.allSatisfy({ $0.code == .invoiceTotalTooLarge || $0.code == .invoiceLineTotalTooLarge })
            {
                refused += 1
                #expect(figures == nil, "refused although it renders: \(failures)")
            }
        }
        #expect(accepted > 100 && refused > 100)
        #expect(categories == Set(VATCategory.allCases))
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
        #expect(codes.count == 31 + 16)
        #expect(Set(codes).count == codes.count)
        #expect(codes.allSatisfy { $0.rawValue.hasPrefix("invoice.") })
    }
}
