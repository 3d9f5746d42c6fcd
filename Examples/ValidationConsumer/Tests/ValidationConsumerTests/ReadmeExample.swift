import Foundation
import Validation

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

// Copy changes and translations never touch a validator: hand the screen another catalog.
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

/// What the example finds, for its test.
struct ExampleOutput {
    var failures: [ValidationFailure]
    var texts: [String]
    var lineFailures: [ValidationFailure]
    var contract: [String]
    var refusal: String
}

func readmeExample() -> ExampleOutput {
    let failures = signUpValidator.validate(
        SignUp(name: " ", email: "ann@example", website: "javascript:alert(1)", age: 12))
    // codes: [signUp.nameMissing, email.singleLabelDomain, url.dangerousScheme, signUp.tooYoung]
    // paths: ["name", "email", "website", "age"]
    let texts = french.messages(for: failures)
    // ["Indiquez votre nom.", "Le domaine doit contenir un point, comme exemple.fr.", ...]

    // An invoice line failure names the line by position and by id.
    let day = Date(timeIntervalSince1970: 1_773_489_600)
    let draft = InvoiceDraft(
        clientName: "ACME GmbH",
        lineItems: [LineItem(id: "L1", description: "Design", quantity: 0, unitPrice: 120)],
        currencyCode: "EUR", issueDate: day, dueDate: day)
    let lineFailures = InvoiceValidator().validate(invoice: draft)
    // [ValidationFailure(code: invoice.quantityNotPositive, path: "lineItems[0].quantity", elementID: "L1")]

    let contract = contractMessages(issued: day)
    // ["These characters cannot be printed: "И" (U+0418), "в" (U+0432), ...",
    //  "Prices in EUR can have at most 2 decimal places."]

    // What throws, throws a typed error whose description is the English catalog's sentence.
    var refusal = ""
    do {
        _ = try DayText.parse("2025-02-30")
    } catch {
        // `error` is a `DayTextError`: `.noSuchDay(text: "2025-02-30", year: 2025, month: 2, day: 30, ...)`.
        refusal = "\(error)"  // "2025-02-30 does not exist: February 2025 has 28 days."
    }
    return ExampleOutput(
        failures: failures, texts: texts, lineFailures: lineFailures, contract: contract, refusal: refusal)
}
