import Foundation
import Testing
import Validation

@Suite("Validation: message catalog")
struct ValidationMessagesTests {
    @Test func theEnglishCatalogCoversEveryBuiltInCode() {
        let fallback = "This value is not valid."
        let missing = ValidationCode.builtIn.filter {
            ValidationMessages.english.message(for: ValidationFailure(code: $0)) == fallback
        }
        #expect(missing.isEmpty, "codes without English text: \(missing)")
    }

    @Test func builtInCodesAreUniqueAndStable() {
        let codes = ValidationCode.builtIn
        #expect(Set(codes).count == codes.count)
        #expect(codes.count == 1 + 26 + 31 + 16 + 13 + 14 + 25 + 4 + 4 + 8 + 6 + ValidationCode.en16931Codes.count + 11)
        #expect(codes.allSatisfy { $0.rawValue.split(separator: ".").count == 2 })
    }

    @Test func everyEnglishMessageIsASentence() {
        for code in ValidationCode.builtIn {
            let text = ValidationMessages.english.message(for: ValidationFailure(code: code))
            #expect(text.first?.isUppercase == true, "\(code): \(text)")
            #expect(text.hasSuffix("."), "\(code): \(text)")
            #expect(!text.contains(code.rawValue))
        }
    }

    @Test(arguments: [
        ValidationCode.invoiceUnitPriceTooPrecise, .expensePriceTooPrecise, .invoiceAllowanceChargeTooPrecise,
        .invoicePaidAmountTooPrecise,
    ])
    func aCurrencyWithoutMinorUnitsIsSaidToHaveNoDecimals(code: ValidationCode) {
        let text = ValidationMessages.english.message(
            for: ValidationFailure(
                code: code,
                parameters: [ValidationParameter.currency: "JPY", ValidationParameter.decimalPlaces: "0"]))
        #expect(text.contains("JPY have no decimal places"), "\(text)")
        #expect(!text.contains("at most 0"), "\(text)")
    }

    @Test func templatesAreFilledFromTheFailuresParameters() {
        let failure = ValidationFailure(
            code: .invoiceUnitPriceTooPrecise,
            parameters: [
                ValidationParameter.currency: "JPY", ValidationParameter.decimalPlaces: "0",
            ])
        #expect(
            ValidationMessages.english.message(for: failure)
                == "Prices in JPY have no decimal places: enter whole units, such as 1500.")
        let euro = ValidationFailure(
            code: .invoiceUnitPriceTooPrecise,
            parameters: [ValidationParameter.currency: "EUR", ValidationParameter.decimalPlaces: "2"])
        #expect(ValidationMessages.english.message(for: euro) == "Prices in EUR can have at most 2 decimal places.")
        // Without its parameters the same code still reads as a sentence, never with a brace.
        #expect(
            ValidationMessages.english.message(for: ValidationFailure(code: .invoiceUnitPriceTooPrecise))
                == "The unit price has more decimal places than the currency allows.")
        let custom = ValidationMessages(
            [.invoiceNotesNotPrintable: "Nicht druckbar: {characters} {characters}. {unclosed"],
            fallback: { _ in "fallback" })
        #expect(
            custom.message(
                for: ValidationFailure(
                    code: .invoiceNotesNotPrintable, parameters: [ValidationParameter.characters: "\"ж\" (U+0436)"]))
                == "Nicht druckbar: \"ж\" (U+0436) \"ж\" (U+0436). {unclosed")
        #expect(custom.message(for: ValidationFailure(code: .invoiceNotesNotPrintable)) == "fallback")
    }

    @Test func everyEnglishMessageWithParametersIsASentenceWithoutBraces() {
        let parameters = [
            ValidationParameter.characters: "\"ж\" (U+0436)", ValidationParameter.currency: "EUR",
            ValidationParameter.decimalPlaces: "2", ValidationParameter.text: "2025-02-30",
            ValidationParameter.year: "2025", ValidationParameter.month: "2", ValidationParameter.monthName: "February",
            ValidationParameter.day: "30", ValidationParameter.daysInMonth: "28", ValidationParameter.part: "XX",
            ValidationParameter.expected: "22",
        ]
        for code in ValidationCode.builtIn {
            let text = ValidationMessages.english.message(for: ValidationFailure(code: code, parameters: parameters))
            #expect(text.first?.isUppercase == true || text.first?.isNumber == true, "\(code): \(text)")
            #expect(text.hasSuffix("."), "\(code): \(text)")
            #expect(!text.contains("{") && !text.contains("}"), "\(code): \(text)")
            let plain = ValidationMessages.english.message(for: ValidationFailure(code: code))
            #expect(!plain.contains("{") && !plain.contains("}"), "\(code): \(plain)")
        }
    }

    @Test func unknownCodesGetTheFallbackNeverACrash() {
        let unknown = ValidationFailure(code: ValidationCode(rawValue: "shipping.tooHeavy"), path: "parcel")
        #expect(ValidationMessages.english.message(for: unknown) == "This value is not valid.")
        #expect(ValidationMessages([:]).message(for: unknown) == "shipping.tooHeavy")
    }

    @Test func aCatalogIsReplacedAsAWholeWithoutTouchingValidators() {
        let german = ValidationMessages([
            .emailMissingAt: "Die E-Mail-Adresse braucht ein @.",
            .emailEmptyDomain: "Bitte die Domain nach dem @ angeben.",
        ])
        let failures = EmailValidator().validate(email: "user@")
        #expect(german.messages(for: failures) == ["Bitte die Domain nach dem @ angeben."])
        #expect(
            ValidationMessages.english.messages(for: failures) == ["Enter the domain after the @, such as example.com."]
        )
    }

    @Test func aComputedCatalogSeesThePath() {
        let catalog = ValidationMessages { failure in "\(failure.path.isEmpty ? "value" : failure.path) is wrong" }
        #expect(
            catalog.message(for: ValidationFailure(code: .invoiceNoLineItems, path: "lineItems"))
                == "lineItems is wrong")
    }

    @Test func groupsMessagesByFieldForAForm() {
        let failures = ExpenseValidator().validate(
            expense: ExpenseEntryDraft(title: "", price: -1, currencyCode: "EUR", date: nil))
        let byPath = ValidationMessages.english.messagesByPath(for: failures)
        #expect(Set(byPath.keys) == ["title", "price", "date"])
        #expect(byPath["price"] == ["The price must be more than zero."])
    }
}
