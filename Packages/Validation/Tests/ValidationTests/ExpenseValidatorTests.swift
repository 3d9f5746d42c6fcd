import EssentialsTesting
import Foundation
import Testing
import Validation

extension ExpenseEntryDraft {
    static func sample(
        title: String = "Groceries",
        price: Decimal = Decimal(string: "42.90") ?? 1,
        currencyCode: String = "EUR",
        date: Date? = referenceDate,
        comment: String = ""
    ) -> ExpenseEntryDraft {
        ExpenseEntryDraft(title: title, price: price, currencyCode: currencyCode, date: date, comment: comment)
    }
}

@Suite("Validation: expense entry")
struct ExpenseValidatorTests {
    let validator = ExpenseValidator(options: ExpenseValidationOptions(now: { referenceDate }))

    @Test func acceptsAWellFormedEntry() {
        #expect(validator.validate(expense: .sample()).isEmpty)
        #expect(validator.validate(expense: .sample(comment: "Weekly shop\nwith\ttabs")).isEmpty)
    }

    @Test(arguments: ["", " ", "\n\t", "\u{FEFF}", HostileText.oneMegabyteOfSpaces])
    func requiresATitleAfterTrimming(title: String) {
        #expect(
            validator.validate(expense: .sample(title: title))
                .contains(ValidationFailure(code: .expenseTitleMissing, path: "title")))
    }

    @Test func limitsAndCleansTheTitle() {
        #expect(validator.validate(expense: .sample(title: String(repeating: "t", count: 200))).isEmpty)
        #expect(
            validator.validate(expense: .sample(title: String(repeating: "t", count: 201))).codes == [
                .expenseTitleTooLong
            ])
        #expect(validator.validate(expense: .sample(title: HostileText.oneMegabyte)).codes == [.expenseTitleTooLong])
        #expect(validator.validate(expense: .sample(title: HostileText.zalgo)).codes == [.expenseTitleTooLong])
        #expect(validator.validate(expense: .sample(title: HostileText.emoji)).isEmpty)
        for hostile in [HostileText.invalidUTF8, HostileText.controls, HostileText.bidiOverride, "two\nlines"] {
            #expect(validator.validate(expense: .sample(title: hostile)).codes == [.expenseTitleInvalidCharacter])
        }
    }

    @Test func requiresAPositiveFinitePrice() {
        func codes(_ price: Decimal) -> [ValidationCode] {
            validator.validate(expense: .sample(price: price)).codes
        }
        #expect(codes(Decimal(string: "0.01") ?? 0).isEmpty)
        #expect(codes(MoneyLimits.amountLimit - 1).isEmpty)
        #expect(codes(MoneyLimits.amountLimit) == [.expensePriceTooLarge])
        #expect(codes(0) == [.expensePriceNotPositive])
        #expect(codes(-5) == [.expensePriceNotPositive])
        #expect(codes(-.greatestFiniteMagnitude) == [.expensePriceNotPositive])
        #expect(codes(.nan) == [.expensePriceNotFinite])
        #expect(codes(MoneyLimits.decimal(from: .infinity)) == [.expensePriceNotFinite])
        #expect(codes(MoneyLimits.decimal(from: -.infinity)) == [.expensePriceNotFinite])
        #expect(codes(MoneyLimits.decimal(from: .nan)) == [.expensePriceNotFinite])
        #expect(codes(MoneyLimits.decimal(from: .greatestFiniteMagnitude)) == [.expensePriceNotFinite])
        let cent = Decimal(string: "0.01") ?? 1
        #expect(codes(MoneyLimits.amountLimit + cent) == [.expensePriceTooLarge])
        #expect(codes(.greatestFiniteMagnitude) == [.expensePriceTooLarge])
        #expect(
            validator.validate(expense: .sample(price: .nan))
                == [ValidationFailure(code: .expensePriceNotFinite, path: "price")])
    }

    @Test func convertsDoublesWithoutTrapping() {
        #expect(MoneyLimits.decimal(from: 12.5) == Decimal(string: "12.5"))
        #expect(MoneyLimits.decimal(from: .infinity).isNaN)
        #expect(MoneyLimits.decimal(from: -.infinity).isNaN)
        #expect(MoneyLimits.decimal(from: .signalingNaN).isNaN)
    }

    @Test func requiresADateInRange() {
        #expect(
            validator.validate(expense: .sample(date: nil)) == [
                ValidationFailure(code: .expenseDateMissing, path: "date")
            ])
        for broken in [
            Date(timeIntervalSinceReferenceDate: .nan), Date(timeIntervalSinceReferenceDate: .infinity),
            Date(timeIntervalSinceReferenceDate: -.infinity), Date(timeIntervalSinceReferenceDate: 1e300),
        ] {
            #expect(validator.validate(expense: .sample(date: broken)).codes == [.expenseDateOutOfRange])
        }
        #expect(validator.validate(expense: .sample(date: .distantPast)).isEmpty)
        let anyFuture = ExpenseValidator(options: ExpenseValidationOptions(now: { referenceDate }, allowsFuture: true))
        #expect(anyFuture.validate(expense: .sample(date: .distantFuture)).isEmpty)
        #expect(validator.validate(expense: .sample(date: .distantFuture)).codes == [.expenseDateTooFarInFuture])
    }

    @Test func refusesAPriceMorePreciseThanItsCurrency() {
        // 0.001 EUR used to be accepted and then shown and summed as EUR 0.00.
        let failures = validator.validate(expense: .sample(price: Decimal(string: "0.001") ?? 0))
        #expect(
            failures == [
                ValidationFailure(
                    code: .expensePriceTooPrecise, path: "price",
                    parameters: [ValidationParameter.currency: "EUR", ValidationParameter.decimalPlaces: "2"])
            ])
        #expect(
            ValidationMessages.english.messages(for: failures) == ["Prices in EUR can have at most 2 decimal places."])
        func codes(_ price: String, _ currency: String) -> [ValidationCode] {
            validator.validate(expense: .sample(price: Decimal(string: price) ?? .nan, currencyCode: currency)).codes
        }
        #expect(codes("0.01", "EUR").isEmpty)
        #expect(codes("12.50", "EUR").isEmpty)
        #expect(codes("1", "JPY").isEmpty)
        #expect(codes("1.5", "JPY") == [.expensePriceTooPrecise])
        #expect(codes("0.001", "BHD").isEmpty)
        #expect(codes("0.0001", "BHD") == [.expensePriceTooPrecise])
        #expect(codes("0.001", "XYZ") == [.expenseCurrencyNotISO4217])
    }

    @Test func refusesADateMoreThanAYearAheadUnlessTheFutureIsAllowed() throws {
        let day: TimeInterval = 86_400
        // 2026-03-14 12:00 UTC is now; 2027-03-14 is the last day accepted, whatever its hour.
        let lastDay = referenceDate.addingTimeInterval(365 * day + 11 * 3_600)
        #expect(validator.validate(expense: .sample(date: lastDay)).isEmpty)
        #expect(validator.validate(expense: .sample(date: referenceDate.addingTimeInterval(300 * day))).isEmpty)
        let dayAfter = referenceDate.addingTimeInterval(366 * day)
        let failures = validator.validate(expense: .sample(date: dayAfter))
        #expect(failures == [ValidationFailure(code: .expenseDateTooFarInFuture, path: "date")])
        let message = try #require(ValidationMessages.english.messages(for: failures).first)
        #expect(message.contains("allow future dates"))
        let allowing = ExpenseValidator(options: ExpenseValidationOptions(now: { referenceDate }, allowsFuture: true))
        #expect(allowing.validate(expense: .sample(date: dayAfter)).isEmpty)
        // The clock is asked at validation time, not when the validator is made.
        let later = ExpenseValidator(
            options: ExpenseValidationOptions(now: { referenceDate.addingTimeInterval(2 * day) }))
        #expect(later.validate(expense: .sample(date: dayAfter)).isEmpty)
    }

    @Test func countsTheYearInTheInjectedCalendar() throws {
        var tokyo = Calendar(identifier: .gregorian)
        tokyo.timeZone = try #require(TimeZone(secondsFromGMT: 9 * 3_600))
        // 2027-03-14 20:00 UTC is still the 14th in UTC but already the 15th in Tokyo.
        let evening = referenceDate.addingTimeInterval(365 * 86_400 + 8 * 3_600)
        #expect(validator.validate(expense: .sample(date: evening)).isEmpty)
        let inTokyo = ExpenseValidator(options: ExpenseValidationOptions(now: { referenceDate }, calendar: tokyo))
        #expect(inTokyo.validate(expense: .sample(date: evening)).codes == [.expenseDateTooFarInFuture])
    }

    @Test func limitsTheComment() {
        #expect(validator.validate(expense: .sample(comment: String(repeating: "c", count: 2_000))).isEmpty)
        #expect(
            validator.validate(expense: .sample(comment: String(repeating: "c", count: 2_001)))
                == [ValidationFailure(code: .expenseCommentTooLong, path: "comment")])
        #expect(
            validator.validate(expense: .sample(comment: HostileText.oneMegabyte)).codes == [.expenseCommentTooLong])
        #expect(
            validator.validate(expense: .sample(comment: HostileText.controls)).codes == [
                .expenseCommentInvalidCharacter
            ])
        let short = ExpenseValidator(options: ExpenseValidationOptions(maximumCommentLength: 3))
        #expect(short.validate(expense: .sample(comment: "abcd")).codes == [.expenseCommentTooLong])
    }

    @Test func checksTheCurrency() {
        #expect(validator.validate(expense: .sample(price: 4_290, currencyCode: "JPY")).isEmpty)
        #expect(
            validator.validate(expense: .sample(currencyCode: "yen"))
                == [ValidationFailure(code: .expenseCurrencyNotISO4217, path: "currencyCode")])
    }

    @Test func reportsEveryFailureAtOnceInFieldOrder() {
        let draft = ExpenseEntryDraft.sample(
            title: "", price: .nan, currencyCode: "", date: nil, comment: String(repeating: "x", count: 5_000))
        let failures = validator.validate(expense: draft)
        #expect(
            failures.codes == [
                .expenseTitleMissing, .expensePriceNotFinite, .expenseCurrencyNotISO4217, .expenseDateMissing,
                .expenseCommentTooLong,
            ])
        #expect(failures.map(\.path) == ["title", "price", "currencyCode", "date", "comment"])
        #expect(failures.allSatisfy { ValidationCode.expenseCodes.contains($0.code) })
    }

    @Test func givesTheSameAnswerFromManyTasks() async {
        let validator = validator
        var generator = SeededGenerator(seed: 11)
        let drafts = (0..<300).map { _ in
            ExpenseEntryDraft.sample(
                title: Bool.random(using: &generator) ? "" : "Taxi",
                price: Decimal(Int.random(in: -5...5, using: &generator)),
                date: Bool.random(using: &generator) ? nil : referenceDate)
        }
        let expected = drafts.map(validator.validate(expense:))
        let concurrent = await withTaskGroup(of: (Int, [ValidationFailure]).self) { group in
            for (index, draft) in drafts.enumerated() { group.addTask { (index, validator.validate(expense: draft)) } }
            var results = [[ValidationFailure]](repeating: [], count: drafts.count)
            for await (index, failures) in group { results[index] = failures }
            return results
        }
        #expect(concurrent == expected)
        #expect(expected.contains { !$0.isEmpty } && expected.contains { $0.isEmpty })
    }
}
