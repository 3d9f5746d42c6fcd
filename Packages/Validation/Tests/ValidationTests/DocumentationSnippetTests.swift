import Essentials
import Foundation
import Testing
import Validation

// The parts of the package's example that the catalog's articles (Validation.md, InvoiceContract.md) show,
// compiled here because Scripts/docs requires every snippet of a catalog to be code of this package's tests. The
// README's whole example, of which they are parts, is compiled and run by the outside consumer
// Examples/ValidationConsumer, whose test also checks that the articles' snippets are pieces of that file.

struct SignUp {
    var name: String
    var email: String
    var website: String?
    var age: Int?
}

extension ValidationCode {
    static let nameMissing = ValidationCode(rawValue: "signUp.nameMissing")
    static let nameInvalid = ValidationCode(rawValue: "signUp.nameInvalid")
    static let ageMissing = ValidationCode(rawValue: "signUp.ageMissing")
    static let tooYoung = ValidationCode(rawValue: "signUp.tooYoung")
}

let signUpValidator: Validator<SignUp> =
    .field("name", \.name, .notBlank(.nameMissing) && .plainText(.nameInvalid))
    && .field("email", \.email, .email(EmailValidator()))
    && .field("website", \.website, Validator.url(URLValidator()).optional)
    && .field("age", \.age, Validator<Int>.atLeast(16, .tooYoung).required(.ageMissing))

let french = ValidationMessages(
    [
        .nameMissing: "Indiquez votre nom.",
        .emailSingleLabelDomain: "Le domaine doit contenir un point, comme exemple.fr.",
        .urlDangerousScheme: "Ce lien pourrait exécuter du code.",
        .tooYoung: "Il faut avoir 16 ans.",
    ],
    fallback: ValidationMessages.english.message(for:)
)

/// The app builds this from the renderer's font; here: what the PDF core fonts draw (Latin-1 and €).
let coreFonts: UndrawableCharacters = { text in
    Array(
        text.filter { !$0.isASCII && $0 != "€" && !$0.unicodeScalars.allSatisfy { (0xA0...0xFF).contains($0.value) } })
}

/// The invoice contract with the renderer: a draft that passes renders, and one that would not says why.
func contractMessages(issued day: Date) -> [String] {
    let invoiceValidator = InvoiceValidator(options: InvoiceValidationOptions(undrawableCharacters: coreFonts))
    let draft = InvoiceDraft(
        clientName: "Иван Петров",
        lineItems: [
            LineItem(id: "L1", description: "Design", quantity: Decimal(string: "1.5") ?? 0, unitPrice: 3.14159)
        ],
        currencyCode: "EUR", issueDate: day, dueDate: day, taxPercent: 19)
    return ValidationMessages.english.messages(for: invoiceValidator.validate(invoice: draft))
}

@Suite("Validation: the articles' examples")
struct DocumentationSnippetTests {
    @Test func theComposedFormReportsEveryFieldAtOnce() {
        let input = SignUp(name: " ", email: "ann@example", website: "javascript:alert(1)", age: 12)
        let failures = signUpValidator.validate(input)
        #expect(failures.map(\.code) == [.nameMissing, .emailSingleLabelDomain, .urlDangerousScheme, .tooYoung])
        #expect(failures.map(\.path) == ["name", "email", "website", "age"])
        let valid = SignUp(name: "Ann", email: "ann@example.com", website: nil, age: 30)
        #expect(signUpValidator.validate(valid).isEmpty)
    }

    @Test func theReplacedCatalogTranslatesWithoutTouchingValidators() {
        let failures = signUpValidator.validate(SignUp(name: "", email: "ann@", website: nil, age: nil))
        #expect(
            french.messages(for: failures) == [
                "Indiquez votre nom.", "Enter the domain after the @, such as example.com.", "This value is not valid.",
            ])
        #expect(failures.map(\.code) == [.nameMissing, .emailEmptyDomain, .ageMissing])
    }

    @Test func theInvoiceContractNamesEveryProblem() {
        #expect(
            contractMessages(issued: Date(timeIntervalSince1970: 1_773_489_600)) == [
                "These characters cannot be printed: \"И\" (U+0418), \"в\" (U+0432), \"а\" (U+0430), \"н\" (U+043D), "
                    + "\"П\" (U+041F), \"е\" (U+0435), \"т\" (U+0442), \"р\" (U+0440), \"о\" (U+043E).",
                "Prices in EUR can have at most 2 decimal places.",
            ])
        let draft = InvoiceDraft(
            clientName: "ACME",
            lineItems: [
                LineItem(id: "L1", description: "Design", quantity: Decimal(string: "1.5") ?? 0, unitPrice: 120)
            ],
            currencyCode: "EUR", issueDate: Date(timeIntervalSince1970: 0), dueDate: Date(timeIntervalSince1970: 0),
            taxPercent: 19)
        #expect(draft.calculation()?.totalWithVAT == Decimal(string: "214.20"))
    }

    /// The email article's examples: the validator's own reading of an address, and days.
    @Test func theEmailInspectionReadsTheDomain() throws {
        let inspection = EmailValidator(options: .permissive).inspect(email: "Ann@Bücher.example")
        #expect(inspection.acceptedDomain == "xn--bcher-kva.example")
        #expect(EmailValidator().inspect(email: "victim@gmail.com@corp.example").acceptedDomain == nil)
        #expect(try DayText.parse("2025-02-28").description == "2025-02-28")
        #expect(throws: DayTextError.noSuchDay(text: "2025-02-30", year: 2025, month: 2, day: 30, daysInMonth: 28)) {
            try DayText.parse("2025-02-30")
        }
    }
}
