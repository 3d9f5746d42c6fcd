import Foundation
import Testing
import Validation

// README: composing validators
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

// README: replacing the message catalog
let french = ValidationMessages(
    [
        .nameMissing: "Indiquez votre nom.",
        .emailSingleLabelDomain: "Le domaine doit contenir un point, comme exemple.fr.",
        .urlDangerousScheme: "Ce lien pourrait exécuter du code.",
        .tooYoung: "Il faut avoir 16 ans.",
    ],
    fallback: ValidationMessages.english.message(for:)
)
// README: end

@Suite("Validation: README example")
struct ReadmeExampleTests {
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
                "Indiquez votre nom.", "Enter the domain after the @, such as example.com.",
                "This value is not valid.",
            ])
        #expect(failures.map(\.code) == [.nameMissing, .emailEmptyDomain, .ageMissing])
    }

    @Test func theInvoiceExampleNamesTheLine() {
        let day = Date(timeIntervalSince1970: 1_773_489_600)
        let draft = InvoiceDraft(
            clientName: "ACME GmbH",
            lineItems: [LineItem(id: "L1", description: "Design", quantity: 0, unitPrice: 120)],
            currencyCode: "EUR", issueDate: day, dueDate: day)
        #expect(
            InvoiceValidator().validate(invoice: draft) == [
                ValidationFailure(code: .invoiceQuantityNotPositive, path: "lineItems[0].quantity", elementID: "L1")
            ])
    }

    /// The README shows the code between the `README:` markers above; this keeps the two from drifting.
    @Test func theReadmeShowsThisFilesCode() throws {
        let testFile = URL(fileURLWithPath: #filePath)
        let readme = testFile.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("README.md")
        let source = try String(contentsOf: testFile, encoding: .utf8)
        let readmeText = try String(contentsOf: readme, encoding: .utf8)
        let start = try #require(source.range(of: "// README: composing validators\n"))
        let end = try #require(source.range(of: "// README: end\n"))
        let example = source[start.upperBound..<end.lowerBound]
            .replacingOccurrences(of: "// README: replacing the message catalog\n", with: "")
        for line in example.split(separator: "\n") where !line.trimmingCharacters(in: .whitespaces).isEmpty {
            #expect(readmeText.contains(line), "README lacks: \(line)")
        }
    }
}
