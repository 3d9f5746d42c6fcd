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
        #expect(codes.count == 1 + 26 + 20 + 11 + 14)
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
