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

// README: the invoice contract
/// The app builds this from the renderer's font; here: what the PDF core fonts draw (Latin-1 and €).
let coreFonts: UndrawableCharacters = { text in
    Array(
        text.filter { !$0.isASCII && $0 != "€" && !$0.unicodeScalars.allSatisfy { (0xA0...0xFF).contains($0.value) } })
}
let invoiceValidator = InvoiceValidator(options: InvoiceValidationOptions(undrawableCharacters: coreFonts))
let contractDay = Date(timeIntervalSince1970: 1_773_489_600)
let contractDraft = InvoiceDraft(
    clientName: "Иван Петров",
    lineItems: [LineItem(id: "L1", description: "Design", quantity: Decimal(string: "1.5") ?? 0, unitPrice: 3.14159)],
    currencyCode: "EUR", issueDate: contractDay, dueDate: contractDay, taxPercent: 19)
let contractMessages = ValidationMessages.english.messages(for: invoiceValidator.validate(invoice: contractDraft))
// README: end of the invoice contract

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

    @Test func theInvoiceContractExampleNamesEveryProblem() {
        #expect(
            contractMessages == [
                "These characters cannot be printed: \"И\" (U+0418), \"в\" (U+0432), \"а\" (U+0430), \"н\" (U+043D), "
                    + "\"П\" (U+041F), \"е\" (U+0435), \"т\" (U+0442), \"р\" (U+0440), \"о\" (U+043E).",
                "Prices in EUR can have at most 2 decimal places.",
            ])
        let amounts = InvoiceAmounts(
            lines: [LineItem(id: "L1", description: "Design", quantity: Decimal(string: "1.5") ?? 0, unitPrice: 120)],
            taxPercent: 19, minorUnits: ISO4217.minorUnits(for: "EUR"))
        #expect(amounts.total == Decimal(string: "214.20"))
    }

    @Test func theEmailInspectionExampleReadsTheDomain() throws {
        let inspection = EmailValidator(options: .permissive).inspect(email: "Ann@Bücher.example")
        #expect(inspection.acceptedDomain == "xn--bcher-kva.example")
        #expect(EmailValidator().inspect(email: "victim@gmail.com@corp.example").acceptedDomain == nil)
        #expect(try DayText.parse("2025-02-28").description == "2025-02-28")
        #expect(throws: DayTextError.noSuchDay(text: "2025-02-30", year: 2025, month: 2, day: 30, daysInMonth: 28)) {
            try DayText.parse("2025-02-30")
        }
    }

    /// The README shows the code between the `README:` markers above; this keeps the two from drifting.
    @Test(arguments: [
        ("// README: composing validators\n", "// README: end\n"),
        ("// README: the invoice contract\n", "// README: end of the invoice contract\n"),
    ])
    func theReadmeShowsThisFilesCode(startMarker: String, endMarker: String) throws {
        let testFile = URL(fileURLWithPath: #filePath)
        let readme = testFile.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("README.md")
        let source = try String(contentsOf: testFile, encoding: .utf8)
        let readmeText = try String(contentsOf: readme, encoding: .utf8)
        let start = try #require(source.range(of: startMarker))
        let end = try #require(source.range(of: endMarker))
        let example = source[start.upperBound..<end.lowerBound]
            .replacingOccurrences(of: "// README: replacing the message catalog\n", with: "")
        for line in example.split(separator: "\n") where !line.trimmingCharacters(in: .whitespaces).isEmpty {
            #expect(readmeText.contains(line), "README lacks: \(line)")
        }
    }
}
